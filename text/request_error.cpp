// The sentences of a request error (request_error.hpp), once, in the words of the caller.
#include "text/request_error.hpp"

#include <array>
#include <utility>

namespace npuzzle {
namespace {

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

constexpr std::array<const char*, kOptionFieldCount> kIdentifiers = {
    "heuristic",  "pdb_dir",          "tie_break",  "owner_hash", "mem_limit", "verbose",
    "checkpoint", "checkpoint_every", "resume",     "algorithm",  "goal",      "size",
    "threads",    "time_limit",       "node_limit", "count",      "walk"};
static_assert(static_cast<std::size_t>(OptionField::Walk) + 1 == kOptionFieldCount);

struct LibraryWords final : OptionWords {
  std::string name(OptionField option) const override { return option_identifier(option); }
  std::string with_value(OptionField option, const std::string& value) const override {
    return name(option) + " " + value;
  }
};

}  // namespace

RequestError bad_value(OptionField option, std::string value, std::string detail) {
  RequestError error;
  error.kind = RequestErrorKind::BadValue;
  error.option = option;
  error.value = std::move(value);
  error.detail = std::move(detail);
  return error;
}

RequestError unknown_name(OptionField option, std::string value, std::string detail,
                          std::vector<std::string> accepted) {
  RequestError error = bad_value(option, std::move(value), std::move(detail));
  error.kind = RequestErrorKind::UnknownName;
  error.accepted = std::move(accepted);
  return error;
}

RequestError out_of_range(OptionField option, std::string value, std::int64_t low,
                          std::int64_t high) {
  RequestError error;
  error.kind = RequestErrorKind::OutOfRange;
  error.option = option;
  error.value = std::move(value);
  error.low = low;
  error.high = high;
  return error;
}

RequestError message_error(std::string message) {
  RequestError error;
  error.detail = std::move(message);
  return error;
}

const char* option_identifier(OptionField option) {
  return kIdentifiers[static_cast<std::size_t>(option)];
}

const OptionWords& library_words() {
  static const LibraryWords words;
  return words;
}

std::string render_request_error(const RequestError& e, const OptionWords& words) {
  switch (e.kind) {
    case RequestErrorKind::BadValue:
    case RequestErrorKind::UnknownName:
      return words.name(e.option) + ": " + e.detail;
    case RequestErrorKind::OutOfRange:
      return words.name(e.option) + " must be between " + std::to_string(e.low) + " and " +
             std::to_string(e.high) + " (got " + e.value + ")";
    case RequestErrorKind::NotTaken:
      return words.name(e.option) + " applies to " + joined(e.takers, ", ") + " (" +
             e.takers_group + "); " +
             words.with_value(OptionField::Algorithm, joined(e.chosen, ",")) +
             (e.chosen.size() == 1 ? " does" : " do") + " not take it";
    case RequestErrorKind::DoesNotFit:
      return words.with_value(OptionField::Heuristic, e.value) + " is for boards of up to " +
             std::to_string(e.max_side) + "x" + std::to_string(e.max_side) + ", not " + e.board +
             "; lc or pdb work on every board";
    case RequestErrorKind::Message:
      break;
  }
  return e.detail;
}

}  // namespace npuzzle
