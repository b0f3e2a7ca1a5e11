// text/request_error.hpp — a request error as a value: what is wrong with an option of a request,
// with its fields, and the one place its sentences are written (render_request_error), in words
// that the caller gives for its options (OptionWords).
//
// The library folders never name an option the way a front end spells it: they throw UsageError
// carrying a RequestError, and each front end renders it at its edge: the command line with its
// flags ("--tie-break", "--algo ida": tools/app/option_flags.hpp), the Python module with its
// keywords ("tie_break", 'algorithm="ida"': python/module.cpp), the C++ library with the names of
// its SolveOptions ("tie_break", "algorithm ida": library_words below).
//
// Invariants: `detail` never names an option (it is the part of the message that every front end
// shares); the fields a kind does not list are left at their defaults.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace npuzzle {

// The options of a request that an error may be about. The first nine, in this order, are the
// options that only some algorithms take (SearchOption, engine/option_use.hpp).
enum class OptionField {
  Heuristic,
  PdbDir,
  TieBreak,
  OwnerHash,
  MemLimit,
  Verbose,
  Checkpoint,
  CheckpointEvery,
  Resume,
  Algorithm,
  Goal,
  Size,
  Threads,
  TimeLimit,
  NodeLimit,
  Count,
  Walk,  // the last: kOptionFieldCount counts up to it
};
inline constexpr std::size_t kOptionFieldCount = static_cast<std::size_t>(OptionField::Walk) + 1;

enum class RequestErrorKind {
  BadValue,     // the value is not of the option's grammar: `value`, and `detail` says why
  UnknownName,  // `value` names no entry: `detail` ("unknown algorithm 'asta'"), the `nearest`
                // name ("astar"; "" none) and the alias of it that `value` is nearest
                // (`nearest_alias`, "" when the name itself), `known` (the names to choose from,
                // as the message lists them) and `accepted` (the names alone)
  OutOfRange,   // the number `value` is not between `low` and `high`
  NotTaken,     // `option` given, which none of `chosen` takes: `takers` do (`takers_group`)
  DoesNotFit,   // the heuristic `value` is for boards up to `max_side` on a side, not `board`
  NotGiven,     // `option` is needed and was not given: `detail` says what is missing, and
                // `variable` names an environment variable that may give it instead ("" none)
  Conflict,     // `option` and `other`, given as `value`, do not go together: `detail` says why;
                // `remedy` what leaving out `other` does ("" none)
  Unsupported,  // `option` and `other` (the same: `option` alone) do not work in the setting
                // `detail` ("under mpirun")
  Message,      // an error that names no option: `detail` is the whole message
};

struct RequestError {
  RequestErrorKind kind = RequestErrorKind::Message;
  OptionField option = OptionField::Algorithm;  // the option it is about (not for Message)
  std::string value;                            // the value given, as given
  std::string detail;
  std::vector<std::string> accepted;
  std::string nearest;
  std::string nearest_alias;
  std::string known;
  std::int64_t low = 0;
  std::int64_t high = 0;
  std::vector<std::string> takers;
  std::string takers_group;
  std::vector<std::string> chosen;
  bool chosen_by_default = false;  // NotTaken: `chosen` are the defaults, no algorithm was named
  int max_side = 0;
  std::string board;  // "5x5"
  std::string variable;
  OptionField other = OptionField::Algorithm;
  std::string remedy;

  friend bool operator==(const RequestError&, const RequestError&) = default;
};

// The errors of each kind with their fields (the others left at their defaults).
RequestError bad_value(OptionField option, std::string value, std::string detail);
RequestError unknown_name(OptionField option, std::string value, std::string detail,
                          std::vector<std::string> accepted);
RequestError out_of_range(OptionField option, std::string value, std::int64_t low,
                          std::int64_t high);
RequestError not_given(OptionField option, std::string detail, std::string variable);
RequestError conflict(OptionField option, OptionField other, std::string other_value,
                      std::string detail, std::string remedy);
RequestError unsupported(OptionField option, OptionField other, std::string setting);
RequestError message_error(std::string message);

// How a front end names its options in a message: alone ("--tie-break", "tie_break"), and with a
// value ("--algo ida", 'algorithm="ida"').
struct OptionWords {
  virtual ~OptionWords() = default;
  virtual std::string name(OptionField option) const = 0;
  virtual std::string with_value(OptionField option, const std::string& value) const = 0;
};

// The C++ library's words: its SolveOptions' names ("tie_break", "algorithm ida").
const OptionWords& library_words();
// The name of `option` as an identifier: "tie_break", "mem_limit", "algorithm".
const char* option_identifier(OptionField option);

// The message of `error` with its options named by `words`.
std::string render_request_error(const RequestError& error, const OptionWords& words);
// An UnknownName error's sentence without the option's name: "unknown algorithm 'asta'; did you
// mean 'astar'? known: ida, …".
std::string unknown_name_sentence(const RequestError& error);

// A malformed option or a combination without an implementation; the tools exit with 1. Thrown
// with a RequestError by the library folders (what(): its message in the library's words), or
// with a message by a front end for its own options (a Message).
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(RequestError error)
      : std::runtime_error(render_request_error(error, library_words())),
        error_(std::move(error)) {}
  explicit UsageError(const std::string& message)
      : std::runtime_error(message), error_(message_error(message)) {}
  const RequestError& error() const { return error_; }

 private:
  RequestError error_;
};

}  // namespace npuzzle
