// tools/did_you_mean.hpp — suggestions for mistyped names, shared by `npuzzle` and `pdbgen`:
// `npuzzle slove` -> "did you mean 'solve'?", `--heurstic` -> "did you mean '--heuristic'?".
//
// The nearest name is text/name_match.hpp's (shared with the values of --algo, --heuristic and
// --tie-break): a name is suggested only when it is the single nearest one within a small distance
// for the word's length, so the hint never guesses wildly.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "text/name_match.hpp"
#include "text/parse.hpp"

namespace npuzzle {

// After CLI11 refused the command line: a hint for the first subcommand or option it does not
// know ("unknown subcommand 'slove'; did you mean 'solve'?"), or "" when there is nothing to say.
inline std::string did_you_mean(CLI::App& app, int argc, char** argv) {
  const std::function<bool(CLI::App*)> every = [](CLI::App*) { return true; };
  CLI::App* current = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string token = argv[i];
    if (token == "--") break;
    if (token.size() > 1 && token[0] == '-') {
      const std::string name = token.substr(0, token.find('='));
      if (name == "--help" || name == "-h" || current->get_option_no_throw(name) != nullptr) {
        continue;
      }
      if (name.size() == 2 && name[1] != '-') return {};  // a short option: nothing to compare
      std::vector<std::string> known = {"--help"};
      for (const CLI::Option* option : current->get_options()) {
        for (const std::string& long_name : option->get_lnames()) known.push_back("--" + long_name);
      }
      const std::string hint = closest_name(name, known);
      if (hint.empty()) return {};
      return "unknown option '" + name + "'" +
             (current == &app ? "" : " for " + current->get_name()) + "; did you mean '" + hint +
             "'?";
    }
    if (current != &app) continue;  // a positional argument of the subcommand
    CLI::App* sub = nullptr;
    for (CLI::App* candidate : app.get_subcommands(every)) {
      if (candidate->check_name(token)) sub = candidate;
    }
    if (sub != nullptr) {
      current = sub;
      continue;
    }
    std::vector<std::string> names;
    for (CLI::App* candidate : app.get_subcommands(every)) names.push_back(candidate->get_name());
    const std::string hint = closest_name(token, names);
    return hint.empty() ? std::string()
                        : "unknown subcommand '" + token + "'; did you mean '" + hint + "'?";
  }
  return {};
}

// CLI11's words for an option given more than once ("--pdb-dir: At Most 1 required but received
// 2") in the tool's: "--pdb-dir given 2 times: give it once". Any other message is kept.
inline std::string reword_repeated_option(const std::string& message) {
  const std::string marker = ": At Most 1 required but received ";
  const std::size_t at = message.find(marker);
  if (at == std::string::npos) return message;
  std::string times = message.substr(at + marker.size());
  while (!times.empty() && (times.back() == '\n' || times.back() == ' ')) times.pop_back();
  return message.substr(0, at) + " given " + times + " times: give it once";
}

// Reports a command line CLI11 refused, on stderr, as one "TOOL: ..." line (the did-you-mean hint
// when there is one, else CLI11's message, reworded where it is CLI11's own jargon) and a pointer
// to --help. Returns 0 when the "error" was --help or --version (printed to stdout by CLI11), else
// 1, the usage exit code.
inline int report_parse_error(CLI::App& app, const CLI::ParseError& e, int argc, char** argv,
                              const std::string& tool) {
  if (e.get_exit_code() == 0) return app.exit(e);
  const std::string hint = did_you_mean(app, argc, argv);
  std::string what = hint.empty() ? reword_repeated_option(e.what()) : hint;
  while (!what.empty() && (what.back() == '\n' || what.back() == ' ')) what.pop_back();
  std::cerr << tool << ": " << printable(what) << "\n"
            << "Run `" << tool << " --help` (or `" << tool
            << " SUBCOMMAND --help`) for the options.\n";
  return 1;
}

}  // namespace npuzzle
