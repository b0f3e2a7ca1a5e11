// Fault tests of the files npuzzle writes whole (engine/file_io.hpp's write_file_atomically:
// the --animate page, checkpoints, bench's --plot): a symbolic link is followed (its target is
// replaced, the link stays), an existing device or FIFO is written through and never replaced by a
// regular file (a full device is exit code 2 with the system's reason), and `--checkpoint` in a
// directory that does not exist is refused before the search starts (exit code 2). The devices
// and FIFOs are made in a scratch directory (mknod, mkfifo), never the ones in /dev.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "tests/tools/checkpoint_support.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle::fault {
namespace {

using checkpoint_test::korf;
using cli::contains;
using cli::run_npuzzle;

// The names in `dir` other than `keep`: temporary files left behind.
std::vector<std::string> others_in(const fs::path& dir, const std::vector<std::string>& keep) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    bool kept = false;
    for (const std::string& k : keep) kept = kept || k == name;
    if (!kept) names.push_back(name);
  }
  return names;
}

bool is_page(const std::string& text) {
  return contains(text, "<html") && contains(text, "</html>") && contains(text, "id=\"board\"");
}

// A character device (`major`, `minor`) at `path`, usable for writing here: "" when made, or why
// not (mknod not permitted, or a file system mounted nodev), for GTEST_SKIP.
std::string make_char_device(const fs::path& path, unsigned major_number, unsigned minor_number) {
  if (::mknod(path.c_str(), S_IFCHR | 0666, makedev(major_number, minor_number)) != 0) {
    return "mknod " + path.string() + ": " + std::strerror(errno);
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return "a device made here cannot be opened: " + std::string(std::strerror(errno));
  ::close(fd);
  return "";
}

class FaultFileWrite : public ::testing::Test {
 protected:
  void SetUp() override { NPUZZLE_REQUIRE_BINARY(npuzzle_binary()); }
};

TEST_F(FaultFileWrite, AnimateThroughASymlinkWritesItsTargetAndKeepsTheLink) {
  const fs::path dir = fresh_dir("animate_symlink");
  const fs::path pages = dir / "pages";
  fs::create_directories(pages);
  // A link to an existing file in another directory (relative, as `ln -s` makes them).
  write_text(pages / "target.html", "old page\n");
  ::chmod((pages / "target.html").c_str(), 0640);
  fs::create_symlink("pages/target.html", dir / "link.html");
  const RunResult run = run_npuzzle({"solve", "--animate", (dir / "link.html").string(), kEasy});
  EXPECT_EQ(run.exit_code, 0) << run.describe() << run.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link.html")) << "the link was replaced";
  if (fs::is_symlink(dir / "link.html")) {
    EXPECT_EQ(fs::read_symlink(dir / "link.html"), fs::path("pages/target.html"));
  }
  EXPECT_TRUE(is_page(read_text(pages / "target.html"))) << read_text(pages / "target.html");
  EXPECT_EQ(fs::status(pages / "target.html").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read)
      << "the file replaced keeps its permissions";
  EXPECT_TRUE(others_in(dir, {"pages", "link.html"}).empty()) << joined(others_in(dir, {"pages"}));
  EXPECT_TRUE(others_in(pages, {"target.html"}).empty()) << joined(others_in(pages, {}));

  // A dangling link (through a chain of two): its target is created.
  fs::create_symlink("pages/new.html", dir / "dangling.html");
  fs::create_symlink("dangling.html", dir / "chain.html");
  const RunResult created =
      run_npuzzle({"solve", "--animate", (dir / "chain.html").string(), kEasy});
  EXPECT_EQ(created.exit_code, 0) << created.describe() << created.err;
  EXPECT_TRUE(fs::is_symlink(dir / "chain.html"));
  EXPECT_TRUE(fs::is_symlink(dir / "dangling.html"));
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(pages / "new.html")));
  EXPECT_TRUE(is_page(read_text(pages / "new.html")));
  record_fault(
      "output", "`--animate LINK` where LINK is a symbolic link (to a file, dangling)",
      run.describe() + ", " + created.describe() +
          "; link kept: " + (fs::is_symlink(dir / "link.html") ? "yes" : "no") +
          ", target written: " + (is_page(read_text(pages / "target.html")) ? "yes" : "no"));
}

