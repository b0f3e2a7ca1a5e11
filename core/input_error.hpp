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

// A file refused because another user owns it and it steers the search (a checkpoint): only the
// caller's own are read unless the caller trusts other users. Each front end adds how its caller
// says so, in its own words (the command line's --trust-other-user).
class OtherUsersFileError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace npuzzle
