// The extension's conversions (python/conversions.hpp).
#include "python/conversions.hpp"

#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <utility>

namespace npuzzle::python {
namespace {

// Why a search found no solution, in Python's words ('goal="blank-last"').
std::string reason_of(const api::Result& r) {
  if (r.solvable_for.empty()) return r.reason;
  return r.reason + "; it is solvable for " +
         python_words().with_value(api::Option::Goal, r.solvable_for);
}

// The command line's exit code for a result's status (the package documents Result.exit_code).
int exit_code_of(api::Status status) {
  switch (status) {
    case api::Status::Solved:
      return 0;
    case api::Status::Unsolvable:
      return 3;
    case api::Status::Limit:
      return 4;
    case api::Status::OutOfMemory:
      return 5;
    case api::Status::Error:
      break;
  }
  return 2;
}

// The keyword `name` as a T; ValueError naming the keyword (`shown`) and the value when it does not
// convert, an integer past T's range among them (pybind11's cast_error is a RuntimeError). The
// package checks its keywords first, with messages of their own: this is the last guard.
template <class T>
T keyword(const py::kwargs& keywords, const char* name, const char* shown = nullptr) {
  py::object value = keywords[name];
  try {
    return value.cast<T>();
  } catch (const py::cast_error&) {
    throw py::value_error(std::string(shown ? shown : name) + ": " +
                          py::repr(value).cast<std::string>() + " does not fit the engine's types");
  }
}

// An error's kind as the exception's `kind` attribute names it.
const char* kind_name(api::Error::Kind kind) {
  static constexpr std::array<const char*, 9> kNames = {"bad-value", "unknown-name", "out-of-range",
                                                        "not-taken", "does-not-fit", "not-given",
                                                        "conflict",  "unsupported",  "other"};
  static_assert(static_cast<std::size_t>(api::Error::Kind::Other) + 1 == kNames.size());
  return kNames[static_cast<std::size_t>(kind)];
}

}  // namespace

BoardTuple to_tuple(const api::Board& b) { return {b.rows, b.cols, b.tiles}; }

api::Board from_parts(int rows, int cols, std::vector<int> tiles) {
  return api::Board{rows, cols, std::move(tiles)};
}

const api::OptionWords& python_words() {
  static const api::OptionWords words{[](api::Option option) { return api::name(option); },
                                      [](api::Option option, const std::string& value) {
                                        return api::name(option) + "=\"" + value + "\"";
                                      }};
  return words;
}

std::optional<api::BoardSize> size_of(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return api::parse_board_size(text);
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
  d["reason"] = reason_of(r);
  d["error"] = r.error;
  d["algorithm"] = api::name(r.algorithm);
  d["heuristic"] = r.heuristic;
  d["threads"] = r.threads;
  d["exit_code"] = exit_code_of(r.status);
  return d;
}

api::SolveOptions options_of(const py::kwargs& keywords) {
  api::SolveOptions o;
  if (const auto algorithm = keyword<std::string>(keywords, "algorithm"); !algorithm.empty()) {
    o.algorithm = api::parse_algorithm(algorithm);
  }
  if (const auto heuristic = keyword<std::string>(keywords, "heuristic"); !heuristic.empty()) {
    o.heuristic = api::parse_heuristic(heuristic);
  }
  const auto goal_tiles = keyword<std::vector<int>>(keywords, "goal_tiles", "goal");
  o.goal = goal_tiles.empty() ? api::parse_goal(keyword<std::string>(keywords, "goal"))
                              : api::Goal::of_tiles(goal_tiles);
  if (const auto tie_break = keyword<std::string>(keywords, "tie_break"); !tie_break.empty()) {
    o.tie_break = api::parse_tie_break(tie_break);
  }
  if (const auto hash = keyword<std::string>(keywords, "owner_hash"); !hash.empty()) {
    o.owner_hash = api::parse_owner_hash(hash);
  }
  o.threads = keyword<int>(keywords, "threads");
  o.time_limit = keyword<double>(keywords, "time_limit");
  o.node_limit = keyword<std::uint64_t>(keywords, "node_limit");
  if (const auto memory = keyword<std::string>(keywords, "mem_limit"); !memory.empty()) {
    o.mem_limit = api::parse_memory_size(memory);
  }
  o.pdb_dir = keyword<std::string>(keywords, "pdb_dir");
  return o;
}

bool quiet(const py::kwargs& keywords) { return keyword<bool>(keywords, "quiet"); }

void raise_option_error(const api::OptionError& e) {
  const api::Error& error = e.error();
  py::object exception =
      py::reinterpret_borrow<py::object>(PyExc_ValueError)(error.message(python_words()));
  exception.attr("kind") = kind_name(error.kind);
  const auto text_or_none = [](bool given, const std::string& text) -> py::object {
    return given ? py::str(text) : py::object(py::none());
  };
  exception.attr("option") =
      text_or_none(error.kind != api::Error::Kind::Other, api::name(error.option));
  exception.attr("value") = error.value;
  exception.attr("nearest") = text_or_none(!error.nearest.empty(), error.nearest);
  PyErr_SetObject(PyExc_ValueError, exception.ptr());
}

}  // namespace npuzzle::python
