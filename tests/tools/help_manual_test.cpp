// The manual of npuzzle and pdbgen (tools/help_format.hpp): --help wrapped to the width, with a
// named value for every option and none of the parser's type words, the same page from `help
// COMMAND`, examples that run as written, `version`, the man page written from the same text, and
// counts written 1e6, 1M or 1,000,000 wherever a count is taken (text/option_values.hpp).
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/tools/cli_support.hpp"

namespace npuzzle::help_manual {

using cli::contains;
using cli::lines_of;
using fault::RunResult;

struct Tool {
  std::string name;
  std::string binary;
  std::vector<std::string> commands;
};

const std::vector<Tool>& tools() {
  static const std::vector<Tool> all = {
      {"pdbgen", fault::pdbgen_binary(), {"build", "info", "verify", "help", "version"}},
      {"npuzzle",
       fault::npuzzle_binary(),
       {"solve", "random", "verify", "bench", "help", "version"}},
  };
  return all;
}

// Runs `tool` with `args` and $COLUMNS set to `columns` (unset when 0); stdout is a pipe.
RunResult run_with_columns(const Tool& tool, std::vector<std::string> args, int columns) {
  fault::RunSpec spec;
  spec.argv = std::move(args);
  spec.argv.insert(spec.argv.begin(), tool.binary);
  spec.unset_env = {"COLUMNS"};
  if (columns > 0) spec.env = {{"COLUMNS", std::to_string(columns)}};
  return fault::run_program(spec);
}

// Every help page of `tool` (its own and each command's) at `columns`, with a title for messages.
std::vector<std::pair<std::string, std::string>> pages(const Tool& tool, int columns) {
  std::vector<std::pair<std::string, std::string>> all;
  const RunResult top = run_with_columns(tool, {"--help"}, columns);
  EXPECT_EQ(top.describe(), "exit 0") << tool.name << top.err;
  all.emplace_back(tool.name, top.out);
  for (const std::string& command : tool.commands) {
    const RunResult page = run_with_columns(tool, {command, "--help"}, columns);
    EXPECT_EQ(page.describe(), "exit 0") << tool.name << " " << command << page.err;
    all.emplace_back(tool.name + " " + command, page.out);
  }
  return all;
}

std::size_t characters(const std::string& line) {
  std::size_t count = 0;
  for (const char c : line) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

// The lines of the section `title` of a page (up to the next heading in capitals).
std::vector<std::string> section(const std::string& page, const std::string& title) {
  std::vector<std::string> lines;
  bool inside = false;
  for (const std::string& line : lines_of(page)) {
    const bool heading = !line.empty() && std::isupper(static_cast<unsigned char>(line[0]));
    if (heading) inside = line == title;
    if (inside && !heading) lines.push_back(line);
  }
  return lines;
}

std::string collapse_blanks(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string word; in >> word;) out += (out.empty() ? "" : " ") + word;
  return out;
}

TEST(HelpManual, EveryLineFitsTheWidth) {
  for (const Tool& tool : tools()) {
    for (const int columns : {60, 100, 0}) {
      const std::size_t width = columns == 0 ? 80 : static_cast<std::size_t>(columns);
      for (const auto& [title, page] : pages(tool, columns)) {
        SCOPED_TRACE(title + " at " + std::to_string(width) + " columns");
        std::size_t widest = 0;
        for (const std::string& line : lines_of(page)) {
          EXPECT_LE(characters(line), width) << line;
          widest = std::max(widest, characters(line));
        }
        if (title == "npuzzle solve") {
          EXPECT_GT(widest, width - 12) << page;  // filled, not short
        }
      }
    }
  }
}

TEST(HelpManual, NoParserArtefactsAndEveryValueNamed) {
  for (const Tool& tool : tools()) {
    for (const auto& [title, page] : pages(tool, 1000)) {
      SCOPED_TRACE(title);
      for (const char* artefact : {"TEXT", " INT", "UINT", "FLOAT", "REQUIRED",
                                   "Positionals:", "Subcommands:", "{5}", "Excludes"}) {
        EXPECT_FALSE(contains(page, artefact)) << artefact << " in\n" << page;
      }
      const std::vector<std::string> lines = lines_of(page);
      for (const char* heading : {"USAGE", "DESCRIPTION", "OPTIONS", "EXAMPLES", "EXIT CODES"}) {
        EXPECT_EQ(std::count(lines.begin(), lines.end(), heading), 1) << heading << " in\n" << page;
      }
      EXPECT_EQ(page.rfind(title + " - ", 0), 0u) << page;
    }
  }
  const RunResult solve = run_with_columns(tools()[1], {"solve", "--help"}, 1000);
  for (const char* named :
       {"--node-limit N", "-f, --file FILE", "--mem-limit SIZE", "--heuristic NAME[:PARTITION]",
        "--pdb-dir DIR", "--threads N", "--progress[=SECONDS]", "  BOARD...", "--show-boards  ",
        "-q, --quiet  ", "-h, --help  ", "--output text|json|moves"}) {
    EXPECT_TRUE(contains(solve.out, named)) << named << " in\n" << solve.out;
  }
  const RunResult build = run_with_columns(tools()[0], {"build", "--help"}, 1000);
  for (const char* named : {"--pdb-dir, --dir DIR", "--mem-limit SIZE", "--threads N"}) {
    EXPECT_TRUE(contains(build.out, named)) << named << " in\n" << build.out;
  }
}

TEST(HelpManual, HelpCommandShowsTheSamePages) {
  for (const Tool& tool : tools()) {
    EXPECT_EQ(run_with_columns(tool, {"help"}, 70).out, run_with_columns(tool, {"--help"}, 70).out);
    for (const std::string& command : tool.commands) {
      SCOPED_TRACE(tool.name + " " + command);
      const RunResult help = run_with_columns(tool, {"help", command}, 70);
      EXPECT_EQ(help.describe(), "exit 0") << help.err;
      EXPECT_EQ(help.out, run_with_columns(tool, {command, "--help"}, 70).out);
    }
  }
  const RunResult unknown = cli::run_npuzzle({"help", "slove"});
  EXPECT_EQ(unknown.describe(), "exit 1");
  EXPECT_TRUE(contains(unknown.err, "unknown command 'slove'; did you mean 'solve'?"))
      << unknown.err;
  const RunResult pdbgen = cli::run_pdbgen({"help", "biuld"});
  EXPECT_EQ(pdbgen.describe(), "exit 1");
  EXPECT_TRUE(contains(pdbgen.err, "did you mean 'build'?")) << pdbgen.err;
}

TEST(HelpManual, VersionCommandAndFlagAgree) {
  for (const Tool& tool : tools()) {
    const RunResult command = run_with_columns(tool, {"version"}, 0);
    const RunResult flag = run_with_columns(tool, {"--version"}, 0);
    EXPECT_EQ(command.describe(), "exit 0") << command.err;
    EXPECT_EQ(flag.describe(), "exit 0") << flag.err;
    EXPECT_EQ(command.out, flag.out);
    EXPECT_TRUE(std::regex_match(command.out, std::regex(tool.name + R"( \d+\.\d+\.\d+\n)")))
        << command.out;
  }
}

// Each example of every page, run as written by a shell (in a scratch directory, with the tools
// first on PATH and the database directory there too), exits 0.
TEST(HelpManual, EveryExampleRuns) {
  const std::filesystem::path dir = fault::fresh_dir("help_examples");
  const std::string bin = std::filesystem::path(fault::npuzzle_binary()).parent_path().string();
  std::size_t examples = 0;
  for (const Tool& tool : tools()) {
    for (const auto& [title, page] : pages(tool, 1000)) {
      std::size_t on_page = 0;
      for (const std::string& line : section(page, "EXAMPLES")) {
        if (line.size() < 3 || line.rfind("  ", 0) != 0 || line[2] == ' ') {
          continue;  // a blank line, or a purpose (indented further)
        }
        const std::string command = line.substr(2);
        SCOPED_TRACE(title + ": " + command);
        fault::RunSpec spec;
        spec.argv = {"/bin/sh", "-c", "cd '" + dir.string() + "' && " + command};
        spec.env = {{"PATH", bin + ":/usr/bin:/bin"},
                    {"NPUZZLE_PDB_DIR", (dir / "pdbs").string()},
                    {"XDG_CACHE_HOME", (dir / "cache").string()}};
        spec.unset_env = {"NPUZZLE_GOAL"};
        spec.timeout_seconds = 120;
        const RunResult run = fault::run_program(spec);
        EXPECT_EQ(run.describe(), "exit 0") << run.out << run.err;
        ++on_page;
      }
      EXPECT_GE(on_page, 1u) << title << "\n" << page;
      examples += on_page;
    }
  }
  EXPECT_GE(examples, 30u);
}

// A roff page back to text: the escapes the generator writes undone.
std::string roff_to_text(const std::string& roff) {
  std::string text;
  for (const std::string& line : lines_of(roff)) {
    if (line.empty() || line[0] != '.') text += line + "\n";  // requests left out
  }
  text = std::regex_replace(text, std::regex(R"(\\f[BIR])"), "");
  text = std::regex_replace(text, std::regex(R"(\\-)"), "-");
  text = std::regex_replace(text, std::regex(R"(\\&)"), "");
  text = std::regex_replace(text, std::regex(R"(\\\[u2026\])"), "…");
  return std::regex_replace(text, std::regex(R"(\\e)"), "\\");
}

// The options of a page as heading and text ("--node-limit N", "expanded nodes …").
std::vector<std::pair<std::string, std::string>> options_of(const std::string& page) {
  std::vector<std::pair<std::string, std::string>> options;
  for (const std::string& line : section(page, "OPTIONS")) {
    if (line.empty()) continue;
    if (line.rfind("   ", 0) == 0) {
      if (!options.empty()) options.back().second += " " + collapse_blanks(line);
      continue;
    }
    const std::size_t gap = line.find("  ", 2);
    options.emplace_back(line.substr(2, gap == std::string::npos ? gap : gap - 2),
                         gap == std::string::npos ? "" : collapse_blanks(line.substr(gap)));
  }
  return options;
}

TEST(HelpManual, TheManPageSaysWhatHelpSays) {
  for (const Tool& tool : tools()) {
    SCOPED_TRACE(tool.name);
    const RunResult man = run_with_columns(tool, {"help", "--man"}, 0);
    ASSERT_EQ(man.describe(), "exit 0") << man.err;
    // The page the build wrote beside the program is this one.
    std::ifstream built(std::filesystem::path(tool.binary).parent_path() / (tool.name + ".1"));
    ASSERT_TRUE(built) << "no " << tool.name << ".1 beside " << tool.binary;
    std::stringstream built_text;
    built_text << built.rdbuf();
    EXPECT_EQ(built_text.str(), man.out);
    for (const char* request : {".TH ", ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION",
                                ".SH COMMANDS", ".SH OPTIONS", ".SH EXAMPLES", ".SH EXIT STATUS"}) {
      EXPECT_TRUE(contains(man.out, std::string("\n") + request) || man.out.rfind(request, 0) == 0)
          << request;
    }
    const std::string source = collapse_blanks(roff_to_text(man.out));
    // Rendered by groff when it is installed: no warnings, and the same words.
    fault::RunSpec which;
    which.argv = {"/bin/sh", "-c", "command -v groff"};
    const bool groff = fault::run_program(which).exit_code == 0;
    std::string rendered;
    if (groff) {
      const std::filesystem::path page = fault::fresh_dir("man_" + tool.name) / "page.1";
      std::ofstream(page) << man.out;
      fault::RunSpec render;
      render.argv = {"groff", "-man", "-Tutf8", "-ww", "-P-cbou", "-rLL=1000n", page.string()};
      render.argv.insert(render.argv.begin(), "/usr/bin/env");
      const RunResult run = fault::run_program(render);
      ASSERT_EQ(run.describe(), "exit 0") << run.err;
      EXPECT_EQ(run.err, "");
      rendered = collapse_blanks(run.out);
    }
    for (const auto& [title, page] : pages(tool, 10000)) {
      for (const auto& [heading, text] : options_of(page)) {
        SCOPED_TRACE(title + ": " + heading);
        EXPECT_TRUE(contains(source, heading + " " + text)) << heading << " " << text;
        if (groff) {
          EXPECT_TRUE(contains(rendered, heading + " " + text)) << rendered;
        }
      }
      for (const std::string& line : section(page, "EXAMPLES")) {
        EXPECT_TRUE(contains(source, collapse_blanks(line))) << line;
      }
    }
  }
}

TEST(HelpManual, CountsAreReadAlikeInEveryForm) {
  // A 4x4 board Manhattan distance cannot solve in 1000 nodes: each form stops at the same count.
  const std::string board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
  std::string expanded;
  for (const char* limit : {"1000", "1e3", "1K", "1,000", "1_000", "0.001M"}) {
    SCOPED_TRACE(limit);
    const RunResult run = cli::run_npuzzle(
        {"solve", "--heuristic", "md", "--output", "json", "--node-limit", limit, board});
    EXPECT_EQ(run.describe(), "exit 4") << run.err;
    const auto objects = cli::json_lines(run.out);
    ASSERT_EQ(objects.size(), 1u) << run.out;
    EXPECT_EQ(objects[0]["status"], "limit");
    const std::string nodes = objects[0]["expanded"].dump();
    if (expanded.empty()) expanded = nodes;
    EXPECT_EQ(nodes, expanded);
  }
  const RunResult boards = cli::run_npuzzle({"random", "--size", "3x3", "--count", "1e1"});
  EXPECT_EQ(lines_of(boards.out).size(), 10u) << boards.err;
  const RunResult threads = cli::run_npuzzle({"solve", "--threads", "2e0", "1 0 2 3 4 5 6 7 8"});
  EXPECT_EQ(threads.describe(), "exit 0") << threads.err;
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
      {{"solve", "--node-limit", "1.5", "1 2 3 0"}, "--node-limit: '1.5' is not a whole number"},
      {{"solve", "--node-limit", "1e30", "1 2 3 0"},
       "--node-limit: '1e30' is too large (at most 18446744073709551615)"},
      {{"solve", "--node-limit", "-5", "1 2 3 0"}, "--node-limit: '-5' is negative"},
      {{"solve", "--node-limit", "lots", "1 2 3 0"}, "--node-limit: 'lots' is not a count"},
      {{"solve", "--threads", "2K", "1 2 3 0"}, "--threads: '2K' is too large (at most 1024)"},
      {{"random", "--count", "1,5"}, "--count: '1,5' is not a count"},
      {{"bench", "--repeat", "1e3"}, "--repeat: '1e3' is too large (at most 100)"},
  };
  for (const auto& [args, message] : refused) {
    SCOPED_TRACE(args[1] + " " + args[2]);
    const RunResult run = cli::run_npuzzle(args);
    EXPECT_EQ(run.describe(), "exit 1") << run.err;
    EXPECT_TRUE(contains(run.err, message)) << run.err;
  }
  const RunResult pdbgen = cli::run_pdbgen({"verify", "--threads", "1.5", "x.pdb"});
  EXPECT_EQ(pdbgen.describe(), "exit 1") << pdbgen.err;
  EXPECT_TRUE(contains(pdbgen.err, "--threads: '1.5' is not a whole number")) << pdbgen.err;
}

}  // namespace npuzzle::help_manual
