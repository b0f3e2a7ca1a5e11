// An interrupted `pdbgen build` saves its breadth-first search to FILE.partial and the same command
// resumes it: a 4x4 zero-aware 7-tile table (57.7 M placements, about 20 s on one thread) is
// stopped by SIGINT once its progress shows (exit 4, no table, the partial file present), then
// built again from the partial file; the table equals one built without a stop, and no partial
// file is left. A partial file that is not a saved build of the table is set aside (renamed).
#include <gtest/gtest.h>

#include <csignal>
#include <string>

#include "tests/tools/cli_support.hpp"

namespace npuzzle::fault {
namespace {

std::string payload_of(const fs::path& file) {
  const std::string bytes = read_text(file);
  return bytes.size() > 4096 ? bytes.substr(4096) : std::string();
}

TEST(PdbgenResume, AnInterruptedBuildResumesToTheSameTable) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("pdbgen_resume");
  const fs::path whole = dir / "whole";
  const std::vector<std::string> build = {
      "build", "--size", "4x4", "--partition", "za:1,2,3,4,5,6,7", "--threads", "1"};
  const std::string name = "4x4-blank-first-1-2-3-4-5-6-7-zero-aware.pdb";

  RunSpec spec;
  spec.argv = {pdbgen_binary()};
  spec.argv.insert(spec.argv.end(), build.begin(), build.end());
  spec.argv.insert(spec.argv.end(), {"--dir", dir.string()});
  spec.timeout_seconds = 300;
  spec.trigger = "depth";  // the first progress line, a second into the build
  spec.signal_number = SIGINT;
  const RunResult stopped = run_program(spec);
  ASSERT_EQ(stopped.describe(), "exit 4") << stopped.err;
  EXPECT_TRUE(cli::contains(stopped.err, "the same command resumes it")) << stopped.err;
  EXPECT_FALSE(fs::exists(dir / name));
  ASSERT_TRUE(fs::exists(dir / (name + ".partial")));

  std::vector<std::string> again = build;
  again.insert(again.end(), {"--dir", dir.string()});
  const RunResult resumed = cli::run_tool(pdbgen_binary(), again, "", 300);
  ASSERT_EQ(resumed.describe(), "exit 0") << resumed.err;
  EXPECT_TRUE(cli::contains(resumed.err, "resumed the build saved at distance")) << resumed.err;
  EXPECT_FALSE(fs::exists(dir / (name + ".partial")));

  std::vector<std::string> fresh = build;
  fresh.insert(fresh.end(), {"--dir", whole.string()});
  fresh[fresh.size() - 3] = "2";  // --threads 2
  const RunResult built = cli::run_tool(pdbgen_binary(), fresh, "", 300);
  ASSERT_EQ(built.describe(), "exit 0") << built.err;
  const std::string resumed_payload = payload_of(dir / name);
  EXPECT_FALSE(resumed_payload.empty());
  EXPECT_TRUE(resumed_payload == payload_of(whole / name)) << "the resumed table differs";
}

TEST(PdbgenResume, APartialFileThatIsNoSavedBuildIsSetAside) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("pdbgen_resume_foreign");
  const fs::path partial = dir / "3x3-blank-first-1-2-3-zero-aware.pdb.partial";
  write_text(partial, "not a saved build");
  const RunResult built =
      cli::run_pdbgen({"build", "--size", "3x3", "--partition", "za:1,2,3", "--dir", dir.string()});
  ASSERT_EQ(built.describe(), "exit 0") << built.err;
  EXPECT_TRUE(cli::contains(built.err, "not a saved build): set aside as")) << built.err;
  EXPECT_FALSE(fs::exists(partial));
  bool set_aside = false;
  for (const auto& entry : fs::directory_iterator(dir)) {
    set_aside |= entry.path().filename().string().find(".partial.rejected-") != std::string::npos;
  }
  EXPECT_TRUE(set_aside) << "never deleted: it may be someone's work";
  EXPECT_TRUE(fs::exists(dir / "3x3-blank-first-1-2-3-zero-aware.pdb"));
}

}  // namespace
}  // namespace npuzzle::fault
