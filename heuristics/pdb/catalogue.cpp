#include "heuristics/pdb/catalogue.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <system_error>

#include "heuristics/pdb/geometry.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/open.hpp"

namespace npuzzle::pdb {
namespace {

std::vector<int> standard_goal(int cells, bool blank_first) {
  std::vector<int> goal(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c)
    goal[static_cast<std::size_t>(c)] = blank_first ? c : (c + 1) % cells;
  return goal;
}

// What building the tables of `p` missing from `dir` takes (all of them when `dir` is empty).
struct SetPlan {
  std::size_t tables = 0;
  std::uint64_t placements = 0;
  std::uint64_t largest_need = 0;  // bytes: one table is built at a time
  double seconds = 0;
  int workers = 1;
  // "3 tables, 11534880 placements, at most 86.4 MiB of memory at a time, about 5 s on 2
  // thread(s)"
  std::string text() const {
    return std::to_string(tables) + (tables == 1 ? " table, " : " tables, ") +
           std::to_string(placements) + " placements, at most " + mib_text(largest_need) +
           " of memory at a time, " + duration_text(seconds) + " on " + std::to_string(workers) +
           " thread(s)";
  }
};

SetPlan plan_set(const std::filesystem::path& dir, int rows, int cols, const std::vector<int>& goal,
                 const Partition& p, int threads) {
  SetPlan plan;
  plan.workers = build_workers(threads);
  for (std::size_t g = 0; g < p.groups.size(); ++g) {
    const BuildSpec spec{rows, cols, goal, p.groups[g], p.is_zero_aware(g)};
    validate_spec(spec);
    if (!dir.empty() &&
        entry_present(table_path(dir, rows, cols, goal, spec.tiles, spec.zero_aware))) {
      continue;
    }
    const std::uint64_t placements =
        placement_count(rows * cols, static_cast<int>(spec.tiles.size()));
    ++plan.tables;
    plan.placements += placements;
    plan.largest_need = std::max(plan.largest_need, build_memory_bytes(spec));
    plan.seconds += build_seconds_estimate(placements, spec.zero_aware, threads);
  }
  return plan;
}

// Whether a solve builds `plan` itself (kAutoBuildBytes, kAutoBuildPlacements).
bool small_enough_to_build(const SetPlan& plan) {
  return plan.largest_need <= kAutoBuildBytes && plan.placements <= kAutoBuildPlacements;
}

// The set `p` (loaded with `policy`) when it is present in `dir`; else PdbError(Missing) naming the
// pdbgen command, and with `plan`, what the build takes and that a solve does not start it.
PdbSet load_or_refuse(const std::filesystem::path& dir, int rows, int cols,
                      const std::vector<int>& goal, const Partition& p, const SetPlan* plan,
                      const LoadPolicy& policy) {
  try {
    return load_set(dir, rows, cols, goal, p, policy);
  } catch (const PdbError& e) {
    if (e.kind() != ErrorKind::Missing || !plan) throw;
    throw PdbError(ErrorKind::Missing,
                   std::string(e.what()) + " (" + plan->text() +
                       ": too large to build inside a solve; build it once with pdbgen, which " +
                       "shows its progress and resumes when stopped)");
  }
}

}  // namespace

namespace {

// The regions of the cells left free when `tiles` stand on their goal cells: the goal blank's
// first, then the others in the order of their lowest cells (a bit mask of cells each).
std::vector<std::uint32_t> goal_regions(int rows, int cols, const std::vector<int>& goal,
                                        const std::vector<int>& tiles) {
  const Geometry geo(rows, cols);
  std::uint32_t occupied = 0;
  int blank = 0;
  for (int c = 0; c < geo.n; ++c) {
    const int t = goal[static_cast<std::size_t>(c)];
    if (t == 0) blank = c;
    if (std::find(tiles.begin(), tiles.end(), t) != tiles.end()) occupied |= std::uint32_t{1} << c;
  }
  const std::uint32_t free = geo.all & ~occupied;
  std::vector<std::uint32_t> regions{geo.region(std::uint32_t{1} << blank, free)};
  for (std::uint32_t left = free & ~regions[0]; left != 0; left &= ~regions.back()) {
    regions.push_back(geo.region(std::uint32_t{1} << std::countr_zero(left), free));
  }
  return regions;
}

}  // namespace

std::vector<std::vector<int>> dual_goals(int rows, int cols, const std::vector<int>& goal,
                                         const std::vector<int>& tiles) {
  const auto blank =
      static_cast<std::size_t>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
  const std::vector<std::uint32_t> regions = goal_regions(rows, cols, goal, tiles);
  std::vector<std::vector<int>> goals;
  for (std::size_t k = 1; k < regions.size(); ++k) {
    std::vector<int> other = goal;
    std::swap(other[static_cast<std::size_t>(std::countr_zero(regions[k]))], other[blank]);
    goals.push_back(std::move(other));
  }
  return goals;
}

DualTables dual_tables_by_blank_cell(const PdbSet& set, const std::vector<int>& goal,
                                     std::size_t group) {
  const auto& tiles = set.partition.groups[group];
  const std::vector<std::uint32_t> regions = goal_regions(set.rows, set.cols, goal, tiles);
  const std::vector<std::vector<int>> goals = dual_goals(set.rows, set.cols, goal, tiles);
  DualTables out;
  out.by_cell.assign(static_cast<std::size_t>(set.rows * set.cols), nullptr);
  for (std::size_t k = 0; k < regions.size(); ++k) {
    const PdbTable* table = set.tables[group].get();
    if (k > 0) {
      const bool loaded = group < set.dual_tables.size() && k - 1 < set.dual_tables[group].size() &&
                          set.dual_tables[group][k - 1];
      if (!loaded) {
        ++out.missing;
        continue;
      }
      table = set.dual_tables[group][k - 1].get();
      expect_matches(*table, set.rows, set.cols, goals[k - 1], tiles);
    }
    for (std::size_t c = 0; c < out.by_cell.size(); ++c) {
      if ((regions[k] >> c) & 1) out.by_cell[c] = table;
    }
  }
  return out;
}

std::filesystem::path default_directory() {
  if (const char* dir = std::getenv("NPUZZLE_PDB_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    return std::filesystem::path(xdg) / "npuzzle";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::filesystem::path(home) / ".cache" / "npuzzle";
  }
  return {};
}

DatabaseDirectory database_directory(const std::string& given, const std::string& flag) {
  if (!given.empty()) return {given, true, flag};
  if (const char* dir = std::getenv("NPUZZLE_PDB_DIR"); dir && *dir) {
    return {dir, true, "NPUZZLE_PDB_DIR"};
  }
  return {default_directory(), false, ""};
}

std::string prepare_directory(const DatabaseDirectory& dir, bool create) {
  const std::filesystem::path& path = dir.path;
  const std::string named =
      "the database directory " + path.string() + (dir.from.empty() ? "" : " (" + dir.from + ")");
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) return {};
  if (std::filesystem::exists(status)) {
    throw PdbError(ErrorKind::Io,
                   "cannot create the database directory " + path.string() + ": it is a file");
  }
  if (!dir.given) {
    if (!create) return {};
    std::filesystem::create_directories(path, ec);
    if (ec) {
      throw PdbError(ErrorKind::Io,
                     "cannot create the database directory " + path.string() + ": " + ec.message());
    }
    return {};
  }
  // Given: only its last component is created, and only where its parent is a directory.
  const std::filesystem::path parent =
      std::filesystem::absolute(path, ec).lexically_normal().parent_path();
  const auto parent_status = std::filesystem::status(parent, ec);
  if (!std::filesystem::exists(parent_status)) {
    throw PdbError(ErrorKind::Io, named + " does not exist, nor does " + parent.string() +
                                      ": a directory given is created only in a directory that "
                                      "exists (check the spelling, or create it: mkdir -p " +
                                      path.string() + ")");
  }
  if (!create) return {};
  std::filesystem::create_directory(path, ec);
  if (ec) {
    throw PdbError(ErrorKind::Io,
                   "cannot create the database directory " + path.string() + ": " + ec.message());
  }
  return "created " + named + ", which did not exist";
}

std::string goal_label(const std::vector<int>& goal) {
  const int cells = static_cast<int>(goal.size());
  if (goal == standard_goal(cells, true)) return "blank-first";
  if (goal == standard_goal(cells, false)) return "blank-last";
  std::vector<std::uint8_t> bytes(goal.begin(), goal.end());
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(checksum(bytes)));
  return std::string("goal-") + hex;
}

