// What the searches of one caller share lives in the SolveSession the caller owns
// (engine/solve_session.hpp), not in the process: the fall-back to linear conflict is said once per
// session, the lookups of a pattern database set are told once per session, and each session
// loads its own sets, once.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/heuristic_registry.hpp"
#include "engine/solver.hpp"

namespace npuzzle {
namespace {

// One move from the blank-first goal of 4x4, whose default heuristic reads pattern databases.
const RunBoard kOneMoveFromGoal{{4, 4}, {1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}};
const RunBoard kSmallBoard{{2, 3}, {4, 1, 2, 5, 3, 0}};

// A request whose notes go to `lines`.
SolveRequest noting_to(std::vector<std::string>& lines) {
  SolveRequest request;
  request.log = [&lines](LogLevel, const std::string& line) { lines.push_back(line); };
  return request;
}

std::size_t count_starting(const std::vector<std::string>& lines, const std::string& head) {
  return static_cast<std::size_t>(std::count_if(
      lines.begin(), lines.end(), [&](const auto& line) { return line.rfind(head, 0) == 0; }));
}

TEST(SolveSession, TheFallBackIsSaidOncePerSession) {
  std::vector<std::string> lines;
  SolveRequest request = noting_to(lines);
  request.pdb_dir = "/proc/npuzzle-cannot-be-created";  // the default databases cannot be had
  SolveSession first;
  for (int i = 0; i < 2; ++i) {
    const SolveOutcome outcome = solve_instance(first, request, kOneMoveFromGoal);
    ASSERT_TRUE(outcome.solved()) << outcome.error;
    EXPECT_EQ(outcome.heuristic.name(), default_heuristic_without_databases().name());
  }
  EXPECT_EQ(count_starting(lines, "no pattern database"), 1u);
  EXPECT_TRUE(first.databases_unavailable().load());
  SolveSession second;  // its own: it tries, and says so, once more
  EXPECT_FALSE(second.databases_unavailable().load());
  ASSERT_TRUE(solve_instance(second, request, kOneMoveFromGoal).solved());
  EXPECT_EQ(count_starting(lines, "no pattern database"), 2u);
}

TEST(SolveSession, TheLookupsAreToldOncePerSession) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("npuzzle-session-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::vector<std::string> lines;
  SolveRequest request = noting_to(lines);
  std::string error;
  request.heuristic = parse_heuristic("pdb", error);
  request.pdb_dir = dir.string();
  SolveSession first;
  ASSERT_TRUE(solve_instance(first, request, kSmallBoard).solved());
  ASSERT_TRUE(solve_instance(first, request, kSmallBoard).solved());
  EXPECT_EQ(count_starting(lines, "heuristic pdb"), 1u);
  SolveSession second;
  ASSERT_TRUE(solve_instance(second, request, kSmallBoard).solved());
  EXPECT_EQ(count_starting(lines, "heuristic pdb"), 2u);
  std::filesystem::remove_all(dir);
}

TEST(SolveSession, EachSessionLoadsItsOwnSetsOnce) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("npuzzle-session-sets-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const RunBoard goal{{2, 3}, {0, 1, 2, 3, 4, 5}};
  const auto set_of = [&](SolveSession& session, bool& first) {
    return session.databases().set(dir.string(), goal, nullptr, first, {}, {}, false);
  };
  SolveSession one;
  SolveSession other(2);  // as a rank that shares its host with another
  bool first = false;
  const auto set = set_of(one, first);
  EXPECT_TRUE(first);
  EXPECT_EQ(set_of(one, first), set);
  EXPECT_FALSE(first);
  const auto others = set_of(other, first);
  EXPECT_TRUE(first);
  EXPECT_NE(others, set);
  ASSERT_EQ(others->tables.size(), set->tables.size());
  EXPECT_NE(others->tables.front(), set->tables.front());
  EXPECT_EQ(set_of(other, first), others);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace npuzzle
