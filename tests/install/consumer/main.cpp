// Solves boards through the installed library and prints what it found; exit 0 only when the
// answers are the known ones: the optimum, one progress row per IDA* iteration, a search stopped
// by its stop flag, and a bad board refused with a message.
#include <atomic>
#include <iostream>

#include <npuzzle/npuzzle.hpp>

int main() {
  namespace api = npuzzle::api;
  const api::Board board = api::parse_board("8 6 7 2 5 4 3 0 1");
  api::SolveOptions options;
  options.goal = api::Goal::blank_last();
  options.heuristic = api::Heuristic{api::HeuristicKind::Lc};
  int iterations = 0;
  options.progress = [&iterations](const api::Progress&) { ++iterations; };
  const api::Result r = api::solve(board, options);
  std::cout << board.size().name() << " " << api::status_name(r.status) << " in " << r.length()
            << " moves" << (r.optimal ? " (optimal)" : "") << ": " << r.moves << "\n";

  std::atomic<bool> stop{true};
  options.stop = &stop;
  const api::Result stopped = api::solve(board, options);
  std::cout << "stopped: " << api::status_name(stopped.status) << " (" << stopped.reason << ")\n";

  bool refused = false;
  try {
    api::parse_board("1 2 3 4 5 6 7 8 8");
  } catch (const api::BoardError& e) {
    std::cout << "bad board: " << e.what() << "\n";
    refused = true;
  }
  const bool ok = r.status == api::Status::Solved && r.length() == 31 && r.optimal &&
                  iterations > 0 && stopped.status == api::Status::Limit && refused;
  return ok ? 0 : 1;
}
