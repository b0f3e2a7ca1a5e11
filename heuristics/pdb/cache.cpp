#include "heuristics/pdb/cache.hpp"

#include <chrono>
#include <stop_token>
#include <thread>

namespace npuzzle::pdb {
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

PdbCache::PdbCache(int copies_per_host) { load_policy_.copies_per_host = copies_per_host; }

std::shared_ptr<const PdbSet> PdbCache::cached_set(
    const std::string& dir, int rows, int cols, const std::vector<int>& goal,
    const Partition* partition, const std::function<void(const std::string&)>& log, bool* first,
    const AutoBuildLimits& limits, bool minimised_only) {
  const DatabaseDirectory chosen = database_directory(dir, "");
  const std::filesystem::path& where = chosen.path;
  if (where.empty()) {
    throw PdbError(ErrorKind::Usage,
                   "no pattern database directory (none given, and neither NPUZZLE_PDB_DIR, "
                   "XDG_CACHE_HOME nor HOME is set)");
  }
  SetKey key{where.string(), rows, cols, goal, partition != nullptr, {}, {}, {}, minimised_only};
  if (partition) {
    key.groups = partition->groups;
    key.set_sizes = partition->set_sizes;
    key.zero_aware = partition->zero_aware;
  }
  std::lock_guard lock(mutex_);
  if (first) *first = false;
  if (auto it = sets_.find(key); it != sets_.end()) return it->second;
  // A directory given that does not exist: created when its parent exists (said to the log),
  // else an error naming it (PdbError Io); the per-user cache is created by a build.
  if (chosen.given) {
    if (const std::string note = prepare_directory(chosen, true); !note.empty() && log) log(note);
  }
  FindOptions options;
  options.log = log;
  options.minimised_only = minimised_only;
  options.load = load_policy_;
  const StopRelay relay(limits);
  options.stop = relay.stop();
  std::shared_ptr<const PdbSet> set;
  try {
    set =
        std::make_shared<const PdbSet>(find_or_build(where, rows, cols, goal, partition, options));
  } catch (const PdbError& e) {
    if (e.kind() != ErrorKind::Interrupted) throw;
    if (log) log(e.what());
    if (relay.timed_out()) throw PdbError(ErrorKind::TimeLimit, "time limit");
    throw PdbError(ErrorKind::Interrupted, "interrupted");
  }
  sets_.emplace(std::move(key), set);
  if (first) *first = true;
  return set;
}

}  // namespace npuzzle::pdb
