// Solves a board through the installed library and prints what it found; exit 0 only when the
// answer is the known optimum and a bad board is refused with a message.
#include <iostream>

#include <npuzzle/npuzzle.hpp>

int main() {
  namespace api = npuzzle::api;
  const api::Board board = api::parse_board("8 6 7 2 5 4 3 0 1");
  api::SolveOptions options;
  options.goal = "blank-last";
  options.heuristic = "lc";
  const api::Result r = api::solve(board, options);
  std::cout << board.size() << " " << api::status_name(r.status) << " in " << r.length() << " moves"
            << (r.optimal ? " (optimal)" : "") << ": " << r.moves << "\n";
  try {
    api::parse_board("1 2 3 4 5 6 7 8 8");
    return 1;
  } catch (const api::BoardError& e) {
    std::cout << "bad board: " << e.what() << "\n";
  }
  return r.status == api::Status::Solved && r.length() == 31 && r.optimal ? 0 : 1;
}
