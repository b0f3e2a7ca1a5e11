// heuristics/pdb/build.hpp — building and verifying one pattern database.
//
// The builder runs a breadth-first search over the abstract space of (placement of the pattern
// tiles, the connected region of free cells that holds the blank). Moves of the blank among free
// cells cost nothing, so a region is one abstract state; moving a pattern tile into the region
// costs one. The search runs in rounds, one per distance: each round scans the whole table in
// parallel chunks (TBB) and expands the placements on the current frontier; successors are marked
// with atomic ORs into per-placement bit sets of regions (seen, frontier of this round, frontier of
// the next). A region is named by its label cells (Geometry::label_cells: last cells of row runs
// of free cells with no free cell below the run; a region's highest cell is one), one bit per
// label cell of the placement, so a lane is 8 bits when no placement of k tiles has more than 8
// label cells (every pattern of up to 8 tiles on 4x4 and 5x5), else 16 or 32; a Slot is 4 lanes:
// 4 bytes per placement for 5x5 with 6 or 7 tiles (9.7 GB for 7), where one bit per free cell took
// 16. Whether a successor's region is new is read from `seen` without a flood fill: `seen` is all
// ones once every region of the placement is seen (the bits past its labels are set with the first
// region), else one label cell of the blank's region, found by walking right and down, tells (a
// new region sets all its labels). A placement's entry is the first round that reaches any of its
// regions: the fewest pattern moves from it, the blank anywhere, to the goal placement with the
// blank in the goal blank's region.
//
// Zero-aware tables (encoding 2, pdb_file.hpp) keep the distance of every region instead: when a
// round reaches a region at a distance d with floor(d / 2) odd, its label bits are ORed into a side
// array of one lane per placement, which becomes the payload.
//
// The board geometry is a run-time value here (the builder is not on any hot search path), so one
// compiled builder serves every board size.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "heuristics/pdb/build_spec.hpp"
#include "heuristics/pdb/file.hpp"

namespace npuzzle::pdb {

struct BuildProgress {
  int depth = 0;                 // the round just finished
  std::uint64_t states = 0;      // abstract states reached so far
  std::uint64_t placements = 0;  // placements reached so far
  std::uint64_t total = 0;       // placements in the table
  double seconds = 0;
};

// A saved build (the resume file below) that another user owns, refused unless trusted: a
// PdbError(Database) to which each front end adds how its caller trusts it or starts over, in its
// own words (pdbgen's --trust-other-user and --force).
class OtherUsersBuild : public PdbError {
 public:
  explicit OtherUsersBuild(const std::string& message) : PdbError(ErrorKind::Database, message) {}
};

struct BuildOptions {
  int threads = 0;                          // 0: all the machine's
  const std::atomic<bool>* stop = nullptr;  // set to abandon the build (PdbError Interrupted)
  std::function<void(const BuildProgress&)> progress;  // after each round, from the calling thread
  // Where an interrupted build saves its working table, and a later build of the same spec resumes
  // from it; empty: no saving. The file is left in place: the caller removes it once the table is
  // written (a failed write must not lose the build). See resume_file_for().
  std::filesystem::path resume_file;
  bool restart = false;           // set any resume file aside and build from the beginning
  bool trust_other_user = false;  // resume from a file another user owns (else OtherUsersBuild)
  std::function<void(const std::string&)> note;  // what the resume did (resumed, saved, ignored)
};

// The resume file of the table at `path`: `path` + ".partial". It holds the breadth-first search
// as it stood when the build was stopped: the spec, the round (distance) in progress, the counts so
// far, then the working table (the placements of that round not yet expanded keep their frontier
// bits, so running the round again from it finishes it), with checksums of the header and the body.
// It is written atomically (a temporary name, then renamed); one that is not a saved build of this
// spec, or damaged, is set aside (renamed, never deleted) and the build starts over; one of another
// user is refused unless trusted (heuristics/pdb/resume.hpp).
std::filesystem::path resume_file_for(const std::filesystem::path& path);

struct BuildResult {
  PdbMeta meta;
  std::vector<std::uint8_t> payload;
  std::uint64_t states = 0;  // abstract states searched
  double seconds = 0;
  bool resumed = false;  // built from a resume file (and then verified: build_table)
};

// Builds the table. A table built from a resume file is checked with verify_table before it is
// returned; when it fails, the resume file is set aside and the table built from the beginning (a
// saved working table that breaks the search's invariants midway is set aside the same way).
// Throws PdbError: Usage (bad spec), Memory (allocation failed), Interrupted, Database (another
// user's resume file, not trusted).
BuildResult build_table(const BuildSpec& spec, const BuildOptions& options = {});

struct VerifyReport {
  bool ok = true;
  std::string message;        // the first fault found, or a summary
  std::uint64_t reached = 0;  // placements with a distance
  std::uint64_t unreached = 0;
  std::vector<std::uint64_t> histogram;  // placements per distance
  bool interrupted = false;              // `stop` was set before the check was done (ok false)
};

struct VerifyProgress {
  std::uint64_t checked = 0;  // entries (placements) checked so far
  std::uint64_t total = 0;    // entries in the table
  double seconds = 0;
};

struct VerifyOptions {
  int threads = 0;                          // 0: all the machine's
  const std::atomic<bool>* stop = nullptr;  // set to end the check (VerifyReport::interrupted)
  // After each slice of the table (about 1/200 of it, at least a million entries: a few a second
  // on a large table, once on a small one), from the calling thread; the last call has
  // checked == total unless the check stopped early.
  std::function<void(const VerifyProgress&)> progress;
};

// The breadth-first invariants of a table (checksum and header are checked when it is loaded):
// exactly the goal placement has distance 0; every placement is reached (when the pattern holds all
// tiles, exactly the placements of the goal's parity); every entry is at least the pattern's
// Manhattan distance (by the encoding); every reached placement but the goal has a neighbouring
// placement (one pattern tile slid into an adjacent free cell) with a smaller distance; no
// neighbour of a placement whose free cells form one region (or of the goal placement, through
// the goal blank's region) is more than one farther; and when the pattern holds all tiles (exact
// distances), neighbours differ by exactly one. Where free cells are split into regions an entry is
// the least over them, which these checks of neighbouring entries cannot pin down: a wrong entry
// there may pass (tests/heuristics/pdb_verify_test.cpp says which breaks must be found).
// A zero-aware table is checked region by region instead (pdb_verify.cpp says how; no histogram).
// `stop` (Ctrl-C, SIGTERM) ends the check within one block of entries: `interrupted` is set.
VerifyReport verify_table(const PdbTable& table, const VerifyOptions& options);
VerifyReport verify_table(const PdbTable& table, int threads = 0,
                          const std::atomic<bool>* stop = nullptr);

}  // namespace npuzzle::pdb
