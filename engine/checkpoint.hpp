// engine/checkpoint.hpp — the checkpoint file of `npuzzle solve --checkpoint FILE` and
// `--resume FILE`: what was being solved (algorithm, heuristic, board size, board, goal, the
// pattern databases' checksums) and where the search stood (parallel/ida_position.hpp).
//
// The file is text, one `key value` line each, in a fixed order:
//
//   npuzzle-checkpoint 4            the format and its version (1: no partial lines; 2: no instance
//                                   and line; 3: no signature; all still read, 1 and 2 as
//                                   instance 1 on line 1, 1 to 3 as unsigned)
//   algorithm ida                   ida, pida or aida (ida and pida may resume each other's;
//                                   aida's only aida resumes)
//   heuristic md                    as --heuristic takes it (pdb: the partition, "pdb:7-8")
//   size 4x4
//   board 14 13 15 7 …              row-major, 0 the blank
//   goal 0 1 2 …
//   instance 7                      the instance's number and line in the input it came from
//   line 7
//   database 1f2e… 1,2,3,4,5,6,7    one line per pattern database: payload checksum, tiles
//   bound 50                        the iteration's bound, frontier target and built size
//   target 16
//   subtrees 17
//   frontier-checksum 0123…cdef     aida only: the frontier's checksum
//                                   (parallel/aida_checkpoint.hpp), and
//   astar-expanded 4000             phase 1's share of the expanded count
//   done 0-3,5,7-9                  the finished subtrees ("-": none)
//   closest 12:7 40:9               aida only: frontier nodes' closest approaches, index:least h
//                                   reached ("-": none; at most 65,536; absent before 2026-11-28:
//                                   none)
//   children 12:7,9,-,8             aida only: those of frontier nodes' children, by move (Up,
//                                   Down, Left, Right; "-": not searched), which a grown frontier
//                                   inherits ("-": none; at most 65,536 nodes; absent before
//                                   2026-11-29: none)
//   partial 4 UULDRRD               a subtree cut short (one line each, by index): the blank's
//                                   moves from its frontier node to the node where it stopped
//                                   (never for aida)
//   expanded 123456 / generated … / iterations 3 / seconds 1.25
//   next-bound 52                   the least f above the bound seen ("none" yet)
//   iteration-expanded 1 3 9        per finished iteration ("-": none)
//   signature 0123456789abcdef      this user's signature of every byte before this line
//                                   (engine/checkpoint_signature.hpp; "none": no key to sign with,
//                                   or a search gone on from a checkpoint not signed here)
//   checksum 0123456789abcdef       pdb::checksum of every byte before this line
//
// A checkpoint is believed only as far as its signature goes: the position of an unsigned one, or
// one signed with another key (another user or machine, or numbers edited and the checksum
// recomputed), is still gone on from, but a solution found from it is not claimed optimal (its
// bound says that no shorter path exists, which nothing but the signature vouches for). The doubt
// travels with the search: the checkpoints a search resumed from such a file writes are unsigned,
// however often it is stopped and resumed again, so no run launders a position into a signed one.
// A checkpoint owned by another user is not read at all unless the caller allows it (another
// user's file steers the search; even allowed, it is believed only as far as its signature goes).
//
// Invariant of a CheckpointFile returned by parse_checkpoint: the checksum matched, every field is
// present and well formed, the board and goal are permutations of the board's cells, the board can
// reach the goal, and the position is consistent (parallel/ida_position.hpp's invariants) and
// within the limits below. What needs the heuristic (the bound at least the start's estimate) is
// checked when the search goes on from it (parallel/parallel_ida.hpp,
// parallel/aida_checkpoint.hpp).
//
// A*+IDA* (aida): `bound` is the threshold, `target` phase 1's node cap (0: none), `subtrees` the
// frontier's size (0: not built yet), `done` its nodes finished in the threshold (sorted order).
// Resuming builds phase 1 again with that cap and goes on only if the frontier-checksum matches;
// otherwise the threshold is searched again from its start (parallel/aida_checkpoint.hpp). The
// lines were added without a new format version: no ida or pida checkpoint changed, and an older
// npuzzle refuses an aida checkpoint by its algorithm line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/run_board.hpp"
#include "engine/checkpoint_signature.hpp"
#include "engine/database_identity.hpp"
#include "engine/log.hpp"
#include "engine/request.hpp"
#include "parallel/ida_position.hpp"

