// heuristics/pdb_catalogue.hpp — which pattern databases exist, where they live, and finding or
// building the set a solve needs.
//
// Partitions are named by their group sizes. The default groups are geometric blocks of goal cells,
// defined for the goal with the blank on cell 0 (blank-first) and carried to other goals: turned by
// 180 degrees when the blank's goal is the last cell (blank-last), otherwise the group holding the
// blank's goal cell takes cell 0 instead. The tiles of a group are those whose goal cells it lists.
//   4x4  7-8:     cells {1..7} {8..15}                       (Korf & Felner's halves)
//        6-6-3:   {4,5,8,9,12,13} {6,7,10,11,14,15} {1,2,3}  (left and right 2x3 blocks, top row)
//        5-5-5:   {1,2,3,6,7} {4,5,8,9,12} {10,11,13,14,15}
//   5x5  6-6-6-6: {1,2,5,6,7,12} {3,4,8,9,13,14} {10,11,15,16,20,21} {17,18,19,22,23,24}
//                 (Korf & Felner's 24-puzzle groups)
//   up to 10 cells: "full", every tile in one pattern (exact distances)
//   other boards: consecutive goal cells in groups of 6 (7 up to 16 cells), e.g. 3x4 "6-5"
// Any disjoint tile lists are accepted too: "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15". Tiles in no
// group count their Manhattan distance (a one-tile pattern).
//
// Files are named <R>x<C>-<goal>-<tiles joined by '-'>.pdb, goal "blank-first", "blank-last" or
// "goal-<16 hex digits of the goal's checksum>", in the database directory: --dir / --pdb-dir, else
// $NPUZZLE_PDB_DIR, else $XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "heuristics/pdb_build.hpp"
#include "heuristics/pdb_file.hpp"

namespace npuzzle::pdb {

inline constexpr int kMaxPatterns = 8;

struct Partition {
  std::string name;                      // "7-8", "6-6-3", "full", "custom" …
  std::vector<std::vector<int>> groups;  // disjoint tile sets, each ascending (ranking order)
  std::string tile_lists() const;        // "1,2,3/4,5,6"
};

// The default database directory (see above); empty when no environment variable gives one.
std::filesystem::path default_directory();

// "blank-first", "blank-last" or "goal-<hex>", for file names; the --goal argument for commands.
std::string goal_label(const std::vector<int>& goal);
std::string goal_argument(const std::vector<int>& goal);

// The named partitions of a board, strongest first (4x4: 7-8, 6-6-3, 5-5-5).
std::vector<std::string> partition_names(int rows, int cols);
// The partition built automatically when none is present (4x4: 6-6-3; others: the only one).
std::string quick_partition_name(int rows, int cols);
// A partition from a name ("7-8", "78", "663", "full" …) or tile lists. Throws PdbError(Usage).
Partition parse_partition(std::string_view text, int rows, int cols, const std::vector<int>& goal);

std::filesystem::path table_path(const std::filesystem::path& dir, int rows, int cols,
                                 const std::vector<int>& goal, const std::vector<int>& tiles);
// The pdbgen command line that builds `partition` into `dir`.
std::string build_command(int rows, int cols, const std::vector<int>& goal,
                          const Partition& partition, const std::filesystem::path& dir);

// A loaded set of disjoint databases for one board and goal.
struct PdbSet {
  int rows = 0;
  int cols = 0;
  std::vector<int> goal;
  Partition partition;
  std::vector<std::shared_ptr<const PdbTable>> tables;  // one per group, same order
  // Set (by cached_set's watcher) once a table's file was changed on disk in place.
  std::shared_ptr<std::atomic<bool>> stale = std::make_shared<std::atomic<bool>>(false);
  std::string describe() const;  // e.g. "pdb 7-8 {1..7}{8..15}"
};

struct FindOptions {
  int threads = 0;                              // for a build
  bool build_missing = true;                    // build the quick default when nothing is present
  std::function<void(const std::string&)> log;  // messages for stderr (building, loaded)
  std::function<void(const BuildProgress&)> progress;
  const std::atomic<bool>* stop = nullptr;
};

// Loads every table of `partition` from `dir` and checks each one matches. Throws PdbError:
// Missing (with the exact pdbgen command in the message) or Database.
PdbSet load_set(const std::filesystem::path& dir, int rows, int cols, const std::vector<int>& goal,
                const Partition& partition);

// Builds the missing tables of `partition` into `dir` (created if needed), then loads the set.
PdbSet build_set(const std::filesystem::path& dir, int rows, int cols, const std::vector<int>& goal,
                 const Partition& partition, const FindOptions& options);

// Finds the best database set present for this board and goal (in partition_names order), or builds
// the quick default into `dir` when none is present, logging to options.log. `partition` empty =
// best available; a named or listed partition is loaded if present. A missing set is built only
// when its build needs at most kAutoBuildBytes (1 GiB: 6-6-3 and 5-5-5 are; 7-8 and 6-6-6-6 are
// not); otherwise PdbError(Missing, exit 2) names the exact pdbgen command.
inline constexpr std::uint64_t kAutoBuildBytes = std::uint64_t{1} << 30;
PdbSet find_or_build(const std::filesystem::path& dir, int rows, int cols,
                     const std::vector<int>& goal, std::string_view partition,
                     const FindOptions& options = {});

// What may stop a build that cached_set starts: an interrupt flag (Ctrl-C, SIGTERM, SIGHUP) and a
// time limit in seconds (0: none).
struct AutoBuildLimits {
  const std::atomic<bool>* interrupt = nullptr;
  double seconds = 0;
};

// A process-wide cache over find_or_build for front ends that solve many boards: the first call for
// a (directory, size, goal, partition) loads or builds the set (logging to stderr), later calls
// return the same set; `first` (optional) says whether this call loaded it. An empty `dir` means
// default_directory(). Thread-safe. One thread checks the files of every cached set ten times a
// second and sets the set's `stale` flag when one was changed on disk in place. A build stopped by
// `limits` leaves no file and throws PdbError(Interrupted) with the message "interrupted" or
// "time limit" (nothing is cached: a later call builds again).
std::shared_ptr<const PdbSet> cached_set(const std::string& dir, int rows, int cols,
                                         const std::vector<int>& goal, const std::string& partition,
                                         bool* first = nullptr, const AutoBuildLimits& limits = {});

}  // namespace npuzzle::pdb
