// tests/support/korf.hpp — the one reader of Korf's 100 random 15-puzzle instances for every suite
// (bench/data/korf100.txt through NPUZZLE_DATA_DIR: `id length t0 … t15`, goal blank first, the
// published optimal lengths): all of them in file order, or one by its id. Written for the tests,
// not the library's bench-set reader, so the ground truth does not pass through the code under
// test.
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
  std::vector<int> tiles;  // 16, row-major, 0 the blank
  std::string text() const {
    std::string s;
    for (int t : tiles) s += (s.empty() ? "" : " ") + std::to_string(t);
    return s;
  }
};

// The 100 instances; throws std::runtime_error when the file is missing or a line is malformed.
inline const std::vector<Instance>& all() {
  static const std::vector<Instance> instances = [] {
    const std::string path = NPUZZLE_DATA_DIR "/korf100.txt";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<Instance> out;
    for (std::string line; std::getline(in, line);) {
      if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
      std::istringstream words(line);
      Instance k;
      k.tiles.resize(16);
      words >> k.id >> k.length;
      for (int& t : k.tiles) words >> t;
      std::string rest;
      if (!words || (words >> rest)) throw std::runtime_error(path + ": bad line: " + line);
      out.push_back(k);
    }
    if (out.size() != 100) throw std::runtime_error(path + ": not 100 instances");
    return out;
  }();
  return instances;
}

// Instance `id` (1 … 100); throws std::out_of_range naming it when there is none.
inline const Instance& by_id(int id) {
  for (const Instance& k : all()) {
    if (k.id == id) return k;
  }
  throw std::out_of_range("no instance " + std::to_string(id) + " in korf100.txt");
}

}  // namespace npuzzle::korf_data
