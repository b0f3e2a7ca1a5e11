// End-to-end tests of what helps a person at the keyboard: did-you-mean for mistyped subcommands
// and options (both tools), hints for common board mistakes, the system's reason in file errors,
// singular forms, and the --animate page's write failures (the page itself: tests/browser).
#include <gtest/gtest.h>

#include <iterator>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tests/support/korf.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle {
namespace {

namespace fs = std::filesystem;
using fault::RunResult;

using cli::contains;
using cli::run_npuzzle;
using cli::run_pdbgen;

class Usability : public ::testing::Test {
 protected:
  void SetUp() override {
    NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
    NPUZZLE_REQUIRE_BINARY(fault::pdbgen_binary());
  }
};

TEST_F(Usability, MistypedSubcommandsAndOptionsGetTheNearestName) {
  struct Case {
    std::vector<std::string> args;
    std::string hint;
  };
  const std::vector<Case> npuzzle_cases = {
      {{"slove", "1 2 3 0"}, "did you mean 'solve'?"},
      {{"verfy", "1 2 3 0", "LU"}, "did you mean 'verify'?"},
      {{"solve", "--heurstic", "md", "1 2 3 0"}, "did you mean '--heuristic'?"},
      {{"random", "--sede", "4"}, "did you mean '--seed'?"},
      {{"bench", "--thread", "1,2"}, "did you mean '--threads'?"},
  };
  for (const Case& c : npuzzle_cases) {
    SCOPED_TRACE(c.args[0] + " " + c.args[1]);
    const RunResult r = run_npuzzle(c.args);
    EXPECT_EQ(r.describe(), "exit 1") << r.err;
    EXPECT_TRUE(contains(r.err, c.hint)) << r.err;
    EXPECT_FALSE(contains(r.err, "not expected")) << "one message, not the parser's too: " << r.err;
  }
  const RunResult build = run_pdbgen({"biuld", "--partition", "7-8"});
  EXPECT_EQ(build.describe(), "exit 1");
  EXPECT_TRUE(contains(build.err, "did you mean 'build'?")) << build.err;
  const RunResult dir = run_pdbgen({"build", "--partition", "7-8", "--pdb-dri", "/tmp"});
  EXPECT_EQ(dir.describe(), "exit 1");
  EXPECT_TRUE(contains(dir.err, "did you mean '--pdb-dir'?")) << dir.err;
}

TEST_F(Usability, NoGuessForAWordFarFromEveryName) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"frobnicate"}, {"solve", "--zzzzzz", "1 2 3 0"}}) {
    const RunResult r = run_npuzzle(args);
    EXPECT_EQ(r.describe(), "exit 1");
    EXPECT_FALSE(contains(r.err, "did you mean")) << r.err;
  }
}

// Every refused command line is one line that names the tool, then where the options are listed.
TEST_F(Usability, RefusedCommandLinesNameTheToolOnOneLine) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"solve", "--time-limit", "-1", "1 2 3 0"}, "npuzzle: "},
      {{"solve", "--threads", "abc", "1 2 3 0"}, "npuzzle: "},
      {{"solve", "--quiet", "--verbose", "1 2 3 0"}, "npuzzle: "},
      {{"frobnicate"}, "npuzzle: "},
      {{}, "npuzzle: "},
  };
  for (const auto& [args, prefix] : cases) {
    SCOPED_TRACE(args.empty() ? std::string("(none)") : args[0] + " " + args[1 % args.size()]);
    const RunResult r = run_npuzzle(args);
    EXPECT_EQ(r.describe(), "exit 1") << r.err;
    const std::vector<std::string> lines = cli::lines_of(r.err);
    ASSERT_EQ(lines.size(), 2u) << r.err;
    EXPECT_EQ(lines[0].rfind(prefix, 0), 0u) << r.err;
    EXPECT_TRUE(contains(lines[1], "--help")) << r.err;
  }
  const RunResult twice =
      run_npuzzle({"solve", "--pdb-dir", "/tmp", "--pdb-dir", "/var/tmp", "1 2 3 0"});
  EXPECT_EQ(twice.describe(), "exit 1");
  EXPECT_EQ(cli::lines_of(twice.err).at(0), "npuzzle: --pdb-dir given 2 times: give it once")
      << twice.err;
  const RunResult threads = run_pdbgen({"build", "--size", "2x3", "--threads", "5000"});
  EXPECT_EQ(threads.describe(), "exit 1");
  EXPECT_EQ(threads.err.rfind("pdbgen: ", 0), 0u) << threads.err;
}

TEST_F(Usability, PdbgenTakesPdbDirLikeNpuzzleAndKeepsDir) {
  const std::string dir = fault::fresh_dir("pdb_dir_alias").string();
  for (const char* name : {"--pdb-dir", "--dir"}) {
    SCOPED_TRACE(name);
    const RunResult r = run_pdbgen({"build", "--size", "2x3", "--partition", "full", name, dir});
    EXPECT_EQ(r.describe(), "exit 0") << r.err;
    EXPECT_TRUE(contains(r.err, dir)) << r.err;
  }
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) files += entry.path().extension() == ".pdb";
  EXPECT_EQ(files, 1u);  // the second build found the first one's file
}

TEST_F(Usability, PdbgenStatesTheWorkAndTimeBeforeItStarts) {
  const std::string dir = fault::fresh_dir("pdb_plan").string();
  const RunResult r = run_pdbgen(
      {"build", "--size", "2x3", "--partition", "full", "--threads", "2", "--pdb-dir", dir});
  EXPECT_EQ(r.describe(), "exit 0") << r.err;
  const std::string plan = "pdbgen: 1 table(s) to build, 720 placements, at most ";
  EXPECT_TRUE(contains(r.err, plan)) << r.err;
  EXPECT_TRUE(contains(r.err, "; expect about 1 s on 2 thread(s)")) << r.err;
  EXPECT_LT(r.err.find(plan), r.err.find("building ")) << r.err;
  // Present already: nothing to build, no plan.
  const RunResult again =
      run_pdbgen({"build", "--size", "2x3", "--partition", "full", "--pdb-dir", dir});
  EXPECT_EQ(again.describe(), "exit 0") << again.err;
  EXPECT_FALSE(contains(again.err, "to build")) << again.err;
  // The recommended 5x5 set: three 7-tile tables, four 6-tile ones and a 3-tile one, stated
  // before the memory refusal.
  const RunResult five = run_pdbgen(
      {"build", "--size", "5x5", "--threads", "2", "--pdb-dir", dir, "--mem-limit", "1M"});
  EXPECT_EQ(five.describe(), "exit 5") << five.err;
  EXPECT_TRUE(contains(five.err, "pdbgen: 8 table(s) to build, 7778245800 placements, at most "))
      << five.err;
  EXPECT_TRUE(contains(five.err, "; expect about 26 min on 2 thread(s)")) << five.err;
}

