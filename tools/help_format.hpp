// tools/help_format.hpp — the --help layout of npuzzle and pdbgen: CLI11's, without the parts of it
// that read as artefacts. A flag that takes an optional value shows `--progress[=SECONDS]` (its
// option text), not `--progress{5}`; an option's value is named once (`SECONDS`, `INT`), not with
// its check's words (`FLOAT:SECONDS`, `INT:INT in [1 - 100]`); the options an option excludes are
// left to its text (no `Excludes:` pushing it down). Defaults are stated in each option's text.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <string>

namespace npuzzle {

class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_option_name(const CLI::Option* opt, bool is_positional) const override {
    std::string name = CLI::Formatter::make_option_name(opt, is_positional);
    std::string out;
    int depth = 0;  // inside a flag's default value: "--progress{5}"
    for (const char c : name) {
      depth += c == '{';
      if (depth == 0) out += c;
      depth -= c == '}' && depth > 0;
    }
    return out;
  }

  std::string make_option_opts(const CLI::Option* opt) const override {
    const std::string& text = opt->get_option_text();
    if (!text.empty()) return text.front() == '[' ? text : " " + text;  // "--progress[=SECONDS]"
    if (opt->get_type_size() == 0) return {};
    std::string type = opt->get_type_name();
    if (const std::size_t colon = type.find(':'); colon != std::string::npos) {
      // "FLOAT:SECONDS": the check's one-word name; "INT:INT in [1 - 100]": the type.
      const std::string check = type.substr(colon + 1);
      const bool word = !check.empty() && std::all_of(check.begin(), check.end(), [](char c) {
        return std::isupper(static_cast<unsigned char>(c)) != 0 || c == '_';
      });
      type = word ? check : type.substr(0, colon);
    }
    std::string out = type.empty() ? std::string() : " " + type;
    if (opt->get_expected_max() == CLI::detail::expected_max_vector_size) out += " ...";
    if (opt->get_required()) out += " REQUIRED";
    return out;
  }
};

}  // namespace npuzzle
