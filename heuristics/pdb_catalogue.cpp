#include "heuristics/pdb_catalogue.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <stop_token>
#include <system_error>
#include <thread>

#include "heuristics/pdb_index.hpp"
#include "heuristics/pdb_open.hpp"

namespace npuzzle::pdb {
namespace {

using CellGroups = std::vector<std::vector<int>>;

std::string join(const std::vector<int>& v, const char* separator) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) s += separator;
    s += std::to_string(v[i]);
  }
  return s;
}

std::string strip_dashes(std::string_view text) {
  std::string s;
  for (char ch : text) {
    if (ch != '-') s += ch;
  }
  return s;
}

std::vector<int> standard_goal(int cells, bool blank_first) {
  std::vector<int> goal(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c)
    goal[static_cast<std::size_t>(c)] = blank_first ? c : (c + 1) % cells;
  return goal;
}

// Consecutive non-blank cells (blank on cell 0) in groups of `size`.
CellGroups consecutive_groups(int cells, int size) {
  CellGroups groups;
  for (int c = 1; c < cells; c += size) {
    std::vector<int> g;
    for (int d = c; d < std::min(cells, c + size); ++d) g.push_back(d);
    groups.push_back(g);
  }
  return groups;
}

std::string sizes_name(const CellGroups& groups) {
  std::string name;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i) name += '-';
    name += std::to_string(groups[i].size());
  }
  return name;
}

// Boards other than 4x4 and 5x5: one full pattern up to 10 cells, else consecutive goal cells in
// groups of 6 (7 for 13 .. 16 cells).
CellGroups generic_groups(int cells) {
  if (cells <= 10) return consecutive_groups(cells, cells);
  return consecutive_groups(cells, cells > 12 && cells <= 16 ? 7 : 6);
}
std::string generic_name(int cells) {
  return cells <= 10 ? "full" : sizes_name(generic_groups(cells));
}

// The cell groups (for the blank on cell 0) of a named partition, or empty when unknown.
CellGroups cell_groups(int rows, int cols, const std::string& plain_name) {
  const int cells = rows * cols;
  if (rows == 4 && cols == 4) {
    if (plain_name == "78") return {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}};
    if (plain_name == "663") return {{4, 5, 8, 9, 12, 13}, {6, 7, 10, 11, 14, 15}, {1, 2, 3}};
    if (plain_name == "555") return {{1, 2, 3, 6, 7}, {4, 5, 8, 9, 12}, {10, 11, 13, 14, 15}};
    return {};
  }
  if (rows == 5 && cols == 5) {
    if (plain_name == "6666") {
      return {{1, 2, 5, 6, 7, 12},
              {3, 4, 8, 9, 13, 14},
              {10, 11, 15, 16, 20, 21},
              {17, 18, 19, 22, 23, 24}};
    }
    return {};
  }
  const CellGroups groups = generic_groups(cells);
  return plain_name == strip_dashes(generic_name(cells)) ? groups : CellGroups{};
}

// Carries cell groups defined for the blank on cell 0 to `goal` and takes the tiles on them.
std::vector<std::vector<int>> tiles_of(const CellGroups& groups, const std::vector<int>& goal) {
  const int cells = static_cast<int>(goal.size());
  const int blank = static_cast<int>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
  std::vector<std::vector<int>> out;
  for (const auto& group : groups) {
    std::vector<int> tiles;
    for (int c : group) {
      int cell = c;
      if (blank == cells - 1) {
        cell = cells - 1 - c;
      } else if (c == blank) {
        cell = 0;
      }
      tiles.push_back(goal[static_cast<std::size_t>(cell)]);
    }
    std::sort(tiles.begin(), tiles.end());
    out.push_back(tiles);
  }
  return out;
}

Partition parse_lists(std::string_view text, int cells) {
  Partition p;
  p.name = "custom";
  std::vector<bool> used(static_cast<std::size_t>(cells), false);
  std::string s(text);
  std::stringstream groups(s);
  std::string group;
  auto bad = [&](const std::string& what) {
    throw PdbError(ErrorKind::Usage, "partition '" + s + "': " + what);
  };
  while (std::getline(groups, group, '/')) {
    std::vector<int> tiles;
    std::stringstream items(group);
    std::string item;
    while (std::getline(items, item, ',')) {
      if (item.empty() || item.find_first_not_of("0123456789 ") != std::string::npos) {
        bad("'" + item + "' is not a tile number");
      }
      const int t = std::atoi(item.c_str());
      if (t <= 0 || t >= cells) bad("tile " + std::to_string(t) + " is not a tile of this board");
      if (used[static_cast<std::size_t>(t)]) bad("tile " + std::to_string(t) + " appears twice");
      used[static_cast<std::size_t>(t)] = true;
      tiles.push_back(t);
    }
    if (tiles.empty()) bad("an empty group");
    std::sort(tiles.begin(), tiles.end());
    p.groups.push_back(tiles);
  }
  if (p.groups.empty()) bad("no groups");
  if (static_cast<int>(p.groups.size()) > kMaxPatterns) {
    bad("at most " + std::to_string(kMaxPatterns) + " groups");
  }
  return p;
}

