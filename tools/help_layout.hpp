// tools/help_layout.hpp — the pieces of a command's page that --help and the man page share: its
// description's paragraphs, its usage line, its commands, its options (name, value, text) and its
// exit codes. The --help layout (wrapping to the width, the sections, two columns) is in
// help_layout.cpp, the roff rendering of the man page in help_roff.cpp; both take these pieces, so
// the two never disagree.
//
// Invariants: the options of the group "" are hidden everywhere; positionals come first, in their
// order; an option's value is named by its option text, else its long name in capitals, never by
// CLI11's type words.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace npuzzle {

// The paragraphs of `text` (separated by a blank line), blank ones left out.
std::vector<std::string> paragraphs_of(const std::string& text);

// The commands of `tool`, in the order they were added.
std::vector<const CLI::App*> commands_of(const CLI::App& tool);

struct OptionEntry {
  std::string names;  // "-f, --file", "" for a positional
  std::string value;  // "FILE", "[=SECONDS]", "" for a flag
  std::string text;   // what it does

  std::string heading() const {
    if (names.empty()) return value;
    if (value.empty()) return names;
    return names + (value.front() == '[' ? "" : " ") + value;
  }
};

// The options of `command` that are shown, positionals first.
std::vector<OptionEntry> option_entries(const CLI::App& command);

// "npuzzle solve [OPTIONS] [BOARD...]": `path`, COMMAND when `command` has commands, the options
// and the positionals (a required one bare, another in brackets).
std::string usage_of(const CLI::App& command, const std::string& path);

// An exit code as its section lists it.
std::string exit_code_heading(int code);

}  // namespace npuzzle
