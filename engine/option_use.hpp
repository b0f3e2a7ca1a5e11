// engine/option_use.hpp — the rules every source of a request shares: which algorithms take each
// search option, the bounds of threads and of the time limit.
//
// An option given for algorithms that ignore it is refused with a typed error (RequestError of kind
// NotTaken, text/request_error.hpp) naming those that take it; each front end words it, e.g. the
// command line's "--tie-break applies to astar, greedy (the best-first searches); --algo ida does
// not take it". Nothing here names an option as a front end spells it.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/request.hpp"
#include "text/option_values.hpp"

namespace npuzzle {

// The options that only some algorithms take (the first values of OptionField, listed in
// kSearchOptions); every other option applies to every algorithm.
using SearchOption = OptionField;

inline constexpr SearchOption kSearchOptions[] = {
    SearchOption::Heuristic,  SearchOption::PdbDir,          SearchOption::TieBreak,
    SearchOption::OwnerHash,  SearchOption::MemLimit,        SearchOption::Verbose,
    SearchOption::Checkpoint, SearchOption::CheckpointEvery, SearchOption::Resume};

// True when `algorithm` takes `option`.
bool takes_option(Algorithm algorithm, SearchOption option);

// Throws UsageError (NotTaken) for the first option in `given` that none of `algorithms` takes;
// `by_default`: the algorithms are the defaults of a request that names none (kDefaultAlgorithms).
void check_options_apply(const std::set<SearchOption>& given,
                         const std::vector<Algorithm>& algorithms, bool by_default = false);

// The names of a request's values, parsed; UsageError (UnknownName, or BadValue for a heuristic's
// argument it does not take) about the option for a name of none.
Algorithm algorithm_option(std::string_view name);
HeuristicChoice heuristic_option(const std::string& name);
TieBreak tie_break_option(std::string_view name);
OwnerHash owner_hash_option(const std::string& name);

// The most seconds a time limit takes (beyond it the deadline's arithmetic overflows).
inline constexpr double kMaxTimeLimitSeconds = 1e12;

// Checks the rules of every source: threads between 1 and kMaxThreads, a time limit between 0 and
// kMaxTimeLimitSeconds, and the options `given` taken by the request's algorithm; throws
// UsageError with the typed error.
void check_request(const SolveRequest& request, const std::set<SearchOption>& given);

}  // namespace npuzzle