// The largest build memory among the groups of `p`.
std::uint64_t set_build_bytes(int rows, int cols, const std::vector<int>& goal,
                              const Partition& p) {
  std::uint64_t memory = 0;
  for (const auto& tiles : p.groups) {
    const BuildSpec spec{rows, cols, goal, tiles};
    validate_spec(spec);
    memory = std::max(memory, build_memory_bytes(spec));
  }
  return memory;
}

}  // namespace

std::string Partition::tile_lists() const {
  std::string s;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i) s += '/';
    s += join(groups[i], ",");
  }
  return s;
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
  return label.rfind("goal-", 0) == 0 ? join(goal, ",") : label;
}

std::vector<std::string> partition_names(int rows, int cols) {
  const int cells = rows * cols;
  if (rows == 4 && cols == 4) return {"7-8", "6-6-3", "5-5-5"};
  if (rows == 5 && cols == 5) return {"6-6-6-6"};
  return {generic_name(cells)};
}

std::string quick_partition_name(int rows, int cols) {
  return rows == 4 && cols == 4 ? "6-6-3" : partition_names(rows, cols).front();
}

Partition parse_partition(std::string_view text, int rows, int cols, const std::vector<int>& goal) {
  if (text.find(',') != std::string_view::npos || text.find('/') != std::string_view::npos) {
    return parse_lists(text, rows * cols);
  }
  const std::string plain = strip_dashes(text);
  for (const std::string& name : partition_names(rows, cols)) {
    if (strip_dashes(name) == plain) {
      return Partition{name, tiles_of(cell_groups(rows, cols, plain), goal)};
    }
  }
  std::string known;
  for (const std::string& name : partition_names(rows, cols)) {
    if (!known.empty()) known += ", ";
    known += name;
  }
  throw PdbError(ErrorKind::Usage, "unknown partition '" + std::string(text) + "' for " +
                                       std::to_string(rows) + "x" + std::to_string(cols) +
                                       " (known: " + known + ", or tile lists like 1,2,3/4,5,6)");
}

std::filesystem::path table_path(const std::filesystem::path& dir, int rows, int cols,
                                 const std::vector<int>& goal, const std::vector<int>& tiles) {
  return dir / (std::to_string(rows) + "x" + std::to_string(cols) + "-" + goal_label(goal) + "-" +
                join(tiles, "-") + ".pdb");
}

std::string build_command(int rows, int cols, const std::vector<int>& goal,
                          const Partition& partition, const std::filesystem::path& dir) {
  const std::string part = partition.name == "custom" ? partition.tile_lists() : partition.name;
  return "pdbgen build --size " + std::to_string(rows) + "x" + std::to_string(cols) +
         " --partition " + part + " --goal " + goal_argument(goal) + " --dir " + dir.string();
}

std::string PdbSet::describe() const {
  std::string s = "pdb " + partition.name + " ";
  for (const auto& g : partition.groups) {
    s += '{';
    s += join(g, ",");
    s += '}';
  }
  return s;
}

