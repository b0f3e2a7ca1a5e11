// python/module.cpp — `npuzzle._npuzzle`, the extension under the Python package (python/npuzzle):
// the library API (include/npuzzle/npuzzle.hpp) on plain Python values (boards as
// (rows, cols, tiles) tuples, results as dicts); the package's classes wrap them.
//
// A search runs on a thread of its own with the GIL released; the calling thread waits for it and
// every 50 ms takes the GIL to run Python's signal handlers (PyErr_CheckSignals). When a handler
// raises (Ctrl-C: KeyboardInterrupt), the stop flag ends the search at its next poll and the
// exception propagates once the search has returned. BoardError and OptionError become ValueError
// (they are std::invalid_argument).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "npuzzle/npuzzle.hpp"

namespace py = pybind11;
namespace api = npuzzle::api;

namespace {

using BoardTuple = std::tuple<int, int, std::vector<int>>;

BoardTuple to_tuple(const api::Board& b) { return {b.rows, b.cols, b.tiles}; }

api::Board from_parts(int rows, int cols, std::vector<int> tiles) {
  return api::Board{rows, cols, std::move(tiles)};
}

py::dict to_dict(const api::Result& r) {
  py::dict d;
  d["status"] = api::status_name(r.status);
  d["moves"] = r.moves;
  d["tiles_moved"] = r.tiles_moved;
  d["optimal"] = r.optimal;
  d["expanded"] = r.expanded;
  d["generated"] = r.generated;
  d["peak_stored"] = r.peak_stored;
  d["seconds"] = r.seconds;
  d["bound"] = r.bound;
  d["reason"] = r.reason;
  d["error"] = r.error;
  d["algorithm"] = r.algorithm;
  d["heuristic"] = r.heuristic;
  d["threads"] = r.threads;
  d["exit_code"] = r.exit_code;
  return d;
}

// Runs the search on its own thread, the GIL released, polling Python's signal handlers.
api::Result solve_interruptible(const api::Board& board, api::SolveOptions options) {
  std::atomic<bool> stop{false};
  options.stop = &stop;
  api::Result result;
  std::exception_ptr failure;
  bool done = false;
  bool interrupted = false;
  std::mutex mutex;
  std::condition_variable finished;
  {
    py::gil_scoped_release release;
    std::thread search([&] {
      try {
        result = api::solve(board, options);
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
      finished.notify_all();
    });
    std::unique_lock<std::mutex> lock(mutex);
    while (!finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) {
      if (interrupted) continue;
      lock.unlock();
      {
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) interrupted = true;  // the exception stays set
      }
      if (interrupted) stop.store(true);
      lock.lock();
    }
    lock.unlock();
    search.join();
  }
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
  return result;
}

}  // namespace

PYBIND11_MODULE(_npuzzle, m) {
  m.doc() = "npuzzle's solver engine (use the package `npuzzle`)";

  m.def(
      "parse_board",
      [](const std::string& text, const std::string& size) {
        return to_tuple(api::parse_board(text, size));
      },
      py::arg("text"), py::arg("size") = "");

  m.def(
      "parse_boards",
      [](const std::string& text, const std::string& size) {
        py::list out;
        for (const api::ParsedBoard& p : api::parse_boards(text, size)) {
          out.append(py::make_tuple(p.id, p.line, to_tuple(p.board), p.error));
        }
        return out;
      },
      py::arg("text"), py::arg("size") = "");

  m.def(
      "is_solvable",
      [](int rows, int cols, std::vector<int> tiles, const std::string& goal) {
        return api::is_solvable(from_parts(rows, cols, std::move(tiles)), goal);
      },
      py::arg("rows"), py::arg("cols"), py::arg("tiles"), py::arg("goal"));

  m.def(
      "goal_board",
      [](const std::string& size, const std::string& goal) {
        return to_tuple(api::goal_board(size, goal));
      },
      py::arg("size"), py::arg("goal"));

  m.def(
      "random_boards",
      [](const std::string& size, int count, std::uint64_t seed, const std::string& goal,
         int walk) {
        std::vector<BoardTuple> out;
        for (const api::Board& b : api::random_boards(size, count, seed, goal, walk)) {
          out.push_back(to_tuple(b));
        }
        return out;
      },
      py::arg("size"), py::arg("count"), py::arg("seed"), py::arg("goal"), py::arg("walk"));

  m.def(
      "boards_along",
      [](int rows, int cols, std::vector<int> tiles, const std::string& moves) {
        std::vector<BoardTuple> out;
        for (const api::Board& b :
             api::boards_along(from_parts(rows, cols, std::move(tiles)), moves)) {
          out.push_back(to_tuple(b));
        }
        return out;
      },
      py::arg("rows"), py::arg("cols"), py::arg("tiles"), py::arg("moves"));

  m.def(
      "solve",
      [](int rows, int cols, std::vector<int> tiles, const std::string& algorithm,
         const std::string& heuristic, const std::string& goal, const std::string& tie_break,
         const std::string& owner_hash, int threads, double time_limit, std::uint64_t node_limit,
         const std::string& mem_limit, const std::string& pdb_dir) {
        api::SolveOptions options;
        options.algorithm = algorithm;
        options.heuristic = heuristic;
        options.goal = goal;
        options.tie_break = tie_break;
        options.owner_hash = owner_hash;
        options.threads = threads;
        options.time_limit = time_limit;
        options.node_limit = node_limit;
        options.mem_limit = mem_limit;
        options.pdb_dir = pdb_dir;
        return to_dict(solve_interruptible(from_parts(rows, cols, std::move(tiles)), options));
      },
      py::arg("rows"), py::arg("cols"), py::arg("tiles"), py::arg("algorithm"),
      py::arg("heuristic"), py::arg("goal"), py::arg("tie_break"), py::arg("owner_hash"),
      py::arg("threads"), py::arg("time_limit"), py::arg("node_limit"), py::arg("mem_limit"),
      py::arg("pdb_dir"));
}
