#include "parallel/zobrist.hpp"

namespace npuzzle {

const char* owner_hash_name(OwnerHash kind) {
  switch (kind) {
    case OwnerHash::Zobrist:
      return "zobrist";
    case OwnerHash::AbstractZobrist:
      return "abstract-zobrist";
  }
  return "?";
}

bool parse_owner_hash(const std::string& text, OwnerHash& out) {
  if (text == "zobrist") {
    out = OwnerHash::Zobrist;
    return true;
  }
  if (text == "abstract-zobrist" || text == "abstract" || text == "azh") {
    out = OwnerHash::AbstractZobrist;
    return true;
  }
  return false;
}

}  // namespace npuzzle
