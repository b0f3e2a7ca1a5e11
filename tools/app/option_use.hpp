// tools/app/option_use.hpp — which algorithms each search option applies to, so an option given
// for algorithms that ignore it is refused (exit code 1) with a message naming those that take it,
// e.g. "--tie-break applies to astar, greedy (the best-first searches); --algo ida does not take
// it".
#pragma once

#include <set>
#include <string>
#include <vector>

#include "tools/app/request.hpp"

namespace npuzzle {

// True when `algorithm` takes the option `name` ("--tie-break", "--owner-hash", "--mem-limit",
// "--heuristic", "--pdb-dir", "--verbose", "--checkpoint", "--checkpoint-every", "--resume"); every
// other option applies to every algorithm.
bool takes_option(Algorithm algorithm, const std::string& name);

// Throws UsageError for the first option in `given` that none of `algorithms` takes.
void check_options_apply(const std::set<std::string>& given,
                         const std::vector<Algorithm>& algorithms);

}  // namespace npuzzle
