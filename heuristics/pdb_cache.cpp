#include "heuristics/pdb_cache.hpp"

#include <map>
#include <mutex>

namespace npuzzle::pdb {

std::shared_ptr<const PdbSet> cached_set(const std::string& dir, int rows, int cols,
                                         const std::vector<int>& goal, const std::string& partition,
                                         const std::function<void(const std::string&)>& log,
                                         bool* first) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const PdbSet>> cache;
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
  options.log = log;
  auto set =
      std::make_shared<const PdbSet>(find_or_build(where, rows, cols, goal, partition, options));
  cache.emplace(std::move(key), set);
  if (first) *first = true;
  return set;
}

}  // namespace npuzzle::pdb
