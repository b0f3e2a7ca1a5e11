// tests/support/korf.hpp — the one reader of Korf's instance sets for every suite, read from
// bench/data through NPUZZLE_DATA_DIR (`id length t0 … tN`, goal blank first, the published
// optimal lengths): Korf's 100 random 15-puzzle instances (korf100.txt) and Korf and Felner's 50
// random 24-puzzle instances (korf24_50.txt), all of a set in file order, or one by its id. Tests
// name an instance by its id here instead of pasting its tiles. Written for the tests, not the
// library's bench-set reader, so the ground truth does not pass through the code under test.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace npuzzle::korf_data {

struct Instance {
  int id = 0;
  int length = 0;          // the optimal solution's length
  std::vector<int> tiles;  // row-major, 0 the blank
  std::string text() const {
    std::string s;
    for (int t : tiles) s += (s.empty() ? "" : " ") + std::to_string(t);
    return s;
  }
};

// The `count` instances of `cells` tiles in bench/data/`file`; throws std::runtime_error when the
// file is missing, a line is malformed or the count differs.
inline std::vector<Instance> read_set(const std::string& file, int cells, std::size_t count) {
  const std::string path = NPUZZLE_DATA_DIR "/" + file;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<Instance> out;
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    std::istringstream words(line);
    Instance k;
    k.tiles.resize(static_cast<std::size_t>(cells));
    words >> k.id >> k.length;
    for (int& t : k.tiles) words >> t;
    std::string rest;
    if (!words || (words >> rest)) throw std::runtime_error(path + ": bad line: " + line);
    out.push_back(k);
  }
  if (out.size() != count) {
    throw std::runtime_error(path + ": not " + std::to_string(count) + " instances");
  }
  return out;
}

inline const Instance& find_id(const std::vector<Instance>& set, int id, const std::string& file) {
  for (const Instance& k : set) {
    if (k.id == id) return k;
  }
  throw std::out_of_range("no instance " + std::to_string(id) + " in " + file);
}

// Korf's 100 15-puzzle instances.
inline const std::vector<Instance>& all() {
  static const std::vector<Instance> instances = read_set("korf100.txt", 16, 100);
  return instances;
}

// Instance `id` (1 … 100) of Korf's 100; throws std::out_of_range naming it when there is none.
inline const Instance& by_id(int id) { return find_id(all(), id, "korf100.txt"); }

// Korf and Felner's 50 24-puzzle instances.
inline const std::vector<Instance>& all24() {
  static const std::vector<Instance> instances = read_set("korf24_50.txt", 25, 50);
  return instances;
}

// Instance `id` (1 … 50) of Korf and Felner's 50; throws std::out_of_range when there is none.
inline const Instance& by_id24(int id) { return find_id(all24(), id, "korf24_50.txt"); }

}  // namespace npuzzle::korf_data
