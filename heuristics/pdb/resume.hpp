// heuristics/pdb/resume.hpp — the file an interrupted pattern-database build leaves
// (resume_file_for in pdb_build.hpp) and a later build of the same table starts from: a header
// naming the table (board, goal, tiles, encoding, placements, working bytes) and where the
// breadth-first search stood, then the builder's working table; a checksum covers the body and a
// second one the whole header (the first included), so no byte of the file goes unchecked.
//
// Invariants: the file is written atomically (a temporary name, then renamed), so it is whole or
// absent; temporaries of dead writers are removed by the next save. A file is read back only when
// it is a regular file (opened without blocking: a FIFO is refused, never waited on), owned by the
// running user (unless the caller trusts other users), of this version, every field naming the
// table matches, its size is exactly header plus body, both checksums hold and the saved counts
// are in range. A checksum is no proof against someone who recomputes it: the builder verifies a
// table built from a resume file before it is written (pdb_build.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "heuristics/pdb/build.hpp"

namespace npuzzle::pdb {

// Where the search stood when it was stopped; stored as it is in the file (after the fields that
// name the table), so its fields have fixed widths.
struct ResumePoint {
  std::int32_t depth = 0;  // the round to run (again) first
  std::int32_t max_distance = 0;
  std::int32_t max_stored = 0;
  std::uint32_t reserved = 0;
  std::uint64_t states = 0, placements = 0;  // reached so far
  std::uint64_t pending = 0;                 // states the unfinished round had already reached
  double seconds = 0;                        // spent building before the stop
};

// Saves `point` and the working table `body` of the build of `spec` (`count` placements) to
// `file`; returns "" or why it could not (then no file is left).
std::string save_resume(const std::filesystem::path& file, const BuildSpec& spec,
                        std::uint64_t count, const ResumePoint& point,
                        std::span<const std::uint8_t> body);

// What load_resume found.
struct ResumeLoad {
  enum class Status {
    Absent,      // nothing at the path
    Loaded,      // `point` and `body` hold the saved build
    Rejected,    // not a saved build of this table, or damaged: `reason` says why
    OtherOwner,  // another user's file, not read: `reason` names the owner
  };
  Status status = Status::Absent;
  std::string reason;
};

// Reads `file` into `point` and `body` when it is a saved build of `spec` with `count` placements
// and body.size() working bytes that passes every check above (`body` may hold part of it
// otherwise). A file of another user is read only with `trust_other_user`.
ResumeLoad load_resume(const std::filesystem::path& file, const BuildSpec& spec,
                       std::uint64_t count, ResumePoint& point, std::span<std::uint8_t> body,
                       bool trust_other_user);

// Renames a resume file that will not be used out of the way, beside it
// (FILE.rejected-<seconds since 1970>-<pid>): never deleted, since it may be someone's work.
// Returns the new name, or an empty path with why in `error`.
std::filesystem::path set_aside_resume(const std::filesystem::path& file, std::string& error);

}  // namespace npuzzle::pdb
