// Typed outcomes and errors of the engine (engine/solver.hpp) and their one mapping to exit codes
// (engine/exit_code.hpp), and the registries' coverage: every algorithm and heuristic name parses
// back to itself, every algorithm runs with every heuristic it takes on a small board.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/algorithm_registry.hpp"
#include "engine/exit_code.hpp"
#include "engine/heuristic_registry.hpp"
#include "engine/option_use.hpp"
#include "engine/solver.hpp"
#include "tools/app/option_flags.hpp"

namespace npuzzle {
namespace {

const RunBoard kBoard{{2, 3}, {4, 1, 2, 5, 3, 0}};

TEST(EngineOutcome, AHeuristicThatDoesNotFitIsAUsageError) {
  SolveSession session;
  SolveRequest request;
  request.heuristic = heuristic_option("wd");
  const SolveOutcome outcome =
      solve_instance(session, request, RunBoard{{5, 5}, RunBoard::goal_of({5, 5}, {}).tiles});
  ASSERT_TRUE(outcome.failed());
  EXPECT_EQ(outcome.error_kind, SolveError::Usage);
  EXPECT_EQ(exit_code_for(outcome), ExitCode::Usage);
}

TEST(EngineOutcome, APartitionThatDoesNotFitIsAUsageError) {
  SolveSession session;
  SolveRequest request;
  request.heuristic = heuristic_option("pdb:1,2,3/4,5,6,7,8,9");
  const SolveOutcome outcome = solve_instance(session, request, kBoard);
  ASSERT_TRUE(outcome.failed());
  EXPECT_EQ(outcome.error_kind, SolveError::Usage) << outcome.error;
}

TEST(EngineOutcome, AnUnusableDatabaseDirectoryIsAnInputError) {
  SolveSession session;
  SolveRequest request;
  request.heuristic = heuristic_option("pdb");
  request.pdb_dir = "/proc/npuzzle-cannot-be-created";
  const SolveOutcome outcome = solve_instance(session, request, kBoard);
  ASSERT_TRUE(outcome.failed());
  EXPECT_EQ(outcome.error_kind, SolveError::Input) << outcome.error;
  EXPECT_EQ(exit_code_for(outcome), ExitCode::Input);
}

TEST(EngineOutcome, StatusesMapToTheDocumentedCodes) {
  SolveSession session;
  EXPECT_EQ(exit_code_for(Status::Solved), ExitCode::Solved);
  EXPECT_EQ(exit_code_for(Status::Unsolvable), ExitCode::Unsolvable);
  EXPECT_EQ(exit_code_for(Status::Limit), ExitCode::Limit);
  EXPECT_EQ(exit_code_for(Status::OutOfMemory), ExitCode::OutOfMemory);
  EXPECT_EQ(exit_code_for(pdb::ErrorKind::TimeLimit), ExitCode::Limit);
  EXPECT_EQ(exit_code_for(pdb::ErrorKind::Interrupted), ExitCode::Limit);
  EXPECT_EQ(exit_code_for(pdb::ErrorKind::Memory), ExitCode::OutOfMemory);
  EXPECT_EQ(exit_code_for(pdb::ErrorKind::Database), ExitCode::Input);
  EXPECT_EQ(exit_code_for(pdb::ErrorKind::Usage), ExitCode::Usage);
  SolveRequest request;
  const SolveOutcome unsolvable = solve_instance(session, request, RunBoard{{2, 2}, {0, 2, 1, 3}});
  EXPECT_EQ(exit_code_for(unsolvable), ExitCode::Unsolvable);
  EXPECT_EQ(unsolvable.solvable_for, "blank-last");
  EXPECT_NE(unsolvable.reason(command_line_words()).find("solvable for --goal blank-last"),
            std::string::npos)
      << unsolvable.reason(command_line_words());
}

TEST(EngineRegistries, EveryNameParsesBackToItself) {
  std::set<std::string> names;
  for (const AlgorithmInfo& info : kAlgorithmInfo) {
    EXPECT_EQ(algorithm_option(info.name), info.id);
    EXPECT_EQ(algorithm_name(info.id), std::string(info.name));
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
  }
  EXPECT_EQ(names.size(), kAlgorithmCount);
  for (std::size_t i = 0; i < kHeuristicInfo.size(); ++i) {
    const HeuristicChoice choice = heuristic_option(kHeuristicInfo[i].name);
    EXPECT_EQ(choice.index, i);
    EXPECT_EQ(choice.name(), kHeuristicInfo[i].name);
  }
  std::set<std::string> flags;
  for (SearchOption option : kSearchOptions) EXPECT_TRUE(flags.insert(option_flag(option)).second);
  EXPECT_THROW(algorithm_option("dijkstra"), UsageError);
  EXPECT_THROW(heuristic_option("md:7-8"), UsageError);
}

TEST(EngineRegistries, EveryAlgorithmRunsWithEveryHeuristicItTakes) {
  SolveSession session;
  for (const AlgorithmInfo& algorithm : kAlgorithmInfo) {
    for (std::size_t h = 0; h < kHeuristicInfo.size(); ++h) {
      if (kHeuristicInfo[h].uses_databases) continue;  // the database tests build them
      SolveRequest request;
      request.algorithm = algorithm.id;
      if (algorithm.heuristic) request.heuristic = HeuristicChoice{h, {}};
      const SolveOutcome outcome = solve_instance(session, request, kBoard);
      ASSERT_TRUE(outcome.solved())
          << algorithm.name << " + " << kHeuristicInfo[h].name << ": " << outcome.error;
      if (algorithm.optimal) {
        EXPECT_EQ(outcome.result.path.size(), 11u) << algorithm.name;
      }
      EXPECT_EQ(outcome.heuristic.none(), !algorithm.heuristic);
      if (!algorithm.heuristic) break;
    }
  }
}

}  // namespace
}  // namespace npuzzle