std::string goal_argument(const std::vector<int>& goal) {
  const std::string label = goal_label(goal);
  return label.rfind("goal-", 0) == 0 ? join_numbers(goal, ",") : label;
}

std::filesystem::path table_path(const std::filesystem::path& dir, int rows, int cols,
                                 const std::vector<int>& goal, const std::vector<int>& tiles,
                                 bool zero_aware) {
  return dir / (std::to_string(rows) + "x" + std::to_string(cols) + "-" + goal_label(goal) + "-" +
                join_numbers(tiles, "-") + (zero_aware ? "-zero-aware.pdb" : ".pdb"));
}

std::string build_command(int rows, int cols, const std::vector<int>& goal,
                          const Partition& partition, const std::filesystem::path& dir) {
  const std::string part = partition.label();
  return "pdbgen build --size " + std::to_string(rows) + "x" + std::to_string(cols) +
         " --partition " + part + " --goal " + goal_argument(goal) + " --dir " + dir.string();
}

std::string PdbSet::describe() const {
  std::string s = "pdb " + partition.display_name() + " ";
  std::size_t group = 0;
  for (std::size_t set = 0; set < partition.set_count(); ++set) {
    if (set) s += '+';
    for (std::size_t i = 0; i < partition.set_size(set); ++i, ++group) {
      s += '{';
      s += join_numbers(partition.groups[group], ",");
      s += '}';
    }
  }
  return s;
}