PdbSet load_set(const std::filesystem::path& dir, int rows, int cols, const std::vector<int>& goal,
                const Partition& partition) {
  PdbSet set{rows, cols, goal, partition, {}};
  for (const auto& tiles : partition.groups) {
    const auto path = table_path(dir, rows, cols, goal, tiles);
    std::shared_ptr<const PdbTable> table;
    try {
      table = PdbTable::load(path);
    } catch (const PdbError& e) {
      if (e.kind() != ErrorKind::Missing) throw;
      throw PdbError(ErrorKind::Missing, std::string(e.what()) + "; build it with: " +
                                             build_command(rows, cols, goal, partition, dir));
    }
    expect_matches(*table, rows, cols, goal, tiles);
    set.tables.push_back(std::move(table));
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
  for (const auto& tiles : partition.groups) {
    const auto path = table_path(dir, rows, cols, goal, tiles);
    if (entry_present(path)) continue;  // loaded (and checked) below
    BuildSpec spec{rows, cols, goal, tiles};
    validate_spec(spec);
    if (options.log) {
      options.log("building pattern database " + path.string() + " (" +
                  std::to_string(build_memory_bytes(spec) >> 20) + " MiB of memory)");
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
  return load_set(dir, rows, cols, goal, partition);
}

PdbSet find_or_build(const std::filesystem::path& dir, int rows, int cols,
                     const std::vector<int>& goal, std::string_view partition,
                     const FindOptions& options) {
  auto present = [&](const Partition& p) {
    for (const auto& tiles : p.groups) {
      if (!entry_present(table_path(dir, rows, cols, goal, tiles))) return false;
    }
    return true;
  };
  if (partition.empty()) {
    for (const std::string& name : partition_names(rows, cols)) {
      const Partition p = parse_partition(name, rows, cols, goal);
      if (present(p)) return load_set(dir, rows, cols, goal, p);
    }
    const Partition quick = parse_partition(quick_partition_name(rows, cols), rows, cols, goal);
    if (!options.build_missing || set_build_bytes(rows, cols, goal, quick) > kAutoBuildBytes) {
      return load_set(dir, rows, cols, goal, quick);  // throws Missing with the pdbgen command
    }
    if (options.log) {
      options.log("no pattern database for " + std::to_string(rows) + "x" + std::to_string(cols) +
                  " " + goal_label(goal) + " in " + dir.string() + "; building " + quick.name +
                  " once (reused afterwards)");
    }
    return build_set(dir, rows, cols, goal, quick, options);
  }
  const Partition p = parse_partition(partition, rows, cols, goal);
  if (present(p)) return load_set(dir, rows, cols, goal, p);
  if (!options.build_missing || set_build_bytes(rows, cols, goal, p) > kAutoBuildBytes) {
    return load_set(dir, rows, cols, goal, p);  // throws Missing with the pdbgen command
  }
  if (options.log) {
    options.log("pattern database " + p.name + " missing in " + dir.string() +
                "; building it once");
  }
  return build_set(dir, rows, cols, goal, p, options);
}

}  // namespace npuzzle::pdb

namespace npuzzle::pdb {

namespace {

// Checks the files of the sets it holds every kInterval, on one thread started with the first set;
// marks a set stale when one of its tables changed on disk. Stopped and joined at exit.
class DiskWatcher {
 public:
  static constexpr std::chrono::milliseconds kInterval{100};

  void add(std::shared_ptr<const PdbSet> set) {
    std::lock_guard lock(mutex_);
    sets_.push_back(std::move(set));
    if (!thread_.joinable()) thread_ = std::jthread([this](std::stop_token stop) { loop(stop); });
  }

 private:
  void loop(std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (!stop.stop_requested()) {
      wake_.wait_for(lock, stop, kInterval, [] { return false; });
      for (const auto& set : sets_) {
        if (set->stale->load(std::memory_order_relaxed)) continue;
        const bool changed =
            std::any_of(set->tables.begin(), set->tables.end(),
                        [](const auto& table) { return table->changed_on_disk(); });
        if (changed) set->stale->store(true, std::memory_order_relaxed);
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::vector<std::shared_ptr<const PdbSet>> sets_;
  std::jthread thread_;  // last: stopped and joined before the rest is destroyed
};

}  // namespace

namespace {

// Sets `stop` once `limits.interrupt` is set or limits.seconds have passed, polling every 10 ms
// until the relay is destroyed; `timed_out` says which.
class StopRelay {
 public:
  explicit StopRelay(const AutoBuildLimits& limits) {
    if (!limits.interrupt && limits.seconds <= 0) return;
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(limits.seconds);
    thread_ = std::jthread([this, limits, deadline](std::stop_token token) {
      while (!token.stop_requested()) {
        if (limits.interrupt && limits.interrupt->load(std::memory_order_relaxed)) break;
        if (limits.seconds > 0 && std::chrono::steady_clock::now() >= deadline) {
          timed_out_.store(true);
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      if (!token.stop_requested()) stop_.store(true);
    });
  }
  const std::atomic<bool>* stop() const { return &stop_; }
  bool timed_out() const { return timed_out_.load(); }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<bool> timed_out_{false};
  std::jthread thread_;  // last: joined before the flags go
};

}  // namespace

std::shared_ptr<const PdbSet> cached_set(const std::string& dir, int rows, int cols,
                                         const std::vector<int>& goal, const std::string& partition,
                                         bool* first, const AutoBuildLimits& limits) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const PdbSet>> cache;
  static DiskWatcher watcher;
  const std::filesystem::path where =
      dir.empty() ? default_directory() : std::filesystem::path(dir);
  if (where.empty()) {
    throw PdbError(ErrorKind::Usage,
                   "no pattern database directory: give --pdb-dir or set NPUZZLE_PDB_DIR");
  }
  std::string key = where.string() + "|" + std::to_string(rows) + "x" + std::to_string(cols) + "|" +
                    goal_label(goal) + "|" + partition;
  std::lock_guard lock(mutex);
  if (first) *first = false;
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  FindOptions options;
  options.log = [](const std::string& line) { std::cerr << "npuzzle: " << line << "\n"; };
  const StopRelay relay(limits);
  options.stop = relay.stop();
  std::shared_ptr<const PdbSet> set;
  try {
    set =
        std::make_shared<const PdbSet>(find_or_build(where, rows, cols, goal, partition, options));
  } catch (const PdbError& e) {
    if (e.kind() != ErrorKind::Interrupted) throw;
    std::cerr << "npuzzle: " << e.what() << "\n";
    throw PdbError(ErrorKind::Interrupted, relay.timed_out() ? "time limit" : "interrupted");
  }
  cache.emplace(std::move(key), set);
  watcher.add(set);
  if (first) *first = true;
  return set;
}

}  // namespace npuzzle::pdb
