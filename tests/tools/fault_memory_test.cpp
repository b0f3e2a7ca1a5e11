// Fault tests: memory and threads for real. Each search runs under an address-space limit
// (RLIMIT_AS, as `ulimit -v`) too small for it, so allocations fail inside the search: it must end
// with exit code 5 and its statistics so far, never SIGABRT. A thread count the machine cannot give
// is refused (exit 1); a thread that cannot be created is exit 5 with a message; --mem-limit bounds
// the whole process's peak resident size (measured by wait4's ru_maxrss), not only the search's own
// count; a binary input (/dev/zero) is refused with bounded memory, as a solve's input and as a
// bench set.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/korf.hpp"
#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

// Korf's instance 88 (65 moves): A* and HDA* with linear conflict need gigabytes for it.
const std::string& hard88() {
  static const std::string tiles = korf_data::by_id(88).text();
  return tiles;
}
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
  spec.argv.push_back(hard88());
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
  spec.argv.push_back(hard88());
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
    spec.argv.push_back(hard88());
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
  EXPECT_NE(run.err.find("at most 1024"), std::string::npos) << run.err;
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
// Which allocation fails first depends on how far the threads got: a thread that cannot be created
// ends the run with "npuzzle: out of memory" on stderr; when they all started, the search's tables
// fail to grow and the instance's result says so on stdout ("out-of-memory (allocation failed").
// Either way exit code 5 and a message.
TEST(FaultThreads, AThreadThatCannotBeCreatedIsExitFive) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--algo",      "hda", "--threads", "1024",
               "--mem-limit",    "0",     "--heuristic", "lc",  hard88()};
  spec.address_space_limit = 1024 * kMiB;
  spec.timeout_seconds = 120;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 5) << run.err;
  const std::size_t message = run.err.find("npuzzle: out of memory");
  const std::string result = line_with(run.out, "out-of-memory (allocation failed");
  EXPECT_TRUE(message != std::string::npos || !result.empty()) << run.out << run.err;
  record_fault("memory",
               "`solve --algo hda --threads 1024 --mem-limit 0` under `ulimit -v 1048576` (the "
               "threads' stacks and tables do not fit)",
               run.describe() + ": `" +
                   (message != std::string::npos ? first_line(run.err.substr(message))
                    : result.empty()             ? first_line(run.err)
                                                 : result) +
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

// `npuzzle bench SET` reads its set as `solve -f` reads: /dev/zero, a file of NUL bytes and a line
// of spaces longer than 1 MiB are refused after 1 MiB, in bounded memory.
TEST(FaultMemory, BenchSetOfBinaryOrOverlongLinesIsRefusedWithBoundedMemory) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const auto bench = [](const std::string& set) {
    RunSpec spec;
    spec.argv = {npuzzle_binary(), "bench", set, "--heuristic", "lc"};
    spec.address_space_limit = 1024 * kMiB;
    spec.timeout_seconds = 60;
    const RunResult run = run_program(spec);
    EXPECT_EQ(run.exit_code, 2) << run.describe() << run.err;
    EXPECT_NE(run.err.find("longer than 1 MiB"), std::string::npos) << run.err;
    EXPECT_LT(run.max_rss_kib, 64 * 1024) << "peak resident size";
    return run.describe() + ", peak RSS " + std::to_string(run.max_rss_kib / 1024) + " MiB";
  };
  const fs::path nul = scratch_dir() / "nul.txt";
  fs::resize_file(write_text(nul, ""), 64 * kMiB);
  const fs::path spaces = scratch_dir() / "spaces.txt";
  write_text(spaces, std::string(4 * kMiB, ' ') + "\n1 2 3 4 0 5 7 8 6\n");
  const std::string zero = bench("/dev/zero");
  const std::string nul_bytes = bench(nul.string());
  const std::string space_line = bench(spaces.string());
  fs::remove(nul);
  fs::remove(spaces);
  record_fault("input",
               "`bench /dev/zero`; `bench` of 64 MiB of NUL bytes; `bench` of a 4 MiB line of "
               "spaces and a board",
               "/dev/zero: " + zero + "; NUL bytes: " + nul_bytes + "; spaces: " + space_line);
}

