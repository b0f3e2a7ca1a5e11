// heuristics/pdb/catalogue.hpp — where pattern databases live and finding or building the set a
// solve needs (the partitions themselves are in pdb_partition.hpp).
//
// Files are named <R>x<C>-<goal>-<tiles joined by '-'>.pdb (zero-aware tables:
// ...-zero-aware.pdb), goal "blank-first", "blank-last" or
// "goal-<16 hex digits of the goal's checksum>", in the database directory: --dir / --pdb-dir, else
// $NPUZZLE_PDB_DIR, else $XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/partition.hpp"

namespace npuzzle::pdb {

// The default database directory (see above); empty when no environment variable gives one.
std::filesystem::path default_directory();

// A database directory and whether it was chosen (by a flag, an argument or $NPUZZLE_PDB_DIR)
// rather than the per-user cache.
struct DatabaseDirectory {
  std::filesystem::path path;  // empty: none (neither NPUZZLE_PDB_DIR, XDG_CACHE_HOME nor HOME)
  bool given = false;
  std::string from;  // how it was given, for messages: "--dir", "NPUZZLE_PDB_DIR"; may be empty
};
// `given` (from `flag`) when not empty, else $NPUZZLE_PDB_DIR, else the per-user cache.
DatabaseDirectory database_directory(const std::string& given, const std::string& flag);

// Makes sure the tables of `dir` can be looked up and written there, so that a mistyped directory
// is not created silently. The per-user cache is created with its parents when `create` (a build
// is about to write there). A directory given that does not exist is created only when its parent
// exists (a fresh directory for a set of tables) and `create`, and the returned note says so; when
// its parent does not exist either (`--pdb-dir /tmp/typo/pdb`), PdbError(Io) names both and
// nothing is created. Also PdbError(Io) when it is not a directory or cannot be created ("cannot
// create the database directory ..."). Returns "" when nothing was created.
std::string prepare_directory(const DatabaseDirectory& dir, bool create);

// "blank-first", "blank-last" or "goal-<hex>", for file names; the --goal argument for commands.
std::string goal_label(const std::vector<int>& goal);
std::string goal_argument(const std::vector<int>& goal);

std::filesystem::path table_path(const std::filesystem::path& dir, int rows, int cols,
                                 const std::vector<int>& goal, const std::vector<int>& tiles,
                                 bool zero_aware);
// The pdbgen command line that builds `partition` into `dir`.
std::string build_command(int rows, int cols, const std::vector<int>& goal,
                          const Partition& partition, const std::filesystem::path& dir);

// The goals of a pattern's tables for the dual lookups (heuristics/pdb/dual.hpp): with the
// pattern's tiles on their goal cells, the other cells fall into regions; the pattern's own table
// ends with the blank in the region of its goal cell, and one more table per other region ends with
// the blank there: `goal` with the blank and the tile on the region's lowest cell swapped. In the
// order of those lowest cells; empty when the free cells form one region.
std::vector<std::vector<int>> dual_goals(int rows, int cols, const std::vector<int>& goal,
                                         const std::vector<int>& tiles);

// A loaded set of disjoint databases for one board and goal.
struct PdbSet {
  int rows = 0;
  int cols = 0;
  std::vector<int> goal;
  Partition partition;
  std::vector<std::shared_ptr<const PdbTable>> tables;  // one per group, same order
  // Per group, the tables of its dual_goals in order (null where not loaded; may be empty).
  std::vector<std::vector<std::shared_ptr<const PdbTable>>> dual_tables{};
  // Set (by a front end's watcher) once a table's file was changed on disk in place.
  std::shared_ptr<std::atomic<bool>> stale = std::make_shared<std::atomic<bool>>(false);
  std::string describe() const;  // e.g. "pdb 7-8 {1..7}{8..15}"
  // Every table held: the groups' in order, then the dual tables loaded.
  std::vector<std::shared_ptr<const PdbTable>> all_tables() const;
  // True when a group's table is zero-aware (encoding 2).
  bool has_zero_aware_table() const;
};

// The tables the dual lookups of group `group` of `set` read for `goal`, by the blank's cell: with
// the group's tiles on their goal cells, the cell's region decides (the group's own table for the
// goal blank's region, its dual_tables for the others); null for the group's own goal cells and
// for the regions whose table is not loaded, which `missing` counts. Throws PdbError(Database)
// when a dual table is for another goal or pattern.
struct DualTables {
  std::vector<const PdbTable*> by_cell;
  int missing = 0;
};
DualTables dual_tables_by_blank_cell(const PdbSet& set, const std::vector<int>& goal,
                                     std::size_t group);

struct FindOptions {
  int threads = 0;                              // for a build
  bool build_missing = true;                    // build the quick default when nothing is present
  std::function<void(const std::string&)> log;  // messages for stderr (building, loaded)
  std::function<void(const BuildProgress&)> progress;
  const std::atomic<bool>* stop = nullptr;
  bool minimised_only = false;  // the best set present: not a zero-aware one
  LoadPolicy load;              // how the set's tables are loaded (PdbTable::load)
};

// Loads every table of `partition` from `dir` with `policy` and checks each one matches. Throws
// PdbError: Missing (with the exact pdbgen command in the message) or Database.
PdbSet load_set(const std::filesystem::path& dir, int rows, int cols, const std::vector<int>& goal,
                const Partition& partition, const LoadPolicy& policy = {});

// Builds the missing tables of `partition` into `dir` (created if needed), then loads the set
// (options.load).
PdbSet build_set(const std::filesystem::path& dir, int rows, int cols, const std::vector<int>& goal,
                 const Partition& partition, const FindOptions& options);

// Finds the best database set present for this board and goal (in partition_names order), or builds
// the quick default into `dir` when none is present, logging to options.log what it builds, with
// its placements, memory and time estimate, before it starts. `partition` nullptr = best
// available (the catalogue's own names); a partition given (parsed by the caller, once) is loaded
// if present. A missing set is built only when its build needs at most kAutoBuildBytes (1 GiB) of
// memory and its missing tables hold at most kAutoBuildPlacements placements (100 M, about 40 s
// on one thread): 6-6-3, 5-5-5, the full tables of boards up to 10 cells and the sets of 3x4, 3x5
// and 4x5 are built; 7-8 and every 5x5 set (6-6-6-6: 510 M placements) are not: PdbError(Missing,
// exit 2) then names the exact pdbgen command and what the build takes (a build inside a solve is
// not resumable; pdbgen's is).
inline constexpr std::uint64_t kAutoBuildBytes = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kAutoBuildPlacements = 100'000'000;
PdbSet find_or_build(const std::filesystem::path& dir, int rows, int cols,
                     const std::vector<int>& goal, const Partition* partition,
                     const FindOptions& options = {});

}  // namespace npuzzle::pdb
