// The manual's plumbing (help_format.hpp): the HelpFormatter's manuals, and the help and version
// commands. The --help layout is in help_layout.cpp, the man page's roff in help_roff.cpp.
#include "tools/help_format.hpp"

#include <iostream>
#include <stdexcept>

#include "tools/did_you_mean.hpp"
#include "tools/help_layout.hpp"

namespace npuzzle {

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