// A solve with pattern databases (their files watched on a helper thread) under address-space
// limits from just enough to print the answer to 48 MiB more: the input (a FIFO) stays open for
// 0.5 s after the board, so the helper thread runs after the answer. A printed answer must stay
// an answer: exit 0, never an out-of-memory failure after it.
TEST(FaultMemory, PrintedAnswerIsNotFollowedByAnOutOfMemoryFailure) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("answer_then_memory");
  RunSpec build;
  build.argv = {pdbgen_binary(), "build", "--size", "3x3",
                "--partition",   "full",  "--dir",  (dir / "pdb").string()};
  ASSERT_EQ(run_program(build).exit_code, 0);
  const std::string fifo = (dir / "boards").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto solve = [&](long limit_mib) {
    std::atomic<bool> ended{false};
    std::thread writer([&] {  // the board, then the FIFO held open for 0.5 s
      while (!ended.load()) {
        const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) {
          const std::string board = "8 6 7 2 5 4 3 0 1\n";
          EXPECT_EQ(::write(fd, board.data(), board.size()), static_cast<ssize_t>(board.size()));
          std::this_thread::sleep_for(std::chrono::milliseconds(500));
          ::close(fd);
          return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // no reader yet
      }
    });
    RunSpec spec;
    spec.argv = {npuzzle_binary(),       "solve", "--heuristic", "pdb:full", "--pdb-dir",
                 (dir / "pdb").string(), "-f",    fifo};
    spec.address_space_limit = limit_mib * kMiB;
    spec.timeout_seconds = 60;
    const RunResult run = run_program(spec);
    ended.store(true);
    writer.join();
    return run;
  };
  const auto answered = [](const RunResult& run) {
    return run.out.find("solved in") != std::string::npos;
  };
  // The least limit (to 4 MiB) at which the answer is printed.
  long low = 8, high = 1024;
  ASSERT_TRUE(answered(solve(high)));
  while (high - low > 4) {
    const long middle = (low + high) / 2;
    (answered(solve(middle)) ? high : low) = middle;
  }
  std::string failures;
  int runs = 0;
  for (long limit = high; limit <= high + 48; limit += 4, ++runs) {
    const RunResult run = solve(limit);
    if (answered(run) && run.exit_code != 0) {
      failures += " " + std::to_string(limit) + " MiB: " + run.describe() + " `" +
                  line_with(run.err, "out of memory") + "`;";
    }
  }
  EXPECT_TRUE(failures.empty()) << failures;
  // The least limit is measured, so it goes with what was observed: the fault's text is the same
  // from run to run (tests/fault_table.sh --check compares it).
  record_fault("memory",
               "a 3x3 solve with pattern databases (watched on a helper thread) under `ulimit -v` "
               "from the least limit that prints the answer to 48 MiB more, the input open for "
               "0.5 s after the board",
               "least limit " + std::to_string(high) + " MiB; " +
                   (failures.empty() ? std::to_string(runs) + " runs: every printed answer exit 0"
                                     : "answer printed, then:" + failures));
}

// `solve -f` solving 2 boards at a time holds only the boards in flight: 200,000 boards (2x2,
// solved in microseconds) take no more memory than 20,000.
TEST(FaultMemory, ParallelBatchMemoryDoesNotGrowWithTheNumberOfBoards) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path dir = fresh_dir("batch_growth");
  const auto peak_mib = [&](int boards) {
    RunSpec random;
    random.argv = {npuzzle_binary(),       "random", "--size", "2x2", "--count",
                   std::to_string(boards), "--seed", "1"};
    const std::string file = write_text(dir / "boards.txt", run_program(random).out);
    RunSpec spec;
    spec.argv = {npuzzle_binary(), "solve",     "--heuristic", "md", "--output",
                 "moves",          "--threads", "2",           "-f", file};
    spec.stdout_to = "/dev/null";
    spec.timeout_seconds = 120;
    const RunResult run = run_program(spec);
    EXPECT_EQ(run.exit_code, 0) << run.describe() << run.err;
    return run.max_rss_kib / 1024;
  };
  const long small = peak_mib(20000);
  const long large = peak_mib(200000);
  EXPECT_LT(large, small + 16) << "20,000 boards: " << small << " MiB; 200,000: " << large;
  record_fault("memory", "`solve -f FILE --threads 2` of 20,000 and of 200,000 2x2 boards",
               "peak RSS " + std::to_string(small) + " MiB and " + std::to_string(large) + " MiB");
}

// Address-space limits from 16 to 64 MiB: too low for the program to start, or to build its static
// objects, or just enough. Never an abort: exit 5 with a message (or the system's loader refusing
// the libraries, exit 127, before any of the program's code runs), else the answer.
TEST(FaultMemory, StartUpUnderATinyAddressSpaceIsExitFiveNotAnAbort) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  std::string observed, failures;
  for (const std::string& binary : {npuzzle_binary(), pdbgen_binary()}) {
    std::map<std::string, std::string> outcomes;  // what happened -> the limits it happened at
    for (long limit = 16; limit <= 64; limit += 4) {
      RunSpec spec;
      spec.argv = {binary, "--version"};
      if (binary == npuzzle_binary()) {
        spec.argv = {binary, "solve", "--heuristic", "md", "--node-limit", "1000", hard88()};
      }
      spec.address_space_limit = limit * kMiB;
      const RunResult run = run_program(spec);
      std::string outcome = run.describe();
      if (run.exit_code == 5) {
        outcome += " `" + first_line(run.err) + "`";
        if (run.err.find("out of memory") == std::string::npos) failures += " " + outcome;
      } else if (run.exit_code == 127) {
        outcome += " (the loader)";
      } else if (!run.exited() || (run.exit_code != 0 && run.exit_code != 4)) {
        failures += " " + std::to_string(limit) + " MiB: " + run.describe() + " `" +
                    first_line(run.err) + "`;";
      }
      std::string& limits = outcomes[outcome];
      limits += (limits.empty() ? "" : ",") + std::to_string(limit);
    }
    observed += (observed.empty() ? "" : "; ") + fs::path(binary).filename().string() + ":";
    for (const auto& [outcome, limits] : outcomes)
      observed += " " + outcome + " at " + limits + ";";
  }
  EXPECT_TRUE(failures.empty()) << failures;
  record_fault("memory",
               "`npuzzle solve` and `pdbgen --version` under `ulimit -v` of 16 to 64 MiB (every 4; "
               "limits in MiB)",
               observed);
}

}  // namespace
}  // namespace npuzzle::fault