TEST_F(Usability, PdbgenBuildsTheRecommendedPartitionWithoutOne) {
  const std::string dir = fault::fresh_dir("pdb_recommended").string();
  const RunResult small = run_pdbgen({"build", "--size", "2x3", "--pdb-dir", dir});
  EXPECT_EQ(small.describe(), "exit 0") << small.err;
  EXPECT_TRUE(contains(small.err, "recommended partition for 2x3: full")) << small.err;
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) files += entry.path().extension() == ".pdb";
  EXPECT_EQ(files, 1u);
  // The set `--heuristic pdb` then finds (it names the partition it uses).
  const RunResult solve = run_npuzzle(
      {"solve", "--size", "2x3", "--heuristic", "pdb", "--pdb-dir", dir, "-v", "4 1 2 5 0 3"});
  EXPECT_EQ(solve.describe(), "exit 0") << solve.err;
  EXPECT_TRUE(contains(solve.err, "pdb full")) << solve.err;

  // 4x4: 7-8, refused here before anything is built (it needs about 2 GiB).
  const RunResult big =
      run_pdbgen({"build", "--size", "4x4", "--pdb-dir", dir, "--mem-limit", "1M"});
  EXPECT_EQ(big.describe(), "exit 5") << big.err;
  EXPECT_TRUE(contains(big.err, "recommended partition for 4x4: 7-8")) << big.err;
  // 5x5: 6-6-6-6 and 7-7-7-3 (the larger of their sums), refused the same way.
  const RunResult five =
      run_pdbgen({"build", "--size", "5x5", "--pdb-dir", dir, "--mem-limit", "1M"});
  EXPECT_EQ(five.describe(), "exit 5") << five.err;
  EXPECT_TRUE(contains(five.err, "recommended partition for 5x5: 6-6-6-6+7-7-7-3")) << five.err;
  EXPECT_TRUE(contains(five.err, "`--partition 6-6-6-6` builds a smaller set")) << five.err;
}

// No surprise jobs (#46): `pdbgen build` alone shows what it would build (4x4 7-8: tables, memory,
// time) and builds nothing, exit 1 asking for --size. (--mem-limit 1M: a build that would start
// is refused with exit 5 instead of running for minutes.)
TEST_F(Usability, BarePdbgenBuildShowsThePlanAndBuildsNothing) {
  const fs::path dir = fault::fresh_dir("pdb_bare_build");
  const RunResult bare =
      run_pdbgen({"build", "--threads", "2", "--pdb-dir", dir.string(), "--mem-limit", "1M"});
  EXPECT_EQ(bare.describe(), "exit 1") << bare.err;
  EXPECT_TRUE(contains(bare.err,
                       "without --size, would build the recommended partition for 4x4: "
                       "7-8"))
      << bare.err;
  EXPECT_TRUE(contains(bare.err, "pdbgen: 2 table(s) to build, 576576000 placements, at most "))
      << bare.err;
  EXPECT_TRUE(contains(bare.err, "on 2 thread(s)")) << bare.err;
  EXPECT_TRUE(contains(bare.err, "nothing built: give the board size")) << bare.err;
  EXPECT_TRUE(contains(bare.err, "`pdbgen build --size 4x4`")) << bare.err;
  EXPECT_TRUE(fs::is_empty(dir));
  // --size says what to build: the recommended set of that board, as before.
  const RunResult sized =
      run_pdbgen({"build", "--size", "2x3", "--pdb-dir", dir.string(), "--mem-limit", "1G"});
  EXPECT_EQ(sized.describe(), "exit 0") << sized.err;
  EXPECT_FALSE(fs::is_empty(dir));
}

// A solve builds only small sets itself: `--heuristic pdb` on 5x5 (6-6-6-6: four 672 MiB builds,
// 510 M placements) is refused with what it takes and the pdbgen command, nothing built; a small
// set it builds is announced with its placements, memory and time before it starts.
TEST_F(Usability, SolveRefusesLargeBuildsAndAnnouncesSmallOnes) {
  const fs::path dir = fault::fresh_dir("pdb_no_surprise");
  const std::string five = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24";
  const RunResult refused = run_npuzzle({"solve", "--heuristic", "pdb", "--pdb-dir", dir.string(),
                                         "--time-limit", "2", "--threads", "2", five});
  EXPECT_EQ(refused.describe(), "exit 2") << refused.err;
  EXPECT_TRUE(contains(refused.err, "pdbgen build --size 5x5 --partition 6-6-6-6")) << refused.err;
  EXPECT_TRUE(contains(refused.err, "4 tables, 510048000 placements")) << refused.err;
  EXPECT_TRUE(contains(refused.err, "too large to build inside a solve")) << refused.err;
  EXPECT_TRUE(fs::is_empty(dir));
  // Named: the same.
  const RunResult named = run_npuzzle({"solve", "--heuristic", "pdb:6-6-6-6", "--pdb-dir",
                                       dir.string(), "--time-limit", "2", five});
  EXPECT_EQ(named.describe(), "exit 2") << named.err;
  EXPECT_TRUE(contains(named.err, "too large to build inside a solve")) << named.err;

  const RunResult small = run_npuzzle(
      {"solve", "--heuristic", "pdb", "--threads", "2", "--pdb-dir", dir.string(), fault::kEasy});
  EXPECT_EQ(small.describe(), "exit 0") << small.err;
  EXPECT_TRUE(contains(small.err,
                       "building full once (reused afterwards): 1 table, 362880 "
                       "placements, at most "))
      << small.err;
  EXPECT_TRUE(std::regex_search(
      small.err, std::regex(R"(building pattern database [^\n]*3x3-blank-first-1-2-3-)"
                            R"(4-5-6-7-8\.pdb \(362880 placements, [0-9.]+ MiB of )"
                            R"(memory, about [0-9]+ s on 2 thread\(s\)\))")))
      << small.err;
}

