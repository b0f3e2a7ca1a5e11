// The library API (include/npuzzle/npuzzle.hpp) used directly from C++: boards built by hand are
// checked, texts give ids and lines, goals and limits behave as on the command line, typed
// partitions solve and are refused as their text, solve_all keeps the input order, and every
// solution replays to its goal (with the library's boards_along and with the tests' own moves,
// tests/support/independent_moves.hpp).
#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "npuzzle/npuzzle.hpp"
#include "tests/support/independent_moves.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle::api {
namespace {

TEST(Api, ParseBoardReadsEveryForm) {
  const Board one = parse_board("8 6 7 2 5 4 3 0 1");
  EXPECT_EQ(one.size(), (BoardSize{3, 3}));
  EXPECT_EQ(one.size().name(), "3x3");
  EXPECT_EQ(parse_board("8,6,7\n2,5,4\n3,_,1   # a grid"), one);
  EXPECT_EQ(parse_board("17 8 6 7 2 5 4 3 x 1"), one);  // with an instance number
  EXPECT_EQ(parse_board("1 2 3 4 5 0", BoardSize{3, 2}).rows, 3);
  EXPECT_THROW(parse_board("1 2 3 4 5 0"), BoardError);  // 2x3 or 3x2?
  EXPECT_THROW(parse_board("1 2 3 4 5 0", BoardSize{9, 9}), OptionError);
  EXPECT_THROW(parse_board(""), BoardError);
  EXPECT_THROW(parse_board("1 2 3 4 5 6 7 8 0\n0 1 2 3 4 5 6 7 8"), BoardError);
}

TEST(Api, ParseBoardsKeepsGoingPastABadOne) {
  const std::vector<ParsedBoard> boards = parse_boards("1 2 3 4 5 6 7 8 0\n1 1 2 3\n7 0 1 2 3");
  ASSERT_EQ(boards.size(), 3u);
  EXPECT_TRUE(boards[0].ok());
  EXPECT_FALSE(boards[1].ok());
  EXPECT_EQ(boards[1].line, 2);
  EXPECT_EQ(boards[2].id, 7);
  EXPECT_EQ(boards[2].board.size(), (BoardSize{2, 2}));
}

TEST(Api, HandMadeBoardsAreChecked) {
  EXPECT_THROW(solve(Board{3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 8}}), BoardError);
  EXPECT_THROW(solve(Board{1, 9, {0, 1, 2, 3, 4, 5, 6, 7, 8}}), BoardError);
  EXPECT_THROW(is_solvable(Board{2, 2, {0, 1, 2}}), BoardError);
  EXPECT_TRUE(is_solvable(Board{2, 2, {0, 1, 2, 3}}));
}

TEST(Api, GoalsAreTheCommandLines) {
  EXPECT_EQ(goal_board({2, 3}).to_string(), "0 1 2 3 4 5");
  EXPECT_EQ(goal_board({2, 3}, Goal::blank_last()).to_string(), "1 2 3 4 5 0");
  EXPECT_THROW(goal_board({3, 3}, Goal::of_tiles({1, 0, 2, 3})), OptionError);
  EXPECT_EQ(parse_goal(" blank-last "), Goal::blank_last());
  EXPECT_EQ(parse_goal("1 2 3 0"), Goal::of_tiles({1, 2, 3, 0}));
  EXPECT_EQ(name(Goal::of_tiles({1, 0, 2, 3})), "1,0,2,3");
  const Board four = random_boards({4, 4}, 1, 5).front();  // solvable toward blank-first
  EXPECT_TRUE(is_solvable(four));
  EXPECT_FALSE(is_solvable(four, Goal::blank_last()));
  SolveOptions options;
  options.goal = Goal::blank_last();
  const Result r = solve(four, options);
  EXPECT_EQ(r.status, Status::Unsolvable);
  EXPECT_EQ(r.solvable_for, "blank-first");  // as a value: the caller words the hint
  EXPECT_EQ(r.reason.find("blank-first"), std::string::npos) << r.reason;
  EXPECT_EQ(r.expanded, 0u);
}

