// python/module.cpp — `npuzzle._npuzzle`, the extension under the Python package (python/npuzzle):
// the library API (include/npuzzle/npuzzle.hpp) on plain Python values, converted by
// python/conversions.hpp (boards as (rows, cols, tiles) tuples, results as dicts); the package's
// classes wrap them. Here: the bindings, and how a search runs under the GIL.
//
// A search runs on a thread of its own with the GIL released; the calling thread waits for it and
// every 50 ms takes the GIL to run Python's signal handlers (PyErr_CheckSignals). When a handler
// raises (Ctrl-C: KeyboardInterrupt), the stop flag ends the search at its next poll and the
// exception propagates once the search has returned. BoardError becomes ValueError (it is
// std::invalid_argument); OptionError too, its typed error worded in Python's words with its
// fields as attributes (raise_option_error). The searches run in the module's own session
// (api::Session), which is never destroyed.
//
// The interpreter's exit: a search may still run then on a daemon thread, and a thread that takes
// the GIL once the interpreter is finalizing is ended by pthread_exit, whose unwinding would
// destroy the search's std::thread still joinable (std::terminate: the process aborts). So an
// atexit handler, registered on import, sets every search's stop flag and waits, the GIL
// released, for the searches to return and for every thread of theirs that is about to take the
// GIL to have taken it; from then on no thread of a search takes the GIL again, and a daemon
// thread whose search returns afterwards sleeps until the process ends instead of returning into
// an interpreter that is going away.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

#include "npuzzle/npuzzle.hpp"
#include "python/conversions.hpp"

namespace py = pybind11;
namespace api = npuzzle::api;
using namespace npuzzle::python;

namespace {

// The session of every search the module runs: never destroyed (a search that outlives the
// interpreter still uses it while the process's static objects are destroyed).
api::Session& python_session() {
  static api::Session* const session = new api::Session;
  return *session;
}

// The searches under way, for the interpreter's exit (stop_searches_at_exit).
struct Searches {
  std::mutex mutex;
  std::condition_variable changed;
  std::set<std::atomic<bool>*> stops;  // the stop flag of each search under way
  int taking_gil = 0;  // threads let take the GIL, not yet through (taken it; a callback: released)
  bool exiting = false;  // the interpreter is exiting: no thread of a search takes the GIL …
  std::thread::id exit_thread;  // … but the one that runs the exit (it finalizes the interpreter)

  // True when this thread may take the GIL (the mutex held).
  bool gil_allowed() const { return !exiting || std::this_thread::get_id() == exit_thread; }
};

// Never destroyed: a search that outlives the interpreter (it did not stop in time) still uses it
// while the process's static objects are destroyed.
Searches& searches() {
  static Searches* all = new Searches;
  return *all;
}

// Counts this thread (the GIL not held) as about to take the GIL; false, and not counted, once
// the interpreter is exiting (on another thread than the exit's).
bool may_take_gil() {
  Searches& all = searches();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (!all.gil_allowed()) return false;
  ++all.taking_gil;
  return true;
}

void gil_taken_and_released() {
  Searches& all = searches();
  std::lock_guard<std::mutex> lock(all.mutex);
  --all.taking_gil;
  all.changed.notify_all();
}

// Runs `f` with the GIL unless the interpreter is exiting (then not at all).
template <class F>
void with_gil_unless_exiting(F f) {
  if (!may_take_gil()) return;
  struct Leave {
    ~Leave() { gil_taken_and_released(); }
  } leave;
  py::gil_scoped_acquire acquire;
  f();
}

// A search under way, its stop flag listed from construction to finish() (or destruction);
// stopped at once when the interpreter is already exiting (and this is another thread than the
// exit's: a later atexit handler, or a finalizer, may still solve).
class SearchEntry {
 public:
  explicit SearchEntry(std::atomic<bool>& stop) : stop_(&stop) {
    Searches& all = searches();
    std::lock_guard<std::mutex> lock(all.mutex);
    if (!all.gil_allowed()) stop.store(true);
    all.stops.insert(stop_);
  }
  SearchEntry(const SearchEntry&) = delete;
  SearchEntry& operator=(const SearchEntry&) = delete;
  ~SearchEntry() {
    if (stop_) finish(false);
  }
  // Unlists the search (its threads joined); true, counting this thread as taking the GIL, when
  // the caller may take the GIL back, false when the interpreter is exiting (on another thread).
  bool finish(bool to_take_gil = true) {
    Searches& all = searches();
    std::lock_guard<std::mutex> lock(all.mutex);
    all.stops.erase(stop_);
    stop_ = nullptr;
    all.changed.notify_all();
    if (!all.gil_allowed() || !to_take_gil) return false;
    ++all.taking_gil;
    return true;
  }