// A database directory given that does not exist is not created silently (#46): its last
// component is created, with a note, when its parent exists; otherwise the run names it (exit 2)
// and creates nothing. A 4x4 solve that did not name its heuristic goes on with linear conflict.
TEST_F(Usability, MistypedDatabaseDirectoriesAreNotCreated) {
  const fs::path base = fault::fresh_dir("pdb_typo");
  const fs::path typo = base / "typo" / "pdbz";
  const RunResult solve =
      run_npuzzle({"solve", "--heuristic", "pdb", "--pdb-dir", typo.string(), fault::kEasy});
  EXPECT_EQ(solve.describe(), "exit 2") << solve.err;
  EXPECT_TRUE(
      contains(solve.err, typo.string() + " does not exist, nor does " + (base / "typo").string()))
      << solve.err;
  fault::RunSpec by_env;
  by_env.argv = {fault::npuzzle_binary(), "solve", "--heuristic", "pdb", fault::kEasy};
  by_env.env = {{"NPUZZLE_PDB_DIR", typo.string()}};
  const RunResult env = fault::run_program(by_env);
  EXPECT_EQ(env.describe(), "exit 2") << env.err;
  EXPECT_TRUE(contains(env.err, typo.string() + " (NPUZZLE_PDB_DIR) does not exist")) << env.err;
  const RunResult fallback = run_npuzzle({"solve", "--pdb-dir", typo.string(), "--output", "json",
                                          "4 1 2 3 8 5 6 7 12 9 10 11 13 14 15 0"});
  EXPECT_EQ(fallback.describe(), "exit 0") << fallback.err;
  EXPECT_TRUE(contains(fallback.out, "\"heuristic\":\"lc\"")) << fallback.out;
  EXPECT_TRUE(contains(fallback.err, typo.string())) << fallback.err;
  const RunResult pdbgen =
      run_pdbgen({"build", "--size", "2x3", "--partition", "full", "--dir", typo.string()});
  EXPECT_EQ(pdbgen.describe(), "exit 2") << pdbgen.err;
  EXPECT_TRUE(contains(pdbgen.err, typo.string() + " (--dir) does not exist")) << pdbgen.err;
  EXPECT_FALSE(fs::exists(base / "typo"));

  // A fresh directory inside one that exists: created, and said.
  const RunResult fresh = run_pdbgen(
      {"build", "--size", "2x3", "--partition", "full", "--dir", (base / "tables").string()});
  EXPECT_EQ(fresh.describe(), "exit 0") << fresh.err;
  EXPECT_TRUE(contains(fresh.err, "pdbgen: created the database directory " +
                                      (base / "tables").string() + " (--dir), which did not exist"))
      << fresh.err;
  const RunResult leaf = run_npuzzle(
      {"solve", "--heuristic", "pdb", "--pdb-dir", (base / "leaf").string(), fault::kEasy});
  EXPECT_EQ(leaf.describe(), "exit 0") << leaf.err;
  EXPECT_TRUE(contains(leaf.err, "npuzzle: created the database directory " +
                                     (base / "leaf").string() + ", which did not exist"))
      << leaf.err;
  EXPECT_FALSE(fs::is_empty(base / "leaf"));
}

TEST_F(Usability, TwoPartitionsJoinedByPlusGiveTheLargerSum) {
  const std::string dir = fault::fresh_dir("pdb_joined").string();
  const RunResult joined = run_npuzzle({"solve", "--size", "2x3", "--heuristic", "pdb:1,2/3,5+full",
                                        "--pdb-dir", dir, "--output", "json", "-v", "4 1 2 5 0 3"});
  EXPECT_EQ(joined.describe(), "exit 0") << joined.err;
  EXPECT_TRUE(contains(joined.out, "\"heuristic\":\"pdb:1,2/3,5+full\"")) << joined.out;
  EXPECT_TRUE(contains(joined.out, "\"optimal\":true")) << joined.out;
  EXPECT_TRUE(
      contains(joined.err, "max(pdb 1,2/3,5+full {1,2}{3,5}, pdb 1,2/3,5+full {1,2,3,4,5})"))
      << joined.err;
  const RunResult three = run_npuzzle({"solve", "--size", "2x3", "--heuristic",
                                       "pdb:full+full+full", "--pdb-dir", dir, "4 1 2 5 0 3"});
  EXPECT_EQ(three.describe(), "exit 1") << three.err;
  EXPECT_TRUE(contains(three.err, "at most 2 partitions")) << three.err;
}

// pdb-dual: the dual lookups work with the set's own tables (their note says how many tables for
// a shut-off blank are missing) and use the ones `pdbgen build --dual` adds: on 3x3, tiles 1, 3,
// 5 and 7 home shut cells 2, 4, 6 and 8 off from the blank's goal cell 0, tiles 2, 4, 6 and 8 shut
// off cells 5 and 7, so six more tables. Every answer is the optimum Manhattan's IDA* finds.
TEST_F(Usability, DualLookupsUseTheTablesPdbgenDualAdds) {
  const std::string dir = fault::fresh_dir("pdb_dual").string();
  const std::string board = "8 6 7 2 5 4 3 0 1";
  auto files = [&] { return std::distance(fs::directory_iterator(dir), fs::directory_iterator{}); };
  auto length_of = [](const std::string& out) {
    std::smatch m;
    return std::regex_search(out, m, std::regex("\"length\":([0-9]+)")) ? m[1].str()
                                                                        : std::string("none");
  };
  const RunResult md = run_npuzzle({"solve", "--heuristic", "md", "--output", "json", board});
  ASSERT_EQ(md.describe(), "exit 0") << md.err;
  const std::string optimal = length_of(md.out);
  ASSERT_NE(optimal, "none") << md.out;
  const std::vector<std::string> build = {"build",           "--size",    "3x3", "--partition",
                                          "1,3,5,7/2,4,6,8", "--pdb-dir", dir};
  ASSERT_EQ(run_pdbgen(build).describe(), "exit 0");
  EXPECT_EQ(files(), 2);
  const std::vector<std::string> solve = {"solve",     "--heuristic", "pdb-dual:1,3,5,7/2,4,6,8",
                                          "--pdb-dir", dir,           "--output",
                                          "json",      board};
  const RunResult own = run_npuzzle(solve);
  EXPECT_EQ(own.describe(), "exit 0") << own.err;
  EXPECT_TRUE(contains(own.err, "looked up on the dual placement")) << own.err;
  EXPECT_TRUE(contains(own.err, "without 6 table(s)")) << own.err;
  EXPECT_EQ(length_of(own.out), optimal) << own.out;
  EXPECT_TRUE(contains(own.out, "\"heuristic\":\"pdb-dual:1,3,5,7/2,4,6,8+reflection\""))
      << own.out;
  // In a list the dual configuration tells its missing tables too, after the direct one loaded the
  // set.
  const RunResult listed =
      run_npuzzle({"solve", "--heuristic", "pdb:1,3,5,7/2,4,6,8,pdb-dual:1,3,5,7/2,4,6,8",
                   "--pdb-dir", dir, board});
  EXPECT_EQ(listed.describe(), "exit 0") << listed.err;
  EXPECT_TRUE(contains(listed.err, "without 6 table(s)")) << listed.err;

  std::vector<std::string> build_dual = build;
  build_dual.push_back("--dual");
  ASSERT_EQ(run_pdbgen(build_dual).describe(), "exit 0");
  EXPECT_EQ(files(), 8);
  const RunResult all = run_npuzzle(solve);
  EXPECT_EQ(all.describe(), "exit 0") << all.err;
  EXPECT_TRUE(contains(all.err, "looked up on the dual placement")) << all.err;
  EXPECT_FALSE(contains(all.err, "without")) << all.err;
  EXPECT_EQ(length_of(all.out), optimal) << all.out;
}