TEST_F(FaultFileWrite, AnimateToAFullDeviceIsExitTwoAndTheDeviceStays) {
  const fs::path dir = fresh_dir("animate_full");
  const fs::path device = dir / "full";
  if (const std::string why = make_char_device(device, 1, 7); !why.empty()) GTEST_SKIP() << why;
  const RunResult run = run_npuzzle({"solve", "--animate", device.string(), kEasy});
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(contains(run.err, "cannot write page '" + device.string() + "'")) << run.err;
  EXPECT_TRUE(contains(run.err, "No space left on device")) << run.err;
  EXPECT_TRUE(fs::is_character_file(fs::symlink_status(device))) << "the device node was replaced";
  EXPECT_TRUE(others_in(dir, {"full"}).empty()) << joined(others_in(dir, {"full"}));
  record_fault("output", "`--animate FILE` where FILE is a full device (mknod c 1 7)",
               run.describe() + ": `" + line_with(run.err, "cannot write") +
                   "`; still a device: " + (fs::is_character_file(device) ? "yes" : "no"));
}

TEST_F(FaultFileWrite, AnimateToANullDeviceWritesThroughIt) {
  const fs::path dir = fresh_dir("animate_null");
  const fs::path device = dir / "null";
  if (const std::string why = make_char_device(device, 1, 3); !why.empty()) GTEST_SKIP() << why;
  const RunResult run = run_npuzzle({"solve", "--animate", device.string(), kEasy});
  EXPECT_EQ(run.exit_code, 0) << run.describe() << run.err;
  EXPECT_TRUE(fs::is_character_file(fs::symlink_status(device))) << "the device node was replaced";
  EXPECT_TRUE(others_in(dir, {"null"}).empty()) << joined(others_in(dir, {"null"}));
}

// A reader drains the FIFO from before npuzzle starts (opened non-blocking, so neither side waits
// for the other and a program that never opens the FIFO cannot hang the test).
TEST_F(FaultFileWrite, AnimateToAFifoWritesThroughIt) {
  const fs::path dir = fresh_dir("animate_fifo");
  const fs::path fifo = dir / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  ASSERT_GE(reader, 0) << std::strerror(errno);
  std::atomic<bool> finished{false};
  std::string received;
  std::thread drain([&] {
    char buffer[4096];
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (std::chrono::steady_clock::now() < deadline) {
      const bool last = finished.load();  // read once more after the program has ended
      const ssize_t n = ::read(reader, buffer, sizeof buffer);
      if (n > 0) {
        received.append(buffer, static_cast<std::size_t>(n));
        continue;
      }
      if (last) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  });
  const RunResult run = run_npuzzle({"solve", "--animate", fifo.string(), kEasy});
  finished.store(true);
  drain.join();
  ::close(reader);
  EXPECT_EQ(run.exit_code, 0) << run.describe() << run.err;
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo))) << "the FIFO was replaced";
  EXPECT_TRUE(is_page(received)) << received.size() << " bytes read";
  EXPECT_TRUE(others_in(dir, {"fifo"}).empty()) << joined(others_in(dir, {"fifo"}));
  record_fault("output", "`--animate FIFO` (a reader drains it)",
               run.describe() + "; page read from the FIFO: " + (is_page(received) ? "yes" : "no") +
                   ", still a FIFO: " + (fs::is_fifo(fifo) ? "yes" : "no"));
}

