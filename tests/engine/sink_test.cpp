// The engine's notes go to the request's sink and nowhere else (engine/log.hpp): a solve that
// builds a pattern database on first use prints nothing with an empty sink, tells a sink what the
// command line prints, and the library's callback receives the same notes.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "api/request_from_options.hpp"
#include "engine/solver.hpp"
#include "npuzzle/npuzzle.hpp"

namespace npuzzle {
namespace {

// A database directory of its own per test: the process caches a set per directory, so a second
// solve in the same directory would not build (nor say anything).
std::string fresh_directory(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("npuzzle-sink-test-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

const RunBoard kSixCellBoard{{2, 3}, {4, 1, 2, 5, 3, 0}};

SolveRequest pdb_request(const std::string& dir) {
  SolveRequest request;
  request.heuristic = HeuristicChoice{};
  std::string error;
  request.heuristic = parse_heuristic("pdb", error);
  request.pdb_dir = dir;
  return request;
}

TEST(EngineLog, AQuietSolveThatBuildsADatabasePrintsNothing) {
  SolveSession session;
  const std::string dir = fresh_directory("quiet");
  testing::internal::CaptureStderr();
  testing::internal::CaptureStdout();
  const SolveOutcome outcome = solve_instance(session, pdb_request(dir), kSixCellBoard);
  const std::string out = testing::internal::GetCapturedStdout();
  const std::string err = testing::internal::GetCapturedStderr();
  ASSERT_TRUE(outcome.solved()) << outcome.error;
  EXPECT_FALSE(std::filesystem::is_empty(dir)) << "no database was built";
  EXPECT_EQ(err, "");
  EXPECT_EQ(out, "");
  std::filesystem::remove_all(dir);
}

TEST(EngineLog, TheSinkHearsTheBuildAndTheHeuristic) {
  SolveSession session;
  const std::string dir = fresh_directory("sink");
  SolveRequest request = pdb_request(dir);
  std::vector<std::string> lines;
  request.log = [&lines](LogLevel, const std::string& line) { lines.push_back(line); };
  testing::internal::CaptureStderr();
  const SolveOutcome outcome = solve_instance(session, request, kSixCellBoard);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  ASSERT_TRUE(outcome.solved()) << outcome.error;
  ASSERT_FALSE(lines.empty());
  bool heuristic_named = false;
  for (const std::string& line : lines) heuristic_named |= line.rfind("heuristic pdb", 0) == 0;
  EXPECT_TRUE(heuristic_named) << lines.back();
  EXPECT_EQ(outcome.heuristic.name().rfind("pdb:", 0), 0u) << outcome.heuristic.name();
  std::filesystem::remove_all(dir);
}

TEST(EngineLog, TheLibrarysCallbackGetsTheNotesAndNothingElseDoes) {
  SolveSession session;
  const std::string dir = fresh_directory("api");
  api::SolveOptions options;
  options.pdb_dir = dir;
  options.heuristic = api::Heuristic{api::HeuristicKind::Pdb};
  std::vector<api::Note> notes;
  options.on_note = [&notes](const api::Note& note) { notes.push_back(note); };
  const api::Board board{2, 3, kSixCellBoard.tiles};
  testing::internal::CaptureStderr();
  const api::Result solved = api::solve(board, options);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  ASSERT_EQ(solved.status, api::Status::Solved) << solved.error;
  ASSERT_FALSE(notes.empty());
  // The same notes as the engine's sink gets for the same first use of a directory.
  const std::string other = fresh_directory("api-sink");
  SolveRequest request = pdb_request(other);
  std::vector<std::string> lines;
  request.log = [&lines](LogLevel, const std::string& line) { lines.push_back(line); };
  ASSERT_TRUE(solve_instance(session, request, kSixCellBoard).solved());
  ASSERT_EQ(notes.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string expected = lines[i];
    for (std::size_t at; (at = expected.find(other)) != std::string::npos;) {
      expected.replace(at, other.size(), dir);
    }
    EXPECT_EQ(notes[i].text, expected);
  }

  // Without a callback the notes go nowhere: the library never writes to stderr itself.
  const std::string quiet_dir = fresh_directory("api-quiet");
  options.pdb_dir = quiet_dir;
  options.on_note = nullptr;
  testing::internal::CaptureStderr();
  EXPECT_EQ(api::solve(board, options).status, api::Status::Solved);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_FALSE(std::filesystem::is_empty(quiet_dir)) << "no database was built";
  for (const std::string& d : {dir, other, quiet_dir}) std::filesystem::remove_all(d);
}

}  // namespace
}  // namespace npuzzle