TEST_F(Usability, BoardMistakesGetAHint) {
  const RunResult sixteen = run_npuzzle({"solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"});
  EXPECT_EQ(sixteen.describe(), "exit 2");
  EXPECT_TRUE(contains(sixteen.err, "tile 16 out of range 0..15")) << sixteen.err;
  EXPECT_TRUE(contains(sixteen.err, "write the blank as 0 or _")) << sixteen.err;

  const RunResult nine = run_npuzzle({"solve", "1 2 3\n4 5 6\n7 8 9"});  // a grid, 9 as the blank
  EXPECT_EQ(nine.describe(), "exit 2");
  EXPECT_TRUE(contains(nine.err, "write the blank as 0 or _")) << nine.err;

  const RunResult eight = run_npuzzle({"solve", "1 2 3 4 5 6 7 8"});
  EXPECT_EQ(eight.describe(), "exit 2");
  EXPECT_TRUE(contains(eight.err, "a 3x3 board missing a tile?")) << eight.err;

  const RunResult fifteen = run_npuzzle({"solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"});
  EXPECT_TRUE(contains(fifteen.err, "a 4x4 board missing a tile?")) << fifteen.err;

  // A real out-of-range tile on a board that has its blank gets no blank hint.
  const RunResult other = run_npuzzle({"solve", "0 1 2 3 4 5 6 7 9"});
  EXPECT_EQ(other.describe(), "exit 2");
  EXPECT_TRUE(contains(other.err, "tile 9 out of range")) << other.err;
  EXPECT_FALSE(contains(other.err, "write the blank")) << other.err;
}

TEST_F(Usability, FileErrorsGiveTheSystemsReason) {
  const fs::path dir = fault::fresh_dir("file_errors");
  const std::string missing = (dir / "missing.txt").string();
  const RunResult absent = run_npuzzle({"solve", "-f", missing});
  EXPECT_EQ(absent.describe(), "exit 2");
  EXPECT_TRUE(contains(absent.err, missing + "': No such file or directory")) << absent.err;

  const RunResult directory = run_npuzzle({"solve", "-f", dir.string()});
  EXPECT_EQ(directory.describe(), "exit 2");
  EXPECT_TRUE(contains(directory.err, "Is a directory")) << directory.err;

  const RunResult page_in_dir = run_npuzzle({"solve", "--animate", dir.string(), "1 0 2 3"});
  EXPECT_EQ(page_in_dir.describe(), "exit 2");
  EXPECT_TRUE(contains(page_in_dir.err, "Is a directory")) << page_in_dir.err;

  const std::string nowhere = (dir / "no" / "page.html").string();
  const RunResult page_nowhere = run_npuzzle({"solve", "--animate", nowhere, "1 0 2 3"});
  EXPECT_EQ(page_nowhere.describe(), "exit 2");
  EXPECT_TRUE(contains(page_nowhere.err, "No such file or directory")) << page_nowhere.err;
  EXPECT_TRUE(page_nowhere.out.empty()) << "the page's path is checked before solving";

  // bench's --csv (opened before the sweeps) and --plot (written after them).
  const std::string set = fault::write_text(dir / "boards.txt", "1 0 2 3 4 5 6 7 8\n");
  const std::string csv_nowhere = (dir / "no" / "x.csv").string();
  const RunResult no_csv =
      run_npuzzle({"bench", "--quiet", "--heuristic", "md", "--csv", csv_nowhere, set});
  EXPECT_EQ(no_csv.describe(), "exit 2");
  EXPECT_TRUE(contains(no_csv.err, csv_nowhere + "': No such file or directory")) << no_csv.err;
  const RunResult csv_dir =
      run_npuzzle({"bench", "--quiet", "--heuristic", "md", "--csv", dir.string(), set});
  EXPECT_EQ(csv_dir.describe(), "exit 2");
  EXPECT_TRUE(contains(csv_dir.err, dir.string() + "': Is a directory")) << csv_dir.err;
  if (process::on_path("gnuplot")) {  // the plot is drawn first
    const RunResult plot_dir =
        run_npuzzle({"bench", "--quiet", "--heuristic", "md", "--plot", dir.string(), set});
    EXPECT_EQ(plot_dir.describe(), "exit 2");
    EXPECT_TRUE(contains(plot_dir.err, dir.string() + "': Is a directory")) << plot_dir.err;
  }
}

TEST_F(Usability, OneMoveIsSingular) {
  const RunResult solved = run_npuzzle({"solve", "1 0 2 3 4 5 6 7 8"});
  EXPECT_EQ(solved.describe(), "exit 0") << solved.err;
  EXPECT_TRUE(contains(solved.out, "solved in 1 move (optimal)")) << solved.out;
  const RunResult two = run_npuzzle({"solve", "1 2 0 3 4 5 6 7 8"});
  EXPECT_TRUE(contains(two.out, "solved in 2 moves (optimal)")) << two.out;

  const RunResult verified = run_npuzzle({"verify", "1 0 2 3 4 5 6 7 8", "L"});
  EXPECT_EQ(verified.describe(), "exit 0");
  EXPECT_TRUE(contains(verified.out, "in 1 move")) << verified.out;
  EXPECT_FALSE(contains(verified.out, "1 moves")) << verified.out;
}

// `--progress 2` (with a space) is refused with the fix, not read as a board "2" (nor, with -f, as
// "a BOARD and -f").
TEST_F(Usability, ProgressSecondsWrittenApartAreRefusedWithTheFix) {
  const RunResult apart = run_npuzzle({"solve", "--progress", "2", "1 0 2 3 4 5 6 7 8"});
  EXPECT_EQ(apart.describe(), "exit 1") << apart.err;
  EXPECT_TRUE(contains(apart.err, "--progress=2")) << apart.err;
  const RunResult with_file = run_npuzzle({"solve", "-f", "/dev/null", "--progress", "0.5"});
  EXPECT_EQ(with_file.describe(), "exit 1") << with_file.err;
  EXPECT_TRUE(contains(with_file.err, "--progress=0.5")) << with_file.err;
  EXPECT_FALSE(contains(with_file.err, "not both")) << with_file.err;
  const RunResult joined = run_npuzzle({"solve", "--progress=2", "1 0 2 3 4 5 6 7 8"});
  EXPECT_EQ(joined.describe(), "exit 0") << joined.err;
}