std::vector<std::shared_ptr<const PdbTable>> PdbSet::all_tables() const {
  std::vector<std::shared_ptr<const PdbTable>> all = tables;
  for (const auto& duals : dual_tables) {
    for (const auto& table : duals) {
      if (table) all.push_back(table);
    }
  }
  return all;
}

bool PdbSet::has_zero_aware_table() const {
  return std::any_of(tables.begin(), tables.end(),
                     [](const auto& table) { return table && table->meta().zero_aware(); });
}

PdbSet load_set(const std::filesystem::path& dir, int rows, int cols, const std::vector<int>& goal,
                const Partition& partition, const LoadPolicy& policy) {
  PdbSet set{rows, cols, goal, partition, {}};
  for (std::size_t g = 0; g < partition.groups.size(); ++g) {
    const auto& tiles = partition.groups[g];
    const bool zero_aware = partition.is_zero_aware(g);
    const auto path = table_path(dir, rows, cols, goal, tiles, zero_aware);
    std::shared_ptr<const PdbTable> table;
    try {
      table = PdbTable::load(path, policy);
    } catch (const PdbError& e) {
      if (e.kind() != ErrorKind::Missing) throw;
      throw PdbError(ErrorKind::Missing, std::string(e.what()) + "; build it with: " +
                                             build_command(rows, cols, goal, partition, dir));
    }
    expect_matches(*table, rows, cols, goal, tiles);
    if (table->meta().zero_aware() != zero_aware) {
      throw PdbError(ErrorKind::Database, "pattern database " + path.string() + " is " +
                                              (zero_aware ? "not " : "") + "zero-aware");
    }
    set.tables.push_back(std::move(table));
    auto& duals = set.dual_tables.emplace_back();
    if (zero_aware)
      continue;  // no dual lookups on zero-aware tables (heuristics/pdb/pattern_databases.hpp)
    for (const auto& other : dual_goals(rows, cols, goal, tiles)) {
      const auto dual_path = table_path(dir, rows, cols, other, tiles, false);
      if (!entry_present(dual_path)) {
        duals.push_back(nullptr);
        continue;
      }
      duals.push_back(PdbTable::load(dual_path, policy));
      expect_matches(*duals.back(), rows, cols, other, tiles);
    }
  }
  return set;
}