TEST(Api, SolutionsReplayToTheGoal) {
  for (const BoardSize size : {BoardSize{2, 3}, {3, 3}, {3, 4}, {4, 4}}) {
    for (const Board& board : random_boards(size, 2, 9, Goal::blank_last(), 30)) {
      SolveOptions options;
      options.goal = Goal::blank_last();
      options.heuristic = Heuristic{HeuristicKind::Lc};
      const Result r = solve(board, options);
      ASSERT_EQ(r.status, Status::Solved) << size.name();
      EXPECT_TRUE(r.optimal);
      EXPECT_LE(r.length(), 30u);
      const std::vector<Board> path = boards_along(board, r.moves);
      EXPECT_EQ(path.back(), goal_board(size, Goal::blank_last()));
      std::vector<int> goal(board.tiles.size());
      for (std::size_t i = 0; i < goal.size(); ++i)
        goal[i] = static_cast<int>((i + 1) % goal.size());
      EXPECT_TRUE(test_moves::replay_reaches(board.tiles, board.rows, board.cols, r.moves, goal))
          << "with the tests' own moves: " << r.moves;
      EXPECT_EQ(r.tiles_moved.size(), r.length());
    }
  }
  EXPECT_THROW(boards_along(goal_board({3, 3}), "U"), BoardError);  // the blank is on the top row
  EXPECT_THROW(boards_along(goal_board({3, 3}), "DX"), BoardError);
}

// The typed error `parse` throws (a default Error when it throws none).
template <class Parse>
Error refused(Parse parse) {
  try {
    parse();
  } catch (const OptionError& e) {
    return e.error();
  }
  return Error{};
}

// Text is read by the parsing helpers only, each refusing with a typed error about its option.
TEST(Api, TheParsingHelpersRefuseWithTypedErrors) {
  const Error algorithm = refused([] { parse_algorithm("fast"); });
  EXPECT_EQ(algorithm.kind, Error::Kind::UnknownName);
  EXPECT_EQ(algorithm.option, Option::Algorithm);
  EXPECT_EQ(algorithm.value, "fast");
  EXPECT_EQ(algorithm.accepted.front(), "ida");
  EXPECT_EQ(refused([] { parse_heuristic("magic"); }).option, Option::Heuristic);
  EXPECT_EQ(refused([] { parse_heuristic("md:7-8"); }).kind, Error::Kind::BadValue);
  EXPECT_EQ(refused([] { parse_tie_break("random"); }).option, Option::TieBreak);
  EXPECT_EQ(refused([] { parse_owner_hash("sha"); }).option, Option::OwnerHash);
  EXPECT_EQ(refused([] { parse_memory_size("lots"); }).option, Option::MemLimit);
  EXPECT_EQ(refused([] { parse_goal("1 2 x"); }).option, Option::Goal);
  EXPECT_EQ(parse_memory_size("1.5K"), 1536u);
  EXPECT_EQ(parse_owner_hash("zobrist"), OwnerHash::Zobrist);
}

TEST(Api, TypedOptionsAreCheckedAsTheCommandLineChecksThem) {
  const Board board = parse_board("1 2 3 4 5 6 7 0 8");
  for (auto set : {+[](SolveOptions& o) {
                     o.heuristic = Heuristic{HeuristicKind::Md, PatternPartition::sizes({7, 8})};
                   },
                   +[](SolveOptions& o) { o.threads = 0; },
                   +[](SolveOptions& o) {
                     o.goal = Goal::of_tiles({1, 2, 3, 4, 0});
                   }}) {
    SolveOptions options;
    set(options);
    EXPECT_THROW(solve(board, options), OptionError);
  }
  SolveOptions threads;
  threads.threads = 0;
  try {
    solve(board, threads);
    ADD_FAILURE() << "threads 0 taken";
  } catch (const OptionError& e) {
    EXPECT_EQ(e.error().kind, Error::Kind::OutOfRange);
    EXPECT_EQ(e.error().option, Option::Threads);
    EXPECT_EQ(e.error().low, 1);
    EXPECT_EQ(e.error().message(), "threads must be between 1 and 1024 (got 0)");
  }
}