// NPUZZLE_GOAL in the environment sets the goal when --goal is not given; results name it; a bad
// one is refused naming the variable.
TEST_F(Usability, TheEnvironmentSetsTheDefaultGoal) {
  const auto with_goal = [](const std::string& goal, std::vector<std::string> args) {
    fault::RunSpec spec;
    spec.argv = {fault::npuzzle_binary()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.env = {{"NPUZZLE_GOAL", goal}};
    return fault::run_program(spec);
  };
  const RunResult last = with_goal("blank-last", {"solve", "1 2 3 4 5 6 7 0 8"});
  EXPECT_EQ(last.describe(), "exit 0") << last.err;
  EXPECT_TRUE(contains(last.out, "solved in 1 move (optimal) to the goal blank-last")) << last.out;
  const RunResult given =
      with_goal("blank-last", {"solve", "--goal", "blank-first", "1 0 2 3 4 5 6 7 8"});
  EXPECT_TRUE(contains(given.out, "to the goal blank-first")) << given.out;
  const RunResult verified = with_goal("blank-last", {"verify", "1 2 3 4 5 6 7 0 8", "R"});
  EXPECT_EQ(verified.describe(), "exit 0") << verified.out;
  const RunResult bad = with_goal("upside-down", {"solve", "1 0 2 3 4 5 6 7 8"});
  EXPECT_EQ(bad.describe(), "exit 1") << bad.err;
  EXPECT_TRUE(contains(bad.err, "NPUZZLE_GOAL")) << bad.err;
}

// A board that is the other standard goal says so, on every size, with the option for that goal.
TEST_F(Usability, ABoardThatIsTheOtherGoalSaysSo) {
  const std::pair<const char*, const char*> boards[] = {
      {"3x3", "1 2 3 4 5 6 7 8 0"},
      {"2x3", "1 2 3 4 5 0"},
      {"4x4", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"}};
  for (const auto& [size, board] : boards) {
    SCOPED_TRACE(board);
    const RunResult run = run_npuzzle({"solve", "--size", size, board});
    EXPECT_TRUE(contains(run.err, "is the goal blank-last itself")) << run.err;
    EXPECT_TRUE(contains(run.err, "--goal blank-last")) << run.err;
  }
  const RunResult last = run_npuzzle({"solve", "--goal", "blank-last", "0 1 2 3 4 5 6 7 8"});
  EXPECT_TRUE(contains(last.err, "is the goal blank-first itself")) << last.err;
  const RunResult plain = run_npuzzle({"solve", "1 0 2 3 4 5 6 7 8"});
  EXPECT_FALSE(contains(plain.err, "itself")) << plain.err;
}

// verify takes the board as solve does: its tiles as words (or quoted as one), the moves last.
TEST_F(Usability, VerifyTakesTheBoardAsWords) {
  const RunResult words = run_npuzzle({"verify", "1", "0", "2", "3", "4", "5", "6", "7", "8", "L"});
  EXPECT_EQ(words.describe(), "exit 0") << words.err;
  EXPECT_TRUE(contains(words.out, "valid: reaches the goal blank-first in 1 move")) << words.out;
  const RunResult wrong = run_npuzzle({"verify", "1", "0", "2", "3", "4", "5", "6", "7", "8", "R"});
  EXPECT_EQ(wrong.describe(), "exit 2") << wrong.err;
  const RunResult none = run_npuzzle({"verify", "0", "1", "2", "3", "4", "5", "6", "7", "8", ""});
  EXPECT_EQ(none.describe(), "exit 0") << none.err;
  const RunResult alone = run_npuzzle({"verify", "1 0 2 3 4 5 6 7 8"});
  EXPECT_EQ(alone.describe(), "exit 1") << alone.err;
  EXPECT_TRUE(contains(alone.err, "BOARD and then MOVES")) << alone.err;
}

TEST_F(Usability, ResultsNameTheGoalAndUnsolvableBoardsNameTheOtherOne) {
  const RunResult text = run_npuzzle({"solve", "--goal", "blank-last", "1 2 3 4 5 6 7 0 8"});
  EXPECT_EQ(text.describe(), "exit 0") << text.err;
  EXPECT_TRUE(contains(text.out, "to the goal blank-last")) << text.out;
  const RunResult json = run_npuzzle({"solve", "--output", "json", "1 0 2 3 4 5 6 7 8"});
  EXPECT_TRUE(contains(json.out, "\"goal\":\"blank-first\"")) << json.out;

  // On 4x4 the two standard goals are in opposite parity classes.
  const std::string near_last = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
  const RunResult first = run_npuzzle({"solve", near_last});
  EXPECT_EQ(first.describe(), "exit 3");
  EXPECT_TRUE(contains(first.out, "solvable for --goal blank-last")) << first.out;
  const RunResult last =
      run_npuzzle({"solve", "--goal", "blank-last", "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15"});
  EXPECT_EQ(last.describe(), "exit 3");
  EXPECT_TRUE(contains(last.out, "solvable for --goal blank-first")) << last.out;
  // On 3x3 both standard goals share a class: no such hint for a board that fits neither.
  const RunResult neither = run_npuzzle({"solve", "0 2 1 3 4 5 6 7 8"});
  EXPECT_EQ(neither.describe(), "exit 3");
  EXPECT_FALSE(contains(neither.out, "solvable for")) << neither.out;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

// A batch whose boards all fit only the other standard goal (made for blank-first, solved for
// blank-last): every line names the goal in force, and one note names the fix instead of a hint on
// every line. A mixed batch gets one note with the count.
TEST_F(Usability, ABatchForTheOtherGoalIsSaidOnce) {
  const RunResult boards = run_npuzzle({"random", "--size", "4x4", "--count", "5", "--seed", "3"});
  ASSERT_EQ(boards.describe(), "exit 0") << boards.err;
  const RunResult run = run_npuzzle({"solve", "--goal", "blank-last"}, boards.out);
  EXPECT_EQ(run.describe(), "exit 3") << run.err;
  EXPECT_EQ(occurrences(run.out, "cannot reach the goal blank-last"), 5u) << run.out;
  EXPECT_EQ(occurrences(run.out + run.err, "it is solvable for"), 0u) << run.out << run.err;
  EXPECT_EQ(
      occurrences(run.err, "note: every board is unsolvable for the goal in force, blank-last"), 1u)
      << run.err;
  EXPECT_TRUE(contains(run.err, "`npuzzle random --goal blank-last`")) << run.err;
  EXPECT_TRUE(contains(run.err, "; goal blank-last;")) << run.err;  // the summary names it too

  const RunResult mixed =
      run_npuzzle({"solve", "--goal", "blank-last"},
                  "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
  EXPECT_EQ(mixed.describe(), "exit 3") << mixed.err;
  EXPECT_EQ(occurrences(mixed.out + mixed.err, "it is solvable for"), 0u) << mixed.out << mixed.err;
  EXPECT_EQ(occurrences(mixed.err, "note: 1 of 2 boards are unsolvable for the goal in force"), 1u)
      << mixed.err;
}

TEST_F(Usability, VerifySaysWhichGoalItExpected) {
  const RunResult ok = run_npuzzle({"verify", "--goal", "blank-last", "1 2 3 4 5 6 7 0 8", "R"});
  EXPECT_EQ(ok.describe(), "exit 0");
  EXPECT_TRUE(contains(ok.out, "reaches the goal blank-last in 1 move")) << ok.out;
  // Moves that reach blank-last, checked against the default goal.
  const RunResult other = run_npuzzle({"verify", "1 2 3 4 5 6 7 0 8", "R"});
  EXPECT_EQ(other.describe(), "exit 2");
  EXPECT_TRUE(contains(other.out, "not the goal blank-first")) << other.out;
  EXPECT_TRUE(contains(other.out, "add --goal blank-last")) << other.out;
}

TEST_F(Usability, WarningsUpFrontFor5x5WithoutDatabasesAndTooManyThreads) {
  const std::string near_goal = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24";
  const RunResult weak = run_npuzzle({"solve", "--heuristic", "md", near_goal});
  EXPECT_EQ(weak.describe(), "exit 0") << weak.err;
  EXPECT_TRUE(contains(weak.err, "warning:")) << weak.err;
  EXPECT_TRUE(contains(weak.err, "pdbgen build --size 5x5 --partition 6-6-6-6")) << weak.err;
  EXPECT_TRUE(contains(weak.err, "--heuristic pdb")) << weak.err;
  const RunResult quiet = run_npuzzle({"solve", "--quiet", "--heuristic", "md", near_goal});
  EXPECT_FALSE(contains(quiet.err, "warning:")) << quiet.err;
  const RunResult small = run_npuzzle({"solve", "--heuristic", "md", "1 0 2 3 4 5 6 7 8"});
  EXPECT_FALSE(contains(small.err, "warning:")) << small.err;

  const unsigned cores = std::thread::hardware_concurrency();
  ASSERT_GT(cores, 0u);
  const RunResult many = run_npuzzle({"solve", "--threads", std::to_string(cores + 1), "1 0 2 3"});
  EXPECT_EQ(many.describe(), "exit 0") << many.err;
  EXPECT_TRUE(contains(many.err, "more than the " + std::to_string(cores))) << many.err;
  const RunResult fits = run_npuzzle({"solve", "--threads", "1", "1 0 2 3"});
  EXPECT_FALSE(contains(fits.err, "warning:")) << fits.err;
}

// BFS and A* store every board they reach: on a board large for them a warning names their memory
// limit, which --help states (half the memory available unless --mem-limit is given).
TEST_F(Usability, StoringSearchesWarnOnLargeBoardsAndHaveADefaultMemoryLimit) {
  const std::string near_goal = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
  const RunResult bfs = run_npuzzle({"solve", "--algo", "bfs", near_goal});
  const RunResult astar = run_npuzzle({"solve", "--algo", "astar", "--heuristic", "md", near_goal});
  for (const RunResult& run : {bfs, astar}) {
    EXPECT_EQ(run.describe(), "exit 0") << run.err;
    EXPECT_TRUE(contains(run.err, "it stops at its memory limit of ")) << run.err;
  }
  EXPECT_TRUE(contains(bfs.err, "warning: bfs stores every board")) << bfs.err;
  EXPECT_TRUE(contains(astar.err, "warning: astar stores every board")) << astar.err;
  const RunResult none = run_npuzzle({"solve", "--algo", "bfs", "--mem-limit", "0", near_goal});
  EXPECT_TRUE(contains(none.err, "no memory limit")) << none.err;
  const RunResult small = run_npuzzle({"solve", "--algo", "bfs", "1 0 2 3 4 5 6 7 8"});
  EXPECT_FALSE(contains(small.err, "warning:")) << small.err;
  const RunResult ida = run_npuzzle({"solve", near_goal});
  EXPECT_FALSE(contains(ida.err, "warning:")) << ida.err;
  const RunResult help = run_npuzzle({"solve", "--help"});
  // The words of the page, whatever the lines it is wrapped to.
  const std::string words = std::regex_replace(help.out, std::regex("\\s+"), " ");
  EXPECT_TRUE(contains(words, "default: half the memory available")) << help.out;
}

// --algo, --heuristic and --tie-break take the names and aliases of the engine's one table (case,
// '_', ' ' and '-' alike); results print the name. A mistyped value gets the nearest name, as a
// mistyped option does, and the names to choose from; exit 1.
TEST_F(Usability, ValuesTakeAliasesAndAMistypedOneGetsTheNearestName) {
  const RunResult aliases = run_npuzzle({"solve", "--output", "json", "--algo", "A*", "--heuristic",
                                         "Manhattan", "--tie-break", "LIFO", "8 6 7 2 5 4 3 0 1"});
  ASSERT_EQ(aliases.describe(), "exit 0") << aliases.err;
  const nlohmann::json result = cli::json_lines(aliases.out).at(0);
  EXPECT_EQ(result["algorithm"], "astar");
  EXPECT_EQ(result["heuristic"], "md");
  const RunResult ida = run_npuzzle({"solve", "--output", "json", "--algo", "IDA*", "--heuristic",
                                     "linear conflict", fault::kEasy});
  ASSERT_EQ(ida.describe(), "exit 0") << ida.err;
  EXPECT_EQ(cli::json_lines(ida.out).at(0)["algorithm"], "ida");
  EXPECT_EQ(cli::json_lines(ida.out).at(0)["heuristic"], "lc");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  for (const Case& c : std::vector<Case>{
           {{"--heuristic", "manhatan"},
            "npuzzle: --heuristic: unknown heuristic 'manhatan'; did you mean 'md' (manhattan)? "
            "known: misplaced, md, lc, wd, pdb"},
           {{"--algo", "asta"},
            "npuzzle: --algo: unknown algorithm 'asta'; did you mean 'astar'? known: ida, astar"},
           {{"--algo", "astar", "--tie-break", "lifoo"},
            "npuzzle: --tie-break: unknown tie-break 'lifoo'; did you mean 'lifo'? known: lifo, "
            "fifo, larger-g"}}) {
    std::vector<std::string> args = {"solve"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.push_back(fault::kEasy);
    const RunResult r = run_npuzzle(args);
    EXPECT_EQ(r.describe(), "exit 1") << r.err;
    EXPECT_EQ(r.err.rfind(c.message, 0), 0u) << r.err;
  }
}

// A goal from NPUZZLE_GOAL is named with its source wherever a message or a result line names the
// goal; a goal given with --goal is not.
TEST_F(Usability, AGoalFromTheEnvironmentSaysWhereItCameFrom) {
  const auto run = [](std::vector<std::string> args, bool from_environment) {
    fault::RunSpec spec;
    spec.argv = {fault::npuzzle_binary()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    if (from_environment) {
      spec.env = {{"NPUZZLE_GOAL", "blank-last"}};
    } else {
      spec.unset_env = {"NPUZZLE_GOAL"};
    }
    return fault::run_program(spec);
  };
  const std::string from = "the goal blank-last (from NPUZZLE_GOAL)";
  const RunResult solved = run({"solve", "1 2 3 4 5 6 7 0 8"}, true);
  EXPECT_EQ(solved.describe(), "exit 0") << solved.err;
  EXPECT_TRUE(contains(solved.out, "solved in 1 move (optimal) to " + from)) << solved.out;
  fault::RunSpec summary_spec;
  summary_spec.argv = {fault::npuzzle_binary(), "solve", "-"};
  summary_spec.stdin_text = "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 0 7 8\n";
  summary_spec.env = {{"NPUZZLE_GOAL", "blank-last"}};
  const RunResult summary = fault::run_program(summary_spec);
  EXPECT_EQ(summary.describe(), "exit 0") << summary.err;
  EXPECT_TRUE(contains(summary.err, "goal blank-last (from NPUZZLE_GOAL)")) << summary.err;
  const RunResult stated = run({"solve", "5 1 1 0 2 3 4 5 6 7 8"}, true);
  EXPECT_TRUE(contains(stated.err, "with " + from + " they are not checked")) << stated.err;
  const RunResult verified = run({"verify", "1 2 3 4 5 6 7 0 8", "R"}, true);
  EXPECT_EQ(verified.describe(), "exit 0") << verified.err;
  EXPECT_TRUE(contains(verified.out, "reaches " + from)) << verified.out;
  const RunResult given = run({"solve", "--goal", "blank-last", "1 2 3 4 5 6 7 0 8"}, false);
  EXPECT_TRUE(contains(given.out, "to the goal blank-last, ")) << given.out;
  EXPECT_FALSE(contains(given.out + given.err, "NPUZZLE_GOAL")) << given.out << given.err;
  fault::RunSpec wrong_size;
  wrong_size.argv = {fault::npuzzle_binary(), "random", "--size", "3x3"};
  wrong_size.env = {{"NPUZZLE_GOAL", "1 2 3 0"}};
  const RunResult random = fault::run_program(wrong_size);
  EXPECT_EQ(random.describe(), "exit 1") << random.err;
  EXPECT_TRUE(contains(random.err, "the goal (from NPUZZLE_GOAL) has 4 tiles")) << random.err;
}

// The warning of a storing search on a board large for it names the limit it will stop at and
// where that limit came from; BFS on 4x4 under a small --mem-limit then stops there: exit 5,
// "memory limit", the process's peak within the limit.
TEST_F(Usability, TheBfsMemoryWarningNamesTheLimitItStopsAt) {
  const RunResult stopped = run_npuzzle({"solve", "--output", "json", "--algo", "bfs",
                                         "--mem-limit", "64M", korf_data::by_id(1).text()});
  EXPECT_EQ(stopped.describe(), "exit 5") << stopped.err;
  EXPECT_TRUE(contains(stopped.err, "it stops at its memory limit of ")) << stopped.err;
  EXPECT_TRUE(contains(stopped.err, " (--mem-limit 64M)")) << stopped.err;
  const nlohmann::json result = cli::json_lines(stopped.out).at(0);
  EXPECT_EQ(result["status"], "out-of-memory");
  EXPECT_EQ(result["reason"], "memory limit");
  EXPECT_LE(stopped.max_rss_kib, 64 * 1024) << "peak resident size over --mem-limit";
  const RunResult by_default =
      run_npuzzle({"solve", "--algo", "bfs", "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15"});
  EXPECT_EQ(by_default.describe(), "exit 0") << by_default.err;
  EXPECT_TRUE(contains(by_default.err, " (the default: half ")) << by_default.err;
}

// --help shows each option's value once, in words a user reads: no flag default in braces, no
// check's words after the type, no Excludes line, and each list of names once.
TEST_F(Usability, HelpHasNoParserArtefacts) {
  std::string all;
  for (const char* command : {"solve", "bench", "random", "verify"}) {
    const RunResult help = run_npuzzle({command, "--help"});
    EXPECT_EQ(help.describe(), "exit 0") << command;
    all += help.out;
  }
  for (const char* command : {"build", "info", "verify"}) {
    const RunResult help = run_pdbgen({command, "--help"});
    EXPECT_EQ(help.describe(), "exit 0") << command;
    all += help.out;
  }
  for (const char* artefact : {"{5}", "FLOAT:", "INT:", " in [", "Excludes:", "TEXT:"}) {
    EXPECT_FALSE(contains(all, artefact)) << artefact << " in\n" << all;
  }
  const RunResult solve = run_npuzzle({"solve", "--help"});
  EXPECT_TRUE(contains(solve.out, "--progress[=SECONDS]")) << solve.out;
  EXPECT_TRUE(contains(solve.out, "--time-limit SECONDS")) << solve.out;
  EXPECT_EQ(occurrences(solve.out, "6-6-6-6+7-7-7-3"), 1u) << solve.out;  // the partitions once
  const RunResult build = run_pdbgen({"build", "--help"});
  EXPECT_EQ(occurrences(build.out, "6-6-6-6+7-7-7-3"), 1u) << build.out;
}

// --summary: many instances, the totals only (per configuration), no line per instance.
TEST_F(Usability, SummaryPrintsTheTotalsOnly) {
  const std::string boards = "1 0 2 3 4 5 6 7 8\n1 2 0 3 4 5 6 7 8\n3 1 2 0 4 5 6 7 8\n";
  const RunResult run = run_npuzzle({"solve", "--summary", "--algo", "ida,astar"}, boards);
  EXPECT_EQ(run.describe(), "exit 0") << run.err;
  EXPECT_FALSE(contains(run.out, "instance 1")) << run.out;
  EXPECT_FALSE(contains(run.out, "blank moves")) << run.out;
  EXPECT_TRUE(contains(run.out, "totals per configuration")) << run.out;
  EXPECT_EQ(occurrences(run.out, "3/3"), 2u) << run.out;  // ida and astar each solved the three
  const RunResult json = run_npuzzle({"solve", "--summary", "--output", "json"}, boards);
  EXPECT_EQ(json.describe(), "exit 1") << json.err;
  EXPECT_TRUE(contains(json.err, "--summary")) << json.err;
}

TEST_F(Usability, EachSubcommandsHelpListsItsOwnExitCodes) {
  const RunResult solve = run_npuzzle({"solve", "--help"});
  EXPECT_EQ(solve.describe(), "exit 0");
  EXPECT_TRUE(contains(solve.out, "\n  3  unsolvable\n")) << solve.out;
  const RunResult verify = run_npuzzle({"verify", "--help"});
  EXPECT_TRUE(contains(verify.out, "\n  0  the moves reach the goal\n")) << verify.out;
  EXPECT_FALSE(contains(verify.out, "unsolvable")) << verify.out;
  EXPECT_FALSE(contains(verify.out, "out of memory")) << verify.out;
  const RunResult random = run_npuzzle({"random", "--help"});
  EXPECT_FALSE(contains(random.out, "unsolvable")) << random.out;
  const RunResult info = run_pdbgen({"info", "--help"});
  EXPECT_TRUE(contains(info.out, "EXIT CODES\n  0  described\n")) << info.out;
  EXPECT_FALSE(contains(info.out, "not enough memory")) << info.out;
}

// An IDA* iteration a limit stopped is shown as cut short by it, never as a finished iteration
// with a growth factor; the iterations before it are finished ones.
TEST_F(Usability, AnIterationStoppedByALimitIsShownCutShort) {
  const std::string korf1 = korf_data::by_id(1).text();  // 57 moves
  for (const char* algorithm : {"ida", "pida"}) {
    SCOPED_TRACE(algorithm);
    const RunResult run = run_npuzzle({"solve", "--verbose", "--algo", algorithm, "--heuristic",
                                       "md", "--node-limit", "3000000", korf1});
    EXPECT_EQ(run.describe(), "exit 4") << run.err;
    std::vector<std::string> iterations;
    for (const std::string& line : cli::lines_of(run.err)) {
      if (contains(line, "] bound ")) iterations.push_back(line);
    }
    ASSERT_GE(iterations.size(), 2u) << run.err;
    EXPECT_TRUE(contains(iterations.back(), "cut short by the node limit after")) << run.err;
    EXPECT_FALSE(contains(iterations.back(), "(x")) << run.err;  // no growth factor
    for (std::size_t k = 0; k + 1 < iterations.size(); ++k) {
      EXPECT_FALSE(contains(iterations[k], "cut short")) << iterations[k];
    }
  }
}

// Plain ida's heartbeat tells how far the iteration is: the share of the nodes it is expected to
// take (from the third iteration on, when there is a growth factor) and the time left.
TEST_F(Usability, PlainIdaHeartbeatShowsTheShareOfTheIteration) {
  const std::string korf1 = korf_data::by_id(1).text();
  const RunResult run = run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md", "--node-limit",
                                     "30000000", "--progress=0.0001", korf1});
  EXPECT_EQ(run.describe(), "exit 4") << run.err;
  EXPECT_TRUE(contains(run.err, "% of the iteration's expected nodes")) << run.err;
}

// Every algorithm reports a heartbeat from its limit poll with --progress (here =0.0001: about
// every poll); a run whose stderr is not a terminal and has no --progress stays silent. Each run
// expands past the first poll (16,384 expansions): greedy, which finds a path on the 4x4 board
// within a few thousand, runs on Korf and Felner's 24-puzzle #2 with misplaced tiles, where it
// cannot.
TEST_F(Usability, HeartbeatWithProgressForEveryAlgorithm) {
  const std::string hard = korf_data::by_id(60).text();  // 66 moves
  const std::string greedy_board = korf_data::by_id24(2).text();
  for (const std::string algorithm : {"ida", "astar", "bfs", "dfbnb", "greedy", "hda", "pida"}) {
    SCOPED_TRACE(algorithm);
    std::vector<std::string> args = {"solve",   "--output",     "json",   "--algo",
                                     algorithm, "--node-limit", "100000", "--progress=0.0001"};
    if (algorithm != "bfs") {
      args.insert(args.end(), {"--heuristic", algorithm == "greedy" ? "misplaced" : "md"});
    }
    if (algorithm == "hda" || algorithm == "pida") args.insert(args.end(), {"--threads", "2"});
    args.push_back(algorithm == "greedy" ? greedy_board : hard);
    const RunResult run = run_npuzzle(args);
    ASSERT_EQ(run.exit_code, 4) << run.describe() << run.err;
    const auto expanded = std::stoull(run.out.substr(run.out.find("\"expanded\":") + 11));
    EXPECT_GE(expanded, 16384u) << run.out;
    const std::regex beat(
        R"(\[1\] \w+( \+ (md|misplaced))?: [\d.]+ s, [\d.]+( [KMG])? expanded \([\d.]+( [KMG])?/s\).*, f \d+)");
    EXPECT_TRUE(std::regex_search(run.err, beat)) << run.err;
  }
  const RunResult silent = run_npuzzle(
      {"solve", "--algo", "astar", "--heuristic", "md", "--node-limit", "100000", hard});
  EXPECT_EQ(silent.err.find("expanded ("), std::string::npos) << silent.err;
}

// --progress=SECONDS takes a fraction (a run of a few milliseconds prints no line, or one on a
// machine so slow that it lasts the interval, where =0.0001 prints about one a poll) and refuses
// what is not a number of seconds above 0: 0 would flood stderr with a line at every poll.
TEST_F(Usability, ProgressIntervalTakesFractionsAndRefusesNonsense) {
  const std::string hard = korf_data::by_id(60).text();
  const RunResult run = run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md", "--node-limit",
                                     "2000000", "--progress=0.9", hard});
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
  const std::regex beat(R"(\[1\] ida \+ md: [\d.]+ s, )");
  const auto beats = std::distance(std::sregex_iterator(run.err.begin(), run.err.end(), beat),
                                   std::sregex_iterator());
  EXPECT_LE(beats, 1) << run.err;
  const RunResult every_poll = run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md",
                                            "--node-limit", "2000000", "--progress=0.0001", hard});
  EXPECT_GT(std::distance(std::sregex_iterator(every_poll.err.begin(), every_poll.err.end(), beat),
                          std::sregex_iterator()),
            10)
      << every_poll.err;
  for (const std::string bad :
       {"--progress=-1", "--progress=soon", "--progress=nan", "--progress=0", "--progress=0.0"}) {
    const RunResult refused = run_npuzzle({"solve", bad, hard});
    EXPECT_EQ(refused.exit_code, 1) << bad;
    EXPECT_TRUE(contains(refused.err, "is not a number of seconds above 0")) << refused.err;
    EXPECT_TRUE(refused.out.empty()) << refused.out;
  }
}

// --quiet: no notes on stderr (the databases built on first use, the heuristic they give, the fall
// back to linear conflict without a database directory); an error that explains the exit code is
// still printed.
TEST_F(Usability, QuietSilencesNotesButNotErrors) {
  const fs::path dir = fault::fresh_dir("quiet_notes");
  const std::string board = "1 0 2 3 4 5 6 7 8";
  const RunResult loud =
      run_npuzzle({"solve", "--heuristic", "pdb", "--pdb-dir", (dir / "loud").string(), board});
  EXPECT_EQ(loud.describe(), "exit 0") << loud.err;
  EXPECT_TRUE(contains(loud.err, "npuzzle: building pattern database")) << loud.err;
  EXPECT_TRUE(contains(loud.err, "npuzzle: heuristic ")) << loud.err;
  const RunResult quiet = run_npuzzle(
      {"solve", "--quiet", "--heuristic", "pdb", "--pdb-dir", (dir / "quiet").string(), board});
  EXPECT_EQ(quiet.describe(), "exit 0") << quiet.err;
  EXPECT_TRUE(contains(quiet.out, "solved in 1 move")) << quiet.out;
  EXPECT_EQ(quiet.err, "");

  fault::RunSpec no_home;
  no_home.argv = {fault::npuzzle_binary(), "solve", "--quiet",
                  "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15"};
  no_home.unset_env = {"NPUZZLE_PDB_DIR", "XDG_CACHE_HOME", "HOME"};
  const RunResult fallback = fault::run_program(no_home);
  EXPECT_EQ(fallback.describe(), "exit 0") << fallback.err;
  EXPECT_TRUE(contains(fallback.out, "ida + lc")) << fallback.out;
  EXPECT_EQ(fallback.err, "");

  const RunResult bad = run_npuzzle({"solve", "--quiet", "1 2 3 4 5 6 7 8 8"});
  EXPECT_EQ(bad.describe(), "exit 2");
  EXPECT_TRUE(contains(bad.err, "duplicate")) << bad.err;
  const fs::path blocker = fault::write_text(dir / "file", "not a directory");
  const RunResult no_database = run_npuzzle(
      {"solve", "--quiet", "--heuristic", "pdb", "--pdb-dir", (blocker / "sub").string(), board});
  EXPECT_EQ(no_database.describe(), "exit 2");
  EXPECT_TRUE(contains(no_database.err, "cannot create the database directory")) << no_database.err;
}

}  // namespace
}  // namespace npuzzle
