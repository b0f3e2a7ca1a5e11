// Fault tests: memory and threads for real. Each search runs under an address-space limit
// (RLIMIT_AS, as `ulimit -v`) too small for it, so allocations fail inside the search: it must end
// with exit code 5 and its statistics so far, never SIGABRT. A thread count the machine cannot give
// is refused (exit 1); a thread that cannot be created is exit 5 with a message; --mem-limit bounds
// the whole process's peak resident size (measured by wait4's ru_maxrss), not only the search's own
// count; a binary input (/dev/zero) is refused with bounded memory.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

// Korf's instance 88 (65 moves): A* and HDA* with linear conflict need gigabytes for it.
constexpr const char* kHard88 = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";
constexpr long kMiB = 1L << 20;

nlohmann::json only_json_line(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] == '{') return nlohmann::json::parse(line);
  }
  return {};
}

struct MemoryCase {
  const char* name;
  std::vector<std::string> args;
  long address_space_mib;
};

class FaultMemory : public ::testing::TestWithParam<MemoryCase> {};

TEST_P(FaultMemory, AllocationFailureIsExitFiveWithStatistics) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const MemoryCase& c = GetParam();
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--output", "json"};
  spec.argv.insert(spec.argv.end(), c.args.begin(), c.args.end());
  spec.argv.push_back(kHard88);
  spec.address_space_limit = c.address_space_mib * kMiB;
  spec.timeout_seconds = 120;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 5) << run.err;
  const nlohmann::json result = only_json_line(run.out);
  ASSERT_TRUE(result.is_object()) << run.out << run.err;
  EXPECT_EQ(result["status"], "out-of-memory");
  EXPECT_GT(result["expanded"].get<std::uint64_t>(), 0u);
  std::string args;
  for (const std::string& a : c.args) args += " " + a;
  record_fault("memory",
               "`solve" + args + "` on Korf's instance 88 under `ulimit -v " +
                   std::to_string(c.address_space_mib * 1024) + "`",
               run.describe() + "; status " + result["status"].get<std::string>() + " (" +
                   result["reason"].get<std::string>() + "), expanded " +
                   std::to_string(result["expanded"].get<std::uint64_t>()));
}

INSTANTIATE_TEST_SUITE_P(
    Searches, FaultMemory,
    ::testing::Values(
        MemoryCase{"AStar", {"--algo", "astar", "--heuristic", "lc", "--mem-limit", "0"}, 300},
        MemoryCase{"AStarWithMemLimitAboveTheAddressSpace",
                   {"--algo", "astar", "--heuristic", "lc", "--mem-limit", "500M"},
                   400},
        MemoryCase{"Hda",
                   {"--algo", "hda", "--threads", "2", "--heuristic", "lc", "--mem-limit", "0"},
                   400},
        MemoryCase{"Bfs", {"--algo", "bfs", "--mem-limit", "0"}, 300}),
    [](const auto& test) { return test.param.name; });

class FaultMemLimit : public ::testing::TestWithParam<MemoryCase> {};

// --mem-limit 100M: the search stops with out-of-memory, and the process's peak resident size
// (tables, queues, per-thread buffers and mail, the code, the allocator's slack) stays below 100
// MiB.
TEST_P(FaultMemLimit, PeakResidentSizeStaysUnderTheLimit) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const MemoryCase& c = GetParam();
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--output", "json", "--mem-limit", "100M"};
  spec.argv.insert(spec.argv.end(), c.args.begin(), c.args.end());
  spec.argv.push_back(kHard88);
  spec.timeout_seconds = 120;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 5) << run.err;
  const nlohmann::json result = only_json_line(run.out);
  ASSERT_TRUE(result.is_object()) << run.out << run.err;
  EXPECT_EQ(result["status"], "out-of-memory");
  EXPECT_LE(run.max_rss_kib, 100 * 1024) << "peak resident size over --mem-limit";
  std::string args;
  for (const std::string& a : c.args) args += " " + a;
  record_fault("memory", "`solve --mem-limit 100M" + args + "` on Korf's instance 88",
               run.describe() + "; status " + result["status"].get<std::string>() + " (" +
                   result["reason"].get<std::string>() + "), expanded " +
                   std::to_string(result["expanded"].get<std::uint64_t>()) + ", peak RSS " +
                   std::to_string(run.max_rss_kib / 1024) + " MiB");
}

