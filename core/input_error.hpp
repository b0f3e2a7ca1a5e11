// core/input_error.hpp — the error every layer throws for input it refuses (a malformed board or
// bench set, a checkpoint or position that does not fit the search); the front ends map it to the
// exit code of bad input. The message names what is wrong, never a command-line flag.
#pragma once

#include <stdexcept>

namespace npuzzle {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace npuzzle
