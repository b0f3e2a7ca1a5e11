// The man page (help_format.hpp): a tool's page and every command's in roff, from the pieces
// --help shows (help_layout.hpp).
#include <cctype>
#include <cstdio>
#include <string>
#include <string_view>

#include "tools/help_format.hpp"
#include "tools/help_layout.hpp"

namespace npuzzle {
namespace {

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

}  // namespace npuzzle
