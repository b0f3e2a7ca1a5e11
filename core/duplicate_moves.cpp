// core/duplicate_moves.cpp — the enumeration of duplicate move strings (see the header).
#include "core/duplicate_moves.hpp"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>
#include <absl/hash/hash.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace npuzzle {
namespace {

constexpr int kRowStep[4] = {-1, 1, 0, 0};  // U D L R: where the blank goes
constexpr int kColStep[4] = {0, 0, -1, 1};

// A string of up to 31 moves: two bits a move, the first move most significant, so that strings of
// one length compare as numbers in U < D < L < R order.
struct MoveString {
  std::uint64_t code = 0;
  int length = 0;
  int move(int i) const { return static_cast<int>((code >> (2 * (length - 1 - i))) & 3); }
  MoveString then(int m) const { return {code << 2 | static_cast<std::uint64_t>(m), length + 1}; }
  MoveString without_first() const {
    return {length > 1 ? code & ((std::uint64_t{1} << (2 * (length - 1))) - 1) : 0, length - 1};
  }
  std::string letters() const {
    std::string s;
    for (int i = 0; i < length; ++i) s += "UDLR"[move(i)];
    return s;
  }
};

struct Box {
  int top = 0, bottom = 0, left = 0, right = 0;  // relative to the blank's first cell
  bool inside(const Box& o) const {
    return top >= o.top && bottom <= o.bottom && left >= o.left && right <= o.right;
  }
};

// Plays strings out on a grid wide enough for any blank path of `max_side` rows and columns.
class Grid {
 public:
  explicit Grid(int max_side)
      : side_(2 * max_side - 1), origin_((max_side - 1) * (side_ + 1)), max_side_(max_side) {
    tiles_.resize(static_cast<std::size_t>(side_ * side_));
    for (int i = 0; i < side_ * side_; ++i) tiles_[static_cast<std::size_t>(i)] = i;
  }

  // The effect of `s` (each displaced cell and the tile now on it, in cell order) and its bounding
  // box; false when the blank path does not fit max_side x max_side.
  bool play(const MoveString& s, std::vector<std::pair<int, int>>& effect, Box& box) {
    box = {};
    int r = 0, c = 0;
    for (int i = 0; i < s.length; ++i) {
      r += kRowStep[s.move(i)];
      c += kColStep[s.move(i)];
      box = {std::min(box.top, r), std::max(box.bottom, r), std::min(box.left, c),
             std::max(box.right, c)};
      if (box.bottom - box.top >= max_side_ || box.right - box.left >= max_side_) return false;
    }
    int blank = origin_;
    touched_.assign(1, blank);
    for (int i = 0; i < s.length; ++i) {
      const int to = blank + kRowStep[s.move(i)] * side_ + kColStep[s.move(i)];
      std::swap(tiles_[static_cast<std::size_t>(blank)], tiles_[static_cast<std::size_t>(to)]);
      blank = to;
      touched_.push_back(blank);
    }
    std::sort(touched_.begin(), touched_.end());
    touched_.erase(std::unique(touched_.begin(), touched_.end()), touched_.end());
    effect.clear();
    for (int cell : touched_) {
      const int tile = tiles_[static_cast<std::size_t>(cell)];
      if (tile != cell) effect.emplace_back(cell, tile);
    }
    for (int cell : touched_) tiles_[static_cast<std::size_t>(cell)] = cell;
    return true;
  }

 private:
  int side_, origin_, max_side_;
  std::vector<int> tiles_;
  std::vector<int> touched_;
};

}  // namespace

std::vector<DuplicateMoves> duplicate_move_strings(int max_length, int max_side) {
  if (max_length < 0 || max_length > 31 || max_side < 1) {
    throw std::invalid_argument("duplicate_move_strings: lengths 0-31 and a side of at least 1");
  }
  Grid grid(max_side);
  // Every string kept so far (free of duplicates), chained by the hash of its effect.
  struct Kept {
    MoveString string;
    Box box;
    std::uint32_t next_same_hash;
  };
  constexpr std::uint32_t kEnd = UINT32_MAX;
  std::vector<Kept> kept;
  absl::flat_hash_map<std::uint64_t, std::uint32_t> first_by_hash;
  auto hash_of = [](const std::vector<std::pair<int, int>>& effect) {
    return absl::HashOf(effect);
  };

  std::vector<DuplicateMoves> duplicates;
  std::vector<std::pair<int, int>> effect, other;
  Box box, other_box;
  std::vector<MoveString> level{MoveString{}};
  grid.play(level[0], effect, box);
  kept.push_back({level[0], box, kEnd});
  first_by_hash[hash_of(effect)] = 0;
  absl::flat_hash_set<std::uint64_t> level_codes{0};

  for (int length = 1; length <= max_length; ++length) {
    std::vector<MoveString> next;
    absl::flat_hash_set<std::uint64_t> next_codes;
    for (const MoveString& s : level) {
      for (int m = 0; m < 4; ++m) {
        const MoveString t = s.then(m);
        // Its prefix is free of duplicates; so is every other substring when its suffix is.
        if (!level_codes.contains(t.without_first().code)) continue;
        if (!grid.play(t, effect, box)) continue;
        const std::uint64_t hash = hash_of(effect);
        auto [slot, fresh] =
            first_by_hash.try_emplace(hash, static_cast<std::uint32_t>(kept.size()));
        const Kept* witness = nullptr;
        if (!fresh) {
          std::uint32_t last = slot->second;
          for (std::uint32_t i = slot->second; i != kEnd; i = kept[i].next_same_hash) {
            last = i;
            if (!kept[i].box.inside(box)) continue;
            grid.play(kept[i].string, other, other_box);
            if (other == effect) {
              witness = &kept[i];
              break;
            }
          }
          if (!witness) kept[last].next_same_hash = static_cast<std::uint32_t>(kept.size());
        }
        if (witness) {
          duplicates.push_back({t.letters(), witness->string.letters()});
          continue;
        }
        kept.push_back({t, box, kEnd});
        next.push_back(t);
        next_codes.insert(t.code);
      }
    }
    level = std::move(next);
    level_codes = std::move(next_codes);
  }
  return duplicates;
}

}  // namespace npuzzle
