// python/conversions.hpp — the extension's conversions between Python's values and the library API
// (include/npuzzle/npuzzle.hpp): boards as (rows, cols, tiles) tuples, sizes as "RxC" text parsed
// here at the edge, results as dicts, keyword arguments as SolveOptions, and the library's typed
// errors as Python exceptions worded in Python's words (an option by its keyword, "tie_break";
// with a value as a keyword argument, 'algorithm="ida"'), their fields as attributes.
//
// Nothing here runs a search or takes the GIL on its own: the bindings (python/module.cpp) do.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "npuzzle/npuzzle.hpp"

namespace npuzzle::python {

namespace py = pybind11;

using BoardTuple = std::tuple<int, int, std::vector<int>>;

BoardTuple to_tuple(const api::Board& board);
api::Board from_parts(int rows, int cols, std::vector<int> tiles);

// Python's words for the options a message names: tie_break, algorithm="ida".
const api::OptionWords& python_words();

// The size "RxC" the package passes ("" none); OptionError for a bad one.
std::optional<api::BoardSize> size_of(const std::string& text);

// A result as the dict the package's Result wraps (its reason in Python's words).
py::dict to_dict(const api::Result& result);

// The keywords the package passes, given as the command line's text, read by the library's parsing
// helpers (an option left "" is not given); OptionError for a bad one. The notes are the caller's
// to route (on_note is left empty).
api::SolveOptions options_of(const py::kwargs& keywords);
// The keyword "quiet": no notes.
bool quiet(const py::kwargs& keywords);

// Sets the Python exception for `error`: a ValueError with its message in Python's words and the
// attributes kind ("unknown-name", …), option (its keyword), value and nearest (the name nearest to
// an unknown one, else None).
void raise_option_error(const api::OptionError& error);

}  // namespace npuzzle::python
