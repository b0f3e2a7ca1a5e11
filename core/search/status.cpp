// Names of the search's enums (search_types.hpp, bucket_queue.hpp).
#include "core/search/bucket_queue.hpp"
#include "core/search/search_types.hpp"

namespace npuzzle {

const char* status_name(Status s) {
  switch (s) {
    case Status::Solved:
      return "solved";
    case Status::Unsolvable:
      return "unsolvable";
    case Status::Limit:
      return "limit";
    case Status::OutOfMemory:
      return "out-of-memory";
  }
  return "error";
}

const char* stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::None:
      return "";
    case StopReason::Interrupted:
      return "interrupted";
    case StopReason::Abandoned:
      return "abandoned";
    case StopReason::NodeLimit:
      return "node limit";
    case StopReason::TimeLimit:
      return "time limit";
    case StopReason::MemoryLimit:
      return "memory limit";
    case StopReason::AllocationFailed:
      return "allocation failed";
    case StopReason::Cancelled:
      return "cancelled";
  }
  return "";
}

const char* tie_break_name(TieBreak t) {
  switch (t) {
    case TieBreak::Lifo:
      return "lifo";
    case TieBreak::Fifo:
      return "fifo";
    case TieBreak::LargerG:
      return "larger-g";
  }
  return "";
}

std::optional<TieBreak> parse_tie_break(std::string_view text) {
  for (TieBreak t : {TieBreak::Lifo, TieBreak::Fifo, TieBreak::LargerG}) {
    if (text == tie_break_name(t)) return t;
  }
  return std::nullopt;
}

}  // namespace npuzzle
