// A request error is a value (text/request_error.hpp) that each front end words at its edge: the
// command line names its flags, the library its SolveOptions, a caller of the library (the Python
// module) its own words; nothing in the value names an option.
#include <gtest/gtest.h>

#include <string>

#include "engine/option_use.hpp"
#include "engine/solver.hpp"
#include "npuzzle/npuzzle.hpp"
#include "tools/app/option_flags.hpp"

namespace npuzzle {
namespace {

RequestError refused_tie_break_for_ida() {
  try {
    check_options_apply({SearchOption::TieBreak}, {Algorithm::Ida});
  } catch (const UsageError& e) {
    return e.error();
  }
  ADD_FAILURE() << "a tie-break for ida was taken";
  return {};
}

// Keyword words as the Python module gives them.
const api::OptionWords kKeywords{
    [](api::Option option) { return option == api::Option::TieBreak ? "tie_break" : "algorithm"; },
    [](api::Option option, const std::string& value) {
      return std::string(option == api::Option::TieBreak ? "tie_break" : "algorithm") + "=\"" +
             value + "\"";
    }};

TEST(RequestError, OneValueIsWordedByEachFrontEnd) {
  const RequestError error = refused_tie_break_for_ida();
  EXPECT_EQ(error.kind, RequestErrorKind::NotTaken);
  EXPECT_EQ(error.option, OptionField::TieBreak);
  EXPECT_EQ(error.takers, (std::vector<std::string>{"astar", "greedy"}));
  EXPECT_EQ(error.chosen, std::vector<std::string>{"ida"});
  EXPECT_EQ(render_request_error(error, command_line_words()),
            "--tie-break applies to astar, greedy (the best-first searches); --algo ida does not "
            "take it");
  EXPECT_EQ(render_request_error(error, library_words()),
            "tie_break applies to astar, greedy (the best-first searches); algorithm ida does not "
            "take it");
  api::SolveOptions options;
  options.algorithm = api::Algorithm::Ida;
  options.tie_break = api::TieBreak::Fifo;
  try {
    api::solve(api::parse_board("1 0 2 3 4 5 6 7 8"), options);
    FAIL() << "a tie-break for ida was taken";
  } catch (const api::OptionError& e) {
    EXPECT_EQ(e.error().message(), render_request_error(error, library_words()));
    EXPECT_EQ(e.error().message(kKeywords),
              "tie_break applies to astar, greedy (the best-first searches); algorithm=\"ida\" "
              "does not take it");
  }
}

TEST(RequestError, AHeuristicTooLargeForTheBoardIsAValue) {
  SolveSession session;
  SolveRequest request;
  request.heuristic = heuristic_option("wd");
  const SolveOutcome outcome =
      solve_instance(session, request, RunBoard{{5, 5}, RunBoard::goal_of({5, 5}, {}).tiles});
  ASSERT_EQ(outcome.error_kind, SolveError::Usage);
  EXPECT_EQ(outcome.usage.kind, RequestErrorKind::DoesNotFit);
  EXPECT_EQ(outcome.usage.max_side, 4);
  EXPECT_EQ(outcome.usage.board, "5x5");
  EXPECT_EQ(outcome.error_message(command_line_words()),
            "--heuristic wd is for boards of up to 4x4, not 5x5; lc or pdb work on every board");
  EXPECT_EQ(outcome.error, outcome.error_message(library_words()));
  EXPECT_EQ(outcome.error.find("--"), std::string::npos) << outcome.error;
}

TEST(RequestError, TheBoardParserNamesTheSizeOptionInTheCallersWords) {
  const auto cli = parse_instances("1 2 3 4 5 0\n", command_line_parse({}));
  ASSERT_FALSE(cli.at(0).ok());
  EXPECT_NE(cli[0].error.find("; give --size RxC"), std::string::npos) << cli[0].error;
  const auto library = parse_instances("1 2 3 4 5 0\n");
  EXPECT_NE(library[0].error.find("; give size RxC"), std::string::npos) << library[0].error;
}

}  // namespace
}  // namespace npuzzle