namespace npuzzle {

inline constexpr int kCheckpointVersion = 4;

// What a checkpoint may hold, checked when it is read (exit code 2 past them): its size; the
// frontier's target (kMaxSubtreesPerThread x kMaxThreads) and the subtrees it builds per unit of
// target (a level below fewer than `target` nodes has at most four times as many); node counts
// (2^60, years of search) and seconds (a century).
inline constexpr std::size_t kCheckpointMaxBytes = std::size_t{16} << 20;
inline constexpr std::size_t kCheckpointMaxTarget = std::size_t{256} * 1024;
inline constexpr std::size_t kCheckpointMaxSubtreesPerTarget = 4;
// A*+IDA*'s node cap and frontier (phase 1's node indices are 32-bit).
inline constexpr std::size_t kCheckpointMaxAidaNodes = std::size_t{1} << 32;
inline constexpr std::uint64_t kCheckpointMaxCount = std::uint64_t{1} << 60;
inline constexpr double kCheckpointMaxSeconds = 100.0 * 365 * 24 * 3600;

// The largest bound a checkpoint of a board of `size` may hold: cells x (rows + cols), above the
// number of moves any board of that size needs (6 on 2x2, 31 on 3x3, 80 on 4x4, at most 205 on
// 5x5).
int checkpoint_max_bound(BoardSize size);

struct CheckpointFile {
  Algorithm algorithm = Algorithm::Ida;  // the search that wrote it: one that keeps checkpoints
  HeuristicChoice heuristic;             // the partition in use for pattern databases
  RunBoard board;
  std::vector<int> goal;
  std::int64_t instance = 1;  // the instance's number and line in the input (a resumed run keeps
  int line = 1;               // them)
  std::vector<DatabaseIdentity> databases;  // one per pattern database in use, in order
  IdaPosition position;
  // Whether this user's signature vouches for the position. Read: the file's signature is this
  // user's. Written: the file is signed only when true (a search begun from its board, or gone on
  // from a checkpoint signed here; CheckpointRequest::vouched).
  bool signed_here = true;
};

// The file's text, ending with its checksum line; signed with this user's key (checkpoint_key())
// when `file.signed_here` and there is a key, else "signature none".
std::string format_checkpoint(const CheckpointFile& file);
// Checks and reads a checkpoint's text; throws InputError saying what is wrong (not a checkpoint,
// another version, truncated, corrupt, inconsistent, a heuristic its board cannot have, a board
// that cannot reach its goal). `signed_here` says whether its signature is this user's.
CheckpointFile parse_checkpoint(std::string_view text);
// The same two with `key` in place of this user's key (nullopt: none), for the tests and fuzzing.
std::string format_checkpoint(const CheckpointFile& file, const std::optional<SignatureKey>& key);
CheckpointFile parse_checkpoint(std::string_view text, const std::optional<SignatureKey>& key);
// Reads `path`; throws InputError naming the file and the fault. A file owned by another user than
// the one running is refused (OtherUsersFileError, core/input_error.hpp, naming its owner) unless
// `other_users_allowed`.
CheckpointFile read_checkpoint(const std::string& path, bool other_users_allowed = false);
// Replaces `path` atomically (engine/file_io.hpp: a symbolic link's target is replaced, the link
// stays); throws InputError naming the file and the system's reason. A failed write leaves the
// previous checkpoint, and no temporary file. `npuzzle solve` checks the path before the search
// starts (check_writable), so a directory that does not exist is refused up front. When it is
// written unsigned for want of a key, a warning to `log` (once per process) says why and where the
// key is.
void write_checkpoint(const std::string& path, const CheckpointFile& file, const LogSink& log = {});

// The request a checkpoint continues: its heuristic and goal (and its algorithm unless
// `keep_algorithm`) over `base`, which brings the caller's limits, threads and sinks. Throws
// UsageError when `keep_algorithm` keeps a search that keeps checkpoints but cannot go on from
// this one's position (aida's by ida or pida, and theirs by aida).
SolveRequest request_from_checkpoint(const CheckpointFile& file, SolveRequest base,
                                     bool keep_algorithm = false);

// What `npuzzle solve` asks of the searches about checkpoints (SolveRequest::checkpoint).
struct CheckpointRequest {
  std::string path;            // where to keep the position ("" : nowhere)
  double every_seconds = 600;  // --checkpoint-every
  bool resume = false;         // go on from `from`
  std::string from_path;       // the file --resume read
  CheckpointFile from;
  std::int64_t instance = 1;  // the number and line of the instance searched, written in the file
  int line = 1;

  // Whether the search's position is vouched for: begun here, or resumed from a checkpoint signed
  // by this user. When not, its solution is not claimed optimal and its checkpoints are unsigned.
  bool vouched() const { return !resume || from.signed_here; }
};

}  // namespace npuzzle
