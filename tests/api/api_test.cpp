// The library API (include/npuzzle/npuzzle.hpp) used directly from C++: boards built by hand are
// checked, texts give ids and lines, goals and limits behave as on the command line, solve_all
// keeps the input order, and every solution replays to its goal (with the library's boards_along
// and with the tests' own moves, tests/support/independent_moves.hpp).
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "npuzzle/npuzzle.hpp"
#include "tests/support/independent_moves.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle::api {
namespace {

TEST(Api, ParseBoardReadsEveryForm) {
  const Board one = parse_board("8 6 7 2 5 4 3 0 1");
  EXPECT_EQ(one.size(), "3x3");
  EXPECT_EQ(parse_board("8,6,7\n2,5,4\n3,_,1   # a grid"), one);
  EXPECT_EQ(parse_board("17 8 6 7 2 5 4 3 x 1"), one);  // with an instance number
  EXPECT_EQ(parse_board("1 2 3 4 5 0", "3x2").rows, 3);
  EXPECT_THROW(parse_board("1 2 3 4 5 0"), BoardError);  // 2x3 or 3x2?
  EXPECT_THROW(parse_board("1 2 3 4 5 0", "9x9"), OptionError);
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
  EXPECT_EQ(boards[2].board.size(), "2x2");
}

TEST(Api, HandMadeBoardsAreChecked) {
  EXPECT_THROW(solve(Board{3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 8}}), BoardError);
  EXPECT_THROW(solve(Board{1, 9, {0, 1, 2, 3, 4, 5, 6, 7, 8}}), BoardError);
  EXPECT_THROW(is_solvable(Board{2, 2, {0, 1, 2}}), BoardError);
  EXPECT_TRUE(is_solvable(Board{2, 2, {0, 1, 2, 3}}));
}

TEST(Api, GoalsAreTheCommandLines) {
  EXPECT_EQ(goal_board("2x3").to_string(), "0 1 2 3 4 5");
  EXPECT_EQ(goal_board("2x3", "blank-last").to_string(), "1 2 3 4 5 0");
  EXPECT_THROW(goal_board("3x3", "1 0 2 3"), OptionError);
  const Board four = random_boards("4x4", 1, 5).front();  // solvable toward blank-first
  EXPECT_TRUE(is_solvable(four));
  EXPECT_FALSE(is_solvable(four, "blank-last"));
  SolveOptions options;
  options.goal = "blank-last";
  const Result r = solve(four, options);
  EXPECT_EQ(r.status, Status::Unsolvable);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.expanded, 0u);
}

TEST(Api, SolutionsReplayToTheGoal) {
  for (const char* size : {"2x3", "3x3", "3x4", "4x4"}) {
    for (const Board& board : random_boards(size, 2, 9, "blank-last", 30)) {
      SolveOptions options;
      options.goal = "blank-last";
      options.heuristic = "lc";
      const Result r = solve(board, options);
      ASSERT_EQ(r.status, Status::Solved) << size;
      EXPECT_TRUE(r.optimal);
      EXPECT_LE(r.length(), 30u);
      const std::vector<Board> path = boards_along(board, r.moves);
      EXPECT_EQ(path.back(), goal_board(size, "blank-last"));
      std::vector<int> goal(board.tiles.size());
      for (std::size_t i = 0; i < goal.size(); ++i)
        goal[i] = static_cast<int>((i + 1) % goal.size());
      EXPECT_TRUE(test_moves::replay_reaches(board.tiles, board.rows, board.cols, r.moves, goal))
          << "with the tests' own moves: " << r.moves;
      EXPECT_EQ(r.tiles_moved.size(), r.length());
    }
  }
  EXPECT_THROW(boards_along(goal_board("3x3"), "U"), BoardError);  // the blank is on the top row
  EXPECT_THROW(boards_along(goal_board("3x3"), "DX"), BoardError);
}

TEST(Api, OptionsAreTheCommandLines) {
  const Board board = parse_board("1 2 3 4 5 6 7 0 8");
  for (auto set :
       {+[](SolveOptions& o) { o.algorithm = "fast"; },
        +[](SolveOptions& o) { o.heuristic = "magic"; },
        +[](SolveOptions& o) { o.tie_break = "random"; },
        +[](SolveOptions& o) { o.mem_limit = "lots"; }, +[](SolveOptions& o) { o.threads = 0; },
        +[](SolveOptions& o) { o.goal = "1 2 3 4 0"; }}) {
    SolveOptions options;
    set(options);
    EXPECT_THROW(solve(board, options), OptionError);
  }
}

