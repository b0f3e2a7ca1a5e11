// api/typed_options.hpp — inside the library (not installed): what the two halves of the API share,
// the typed options and errors (api/options.cpp) and the boards and searches (api/npuzzle.cpp).
// The engine's typed errors (RequestError, UsageError: text/request_error.hpp) become api::Error
// values here, field for field, and the caller's api::OptionWords become the engine's words.
//
// Invariant: api::Error and RequestError list the same kinds and fields, api::Option and
// OptionField the same options, in the same order (checked in api/options.cpp).
#pragma once

#include <string>
#include <vector>

#include "engine/request.hpp"
#include "npuzzle/npuzzle.hpp"
#include "text/request_error.hpp"

namespace npuzzle::api {

// The engine's error as the library's, and back.
Error error_of(const RequestError& error);
RequestError request_error_of(const Error& error);

// The OptionError of the engine's UsageError; one that names no option ("the goal needs …").
OptionError option_error(const UsageError& error);
OptionError other_error(std::string message);

// The value `parse` returns, a UsageError it throws as OptionError.
template <class Parse>
auto with_option_error(Parse parse) {
  try {
    return parse();
  } catch (const UsageError& e) {
    throw option_error(e);
  }
}

// The caller's OptionWords as the engine's renderer takes them.
class CallerWords final : public npuzzle::OptionWords {
 public:
  explicit CallerWords(const api::OptionWords& words) : words_(words) {}
  std::string name(OptionField option) const override;
  std::string with_value(OptionField option, const std::string& value) const override;

 private:
  const api::OptionWords& words_;
};

// The engine's size of `size`, checked (2..5 by 2..5); OptionError otherwise.
npuzzle::BoardSize engine_size(const BoardSize& size);

npuzzle::Algorithm engine_algorithm(Algorithm algorithm);

// The goal's tiles for a board of `size`; OptionError when it does not fit.
std::vector<int> goal_tiles(const Goal& goal, npuzzle::BoardSize size);

}  // namespace npuzzle::api
