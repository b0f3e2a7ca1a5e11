#include "tools/help_format.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "tools/did_you_mean.hpp"

namespace npuzzle {
namespace {

constexpr int kNarrowest = 40;
constexpr std::size_t kIndent = 2;         // of the entries of a section
constexpr std::size_t kStackedIndent = 8;  // of a description below its option
constexpr std::size_t kExampleIndent = 6;  // of an example's purpose

// Characters, not bytes: UTF-8 continuation bytes take no column.
std::size_t columns(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

std::vector<std::string> paragraphs_of(const std::string& text) {
  std::vector<std::string> paragraphs;
  for (std::size_t begin = 0; begin <= text.size();) {
    std::size_t end = text.find("\n\n", begin);
    if (end == std::string::npos) end = text.size();
    if (!words_of(text.substr(begin, end - begin)).empty()) {
      paragraphs.push_back(text.substr(begin, end - begin));
    }
    begin = end + 2;
  }
  return paragraphs;
}

// `text` filled into lines of at most `room` columns; a longer word has a line of its own.
std::vector<std::string> fill(const std::string& text, std::size_t room) {
  std::vector<std::string> lines;
  std::string line;
  for (const std::string& word : words_of(text)) {
    if (!line.empty() && columns(line) + 1 + columns(word) > room) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::size_t longest_word(const std::string& text) {
  std::size_t longest = 0;
  for (const std::string& word : words_of(text)) longest = std::max(longest, columns(word));
  return longest;
}

// `text` filled to `width`, every line after `indent` spaces.
std::string indented(const std::string& text, std::size_t indent, std::size_t width) {
  std::string out;
  const std::size_t room = width > indent ? width - indent : 1;
  for (const std::string& line : fill(text, room)) out += std::string(indent, ' ') + line + "\n";
  return out;
}

bool hidden(const CLI::Option* option) { return option->get_group().empty(); }

std::vector<const CLI::Option*> shown_options(const CLI::App& command) {
  std::vector<const CLI::Option*> options;
  for (const CLI::Option* option : command.get_options()) {
    if (!hidden(option)) options.push_back(option);
  }
  // Positionals (the arguments) first, in their order.
  std::stable_partition(options.begin(), options.end(),
                        [](const CLI::Option* option) { return !option->nonpositional(); });
  return options;
}

std::vector<const CLI::App*> commands_of(const CLI::App& tool) {
  std::vector<const CLI::App*> commands;
  for (const CLI::App* command : tool.get_subcommands([](const CLI::App*) { return true; })) {
    commands.push_back(command);
  }
  return commands;
}

// The name of an option's value: its option text, else its long name in capitals; nothing for a
// flag. An option text beginning with '[' (an optional value: "[=SECONDS]") follows the name
// without a blank.
std::string value_name(const CLI::Option* option) {
  std::string name = option->get_option_text();
  if (name.empty() && option->get_expected_max() != 0) {
    name = option->get_lnames().empty() ? option->get_name() : option->get_lnames().front();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) {
      return static_cast<char>(c == '_' ? '-' : std::toupper(c));
    });
  }
  return name;
}

// The option's names as typed ("-f, --file"), for a positional nothing.
std::string option_names(const CLI::Option* option) {
  std::string names;
  for (const std::string& name : option->get_snames())
    names += (names.empty() ? "-" : ", -") + name;
  for (const std::string& name : option->get_lnames()) {
    names += (names.empty() ? "--" : ", --") + name;
  }
  return names;
}

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

std::vector<OptionEntry> option_entries(const CLI::App& command) {
  std::vector<OptionEntry> entries;
  for (const CLI::Option* option : shown_options(command)) {
    entries.push_back({option->nonpositional() ? option_names(option) : std::string(),
                       value_name(option), option->get_description()});
  }
  return entries;
}

std::string usage_of(const CLI::App& command, const std::string& path) {
  std::string usage = path;
  if (!commands_of(command).empty()) usage += " COMMAND";
  usage += " [OPTIONS]";
  for (const CLI::Option* option : shown_options(command)) {
    if (option->nonpositional()) continue;
    usage += " " + (option->get_required() ? value_name(option) : "[" + value_name(option) + "]");
  }
  return usage;
}

// Two columns: a heading (an option, a command, an exit code) and its text, the texts aligned at
// one column. A heading wider than the column puts its text on the next line; a text with a word
// too long for its column goes below its heading, further in.
std::string two_columns(const std::vector<std::pair<std::string, std::string>>& rows,
                        std::size_t width) {
  std::size_t widest = 0;
  for (const auto& row : rows) widest = std::max(widest, columns(row.first));
  const std::size_t cap = std::clamp<std::size_t>(width * 3 / 8, 16, 32);
  const std::size_t column = std::min(kIndent + widest + 2, cap);
  std::string out;
  for (const auto& [heading, text] : rows) {
    const std::string head = std::string(kIndent, ' ') + heading;
    const bool stacked = longest_word(text) > width - column;
    const std::size_t indent = stacked ? kStackedIndent : column;
    std::vector<std::string> lines = fill(text, width - indent);
    if (columns(head) + 2 <= column && !stacked && !lines.empty()) {
      out += head + std::string(column - columns(head), ' ') + lines.front() + "\n";
      lines.erase(lines.begin());
    } else {
      out += head + "\n";
    }
    for (const std::string& line : lines) out += std::string(indent, ' ') + line + "\n";
  }
  return out;
}

std::string exit_code_heading(int code) { return std::to_string(code); }

// roff: text on a line of its own, with the characters troff reads as requests or escapes
// written out, and any character beyond ASCII as its Unicode name (\[u2026]).
std::string roff(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\\') {
      out += "\\e";
    } else if (byte == '-') {
      out += "\\-";
    } else if (byte < 0x80) {
      out += static_cast<char>(byte);
    } else {
      const int extra = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1;
      unsigned code = byte & (0x3F >> extra);
      for (int k = 0; k < extra && i + 1 < text.size(); ++k) {
        code = (code << 6) | (static_cast<unsigned char>(text[++i]) & 0x3F);
      }
      char name[16];
      std::snprintf(name, sizeof name, "\\[u%04X]", code);
      out += name;
    }
  }
  if (!out.empty() && (out.front() == '.' || out.front() == '\'')) out.insert(0, "\\&");
  return out;
}

std::string roff_heading(const OptionEntry& entry) {
  std::string out;
  if (!entry.names.empty()) {
    std::string names;
    std::size_t begin = 0;
    while (begin < entry.names.size()) {
      std::size_t end = entry.names.find(", ", begin);
      if (end == std::string::npos) end = entry.names.size();
      names += (names.empty() ? "" : ", ") + std::string("\\fB") +
               roff(entry.names.substr(begin, end - begin)) + "\\fR";
      begin = end + 2;
    }
    out = names;
  }
  if (!entry.value.empty()) {
    out += (entry.names.empty() || entry.value.front() == '[' ? "" : " ") + std::string("\\fI") +
           roff(entry.value) + "\\fR";
  }
  return out;
}

// A command's options, examples and exit codes in roff (and a command's description: the tool's is
// its page's DESCRIPTION): sections (.SH) of the tool's own page, or for a command, bold paragraph
// titles inside its .SS.
std::string roff_sections(const CLI::App& command, bool top) {
  const CommandManual& manual = manual_of(command);
  const auto heading = [&](const std::string& title) {
    return top ? ".SH " + title + "\n" : ".PP\n.B " + title + "\n";
  };
  std::string out;
  if (!top) {
    for (const std::string& paragraph : paragraphs_of(manual.description)) {
      out += ".PP\n" + roff(paragraph) + "\n";
    }
  }
  const std::vector<OptionEntry> entries = option_entries(command);
  if (!entries.empty()) {
    out += heading(top ? "OPTIONS" : "Options");
    for (const OptionEntry& entry : entries) {
      out += ".TP\n" + roff_heading(entry) + "\n" + roff(entry.text) + "\n";
    }
  }
  if (!manual.examples.empty()) {
    out += heading(top ? "EXAMPLES" : "Examples");
    for (const HelpExample& example : manual.examples) {
      out += ".TP\n\\fB" + roff(example.command) + "\\fR\n" + roff(example.purpose) + "\n";
    }
  }
  if (!manual.exit_codes.empty()) {
    out += heading(top ? "EXIT STATUS" : "Exit status");
    for (const HelpExitCode& exit : manual.exit_codes) {
      out += ".TP\n.B " + exit_code_heading(exit.code) + "\n" + roff(exit.meaning) + "\n";
    }
  }
  return out;
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

const CommandManual& HelpFormatter::manual(const CLI::App* command) const {
  static const CommandManual none;
  const auto found = manuals_.find(command);
  return found == manuals_.end() ? none : found->second;
}

std::string HelpFormatter::make_help(const CLI::App* command, std::string path,
                                     CLI::AppFormatMode) const {
  return help_text(*command, path, help_width());
}

CommandManual& manual_of(CLI::App& command) {
  auto* formatter = dynamic_cast<HelpFormatter*>(command.get_formatter().get());
  if (formatter == nullptr) throw std::logic_error(command.get_name() + " has no HelpFormatter");
  return formatter->manual(&command);
}

const CommandManual& manual_of(const CLI::App& command) {
  const auto* formatter = dynamic_cast<const HelpFormatter*>(command.get_formatter().get());
  if (formatter == nullptr) throw std::logic_error(command.get_name() + " has no HelpFormatter");
  return formatter->manual(&command);
}

int help_width() {
  if (const char* text = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (*text != '\0' && *end == '\0' && value > 0) {
      return static_cast<int>(std::clamp<long>(value, kNarrowest, 10000));
    }
  }
  winsize size{};
  if (::isatty(STDOUT_FILENO) && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
      size.ws_col > 0) {
    return std::max<int>(size.ws_col, kNarrowest);
  }
  return 80;
}

std::string help_text(const CLI::App& command, const std::string& path, int width_in_columns) {
  const auto width = static_cast<std::size_t>(std::max(width_in_columns, kNarrowest));
  const CommandManual& manual = manual_of(command);
  std::string out = indented(path + " - " + command.get_description(), 0, width);
  out += "\nUSAGE\n" + indented(usage_of(command, path), kIndent, width);
  if (command.get_parent() == nullptr) {
    out += indented(path + " help [COMMAND]", kIndent, width);
  }
  if (!paragraphs_of(manual.description).empty()) {
    out += "\nDESCRIPTION\n";
    bool first = true;
    for (const std::string& paragraph : paragraphs_of(manual.description)) {
      out += (first ? "" : "\n") + indented(paragraph, kIndent, width);
      first = false;
    }
  }
  std::vector<std::pair<std::string, std::string>> rows;
  for (const CLI::App* sub : commands_of(command)) {
    rows.emplace_back(sub->get_name(), sub->get_description());
  }
  if (!rows.empty()) out += "\nCOMMANDS\n" + two_columns(rows, width);
  rows.clear();
  for (const OptionEntry& entry : option_entries(command))
    rows.emplace_back(entry.heading(), entry.text);
  if (!rows.empty()) out += "\nOPTIONS\n" + two_columns(rows, width);
  if (!manual.examples.empty()) {
    out += "\nEXAMPLES\n";
    bool first = true;
    for (const HelpExample& example : manual.examples) {
      out += (first ? "" : "\n") + std::string(kIndent, ' ') + example.command + "\n" +
             indented(example.purpose, kExampleIndent, width);
      first = false;
    }
  }
  rows.clear();
  for (const HelpExitCode& exit : manual.exit_codes) {
    rows.emplace_back(exit_code_heading(exit.code), exit.meaning);
  }
  if (!rows.empty()) out += "\nEXIT CODES\n" + two_columns(rows, width);
  return out;
}

std::string man_page(const CLI::App& tool, const std::string& version_text) {
  const std::string name = tool.get_name();
  const CommandManual& manual = manual_of(tool);
  std::string out = ".TH " + upper(name) + " 1 \"\" \"" + roff(version_text) +
                    "\" \"User Commands\"\n.nh\n.ad l\n";
  out += ".SH NAME\n" + roff(name + " - " + tool.get_description()) + "\n";
  out += ".SH SYNOPSIS\n.nf\n";
  for (const CLI::App* command : commands_of(tool)) {
    out += roff(usage_of(*command, name + " " + command->get_name())) + "\n";
  }
  out += ".fi\n";
  out += ".SH DESCRIPTION\n";
  for (const std::string& paragraph : paragraphs_of(manual.description)) {
    out += ".PP\n" + roff(paragraph) + "\n";
  }
  out += ".SH COMMANDS\n";
  for (const CLI::App* command : commands_of(tool)) {
    out += ".SS \"" + roff(name + " " + command->get_name()) + "\"\n" +
           roff(command->get_description()) + "\n.PP\n" +
           roff(usage_of(*command, name + " " + command->get_name())) + "\n" +
           roff_sections(*command, false);
  }
  out += roff_sections(tool, true);
  return out;
}

void add_manual_flags(CLI::App& tool, const std::string& version_text) {
  tool.set_help_flag("-h,--help", "show this manual and exit");
  tool.set_version_flag("--version", version_text,
                        "print the version (" + version_text + ") and exit");
}

std::shared_ptr<ManualCommands> add_manual_commands(CLI::App& tool, const std::string& version_text,
                                                    const std::string& example_topic) {
  auto commands = std::make_shared<ManualCommands>();
  commands->version_text = version_text;
  const std::string name = tool.get_name();
  commands->help = tool.add_subcommand("help", "show the manual of " + name + " or of a command");
  commands->help->add_option("COMMAND", commands->topic, "the command (none: " + name + " itself)")
      ->option_text("COMMAND");
  commands->help->add_flag("--man", commands->man, "the man page (roff) of " + name)->group("");
  CommandManual& help = manual_of(*commands->help);
  help.description = "`" + name + " help` is `" + name + " --help`; `" + name +
                     " help COMMAND` is `" + name + " COMMAND --help`.";
  help.examples = {
      {name + " help", "the manual of " + name + ": its commands and options"},
      {name + " help " + example_topic, "the manual of `" + name + " " + example_topic + "`"}};
  help.exit_codes = {{0, "the manual was shown"}, {1, "a command " + name + " does not have"}};
  commands->version = tool.add_subcommand("version", "print the version (" + version_text + ")");
  CommandManual& version = manual_of(*commands->version);
  version.description = "The same as `" + name + " --version`.";
  version.examples = {{name + " version", "prints `" + version_text + "`"}};
  version.exit_codes = {{0, "the version was printed"}};
  return commands;
}

bool run_manual_command(const CLI::App& tool, const ManualCommands& commands) {
  const std::string name = tool.get_name();
  if (commands.version != nullptr && commands.version->parsed()) {
    std::cout << commands.version_text << "\n";
    return true;
  }
  if (commands.man) {
    std::cout << man_page(tool, commands.version_text);
    return true;
  }
  if (commands.topic.empty()) {
    std::cout << help_text(tool, name, help_width());
    return true;
  }
  std::vector<std::string> names;
  for (const CLI::App* command : commands_of(tool)) {
    if (command->get_name() == commands.topic) {
      std::cout << help_text(*command, name + " " + command->get_name(), help_width());
      return true;
    }
    names.push_back(command->get_name());
  }
  const std::string hint = closest_name(commands.topic, names);
  std::cerr << name << ": help: unknown command '" << printable(commands.topic) << "'"
            << (hint.empty() ? std::string() : "; did you mean '" + hint + "'?") << "\n"
            << "Run `" << name << " help` for the commands.\n";
  return false;
}

}  // namespace npuzzle
