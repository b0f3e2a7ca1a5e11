// api/request_from_options.hpp — the library's source of requests (engine/request.hpp), inside
// the library (not installed): each option of SolveOptions parsed beside its type, with the
// command line's rules and messages (engine/option_use.hpp). Declared here for the tests that
// build the same search from every source and compare.
#pragma once

#include "engine/request.hpp"
#include "npuzzle/npuzzle.hpp"
#include "text/parse.hpp"

namespace npuzzle::api {

// The request `options` ask for on a board of `size` (unknown: the goal is not checked against
// it). An option left empty is not given (the algorithm's default); one given that the algorithm
// does not take is refused. Throws OptionError. The request refers to `options` (its progress
// and notes callbacks), which must outlive it.
SolveRequest request_from_options(const SolveOptions& options, npuzzle::BoardSize size);

}  // namespace npuzzle::api
