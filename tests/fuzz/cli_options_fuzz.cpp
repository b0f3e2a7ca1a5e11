// libFuzzer target: the option handling of the `npuzzle` front end (tools/app/commands.hpp).
// The input is split at newlines into words. First the words are given to the real command line
// (the subcommands and options of run_npuzzle) as argv and parsed, without running the chosen
// command (which could start a long search); then the same words go through the checks the
// commands run before any search: request_from_words (algorithm, heuristic, tie-break, limits),
// parse_size_option, parse_goal_option and parse_memory_size. Each must succeed or throw its
// documented error (CLI::ParseError, UsageError); a memory size is never smaller than its number.
#include <CLI/CLI.hpp>

#include <atomic>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "tools/app/commands.hpp"
#include "tools/help_format.hpp"

namespace {

// An invariant broken: say which (the fuzzer keeps the input), then crash.
void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

std::vector<std::string> split_words(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> words(1);
  for (std::size_t i = 0; i < size && words.size() <= 32; ++i) {
    if (data[i] == '\n') {
      words.emplace_back();
    } else {
      words.back() += static_cast<char>(data[i]);
    }
  }
  return words;
}

void parse_command_line(std::vector<std::string> words) {
  using namespace npuzzle;
  CLI::App app{"npuzzle", "npuzzle"};
  app.formatter(std::make_shared<HelpFormatter>());  // as run_npuzzle: the commands' manuals
  app.require_subcommand(1);
  Action action;
  SolveSession session;
  add_solve_command(app, action, session);
  add_random_command(app, action);
  add_verify_command(app, action);
  add_bench_command(app, action, session);
  words.insert(words.begin(), "npuzzle");
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
    require(static_cast<bool>(action), "a parsed command chose no action");
  } catch (const CLI::ParseError&) {
  }
}

void check_option_values(const std::vector<std::string>& words) {
  using namespace npuzzle;
  const auto word = [&](std::size_t i) { return i < words.size() ? words[i] : std::string(); };
  SearchOptions options;
  options.algorithm = word(0);
  options.heuristic = word(1);
  options.tie_break = word(2).empty() ? options.tie_break : word(2);
  options.memory_limit = word(3);
  static const std::atomic<bool> interrupt{false};
  try {
    const SolveRequest request = request_from_words(options, &interrupt);
    require(request.limits.interrupt == &interrupt, "request_from_words left Ctrl-C unconnected");
  } catch (const UsageError&) {
  }
  try {
    const BoardSize size = parse_size_option(word(4));
    require(!size.known() || (size.rows >= 2 && size.rows <= 5 && size.cols >= 2 && size.cols <= 5),
            "parse_size_option accepted a size outside 2..5");
  } catch (const UsageError&) {
  }
  try {
    parse_goal_option(word(5));
  } catch (const UsageError&) {
  }
  for (const std::string& w : words) {
    try {
      const std::uint64_t bytes = parse_memory_size(w);
      std::size_t digits = 0;
      while (digits < w.size() && std::isdigit(static_cast<unsigned char>(w[digits]))) ++digits;
      require(bytes >= std::stoull(w.substr(0, digits)),
              "parse_memory_size gave less than the number written (overflow)");
    } catch (const UsageError&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> words = split_words(data, size);
  parse_command_line(words);
  check_option_values(words);
  return 0;
}
