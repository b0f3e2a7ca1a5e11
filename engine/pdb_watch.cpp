#include "engine/pdb_watch.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <set>
#include <stop_token>
#include <thread>
#include <utility>

#include "engine/distributed.hpp"
#include "heuristics/pdb/cache.hpp"

namespace npuzzle {

// Checks the files of the sets it holds every kInterval, on one thread started with the first set;
// marks a set stale when one of its tables changed on disk. Stopped and joined with its PdbWatch.
// The thread never allocates: everything it reads is allocated by `add`, before the search, so that
// memory running short (`ulimit -v`) cannot make it fail after an answer was printed.
class PdbWatch::DiskWatcher {
 public:
  static constexpr std::chrono::milliseconds kInterval{100};

  // Watches `set` unless it does already; true when it did not.
  bool add(std::shared_ptr<const pdb::PdbSet> set) {
    std::lock_guard lock(mutex_);
    const auto same = [&set](const Watched& w) { return w.set == set; };
    if (std::any_of(sets_.begin(), sets_.end(), same)) return false;
    auto tables = set->all_tables();
    sets_.push_back({std::move(set), std::move(tables)});
    if (!thread_.joinable()) thread_ = std::jthread([this](std::stop_token stop) { loop(stop); });
    return true;
  }

 private:
  struct Watched {
    std::shared_ptr<const pdb::PdbSet> set;
    std::vector<std::shared_ptr<const pdb::PdbTable>> tables;
  };

  void loop(std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (!stop.stop_requested()) {
      wake_.wait_for(lock, stop, kInterval, [] { return false; });
      for (const Watched& w : sets_) {
        if (w.set->stale->load(std::memory_order_relaxed)) continue;
        const bool changed = std::any_of(w.tables.begin(), w.tables.end(), [](const auto& table) {
          return table->changed_on_disk();
        });
        if (changed) w.set->stale->store(true, std::memory_order_relaxed);
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::vector<Watched> sets_;
  std::jthread thread_;  // last: stopped and joined before the rest is destroyed
};

PdbWatch::PdbWatch(int copies_per_host)
    : cache_(copies_per_host), watcher_(std::make_unique<DiskWatcher>()) {}
PdbWatch::~PdbWatch() = default;

std::shared_ptr<const pdb::PdbSet> PdbWatch::set(const std::string& dir, const RunBoard& goal,
                                                 const pdb::Partition* partition, bool& first,
                                                 const pdb::AutoBuildLimits& limits,
                                                 const LogSink& log, bool minimised_only) {
  std::function<void(const std::string&)> notes;  // empty: silent
  if (log) notes = [&log](const std::string& line) { log(LogLevel::Info, line); };
  auto set = cache_.cached_set(dir, goal.size.rows, goal.size.cols, goal.tiles, partition, notes,
                               nullptr, limits, minimised_only);
  first = watcher_->add(set);
  // Once per session: the tables of ranks that share this host stay shared
  // (engine/distributed.hpp).
  if (first && notes && !told_shared_.exchange(true)) {
    if (const std::string note = shared_tables_note(); !note.empty()) notes(note);
  }
  return set;
}

bool PdbWatch::first_lookups_of(const pdb::PdbSet* set, bool dual) {
  std::lock_guard lock(told_mutex_);
  return told_.insert({set, dual}).second;
}

}  // namespace npuzzle