PdbSet build_set(const std::filesystem::path& dir, int rows, int cols, const std::vector<int>& goal,
                 const Partition& partition, const FindOptions& options) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw PdbError(ErrorKind::Io,
                   "cannot create the database directory " + dir.string() + ": " + ec.message());
  for (std::size_t g = 0; g < partition.groups.size(); ++g) {
    const auto& tiles = partition.groups[g];
    const bool zero_aware = partition.is_zero_aware(g);
    const auto path = table_path(dir, rows, cols, goal, tiles, zero_aware);
    if (entry_present(path)) continue;  // loaded (and checked) below
    BuildSpec spec{rows, cols, goal, tiles, zero_aware};
    validate_spec(spec);
    if (options.log) {
      const std::uint64_t placements =
          placement_count(rows * cols, static_cast<int>(spec.tiles.size()));
      options.log("building pattern database " + path.string() + " (" + std::to_string(placements) +
                  " placements, " + mib_text(build_memory_bytes(spec)) + " of memory, " +
                  duration_text(build_seconds_estimate(placements, zero_aware, options.threads)) +
                  " on " + std::to_string(build_workers(options.threads)) + " thread(s))");
    }
    BuildOptions build_options;
    build_options.threads = options.threads;
    build_options.stop = options.stop;
    build_options.progress = options.progress;
    const BuildResult built = build_table(spec, build_options);
    write_table(path, built.meta, built.payload, options.stop);
    if (options.log) {
      char line[160];
      std::snprintf(line, sizeof line, "built %s in %.1f s (%llu abstract states)",
                    path.filename().c_str(), built.seconds,
                    static_cast<unsigned long long>(built.states));
      options.log(line);
    }
  }
  return load_set(dir, rows, cols, goal, partition, options.load);
}

PdbSet find_or_build(const std::filesystem::path& dir, int rows, int cols,
                     const std::vector<int>& goal, const Partition* partition,
                     const FindOptions& options) {
  auto present = [&](const Partition& p) {
    for (std::size_t g = 0; g < p.groups.size(); ++g) {
      if (!entry_present(table_path(dir, rows, cols, goal, p.groups[g], p.is_zero_aware(g)))) {
        return false;
      }
    }
    return true;
  };
  if (!partition) {
    for (const std::string& name : partition_names(rows, cols)) {
      const Partition p = parse_partition(name, rows, cols, goal);
      const bool zero_aware =
          std::find(p.zero_aware.begin(), p.zero_aware.end(), true) != p.zero_aware.end();
      if (options.minimised_only && zero_aware) continue;
      if (present(p)) return load_set(dir, rows, cols, goal, p, options.load);
    }
    const Partition quick = parse_partition(quick_partition_name(rows, cols), rows, cols, goal);
    const SetPlan plan = plan_set(dir, rows, cols, goal, quick, options.threads);
    if (!options.build_missing) return load_set(dir, rows, cols, goal, quick, options.load);
    // Throws Missing with the pdbgen command and what the build takes.
    if (!small_enough_to_build(plan))
      return load_or_refuse(dir, rows, cols, goal, quick, &plan, options.load);
    if (options.log) {
      options.log("no pattern database for " + std::to_string(rows) + "x" + std::to_string(cols) +
                  " " + goal_label(goal) + " in " + dir.string() + "; building " + quick.name +
                  " once (reused afterwards): " + plan.text());
    }
    return build_set(dir, rows, cols, goal, quick, options);
  }
  const Partition& p = *partition;
  if (present(p)) return load_set(dir, rows, cols, goal, p, options.load);
  const SetPlan plan = plan_set(dir, rows, cols, goal, p, options.threads);
  if (!options.build_missing) return load_set(dir, rows, cols, goal, p, options.load);
  if (!small_enough_to_build(plan))
    return load_or_refuse(dir, rows, cols, goal, p, &plan, options.load);
  if (options.log) {
    options.log("pattern database " + p.label() + " missing in " + dir.string() +
                "; building it once: " + plan.text());
  }
  return build_set(dir, rows, cols, goal, p, options);
}

}  // namespace npuzzle::pdb
