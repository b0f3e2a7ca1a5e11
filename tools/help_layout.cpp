// The layout of --help (help_format.hpp, help_layout.hpp): the pieces of a page, and the page
// wrapped to the width in sections.
#include "tools/help_layout.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <string_view>
#include <utility>

#include "tools/help_format.hpp"

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

}  // namespace

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

std::vector<const CLI::App*> commands_of(const CLI::App& tool) {
  std::vector<const CLI::App*> commands;
  for (const CLI::App* command : tool.get_subcommands([](const CLI::App*) { return true; })) {
    commands.push_back(command);
  }
  return commands;
}

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

std::string exit_code_heading(int code) { return std::to_string(code); }

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

}  // namespace npuzzle
