// engine/database_identity.hpp — which pattern database a search looked up, as its checkpoint
// records it: the table's payload checksum and its tiles. A resume compares these values with the
// tables it loads and refuses others. In the file: "<16 hex digits> <tiles, comma separated>".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/checkpoint_text.hpp"

namespace npuzzle {

struct DatabaseIdentity {
  std::uint64_t payload_checksum = 0;
  std::vector<int> tiles;  // in the table's order
  friend bool operator==(const DatabaseIdentity&, const DatabaseIdentity&) = default;
};

// "1f2e… 1,2,3,4,5,6,7", the checkpoint line's value and how messages name the table.
inline std::string database_identity_text(const DatabaseIdentity& identity) {
  std::string tiles;
  for (int t : identity.tiles) {
    if (!tiles.empty()) tiles += ',';
    tiles += std::to_string(t);
  }
  return checkpoint_hex(identity.payload_checksum) + " " + tiles;
}

}  // namespace npuzzle
