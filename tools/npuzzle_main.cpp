// npuzzle — the command-line front end; everything but the signal handlers is in tools/app.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <utility>

#include "engine/distributed.hpp"
#include "tools/app/app.hpp"
#include "tools/last_resort.hpp"

namespace {

// Ctrl-C (or SIGTERM, or SIGHUP when the terminal goes away) asks the running searches, a database
// build and the reading of the input to stop; the searches return their statistics so far. A second
// signal ends the process at once.
extern "C" void on_stop_signal(int signal_number) {
  npuzzle::interrupt_requested.store(true, std::memory_order_relaxed);
  std::signal(signal_number, SIG_DFL);
}

// A pattern database cut short on disk while mapped faults on the next read past its new end:
// say so and exit 2 (a bad database) rather than dump core.
extern "C" void on_bus_error(int) {
  static constexpr char kMessage[] =
      "npuzzle: a pattern database file was truncated on disk while in use (bus error reading "
      "it); rebuild it with pdbgen and run again\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  ::_exit(npuzzle::to_int(npuzzle::ExitCode::Input));
}

// Before main and the static objects (tools/last_resort.hpp, prepare_start_up).
__attribute__((constructor(101))) void prepare() {
  npuzzle::prepare_start_up("npuzzle", on_stop_signal);
}

}  // namespace

int main(int argc, char** argv) {
  std::set_new_handler(nullptr);  // from here a failed allocation throws std::bad_alloc
  // MPI, when started by mpirun (an MPI build); NPUZZLE_MPI_STATS prints each distributed search's
  // transport statistics on stderr (docs/mpi.md).
  npuzzle::LogSink transport_stats;
  if (std::getenv("NPUZZLE_MPI_STATS")) {
    transport_stats = [](npuzzle::LogLevel, const std::string& line) {
      std::fprintf(stderr, "%s\n", line.c_str());
    };
  }
  npuzzle::start_distributed(
      &argc, &argv, &npuzzle::interrupt_requested,
      {npuzzle::to_int(npuzzle::ExitCode::Input), npuzzle::to_int(npuzzle::ExitCode::Limit),
       npuzzle::to_int(npuzzle::ExitCode::OutOfMemory), npuzzle::command_line_log(false)},
      std::move(transport_stats));
  std::signal(SIGBUS, on_bus_error);
  // A file size limit (ulimit -f) during a database build: write() fails with EFBIG and the build
  // reports it, instead of the process being killed with the temporary file left behind.
  std::signal(SIGXFSZ, SIG_IGN);
  // Under mpirun, ranks other than 0 serve rank 0's distributed searches.
  if (npuzzle::serves_jobs()) {
    npuzzle::serve_jobs(npuzzle::command_line_log(false));
    return 0;
  }
  const int code = npuzzle::to_int(npuzzle::run_npuzzle(argc, argv));
  npuzzle::end_distributed();
  return code;
}
