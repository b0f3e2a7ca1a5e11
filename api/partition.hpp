// api/partition.hpp — inside the library (not installed): the public PatternPartition
// (include/npuzzle/npuzzle.hpp) as the engine's pdb::PartitionSpec and back. The typed parts are
// built into a spec directly (pdb::make_partition_spec), with the checks and messages of the
// command line's text; text is read only to make a typed value (parse_heuristic, parse_partition).
//
// Invariant: a spec built from a typed partition has the text that partition's name() prints, so
// messages and the heuristic's name quote it as the command line would have been given it.
#pragma once

#include <string>

#include "engine/request.hpp"
#include "npuzzle/npuzzle.hpp"

namespace npuzzle::api {

// The engine's choice of `heuristic`: its registry entry and the spec of its partition (none when
// the partition is empty). Throws UsageError (BadValue about the heuristic, valued its name) as the
// command line refuses the same text: a partition for a heuristic that takes none, a group size out
// of 1..9, no group, an empty one, a tile twice, too many groups or parts.
HeuristicChoice heuristic_choice(const Heuristic& heuristic);

// The typed partition of a spec read from text; `as_given` is the text an error names. Throws
// UsageError for a part named by neither group sizes of 1 to 9 nor "full".
PatternPartition pattern_partition(const pdb::PartitionSpec& spec, const std::string& as_given);

}  // namespace npuzzle::api
