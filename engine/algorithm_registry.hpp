// engine/algorithm_registry.hpp — the algorithm registry: every search the front ends offer,
// once.
//
// `kAlgorithmInfo` is the table: per algorithm its name, help text, which options it takes,
// whether it proves optimality and the family of searches it is compiled with (the solver units of
// 4x4, 5x5 and the frames compile one family each: engine/search_dispatch.hpp). The name parser,
// the help and error texts and the option checks of the front ends read it (registry.cpp). This
// header includes no search: the searches are compiled in the solver units only. Adding an
// algorithm: a value in NPUZZLE_ALGORITHMS (request.hpp), its row in the table and its case in its
// family's dispatch (search_dispatch.hpp; a value without its row does not compile).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/board_sizes.hpp"
#include "engine/request.hpp"
#include "text/name_match.hpp"

namespace npuzzle {

// The searches compiled together in one solver unit.
enum class SearchFamily {
  DepthFirst,       // IDA*, parallel IDA* and A*+IDA* (they share the depth-first node loop)
  HashDistributed,  // HDA*
  Textbook,         // BFS, A*, greedy best-first, DFBnB: storing searches bound by their tables
};
inline constexpr std::array kSearchFamilies = {
    SearchFamily::DepthFirst, SearchFamily::HashDistributed, SearchFamily::Textbook};

struct AlgorithmInfo {
  Algorithm id;
  const char* name;     // on the command line: --algo NAME
  const char* help;     // what it is, for --help
  SearchFamily family;  // the solver unit that compiles it
  bool heuristic;       // searches with a heuristic (--heuristic applies)
  bool threads;         // --threads are threads inside one search (else instances solved at once)
  bool tie_break;       // --tie-break applies (the best-first searches)
  bool owner_hash;      // --owner-hash applies
  bool progress;        // reports a progress row per iteration (--verbose)
  bool optimal;         // proves its answer shortest (with an admissible heuristic)
  bool memory_limit;    // stores nodes, so --mem-limit applies
  bool checkpoint;      // keeps checkpoints (--checkpoint, --checkpoint-every, --resume)
  // Other names it is known by, as fold_name (text/name_match.hpp) writes them (nullptr: none).
  // The name is what every output prints.
  Aliases aliases;
};

// In the order of Algorithm's values, which is the order the help lists them.
// clang-format off
inline constexpr std::array<AlgorithmInfo, kAlgorithmCount> kAlgorithmInfo{{
  // id                name      help                              family                         heur.  threads tie-b. owner  progr. optimal memory checkpoint aliases
  {Algorithm::Ida,    "ida",    "IDA*",                            SearchFamily::DepthFirst,      true,  false,  false, false, true,  true,   false, true,  {"ida*", "ida-star", "idastar"}},
  {Algorithm::AStar,  "astar",  "A*",                              SearchFamily::Textbook,        true,  false,  true,  false, false, true,   true,  false, {"a*", "a-star"}},
  {Algorithm::Hda,    "hda",    "hash-distributed A*",             SearchFamily::HashDistributed, true,  true,   false, true,  false, true,   true,  false, {"hda*", "hash-distributed-a*"}},
  {Algorithm::Pida,   "pida",   "parallel IDA*",                   SearchFamily::DepthFirst,      true,  true,   false, false, true,  true,   false, true,  {"parallel-ida", "parallel-ida*", "pida*"}},
  {Algorithm::Bfs,    "bfs",    "breadth-first",                   SearchFamily::Textbook,        false, false,  false, false, false, true,   true,  false, {"breadth-first", "breadth-first-search"}},
  {Algorithm::DfBnb,  "dfbnb",  "depth-first branch and bound",    SearchFamily::Textbook,        true,  false,  false, false, false, true,   false, false, {"branch-and-bound", "dfbb", "depth-first-branch-and-bound"}},
  {Algorithm::Greedy, "greedy", "greedy best-first, not optimal",  SearchFamily::Textbook,        true,  false,  true,  false, false, false,  true,  false, {"greedy-best-first", "gbfs"}},
  {Algorithm::Aida,   "aida",   "A*+IDA*: A* to --mem-limit, then IDA*", SearchFamily::DepthFirst, true, true,  false, false, true,  true,   true,  true,  {"a*+ida*", "astar+ida"}},
}};
// clang-format on

// One row per Algorithm, row i for the value i (so algorithm_info is an index): a value added to
// NPUZZLE_ALGORITHMS (engine/request.hpp) without its row does not compile.
static_assert(kAlgorithmInfo.size() == kAlgorithmCount, "every Algorithm has its row");
static_assert(
    [] {
      for (std::size_t i = 0; i < kAlgorithmInfo.size(); ++i) {
        if (kAlgorithmInfo[i].id != static_cast<Algorithm>(i)) return false;
      }
      return true;
    }(),
    "kAlgorithmInfo lists the algorithms in the order of their values");

// Only the textbook family has searches without a heuristic (the other families' units never
// run one).
static_assert(
    [] {
      for (const AlgorithmInfo& info : kAlgorithmInfo) {
        if (!info.heuristic && info.family != SearchFamily::Textbook) return false;
      }
      return true;
    }(),
    "a search without a heuristic belongs to the textbook family");

constexpr const AlgorithmInfo& algorithm_info(Algorithm a) {
  return kAlgorithmInfo[static_cast<std::size_t>(a)];
}
const char* algorithm_name(Algorithm a);  // "ida", "astar", …
// The algorithm named `text` by its name or an alias, in any case, with '_' or ' ' for '-' ("A*",
// "IDA*", "Breadth_First"); nullopt for another text.
std::optional<Algorithm> parse_algorithm(std::string_view text);
// Why `text` names no algorithm (UnknownName, text/request_error.hpp), and as a sentence: "unknown
// algorithm 'asta'; did you mean 'astar'? known: ida, …".
RequestError unknown_algorithm_error(std::string_view text);
std::string unknown_algorithm(std::string_view text);
// True for the algorithms that use --threads inside one search (instances then run one at a time).
bool is_parallel(Algorithm a);
std::string algorithm_names();  // "ida, astar, hda, pida, bfs, dfbnb, greedy, aida"
std::string algorithm_help();   // "ida (IDA*), astar (A*), …"

// The tie-breaks of the best-first searches (--tie-break), in the order the help lists them: each
// one's aliases, as AlgorithmInfo's; its name is core's tie_break_name.
struct TieBreakInfo {
  TieBreak id;
  Aliases aliases;
};
inline constexpr std::array<TieBreakInfo, 3> kTieBreakInfo{{
    {TieBreak::Lifo, {"stack", "last-in-first-out", "newest-first"}},
    {TieBreak::Fifo, {"queue", "first-in-first-out", "oldest-first"}},
    {TieBreak::LargerG, {"largerg", "deeper-first", "deepest-first"}},
}};
// The tie-break named `text` as parse_algorithm reads names ("LIFO", "larger_g", "queue").
std::optional<TieBreak> parse_tie_break_name(std::string_view text);
// Why `text` names no tie-break (UnknownName): "unknown tie-break 'lifoo'", nearest 'lifo'.
RequestError unknown_tie_break_error(std::string_view text);

// The names of the algorithms with `flag` set, e.g. algorithms_with(&AlgorithmInfo::tie_break).
std::string algorithms_with(bool AlgorithmInfo::*flag);

// The algorithm a board is solved with when the caller names none, chosen by measurement
// (bench/RESULTS.md, "The default algorithm per size"; docs/algorithms.md): A*+IDA* on the boards
// of more than 12 cells (3x5 and 5x3 on), where its frontier saves most of IDA*'s last iterations
// (0.37-0.82x IDA*'s time on random 3x5, 5x3, 4x5, 5x4 boards and Korf's 100; 1.02x on the 17
// 15-puzzles of 80 moves); IDA* on the smaller ones, whose searches end before A*+IDA*'s set-up
// pays (A*+IDA* took 1.3x IDA*'s time on 3x4 and 4x3, 3.2x on 3x3).
inline constexpr int kMostCellsOfAnIdaDefault = 12;
inline Algorithm default_algorithm(BoardSize size) {
  return size.cells() > kMostCellsOfAnIdaDefault ? Algorithm::Aida : Algorithm::Ida;
}
// Every algorithm default_algorithm returns: an option is taken by a request that names no
// algorithm when one of these takes it.
inline constexpr std::array kDefaultAlgorithms = {Algorithm::Ida, Algorithm::Aida};
// "aida on boards of more than 12 cells (3x5, 5x3, 4x4, …), ida on the smaller ones".
std::string default_algorithm_rule();
// `request` with an algorithm for a board of `size`: the one it names, else default_algorithm on
// one thread (a request naming no algorithm takes its threads as instances solved at once, as
// IDA* does).
SolveRequest with_algorithm_for(SolveRequest request, BoardSize size);

}  // namespace npuzzle
