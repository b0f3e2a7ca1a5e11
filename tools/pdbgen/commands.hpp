// tools/pdbgen/commands.hpp — the commands of `pdbgen` (tools/pdbgen/app.hpp): build the tables
// of a partition, describe a table, check one.
//
// Invariants: they stop when stop_requested (app.hpp) is set, leaving no final file behind (a
// build keeps its progress in FILE.partial); results go to stdout, the plan, progress and notes to
// stderr; a refusal throws (UsageError, pdb::PdbError, OutputError) and is never half done: a
// build's memory is checked before anything is allocated.
#pragma once

#include <string>

#include "engine/exit_code.hpp"

namespace npuzzle::pdbgen {

// The switches of `pdbgen build`.
struct BuildFlags {
  bool force = false;             // rebuild tables present, set any resume file aside
  bool dual = false;              // also the dual lookups' tables
  bool trust_other_user = false;  // resume from resume files other users own
};

// `pdbgen build`. `plan_only`: neither --size nor --partition was given; the plan of the default
// (4x4, its recommended set) is shown and nothing is built (a usage error, exit 1).
ExitCode run_build(const std::string& size, const std::string& partition_text,
                   const std::string& goal_text, const std::string& dir_text, int threads,
                   const std::string& mem_limit_text, const BuildFlags& flags, bool plan_only);
// `pdbgen info FILE`.
ExitCode run_info(const std::string& file);
// `pdbgen verify FILE`.
ExitCode run_verify(const std::string& file, int threads);

}  // namespace npuzzle::pdbgen