// No algorithm named: A*+IDA* above 12 cells, IDA* below (default_algorithm), each search on one
// thread; the result names the one that ran.
TEST(Api, TheDefaultAlgorithmFollowsTheBoardSize) {
  SolveOptions options;
  options.threads = 2;
  options.heuristic = Heuristic{HeuristicKind::Md};
  const Result eight = solve(parse_board("1 2 3 4 5 6 7 0 8"), options);
  EXPECT_EQ(eight.algorithm, Algorithm::Ida);
  const Result fifteen = solve(parse_board("1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15"), options);
  EXPECT_EQ(fifteen.algorithm, Algorithm::Aida);
  EXPECT_EQ(fifteen.threads, 1);
  EXPECT_TRUE(fifteen.optimal);
  EXPECT_EQ(fifteen.moves, "LLL");
  options.algorithm = Algorithm::Ida;
  EXPECT_EQ(solve(parse_board("1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15"), options).algorithm,
            Algorithm::Ida);
}

// An option the algorithm does not take is refused with a typed error (option_use), worded in the
// library's words; options left empty are not given, whatever the algorithm.
TEST(Api, OptionsTheAlgorithmDoesNotTakeAreRefused) {
  const Board board = parse_board("1 2 3 4 5 6 7 0 8");
  const auto refusal = [&](void (*set)(SolveOptions&)) {
    SolveOptions options;
    set(options);
    try {
      solve(board, options);
    } catch (const OptionError& e) {
      return std::string(e.what());
    }
    return std::string("no OptionError");
  };
  EXPECT_EQ(refusal(+[](SolveOptions& o) { o.tie_break = TieBreak::Lifo; }),
            "tie_break applies to astar, greedy (the best-first searches); the default algorithms "
            "(ida, aida) do not take it: name one that does with algorithm");
  EXPECT_EQ(refusal(+[](SolveOptions& o) {
              o.algorithm = Algorithm::Ida;
              o.tie_break = TieBreak::Lifo;
            }),
            "tie_break applies to astar, greedy (the best-first searches); algorithm ida does not "
            "take it");
  EXPECT_EQ(refusal(+[](SolveOptions& o) {
              o.owner_hash = OwnerHash::Zobrist;
            }).rfind("owner_hash applies to hda", 0),
            0u);
  EXPECT_EQ(refusal(+[](SolveOptions& o) {
              o.algorithm = Algorithm::Ida;
              o.mem_limit = 512u << 20;
            }).rfind("mem_limit applies to astar, hda, bfs, greedy", 0),
            0u);
  // Without an algorithm named, a memory limit is taken: the default above 12 cells (aida)
  // takes it.
  EXPECT_EQ(refusal(+[](SolveOptions& o) { o.mem_limit = 512u << 20; }), "no OptionError");
  EXPECT_EQ(refusal(+[](SolveOptions& o) {
              o.algorithm = Algorithm::Bfs;
              o.heuristic = Heuristic{HeuristicKind::Md};
            }).rfind("heuristic applies to", 0),
            0u);
  for (const Algorithm algorithm :
       {Algorithm::Ida, Algorithm::AStar, Algorithm::Hda, Algorithm::Pida, Algorithm::Bfs,
        Algorithm::DfBnb, Algorithm::Greedy, Algorithm::Aida}) {
    SolveOptions defaults;
    defaults.algorithm = algorithm;
    EXPECT_EQ(solve(board, defaults).status, Status::Solved) << name(algorithm);
  }
  SolveOptions taken;
  taken.algorithm = Algorithm::Hda;
  taken.owner_hash = OwnerHash::Zobrist;
  taken.mem_limit = 512u << 20;
  EXPECT_EQ(solve(board, taken).status, Status::Solved);
}