// An option the algorithm does not take is refused with the command line's message (option_use);
// options left empty are not given, whatever the algorithm.
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
  EXPECT_EQ(refusal(+[](SolveOptions& o) { o.tie_break = "lifo"; }),
            "--tie-break applies to astar, greedy (the best-first searches); --algo ida does not "
            "take it");
  EXPECT_EQ(refusal(+[](SolveOptions& o) {
              o.owner_hash = "zobrist";
            }).rfind("--owner-hash applies to hda", 0),
            0u);
  EXPECT_EQ(refusal(+[](SolveOptions& o) {
              o.mem_limit = "512M";
            }).rfind("--mem-limit applies to astar, hda, bfs, greedy", 0),
            0u);
  EXPECT_EQ(refusal(+[](SolveOptions& o) {
              o.algorithm = "bfs";
              o.heuristic = "md";
            }).rfind("--heuristic applies to", 0),
            0u);
  for (const char* algorithm : {"ida", "astar", "hda", "pida", "bfs", "dfbnb", "greedy"}) {
    SolveOptions defaults;
    defaults.algorithm = algorithm;
    EXPECT_EQ(solve(board, defaults).status, Status::Solved) << algorithm;
  }
  SolveOptions taken;
  taken.algorithm = "hda";
  taken.owner_hash = "zobrist";
  taken.mem_limit = "512M";
  EXPECT_EQ(solve(board, taken).status, Status::Solved);
}

// Algorithms, heuristics and tie-breaks take the command line's names and aliases, in any case and
// with '_' or ' ' for '-'; results print the name. An unknown one is OptionError naming the
// nearest.
TEST(Api, NamesTakeTheCommandLinesAliases) {
  const Board board = parse_board("8 6 7 2 5 4 3 0 1");
  SolveOptions options;
  options.algorithm = "A*";
  options.heuristic = "Linear_Conflict";
  options.tie_break = "LIFO";
  const Result r = solve(board, options);
  EXPECT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.algorithm, "astar");
  EXPECT_EQ(r.heuristic, "lc");
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(algorithm_name("IDA*"), "ida");
  EXPECT_EQ(algorithm_name("A*+IDA*"), "aida");
  EXPECT_EQ(heuristic_name("Manhattan"), "md");
  EXPECT_EQ(heuristic_name("pattern databases:7-8"), "pdb:7-8");
  EXPECT_EQ(tie_break_name("larger_g"), "larger-g");
  options.heuristic = "manhatan";
  try {
    solve(board, options);
    ADD_FAILURE() << "no OptionError";
  } catch (const OptionError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(
                  "--heuristic: unknown heuristic 'manhatan'; did you mean 'md' (manhattan)? "
                  "known: misplaced, md, lc",
                  0),
              0u)
        << e.what();
  }
  EXPECT_THROW(algorithm_name("a"), OptionError);
}

TEST(Api, LimitsAndTheStopFlagEndASearch) {
  const Board korf1 = parse_board(korf_data::by_id(1).text());
  SolveOptions options;
  options.heuristic = "md";
  options.node_limit = 10000;
  const Result limited = solve(korf1, options);
  EXPECT_EQ(limited.status, Status::Limit);
  EXPECT_EQ(limited.reason, "node limit");
  EXPECT_EQ(limited.exit_code, 4);
  EXPECT_GT(limited.bound, 0);
  EXPECT_TRUE(limited.moves.empty());

  std::atomic<bool> stop{true};
  options.node_limit = 0;
  options.stop = &stop;
  const Result stopped = solve(korf1, options);
  EXPECT_EQ(stopped.status, Status::Limit);
  EXPECT_EQ(stopped.reason, "interrupted");

  SolveOptions memory;
  memory.algorithm = "astar";
  memory.heuristic = "md";
  memory.mem_limit = "1M";
  EXPECT_EQ(solve(korf1, memory).status, Status::OutOfMemory);
}

TEST(Api, SolveAllKeepsTheOrderWithThreads) {
  const std::vector<Board> boards = random_boards("3x3", 12, 4);
  SolveOptions options;
  options.algorithm = "astar";
  options.heuristic = "md";
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
  options.algorithm = "pida";
  for (const Result& r : solve_all(boards, options)) EXPECT_EQ(r.threads, 2);
}

}  // namespace
}  // namespace npuzzle::api