INSTANTIATE_TEST_SUITE_P(
    Searches, FaultMemLimit,
    ::testing::Values(MemoryCase{"AStar", {"--algo", "astar", "--heuristic", "lc"}, 0},
                      MemoryCase{
                          "Hda", {"--algo", "hda", "--threads", "2", "--heuristic", "lc"}, 0},
                      MemoryCase{"Bfs", {"--algo", "bfs"}, 0}),
    [](const auto& test) { return test.param.name; });

// Without --mem-limit the searches that store nodes stop at their default limit, half the memory
// available (here the address space of `ulimit -v`): a clean stop at the memory limit, with the
// peak resident size under it, never an allocation failure.
TEST(FaultMemLimit, TheStoringSearchesHaveADefaultLimit) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  for (const std::vector<std::string>& search :
       {std::vector<std::string>{"bfs"}, std::vector<std::string>{"astar", "--heuristic", "md"}}) {
    const std::string algorithm = search.front();
    SCOPED_TRACE(algorithm);
    RunSpec spec;
    spec.argv = {npuzzle_binary(), "solve", "--output", "json", "--algo"};
    spec.argv.insert(spec.argv.end(), search.begin(), search.end());
    spec.argv.push_back(kHard88);
    spec.address_space_limit = 1024 * kMiB;
    spec.timeout_seconds = 120;
    const RunResult run = run_program(spec);
    ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
    EXPECT_EQ(run.exit_code, 5) << run.err;
    const nlohmann::json result = only_json_line(run.out);
    ASSERT_TRUE(result.is_object()) << run.out << run.err;
    EXPECT_EQ(result["status"], "out-of-memory");
    EXPECT_EQ(result["reason"], "memory limit");
    EXPECT_LE(run.max_rss_kib, 512 * 1024) << "peak resident size over half the address space";
    record_fault("memory",
                 "`solve --algo " + algorithm + (search.size() > 1 ? " --heuristic md" : "") +
                     "` (no --mem-limit) on Korf's instance 88 under `ulimit -v 1048576`",
                 run.describe() + "; status " + result["status"].dump() + " (" +
                     result["reason"].dump() + "), peak RSS " +
                     std::to_string(run.max_rss_kib / 1024) + " MiB");
  }
}

TEST(FaultThreads, AbsurdThreadCountsAreRefused) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--algo",           "hda", "--threads", "2000000000",
               "--heuristic",    "lc",    "1 2 3 4 0 5 7 8 6"};
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("between 1 and 1024"), std::string::npos) << run.err;
  RunSpec build;
  build.argv = {
      pdbgen_binary(), "build",     "--size",     "2x3",   "--partition",
      "full",          "--threads", "2000000000", "--dir", fresh_dir("threads_absurd").string()};
  const RunResult built = run_program(build);
  ASSERT_TRUE(built.exited()) << built.describe();
  EXPECT_EQ(built.exit_code, 1) << built.err;
  record_fault(
      "memory", "`--threads 2000000000` (npuzzle solve --algo hda; pdbgen build)",
      "npuzzle " + run.describe() + ": `" + first_line(run.err) + "`; pdbgen " + built.describe());
}

// 1024 threads of HDA* need their stacks (8 MiB each) and per-thread tables: under a 1 GiB address
// space some of them cannot be created (--mem-limit 0: no default limit stops the search first).
TEST(FaultThreads, AThreadThatCannotBeCreatedIsExitFive) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--algo",      "hda", "--threads", "1024",
               "--mem-limit",    "0",     "--heuristic", "lc",  kHard88};
  spec.address_space_limit = 1024 * kMiB;
  spec.timeout_seconds = 120;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 5) << run.err;
  const std::size_t message = run.err.find("npuzzle: out of memory");
  EXPECT_NE(message, std::string::npos) << run.err;
  record_fault("memory",
               "`solve --algo hda --threads 1024 --mem-limit 0` under `ulimit -v 1048576` (the "
               "threads' stacks and tables do not fit)",
               run.describe() + ": `" +
                   first_line(message == std::string::npos ? run.err : run.err.substr(message)) +
                   "`");
}

TEST(FaultMemory, BinaryInputIsRefusedWithBoundedMemory) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "-f", "/dev/zero"};
  spec.address_space_limit = 1024 * kMiB;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("longer than 1 MiB"), std::string::npos) << run.err;
  EXPECT_LT(run.max_rss_kib, 64 * 1024) << "peak resident size";
  record_fault("input", "`solve -f /dev/zero` (an endless line of NUL bytes)",
               run.describe() + ", peak RSS " + std::to_string(run.max_rss_kib / 1024) + " MiB: `" +
                   first_line(run.err) + "`");
}

}  // namespace
}  // namespace npuzzle::fault
