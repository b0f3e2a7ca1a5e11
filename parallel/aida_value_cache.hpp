// parallel/aida_value_cache.hpp — the heuristic values of the nodes A*+IDA*'s first phase generated
// last (parallel/aida_frontier.hpp), so that most expansions need not rebuild their node's value.
//
// A direct-mapped cache of H::Value by node index: slot `index & mask` holds the value of the node
// it names last written there (kNoParent: none), at most kSlots slots and at most a sixteenth of
// the phase's budget. With the larger-g tie-break most expanded nodes are children of the last
// expansions (80 % on Korf's 100 with 6-6-3), whose values are there: the rest are rebuilt with
// H::init (a pattern database's ranks and a table read per pattern and view).
// Invariant: a slot holding index i holds the value the phase last remembered for node i, so a hit
// gives the same value H::init would.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/heuristic.hpp"
#include "core/search/node_store.hpp"  // kNoParent

namespace npuzzle {

template <Heuristic H>
class AidaValueCache {
 public:
  // Sized for a phase of `budget` bytes (every slot empty).
  void size_for(std::uint64_t budget) {
    const std::uint64_t slots = std::max<std::uint64_t>(1, budget / 16 / sizeof(Slot));
    slots_.assign(std::bit_floor(std::min<std::uint64_t>(slots, kSlots)), Slot{});
    mask_ = slots_.size() - 1;
  }
  // The value of node `index`, or nullptr when its slot holds another node's.
  const typename H::Value* find(std::uint32_t index) const {
    const Slot& slot = slots_[index & mask_];
    return slot.index == index ? &slot.value : nullptr;
  }
  void remember(std::uint32_t index, const typename H::Value& value) {
    Slot& slot = slots_[index & mask_];
    slot.index = index;
    slot.value = value;
  }
  std::uint64_t bytes() const {
    return static_cast<std::uint64_t>(slots_.capacity()) * sizeof(Slot);
  }
  // Frees the slots (the phase is over).
  void release() { std::vector<Slot>().swap(slots_); }

 private:
  static constexpr std::size_t kSlots = 1024;
  struct Slot {
    std::uint32_t index = kNoParent;
    typename H::Value value{};
  };
  std::size_t mask_ = 0;
  std::vector<Slot> slots_;
};

}  // namespace npuzzle
