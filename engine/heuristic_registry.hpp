// engine/heuristic_registry.hpp — the heuristic registry: every heuristic the front ends offer,
// once.
//
// `kHeuristicInfo` is the table (name, help text, the argument it takes after ':' if any, the
// boards it fits); the name parser, the help and error texts read it (registry.cpp). How each one
// is built for a board lives in engine/heuristic_builders.hpp, which the solver units alone
// include, with its entries in the same order (checked there at compile time). Adding a heuristic:
// its header in heuristics/, its row here and its entry there.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run_board.hpp"
#include "engine/request.hpp"
#include "text/name_match.hpp"

namespace npuzzle {

struct HeuristicInfo {
  const char* name;   // on the command line: --heuristic NAME
  const char* help;   // what it is, for --help ("" when the name says it)
  Aliases aliases{};  // other names for --heuristic ("manhattan"); the name is what outputs print
  // Heuristics that take a partition after ':' (else all nullptr): its name in the help, what it
  // may be, and examples for error messages.
  const char* argument = nullptr;
  const char* argument_help = nullptr;
  const char* argument_examples = nullptr;
  // The longest side of the boards it is built for (0: every board); checked before any search.
  int max_side = 0;
  // Looks up pattern databases (which may be missing, or built on first use).
  bool uses_databases = false;

  constexpr bool fits(BoardSize size) const {
    return max_side == 0 || std::max(size.rows, size.cols) <= max_side;
  }
};

// clang-format off
inline constexpr HeuristicInfo kMisplacedInfo{
    .name = "misplaced", .help = "", .aliases = {"misplaced-tiles", "hamming"}};
inline constexpr HeuristicInfo kMdInfo{
    .name = "md", .help = "Manhattan", .aliases = {"manhattan", "manhattan-distance"}};
inline constexpr HeuristicInfo kLcInfo{
    .name = "lc", .help = "linear conflict",
    .aliases = {"linear-conflict", "linear-conflicts", "linearconflict"}};
inline constexpr HeuristicInfo kWdInfo{.name = "wd",
                                       .help = "walking distance (boards up to 4x4)",
                                       .aliases = {"walking-distance"},
                                       .max_side = 4};
// clang-format on
// The best set in the database directory (or the partition named), reflected where it can be;
// the dual one also looks each set up on the dual placement.
inline constexpr HeuristicInfo pdb_info(bool dual) {
  return {.name = dual ? "pdb-dual" : "pdb",
          .help = dual ? "pdb, each set also looked up on the dual placement"
                       : "the best pattern databases present",
          .aliases = {dual ? "dual-pdb" : "pattern-database",
                      dual ? "pattern-database-dual" : "pattern-databases"},
          .argument = "PARTITION",
          .argument_help =
              "7-8, 6-6-3, 5-5-5, 6-6-6-6+7-7-7-3, za:6-6-6-6+za:7-7-7-3, 6-6-6-6, 7-7-7-3, "
              "za:6-6-6-6, full, or tile lists 1,2,3/4,5,6; za: before a partition reads its "
              "zero-aware tables (not with pdb-dual); several joined by + for the largest of "
              "their sums",
          .argument_examples =
              dual ? "pdb-dual:7-8 or pdb-dual:1,2,3/4,5,6" : "pdb:7-8 or pdb:1,2,3/4,5,6",
          .uses_databases = true};
}

// The registry, in the order the help lists the heuristics.
inline constexpr std::array kHeuristicInfo = {kMisplacedInfo, kMdInfo,         kLcInfo,
                                              kWdInfo,        pdb_info(false), pdb_info(true)};

// The heuristic a search ran with, as its outcome reports it: the registry's entry and, for pattern
// databases, the partition in use (named, or its tile lists) and whether its reflection about the
// diagonal was looked up too. name() prints it: "none" (a search without a heuristic), "lc",
// "pdb:7-8+reflection", "pdb-dual:1,2,3/4,5,6".
struct HeuristicUsed {
  std::optional<HeuristicChoice> choice;  // nullopt: the search takes no heuristic (BFS)
  bool reflection = false;

  bool none() const { return !choice; }
  std::string name() const;
  friend bool operator==(const HeuristicUsed&, const HeuristicUsed&) = default;
};

// The heuristic `text` names, by its name or an alias in any case, with '_' or ' ' for '-'
// ("Manhattan", "linear_conflict", "PDB:7-8": an argument after ':' is kept as given). nullopt
// (with `error` set) for an unknown name ("unknown heuristic 'manhatan'; did you mean 'md'
// (manhattan)? known: …"), or an argument after ':' the heuristic does not take.
std::optional<HeuristicChoice> parse_heuristic(const std::string& text, std::string& error);
// Why `name` (without an argument) names no heuristic (UnknownName, text/request_error.hpp).
RequestError unknown_heuristic_error(std::string_view name);
// The heuristic used when none is given, for a board of that size: pattern databases on 4x4.
HeuristicChoice default_heuristic(BoardSize size);
// What a solve that did not name its heuristic uses when the databases cannot be had: lc.
HeuristicChoice default_heuristic_without_databases();
std::string heuristic_help();  // "misplaced, md (Manhattan), …, pdb:PARTITION (7-8, …)"

}  // namespace npuzzle
