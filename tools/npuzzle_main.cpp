// npuzzle — the command-line front end; everything but the signal handlers is in tools/app.
#include <csignal>

#include "tools/app/app.hpp"

namespace {

// Ctrl-C (or SIGTERM) asks the running searches to stop; they return their statistics so far.
// A second signal ends the process at once.
extern "C" void on_stop_signal(int signal_number) {
  npuzzle::interrupt_requested.store(true, std::memory_order_relaxed);
  std::signal(signal_number, SIG_DFL);
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  return npuzzle::run_npuzzle(argc, argv);
}
