// heuristics/pdb_resume.hpp — the file an interrupted pattern-database build leaves
// (resume_file_for in pdb_build.hpp) and a later build of the same table starts from: a header
// naming the table (board, goal, tiles, encoding, placements, working bytes) and where the
// breadth-first search stood, then the builder's working table, with its checksum.
//
// Invariants: the file is written atomically (a temporary name, then renamed), so it is whole or
// absent; it is read back only when every field naming the table matches and the checksum holds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "heuristics/pdb_build.hpp"

namespace npuzzle::pdb {

// Where the search stood when it was stopped; stored as it is in the file (after the fields that
// name the table), so its fields have fixed widths.
struct ResumePoint {
  std::int32_t depth = 0;  // the round to run (again) first
  std::int32_t max_distance = 0;
  std::int32_t max_stored = 0;
  std::uint32_t reserved = 0;
  std::uint64_t states = 0, placements = 0;  // reached so far
  std::uint64_t pending = 0;                 // states the unfinished round had already reached
  double seconds = 0;                        // spent building before the stop
};

// Saves `point` and the working table `body` of the build of `spec` (`count` placements) to
// `file`; returns "" or why it could not (then no file is left).
std::string save_resume(const std::filesystem::path& file, const BuildSpec& spec,
                        std::uint64_t count, const ResumePoint& point,
                        std::span<const std::uint8_t> body);

// Reads `file` into `point` and `body` when it is a saved build of `spec` with `count` placements
// and body.size() working bytes whose checksum holds; false otherwise (a missing file, another
// table's, or a damaged one; `body` may then hold part of it).
bool load_resume(const std::filesystem::path& file, const BuildSpec& spec, std::uint64_t count,
                 ResumePoint& point, std::span<std::uint8_t> body);

}  // namespace npuzzle::pdb
