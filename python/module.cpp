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

// Runs `search` on a thread of its own, the GIL released, polling Python's signal handlers; a
// handler that raises sets the stop flag in `options` and its exception propagates afterwards.
template <class Search>
auto run_interruptible(api::SolveOptions& options, Search search) {
  std::atomic<bool> stop{false};
  options.stop = &stop;
  decltype(search()) result;
  std::exception_ptr failure;
  bool done = false;
  bool interrupted = false;
  std::mutex mutex;
  std::condition_variable finished;
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        result = search();
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
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
  return result;
}

api::SolveOptions make_options(const py::kwargs& keywords) {
  api::SolveOptions o;
  o.algorithm = keywords["algorithm"].cast<std::string>();
  o.heuristic = keywords["heuristic"].cast<std::string>();
  o.goal = keywords["goal"].cast<std::string>();
  o.goal_tiles = keywords["goal_tiles"].cast<std::vector<int>>();
  o.quiet = keywords["quiet"].cast<bool>();
  // The notes to the logging module's logger "npuzzle", from the thread that solves.
  o.on_note = [](const api::Note& note) {
    py::gil_scoped_acquire acquire;
    try {
      py::object logger = py::module_::import("logging").attr("getLogger")("npuzzle");
      logger.attr(note.level == api::Note::Level::Warning ? "warning" : "info")(note.text);
    } catch (py::error_already_set&) {  // a handler that raised: the note is lost, not the solve
    }
  };
  o.tie_break = keywords["tie_break"].cast<std::string>();
  o.owner_hash = keywords["owner_hash"].cast<std::string>();
  o.threads = keywords["threads"].cast<int>();
  o.time_limit = keywords["time_limit"].cast<double>();
  o.node_limit = keywords["node_limit"].cast<std::uint64_t>();
  o.mem_limit = keywords["mem_limit"].cast<std::string>();
  o.pdb_dir = keywords["pdb_dir"].cast<std::string>();
  return o;
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

  // Options as keywords, all given by the package: algorithm, heuristic, goal (a name, or "" with
  // goal_tiles), goal_tiles, quiet, tie_break, owner_hash, threads, time_limit, node_limit,
  // mem_limit, pdb_dir.
  m.def("solve", [](int rows, int cols, std::vector<int> tiles, const py::kwargs& keywords) {
    api::SolveOptions options = make_options(keywords);
    const api::Board board = from_parts(rows, cols, std::move(tiles));
    return to_dict(run_interruptible(options, [&] { return api::solve(board, options); }));
  });

  m.def("solve_all", [](const std::vector<BoardTuple>& boards, const py::kwargs& keywords) {
    api::SolveOptions options = make_options(keywords);
    std::vector<api::Board> all;
    for (const auto& [rows, cols, tiles] : boards) all.push_back(from_parts(rows, cols, tiles));
    py::list out;
    for (const api::Result& r :
         run_interruptible(options, [&] { return api::solve_all(all, options); })) {
      out.append(to_dict(r));
    }
    return out;
  });
}
