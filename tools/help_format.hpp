// tools/help_format.hpp — the manual of `npuzzle` and `pdbgen`: one text per command, shown as
// `--help` (wrapped to the terminal) and written as a man page (roff), so the two never disagree.
//
// A command's page: its name and one-line summary (the CLI11 description), USAGE, DESCRIPTION,
// OPTIONS, EXAMPLES and EXIT CODES. The options come from CLI11: their names, and as the name of
// their value the option text (`N`, `FILE`, `SIZE`, `NAME[:PARTITION]`) — never CLI11's type
// words (TEXT, INT) or REQUIRED tails. Options of the group "" are hidden. The rest of a page is
// the command's CommandManual, kept in the HelpFormatter that every command of a tool shares (CLI11
// gives a subcommand its parent's formatter; set it on the tool before adding the commands).
//
// Widths: a line of --help is at most help_width() columns (counted in characters, not bytes),
// except a word or an example's command line longer than the line, which is never broken.
//
// Defined in help_format.cpp (the manuals and the help and version commands), help_layout.cpp
// (--help: the width, the wrapping, the sections) and help_roff.cpp (the man page).
#pragma once

#include <CLI/CLI.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace npuzzle {

struct HelpExample {
  std::string command;  // a whole command line, as typed in a shell
  std::string purpose;  // what it does, a sentence
};

struct HelpExitCode {
  int code;
  std::string meaning;
};

struct CommandManual {
  std::string description;  // paragraphs separated by a blank line
  std::vector<HelpExample> examples;
  std::vector<HelpExitCode> exit_codes;
};

class HelpFormatter : public CLI::Formatter {
 public:
  // `--help`: the page of `command` (`path` is its name with the tool's: "npuzzle solve").
  std::string make_help(const CLI::App* command, std::string path,
                        CLI::AppFormatMode mode) const override;
  CommandManual& manual(const CLI::App* command) { return manuals_[command]; }
  // The manual of `command` (an empty one when none was written).
  const CommandManual& manual(const CLI::App* command) const;

 private:
  std::map<const CLI::App*, CommandManual> manuals_;
};

// The manual of `command`, whose formatter must be a HelpFormatter (std::logic_error otherwise).
CommandManual& manual_of(CLI::App& command);
const CommandManual& manual_of(const CLI::App& command);

// The width --help wraps to: $COLUMNS when it is a whole number, else the terminal's on standard
// output, else 80; never under 40.
int help_width();

// The page of `command` (`path`: "npuzzle solve") at `width` columns.
std::string help_text(const CLI::App& command, const std::string& path, int width);

// The man page (section 1) of `tool` and every command of it, from the same text as help_text.
std::string man_page(const CLI::App& tool, const std::string& version_text);

// `TOOL help [COMMAND]` (and the hidden `help --man`, the man page) and `TOOL version`.
struct ManualCommands {
  CLI::App* help = nullptr;
  CLI::App* version = nullptr;
  std::string version_text;  // "npuzzle 0.1.0"
  std::string topic;         // help's COMMAND
  bool man = false;          // help --man

  bool given() const { return help->parsed() || version->parsed(); }
};

// `--help` and `--version` on `tool`; call before adding its commands (they inherit the help flag).
void add_manual_flags(CLI::App& tool, const std::string& version_text);

// Registers `help` and `version` on `tool` (with their manuals), after its other commands (they
// are listed in this order). `example_topic` is the command help's examples show (`npuzzle help
// solve`).
std::shared_ptr<ManualCommands> add_manual_commands(CLI::App& tool, const std::string& version_text,
                                                    const std::string& example_topic);

// Runs `help` or `version` when `commands` says one was given, printing on stdout; false (after a
// message and a did-you-mean on stderr) when help was asked about a command the tool does not have.
bool run_manual_command(const CLI::App& tool, const ManualCommands& commands);

}  // namespace npuzzle
