#include "core/search_types.hpp"

namespace npuzzle {

const char* status_name(Status s) {
  switch (s) {
    case Status::Solved: return "solved";
    case Status::Unsolvable: return "unsolvable";
    case Status::Limit: return "limit";
    case Status::OutOfMemory: return "out-of-memory";
  }
  return "error";
}

}  // namespace npuzzle
