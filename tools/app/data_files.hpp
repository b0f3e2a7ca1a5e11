// tools/app/data_files.hpp — the data the programs ship with (the benchmark sets of bench/data),
// found beside the running program: NPUZZLE_DATA_FROM_BINARY (set by tools/CMakeLists.txt) is the
// data directory relative to the program's directory, `../share/npuzzle` by default, which holds
// in the build tree (build/tools/npuzzle, build/share/npuzzle) and in an installed tree
// (PREFIX/bin/npuzzle, PREFIX/share/npuzzle) alike, so no default path leads into the source tree
// and an installed tree can be moved.
#pragma once

#include <string>

namespace npuzzle {

// The path of the data file `name` ("korf100.txt") beside the running program.
std::string data_file(const std::string& name);

// The file a command line names: `given` itself when something is there (or it names a
// directory: "x/y.txt"), else, for a bare name, the data file of that name when one ships with the
// program (`npuzzle bench hard80.txt` from any directory), else `given` (whose error names it).
std::string given_or_data_file(const std::string& given);

}  // namespace npuzzle
