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
static_assert(kIdentifiers.back() != nullptr, "an identifier for every OptionField");

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

RequestError not_given(OptionField option, std::string detail, std::string variable) {
  RequestError error;
  error.kind = RequestErrorKind::NotGiven;
  error.option = option;
  error.detail = std::move(detail);
  error.variable = std::move(variable);
  return error;
}

RequestError conflict(OptionField option, OptionField other, std::string other_value,
                      std::string detail, std::string remedy) {
  RequestError error;
  error.kind = RequestErrorKind::Conflict;
  error.option = option;
  error.other = other;
  error.value = std::move(other_value);
  error.detail = std::move(detail);
  error.remedy = std::move(remedy);
  return error;
}

RequestError unsupported(OptionField option, OptionField other, std::string setting) {
  RequestError error;
  error.kind = RequestErrorKind::Unsupported;
  error.option = option;
  error.other = other;
  error.detail = std::move(setting);
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

std::string unknown_name_sentence(const RequestError& e) {
  const std::string known = e.known.empty() ? "" : " known: " + e.known;
  if (e.nearest.empty()) return e.detail + (known.empty() ? "" : ";" + known);
  return e.detail + "; did you mean '" + e.nearest + "'" +
         (e.nearest_alias.empty() ? "" : " (" + e.nearest_alias + ")") + "?" + known;
}

std::string render_request_error(const RequestError& e, const OptionWords& words) {
  switch (e.kind) {
    case RequestErrorKind::BadValue:
      return words.name(e.option) + ": " + e.detail;
    case RequestErrorKind::UnknownName:
      return words.name(e.option) + ": " + unknown_name_sentence(e);
    case RequestErrorKind::OutOfRange:
      return words.name(e.option) + " must be between " + std::to_string(e.low) + " and " +
             std::to_string(e.high) + " (got " + e.value + ")";
    case RequestErrorKind::NotTaken:
      return words.name(e.option) + " applies to " + joined(e.takers, ", ") + " (" +
             e.takers_group + "); " +
             (e.chosen_by_default
                  ? "the default algorithms (" + joined(e.chosen, ", ") +
                        ") do not take it: name one that does with " +
                        words.name(OptionField::Algorithm)
                  : words.with_value(OptionField::Algorithm, joined(e.chosen, ",")) +
                        (e.chosen.size() == 1 ? " does" : " do") + " not take it");
    case RequestErrorKind::DoesNotFit:
      return words.with_value(OptionField::Heuristic, e.value) + " is for boards of up to " +
             std::to_string(e.max_side) + "x" + std::to_string(e.max_side) + ", not " + e.board +
             "; lc or pdb work on every board";
    case RequestErrorKind::NotGiven:
      return e.detail + ": give " + words.name(e.option) +
             (e.variable.empty() ? "" : " or set " + e.variable);
    case RequestErrorKind::Conflict:
      return words.name(e.option) + " and " + words.with_value(e.other, e.value) +
             " do not go together: " + e.detail +
             (e.remedy.empty() ? ""
                               : " (leave out " + words.name(e.other) + " to " + e.remedy + ")");
    case RequestErrorKind::Unsupported:
      return words.name(e.option) +
             (e.other == e.option ? " does" : " and " + words.name(e.other) + " do") +
             " not work " + e.detail;
    case RequestErrorKind::Message:
      break;
  }
  return e.detail;
}

}  // namespace npuzzle