// The parsing helpers take the command line's names and aliases, in any case and with '_' or ' '
// for '-'; results print the name. An unknown one is OptionError naming the nearest.
TEST(Api, NamesTakeTheCommandLinesAliases) {
  const Board board = parse_board("8 6 7 2 5 4 3 0 1");
  SolveOptions options;
  options.algorithm = parse_algorithm("A*");
  options.heuristic = parse_heuristic("Linear_Conflict");
  options.tie_break = parse_tie_break("LIFO");
  const Result r = solve(board, options);
  EXPECT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.algorithm, Algorithm::AStar);
  EXPECT_EQ(r.heuristic, "lc");
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(parse_algorithm("IDA*"), Algorithm::Ida);
  EXPECT_EQ(name(parse_algorithm("A*+IDA*")), "aida");
  EXPECT_EQ(parse_heuristic("Manhattan"), Heuristic{HeuristicKind::Md});
  EXPECT_EQ(parse_heuristic("pattern databases:7-8"),
            (Heuristic{HeuristicKind::Pdb, PatternPartition::sizes({7, 8})}));
  EXPECT_EQ(name(parse_heuristic("pattern databases:7-8")), "pdb:7-8");
  EXPECT_EQ(name(parse_tie_break("larger_g")), "larger-g");
  try {
    parse_heuristic("manhatan");
    ADD_FAILURE() << "no OptionError";
  } catch (const OptionError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(
                  "heuristic: unknown heuristic 'manhatan'; did you mean 'md' (manhattan)? "
                  "known: misplaced, md, lc",
                  0),
              0u)
        << e.what();
  }
  EXPECT_THROW(parse_algorithm("a"), OptionError);
}

