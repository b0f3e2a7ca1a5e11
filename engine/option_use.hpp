// engine/option_use.hpp — the rules every source of a request shares: which algorithms take each
// search option, the bounds of threads and of the time limit.
//
// An option given for algorithms that ignore it is refused with a message naming those that take
// it, e.g. "--tie-break applies to astar, greedy (the best-first searches); --algo ida does not
// take it". Options are typed (SearchOption); their names on the command line (option_flag) are
// the text of the messages, the library's and Python's too, which document them so.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/request.hpp"
#include "text/option_values.hpp"

namespace npuzzle {

// The options that only some algorithms take; every other option applies to every algorithm.
enum class SearchOption {
  Heuristic,
  PdbDir,
  TieBreak,
  OwnerHash,
  MemLimit,
  Verbose,
  Checkpoint,
  CheckpointEvery,
  Resume
};

inline constexpr SearchOption kSearchOptions[] = {
    SearchOption::Heuristic,  SearchOption::PdbDir,          SearchOption::TieBreak,
    SearchOption::OwnerHash,  SearchOption::MemLimit,        SearchOption::Verbose,
    SearchOption::Checkpoint, SearchOption::CheckpointEvery, SearchOption::Resume};

const char* option_flag(SearchOption option);  // "--heuristic", "--pdb-dir", …

// True when `algorithm` takes `option`.
bool takes_option(Algorithm algorithm, SearchOption option);

// Throws UsageError for the first option in `given` that none of `algorithms` takes.
void check_options_apply(const std::set<SearchOption>& given,
                         const std::vector<Algorithm>& algorithms);

// The names of a request's values, parsed with the messages every front end gives (UsageError
// naming the command line's option, as the library's documentation says).
Algorithm algorithm_option(std::string_view name);          // --algo
HeuristicChoice heuristic_option(const std::string& name);  // --heuristic
TieBreak tie_break_option(std::string_view name);           // --tie-break
OwnerHash owner_hash_option(const std::string& name);       // --owner-hash

// The most seconds --time-limit takes (beyond it the deadline's arithmetic overflows).
inline constexpr double kMaxTimeLimitSeconds = 1e12;

// Checks the rules of every source: threads between 1 and kMaxThreads, a time limit between 0 and
// kMaxTimeLimitSeconds, and the options `given` taken by the request's algorithm; throws
// UsageError with the command line's message.
void check_request(const SolveRequest& request, const std::set<SearchOption>& given);

}  // namespace npuzzle