 private:
  std::atomic<bool>* stop_;
};

// The atexit handler (the GIL held): stops every search, then waits, the GIL released, for them
// to return (up to 10 s; each polls its stop flag, a database build too) and for every thread of
// theirs about to take the GIL to have released it.
void stop_searches_at_exit() {
  Searches& all = searches();
  {
    std::lock_guard<std::mutex> lock(all.mutex);
    all.exiting = true;
    all.exit_thread = std::this_thread::get_id();
    for (std::atomic<bool>* stop : all.stops) stop->store(true);
  }
  py::gil_scoped_release release;
  std::unique_lock<std::mutex> lock(all.mutex);
  all.changed.wait_for(lock, std::chrono::seconds(10), [&] { return all.stops.empty(); });
  all.changed.wait(lock, [&] { return all.taking_gil == 0; });
  lock.unlock();  // before the GIL is taken back (a thread holding it may want the mutex)
}

// A daemon thread whose search returned while the interpreter exits: it must not take the GIL
// again, nor unwind (its Python objects belong to an interpreter that is going away). The process
// ends it.
[[noreturn]] void sleep_until_the_process_ends() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
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
  SearchEntry entry(stop);
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
      with_gil_unless_exiting([&] {
        if (PyErr_CheckSignals() != 0) interrupted = true;  // the exception stays set
      });
      if (interrupted) stop.store(true);
      lock.lock();
    }
    lock.unlock();
    worker.join();
    if (!entry.finish()) sleep_until_the_process_ends();
  }  // the GIL taken back
  gil_taken_and_released();
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
  return result;
}

// The keywords as options (options_of) with the notes to the logging module's logger "npuzzle",
// from the thread that solves, unless quiet; none once the interpreter is exiting.
api::SolveOptions make_options(const py::kwargs& keywords) {
  api::SolveOptions o = options_of(keywords);
  if (!quiet(keywords)) {
    o.on_note = [](const api::Note& note) {
      with_gil_unless_exiting([&] {
        try {
          py::object logger = py::module_::import("logging").attr("getLogger")("npuzzle");
          logger.attr(note.level == api::Note::Level::Warning ? "warning" : "info")(note.text);
        } catch (py::error_already_set&) {  // a handler that raised: the note is lost
        }
      });
    };
  }
  return o;
}

}  // namespace

PYBIND11_MODULE(_npuzzle, m) {
  m.doc() = "npuzzle's solver engine (use the package `npuzzle`)";
  m.attr("__version__") = NPUZZLE_PYTHON_VERSION;  // the project's, as `npuzzle --version`
  py::module_::import("atexit").attr("register")(py::cpp_function(&stop_searches_at_exit));
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const api::OptionError& e) {
      raise_option_error(e);
    }
  });

  m.def(
      "parse_board",
      [](const std::string& text, const std::string& size) {
        return to_tuple(api::parse_board(text, size_of(size), &python_words()));
      },
      py::arg("text"), py::arg("size") = "");

  m.def(
      "parse_boards",
      [](const std::string& text, const std::string& size) {
        py::list out;
        for (const api::ParsedBoard& p : api::parse_boards(text, size_of(size), &python_words())) {
          out.append(py::make_tuple(p.id, p.line, to_tuple(p.board), p.error));
        }
        return out;
      },
      py::arg("text"), py::arg("size") = "");

  m.def(
      "is_solvable",
      [](int rows, int cols, std::vector<int> tiles, const std::string& goal) {
        return api::is_solvable(from_parts(rows, cols, std::move(tiles)), api::parse_goal(goal));
      },
      py::arg("rows"), py::arg("cols"), py::arg("tiles"), py::arg("goal"));

  m.def(
      "goal_board",
      [](const std::string& size, const std::string& goal) {
        return to_tuple(api::goal_board(api::parse_board_size(size), api::parse_goal(goal)));
      },
      py::arg("size"), py::arg("goal"));

  m.def(
      "random_boards",
      [](const std::string& size, int count, std::uint64_t seed, const std::string& goal,
         int walk) {
        std::vector<BoardTuple> out;
        for (const api::Board& b : api::random_boards(size_of(size).value_or(api::BoardSize{4, 4}),
                                                      count, seed, api::parse_goal(goal), walk)) {
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

  // The name outputs print for an algorithm, heuristic or tie-break in any spelling the options
  // take ("A*" -> "astar"); ValueError, naming the nearest, for an unknown one.
  m.def(
      "algorithm_name",
      [](const std::string& text) { return api::name(api::parse_algorithm(text)); },
      py::arg("name"));
  m.def(
      "heuristic_name",
      [](const std::string& text) { return api::name(api::parse_heuristic(text)); },
      py::arg("name"));
  m.def(
      "tie_break_name",
      [](const std::string& text) { return api::name(api::parse_tie_break(text)); },
      py::arg("name"));

  // Options as keywords, all given by the package: algorithm, heuristic, goal (a name, or "" with
  // goal_tiles), goal_tiles, quiet, tie_break, owner_hash, threads, time_limit, node_limit,
  // mem_limit, pdb_dir.
  m.def("solve", [](int rows, int cols, std::vector<int> tiles, const py::kwargs& keywords) {
    api::SolveOptions options = make_options(keywords);
    const api::Board board = from_parts(rows, cols, std::move(tiles));
    return to_dict(
        run_interruptible(options, [&] { return api::solve(board, options, python_session()); }));
  });

  m.def("solve_all", [](const std::vector<BoardTuple>& boards, const py::kwargs& keywords) {
    api::SolveOptions options = make_options(keywords);
    std::vector<api::Board> all;
    for (const auto& [rows, cols, tiles] : boards) all.push_back(from_parts(rows, cols, tiles));
    py::list out;
    for (const api::Result& r : run_interruptible(
             options, [&] { return api::solve_all(all, options, python_session()); })) {
      out.append(to_dict(r));
    }
    return out;
  });
}