// A fresh database folder for one test, removed with it.
class DatabaseFolder {
 public:
  explicit DatabaseFolder(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("npuzzle-api-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
  }
  ~DatabaseFolder() { std::filesystem::remove_all(path_); }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// Typed partitions and their text twins, the typed ones built by hand (not parsed).
struct PartitionTwin {
  const char* text;
  PatternPartition typed;
};
std::vector<PartitionTwin> partition_twins() {
  using Part = PatternPartition::Part;
  return {{"7-8", PatternPartition::sizes({7, 8})},
          {"6-6-3", PatternPartition::sizes({6, 6, 3})},
          {"za:6-6-6-6", PatternPartition::sizes({6, 6, 6, 6}, true)},
          {"full", PatternPartition::full()},
          {"1,2,3/4,5,6", PatternPartition::tiles({{1, 2, 3}, {4, 5, 6}})},
          {"za:1,2/3+6-6-3", {{Part::of_tiles({{1, 2}, {3}}, true), Part::of_sizes({6, 6, 3})}}},
          {"6-6-6-6+7-7-7-3", {{Part::of_sizes({6, 6, 6, 6}), Part::of_sizes({7, 7, 7, 3})}}}};
}

// The typed value prints as its text and the text parses to it.
TEST(Api, TypedPartitionsRoundTripThroughTheirText) {
  for (const PartitionTwin& twin : partition_twins()) {
    SCOPED_TRACE(twin.text);
    EXPECT_EQ(name(twin.typed), twin.text);
    EXPECT_EQ(parse_partition(twin.text), twin.typed);
    for (const HeuristicKind kind : {HeuristicKind::Pdb, HeuristicKind::PdbDual}) {
      const Heuristic heuristic{kind, twin.typed};
      EXPECT_EQ(parse_heuristic(name(heuristic)), heuristic);
    }
    EXPECT_EQ(name(Heuristic{HeuristicKind::Pdb, twin.typed}), std::string("pdb:") + twin.text);
  }
  EXPECT_EQ(parse_heuristic("PDB:78"),
            (Heuristic{HeuristicKind::Pdb, PatternPartition::sizes({7, 8})}));
  EXPECT_EQ(parse_partition("2,1/3"), PatternPartition::tiles({{1, 2}, {3}}));
  EXPECT_EQ(name(Heuristic{HeuristicKind::Pdb}), "pdb");
  EXPECT_TRUE(parse_heuristic("pdb").partition.empty());
  EXPECT_NE(PatternPartition::sizes({6, 6, 6, 6}), PatternPartition::sizes({6, 6, 6, 6}, true));
}

// The message of the OptionError that solving `board` with `heuristic` throws.
std::string refusal_of(const Board& board, const Heuristic& heuristic) {
  SolveOptions options;
  options.heuristic = heuristic;
  options.pdb_dir = "/nonexistent/npuzzle-api-refused";  // refused before any database is read
  try {
    solve(board, options);
  } catch (const OptionError& e) {
    return e.what();
  }
  return "no OptionError";
}

// The message of the OptionError that parsing `text` (a heuristic) throws.
std::string parse_refusal(const std::string& text) {
  try {
    parse_heuristic(text);
  } catch (const OptionError& e) {
    return e.what();
  }
  return "no OptionError";
}

// A typed partition is checked as the command line checks its text twin, with the same message:
// the text is refused by the command line's own reader (parse_heuristic), the typed value where it
// is used.
TEST(Api, InvalidTypedPartitionsAreRefusedAsTheirText) {
  using Part = PatternPartition::Part;
  const Board board = parse_board("1 2 3 4 5 6 7 0 8");
  const std::vector<std::pair<std::string, Heuristic>> twins = {
      {"pdb:1,2/2,3", {HeuristicKind::Pdb, PatternPartition::tiles({{1, 2}, {2, 3}})}},
      {"pdb:/1,2", {HeuristicKind::Pdb, PatternPartition::tiles({{}, {1, 2}})}},
      {"pdb:0,1", {HeuristicKind::Pdb, PatternPartition::tiles({{0, 1}})}},
      {"pdb:1/2/3/4/5/6/7",
       {HeuristicKind::Pdb, PatternPartition::tiles({{1}, {2}, {3}, {4}, {5}, {6}, {7}})}},
      {"pdb:1/2+3/4+5/6",
       {HeuristicKind::Pdb,
        {{Part::of_tiles({{1}, {2}}), Part::of_tiles({{3}, {4}}), Part::of_tiles({{5}, {6}})}}}},
      {"md:7-8", {HeuristicKind::Md, PatternPartition::sizes({7, 8})}},
      {"lc:za:1,2/3", {HeuristicKind::Lc, PatternPartition::tiles({{1, 2}, {3}}, true)}}};
  for (const auto& [text, typed] : twins) {
    SCOPED_TRACE(text);
    const std::string message = parse_refusal(text);
    EXPECT_EQ(message.rfind("heuristic: ", 0), 0u) << message;
    SolveOptions options;
    options.heuristic = typed;
    const Error error = refused([&] { solve(board, options); });
    EXPECT_EQ(error.message(), message);
    EXPECT_EQ(error.kind, Error::Kind::BadValue);
    EXPECT_EQ(error.option, Option::Heuristic);
    EXPECT_EQ(error.value, text);
  }
  EXPECT_EQ(parse_refusal("pdb:1,2/2,3"), "heuristic: partition '1,2/2,3': tile 2 appears twice");
  EXPECT_EQ(parse_refusal("pdb:/1,2"), "heuristic: partition '/1,2': an empty group");
  EXPECT_EQ(parse_refusal("md:7-8"),
            "heuristic: 'md' takes no ':' argument (only pdb, pdb-dual does)");
  // What only a typed value can hold, and names that are no group sizes.
  EXPECT_EQ(refusal_of(board, {HeuristicKind::Pdb, PatternPartition::sizes({7, 0})}),
            "heuristic: partition '7-0': group size 0 is not 1 to 9");
  EXPECT_EQ(refusal_of(board, {HeuristicKind::Pdb, PatternPartition::sizes({})}),
            "heuristic: partition '': no group sizes");
  EXPECT_EQ(refusal_of(board, {HeuristicKind::Pdb, PatternPartition::tiles({})}),
            "heuristic: partition '': no groups");
  EXPECT_EQ(parse_refusal("pdb:7-10"), "heuristic: partition '7-10': group size 10 is not 1 to 9");
  EXPECT_EQ(refused([] { parse_partition("magic"); }).kind, Error::Kind::BadValue);
  EXPECT_EQ(refused([] { parse_heuristic("pdb:ZA:6-6-6-6"); }).value, "pdb:ZA:6-6-6-6");
}

// Checked against the board as the text is, with the message `npuzzle solve --heuristic pdb:TEXT`
// gives: a tile past the board, a name it has not.
TEST(Api, TypedPartitionsAreCheckedAgainstTheBoardAsTheirText) {
  using Part = PatternPartition::Part;
  const DatabaseFolder dir("refused");
  const Board eight = parse_board("1 2 3 4 5 6 7 0 8");
  const Board fifteen = parse_board("1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15");
  const std::vector<std::tuple<Board, PatternPartition, std::string>> cases = {
      {eight, PatternPartition::tiles({{1, 2}, {3, 30}}),
       "partition '1,2/3,30': tile 30 is not a tile of this board"},
      {eight, PatternPartition::sizes({7, 8}),
       "unknown partition '7-8' for 3x3 (known: full, or tile lists like 1,2,3/4,5,6)"},
      {fifteen,
       {{Part::of_sizes({6, 6, 6, 6}), Part::of_sizes({7, 7, 7, 3})}},
       "unknown partition '6-6-6-6' for 4x4 (known: 7-8, 6-6-3, 5-5-5, or tile lists like "
       "1,2,3/4,5,6)"}};
  for (const auto& [board, typed, cli_message] : cases) {
    SCOPED_TRACE(cli_message);
    SolveOptions options;
    options.pdb_dir = dir.path();
    options.heuristic = Heuristic{HeuristicKind::Pdb, typed};
    EXPECT_EQ(refused([&] { solve(board, options); }).message(), cli_message);
    options.heuristic = parse_heuristic("pdb:" + name(typed));
    EXPECT_EQ(refused([&] { solve(board, options); }).message(), cli_message);
  }
}

// A typed partition solves as its text twin does: the same databases, moves, nodes and name.
TEST(Api, TypedPartitionsSolveAsTheirText) {
  using Part = PatternPartition::Part;
  const DatabaseFolder dir("typed");
  const std::vector<std::tuple<BoardSize, std::string, PatternPartition>> cases = {
      {{3, 3}, "1,2,3,4/5,6,7,8", PatternPartition::tiles({{1, 2, 3, 4}, {5, 6, 7, 8}})},
      {{3, 3}, "za:1,4,7/2,5,8", PatternPartition::tiles({{1, 4, 7}, {2, 5, 8}}, true)},
      {{3, 3},
       "1,2,3,4/5,6,7,8+1,4,7/2,5,8/3,6",
       {{Part::of_tiles({{1, 2, 3, 4}, {5, 6, 7, 8}}),
         Part::of_tiles({{1, 4, 7}, {2, 5, 8}, {3, 6}})}}},
      {{2, 3}, "full", PatternPartition::full()},
      {{4, 4}, "5-5-5", PatternPartition::sizes({5, 5, 5})}};
  for (const auto& [size, text, typed] : cases) {
    SCOPED_TRACE(text);
    for (const Board& board : random_boards(size, 2, 11, {}, 40)) {
      SolveOptions by_text;
      by_text.pdb_dir = dir.path();
      by_text.heuristic = parse_heuristic("pdb:" + text);
      SolveOptions by_type = by_text;
      by_type.heuristic = Heuristic{HeuristicKind::Pdb, typed};
      const Result from_text = solve(board, by_text);
      const Result from_type = solve(board, by_type);
      ASSERT_EQ(from_text.status, Status::Solved) << from_text.error;
      EXPECT_EQ(from_type.status, Status::Solved) << from_type.error;
      EXPECT_EQ(from_type.moves, from_text.moves);
      EXPECT_EQ(from_type.expanded, from_text.expanded);
      EXPECT_EQ(from_type.heuristic, from_text.heuristic);
      EXPECT_EQ(from_type.heuristic.rfind("pdb:", 0), 0u) << from_type.heuristic;
    }
  }
}

// An unknown name's nearest is a field of its own, beside the detail that no longer holds it.
TEST(Api, AnUnknownNameCarriesTheNearestAsAField) {
  const Error algorithm = refused([] { parse_algorithm("asta"); });
  EXPECT_EQ(algorithm.kind, Error::Kind::UnknownName);
  EXPECT_EQ(algorithm.nearest, "astar");
  EXPECT_EQ(algorithm.nearest_alias, "");
  EXPECT_EQ(algorithm.detail, "unknown algorithm 'asta'");
  EXPECT_EQ(algorithm.message(),
            "algorithm: unknown algorithm 'asta'; did you mean 'astar'? known: " + algorithm.known);
  const Error heuristic = refused([] { parse_heuristic("manhatan:7-8"); });
  EXPECT_EQ(heuristic.value, "manhatan:7-8");
  EXPECT_EQ(heuristic.nearest, "md");
  EXPECT_EQ(heuristic.nearest_alias, "manhattan");
  EXPECT_EQ(refused([] { parse_tie_break("lifoo"); }).nearest, "lifo");
  EXPECT_EQ(parse_algorithm(refused([] { parse_algorithm("Greedyy"); }).nearest),
            Algorithm::Greedy);
}

// Board sizes are typed; text becomes one only through parse_board_size, which refuses bad text
// with a typed error about the size.
TEST(Api, BoardSizesAreTyped) {
  EXPECT_EQ(parse_board_size("3x4"), (BoardSize{3, 4}));
  EXPECT_EQ(parse_board_size("5X5"), (BoardSize{5, 5}));
  EXPECT_EQ((BoardSize{2, 3}).name(), "2x3");
  for (const char* bad : {"9x9", "3x", "three", "1x5", "", "3x3 "}) {
    try {
      parse_board_size(bad);
      ADD_FAILURE() << "size '" << bad << "' taken";
    } catch (const OptionError& e) {
      EXPECT_EQ(e.error().kind, Error::Kind::BadValue) << bad;
      EXPECT_EQ(e.error().option, Option::Size) << bad;
      EXPECT_EQ(std::string(e.what()).rfind("size: ", 0), 0u) << e.what();
    }
  }
  for (const BoardSize bad : {BoardSize{1, 5}, {6, 6}, {0, 0}, {-3, 3}}) {
    EXPECT_THROW(goal_board(bad), OptionError) << bad.name();
    EXPECT_THROW(random_boards(bad, 1, 1), OptionError) << bad.name();
    EXPECT_THROW(parse_board("1 2 3 0", bad), OptionError) << bad.name();
  }
  EXPECT_EQ(random_boards({2, 5}, 1, 3).front().size(), (BoardSize{2, 5}));
}

// The errors of options that do not go together, or not in a setting, and of an option needed
// but not given, each worded in the caller's words.
TEST(Api, TheNewKindsAreWordedInTheCallersWords) {
  const OptionWords flags{
      [](Option option) { return "--" + name(option); },
      [](Option option, const std::string& value) { return "--" + name(option) + " " + value; }};
  Error resume;
  resume.kind = Error::Kind::Conflict;
  resume.option = Option::Resume;
  resume.other = Option::Algorithm;
  resume.value = "ida";
  resume.detail = "the checkpoint holds a position of aida, which ida cannot go on from";
  resume.remedy = "resume it with aida";
  EXPECT_EQ(resume.message(flags),
            "--resume and --algorithm ida do not go together: the checkpoint holds a position of "
            "aida, which ida cannot go on from (leave out --algorithm to resume it with aida)");
  EXPECT_EQ(resume.message().rfind("resume and algorithm ida do not go together", 0), 0u);
  Error mpi;
  mpi.kind = Error::Kind::Unsupported;
  mpi.option = Option::Checkpoint;
  mpi.other = Option::Resume;
  mpi.detail = "under mpirun";
  EXPECT_EQ(mpi.message(flags), "--checkpoint and --resume do not work under mpirun");
  mpi.other = Option::Checkpoint;
  EXPECT_EQ(mpi.message(), "checkpoint does not work under mpirun");
}

// No database folder at all (none given, no $NPUZZLE_PDB_DIR, $XDG_CACHE_HOME or $HOME): a
// heuristic of databases named is refused with a typed error about pdb_dir; one left to the
// default falls back to linear conflict, the note naming pdb_dir in the library's words.
TEST(Api, NoDatabaseFolderIsATypedErrorAboutPdbDir) {
  for (const char* variable : {"NPUZZLE_PDB_DIR", "XDG_CACHE_HOME", "HOME"}) {
    ASSERT_EQ(::unsetenv(variable), 0);
  }
  Session session;
  SolveOptions options;
  options.heuristic = Heuristic{HeuristicKind::Pdb};
  try {
    solve(parse_board("4 1 2 5 3 0", BoardSize{2, 3}), options, session);
    ADD_FAILURE() << "solved without a database folder";
  } catch (const OptionError& e) {
    EXPECT_EQ(e.error().kind, Error::Kind::NotGiven);
    EXPECT_EQ(e.error().option, Option::PdbDir);
    EXPECT_EQ(e.error().variable, "NPUZZLE_PDB_DIR");
    EXPECT_STREQ(e.what(), "no pattern database directory: give pdb_dir or set NPUZZLE_PDB_DIR");
  }
  std::vector<std::string> notes;
  SolveOptions fallback;
  fallback.on_note = [&notes](const Note& note) { notes.push_back(note.text); };
  const Result r = solve(parse_board("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15"), fallback, session);
  EXPECT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.heuristic, "lc");
  ASSERT_FALSE(notes.empty());
  EXPECT_EQ(notes.front(),
            "no pattern database (no pattern database directory: give pdb_dir or set "
            "NPUZZLE_PDB_DIR); using lc instead");
}

TEST(Api, LimitsAndTheStopFlagEndASearch) {
  const Board korf1 = parse_board(korf_data::by_id(1).text());
  SolveOptions options;
  options.heuristic = Heuristic{HeuristicKind::Md};
  options.node_limit = 10000;
  const Result limited = solve(korf1, options);
  EXPECT_EQ(limited.status, Status::Limit);
  EXPECT_EQ(limited.reason, "node limit");
  EXPECT_GT(limited.bound, 0);
  EXPECT_TRUE(limited.moves.empty());

  std::atomic<bool> stop{true};
  options.node_limit = 0;
  options.stop = &stop;
  const Result stopped = solve(korf1, options);
  EXPECT_EQ(stopped.status, Status::Limit);
  EXPECT_EQ(stopped.reason, "interrupted");

  SolveOptions memory;
  memory.algorithm = Algorithm::AStar;
  memory.heuristic = Heuristic{HeuristicKind::Md};
  memory.mem_limit = 1u << 20;
  EXPECT_EQ(solve(korf1, memory).status, Status::OutOfMemory);
}

TEST(Api, SolveAllKeepsTheOrderWithThreads) {
  const std::vector<Board> boards = random_boards({3, 3}, 12, 4);
  SolveOptions options;
  options.algorithm = Algorithm::AStar;
  options.heuristic = Heuristic{HeuristicKind::Md};
  std::vector<Result> one_by_one;
  for (const Board& b : boards) one_by_one.push_back(solve(b, options));
  options.threads = 2;
  const std::vector<Result> together = solve_all(boards, options);
  ASSERT_EQ(together.size(), boards.size());
  for (std::size_t i = 0; i < boards.size(); ++i) {
    EXPECT_EQ(together[i].moves, one_by_one[i].moves);
    EXPECT_EQ(together[i].expanded, one_by_one[i].expanded);
    EXPECT_EQ(together[i].threads, 1);  // sequential searches: the threads solve boards at once
  }
  options.algorithm = Algorithm::Pida;
  for (const Result& r : solve_all(boards, options)) EXPECT_EQ(r.threads, 2);
}

// A session is the caller's: the notes it has given (the lookups of a database set, told once)
// are its own, and a second session tells them again.
TEST(Api, EachSessionKeepsItsOwnState) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("npuzzle-api-session-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::vector<std::string> notes;
  SolveOptions options;
  options.heuristic = Heuristic{HeuristicKind::Pdb};
  options.pdb_dir = dir.string();
  options.on_note = [&notes](const Note& note) { notes.push_back(note.text); };
  const auto told = [&notes] {
    return std::count_if(notes.begin(), notes.end(), [](const std::string& note) {
      return note.rfind("heuristic pdb", 0) == 0;
    });
  };
  const Board board = parse_board("4 1 2 5 3 0", BoardSize{2, 3});
  Session first;
  EXPECT_EQ(solve(board, options, first).status, Status::Solved);
  EXPECT_EQ(solve_all({board, board}, options, first)[1].status, Status::Solved);
  EXPECT_EQ(told(), 1);
  Session second;
  EXPECT_EQ(solve(board, options, second).status, Status::Solved);
  EXPECT_EQ(told(), 2);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace npuzzle::api
