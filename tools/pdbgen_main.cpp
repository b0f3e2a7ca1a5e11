// pdbgen — builds, describes and verifies pattern databases; everything but the signal handlers is
// in tools/pdbgen (app.hpp: the command line, its exit codes).
#include <unistd.h>

#include <csignal>
#include <new>

#include "engine/exit_code.hpp"
#include "tools/last_resort.hpp"
#include "tools/pdbgen/app.hpp"

namespace {

extern "C" void on_signal(int) { npuzzle::pdbgen::stop_requested.store(true); }

// Before main and the static objects (tools/last_resort.hpp, prepare_start_up).
__attribute__((constructor(101))) void prepare() { npuzzle::prepare_start_up("pdbgen", on_signal); }

// `info` and `verify` read the file through a mapping: one cut short meanwhile faults (SIGBUS).
extern "C" void on_bus_error(int) {
  static constexpr char kMessage[] =
      "pdbgen: the database file was truncated on disk while being read (bus error)\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  ::_exit(npuzzle::to_int(npuzzle::ExitCode::Input));
}

}  // namespace

int main(int argc, char** argv) {
  std::set_new_handler(nullptr);  // from here a failed allocation throws std::bad_alloc
  std::signal(SIGXFSZ, SIG_IGN);  // a file size limit makes write() fail with EFBIG instead
  std::signal(SIGBUS, on_bus_error);
  return npuzzle::to_int(npuzzle::pdbgen::run_pdbgen(argc, argv));
}