TEST_F(FaultFileWrite, CheckpointInAMissingDirectoryIsRefusedBeforeTheSearch) {
  const fs::path dir = fresh_dir("checkpoint_missing_dir");
  const std::string path = (dir / "no-such-dir" / "c.ckpt").string();
  // A board solved at once: without the check up front it would end with exit 0.
  const RunResult quick =
      run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md", "--checkpoint", path, kEasy});
  ASSERT_TRUE(quick.exited()) << quick.describe();
  EXPECT_EQ(quick.exit_code, 2) << quick.err;
  EXPECT_TRUE(contains(quick.err, "cannot write checkpoint '" + path + "'")) << quick.err;
  EXPECT_TRUE(contains(quick.err, "No such file or directory")) << quick.err;
  EXPECT_TRUE(quick.out.empty()) << quick.out;
  // Korf #56 with md expands 178 million nodes (seconds): -v would print a line per IDA* iteration
  const auto began = std::chrono::steady_clock::now();
  const RunResult slow =
      run_npuzzle({"solve", "-v", "--algo", "ida", "--heuristic", "md", "--node-limit", "100000000",
                   "--checkpoint", path, korf(56).tiles});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  ASSERT_TRUE(slow.exited()) << slow.describe();
  EXPECT_EQ(slow.exit_code, 2) << slow.err;
  EXPECT_TRUE(contains(slow.err, "cannot write checkpoint '" + path + "'")) << slow.err;
  EXPECT_FALSE(contains(slow.err, "] bound ")) << "the search started:\n" << slow.err;
  EXPECT_TRUE(slow.out.empty()) << slow.out;
  EXPECT_TRUE(others_in(dir, {}).empty()) << joined(others_in(dir, {}));
  record_fault("checkpoint", "`--checkpoint DIR/c.ckpt` where DIR does not exist",
               quick.describe() + " before searching (" + std::to_string(seconds).substr(0, 4) +
                   " s for Korf #56 with md); `" + first_line(quick.err) + "`");
}

// The --animate page's path is checked before solving too: a board that takes a while (Korf #56
// with md and -v) is never searched when the page could not be written at the end.
TEST_F(FaultFileWrite, AnimatePageInAMissingDirectoryIsRefusedBeforeSolving) {
  const fs::path dir = fresh_dir("animate_missing_dir");
  const std::string path = (dir / "no-such-dir" / "p.html").string();
  const RunResult r = run_npuzzle({"solve", "-v", "--algo", "ida", "--heuristic", "md",
                                   "--node-limit", "100000000", "--animate", path, korf(56).tiles});
  ASSERT_TRUE(r.exited()) << r.describe();
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "cannot write page '" + path + "'")) << r.err;
  EXPECT_FALSE(contains(r.err, "] bound ")) << "the search started:\n" << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  record_fault("output", "`--animate DIR/p.html` where DIR does not exist",
               r.describe() + " before solving; `" + first_line(r.err) + "`");
}

TEST_F(FaultFileWrite, CheckpointCheckLeavesNoFileAndFollowsLinks) {
  const fs::path dir = fresh_dir("checkpoint_link");
  // The check up front creates and removes its temporary file: a search that ends before any
  // checkpoint leaves nothing.
  const RunResult quick = run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md",
                                       "--checkpoint", (dir / "c.ckpt").string(), kEasy});
  EXPECT_EQ(quick.exit_code, 0) << quick.describe() << quick.err;
  EXPECT_TRUE(others_in(dir, {}).empty()) << joined(others_in(dir, {}));
  // A checkpoint written through a link: the target is the checkpoint, the link stays, and
  // --resume through the link reads it.
  fs::create_directories(dir / "kept");
  fs::create_symlink("kept/run.ckpt", dir / "link.ckpt");
  const std::string link = (dir / "link.ckpt").string();
  const RunResult stopped =
      run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md", "--node-limit", "100000",
                   "--checkpoint", link, korf(13).tiles});
  EXPECT_EQ(stopped.exit_code, 4) << stopped.describe() << stopped.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link.ckpt"));
  EXPECT_TRUE(contains(read_text(dir / "kept" / "run.ckpt"), "npuzzle-checkpoint"));
  EXPECT_TRUE(others_in(dir / "kept", {"run.ckpt"}).empty())
      << joined(others_in(dir / "kept", {"run.ckpt"}));
  const RunResult resumed = run_npuzzle({"solve", "--resume", link, "--node-limit", "100000"});
  EXPECT_EQ(resumed.exit_code, 4) << resumed.describe() << resumed.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link.ckpt"));
}

}  // namespace
}  // namespace npuzzle::fault
