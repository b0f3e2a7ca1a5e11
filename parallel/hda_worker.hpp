// parallel/hda_worker.hpp — one worker of hash-distributed A* (HDA*), and the loop that drives it.
//
// A worker owns the states whose owner hash (parallel/zobrist.hpp) maps to it: its open list
// (core's bucket queue over integer f, ties toward larger g), its closed list
// (`absl::flat_hash_map` from the packed word to the best g known and the blank move that reached
// it) and a pool of nodes. It knows nothing of other workers: every child it generates goes to a
// *port* (its end of the transport), which keeps it (the child is the worker's own) or sends it to
// the child's owner.
//
// Port contract (in-process: parallel/hda_star.hpp over parallel/hda_mailbox.hpp; MPI:
// parallel/mpi_hda.hpp), every call made by the worker's own thread:
//   int incumbent()               the least g of a goal known here (INT_MAX: none yet)
//   void lower_incumbent(int g)   a goal of cost g was generated here
//   void send(const Node& child)  route a child to its owner (may call insert() on this worker)
//   bool stopped()                a limit, an interrupt or an error ended the search
//   void drain()                  insert every node that reached this worker
//   bool pace(int best_f)         true: wait instead of expanding a node of f `best_f` (and retry)
//   bool wait_for_work()          nothing below the incumbent is held: flush, then true to go on
//                                 (mail came) or false to leave (idle, or the search is over)
//   void after_expansion()        batching, limits
//
// Invariant: a node with f >= incumbent is never stored or expanded; a goal is stored even at
// f == incumbent (its entry is where the path is read back from). A state reached again with a
// lower g is reopened (counted in `reexpanded` when it had been expanded), so the answer is optimal
// with inconsistent heuristics too. Walking back from the goal (undo the entry's move, look the
// parent up in its owner's table) strictly lowers g at every step and ends at the start.
#pragma once

#include <absl/container/flat_hash_map.h>

#include <climits>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "core/goal.hpp"
#include "core/search/bucket_queue.hpp"
#include "core/search/node_store.hpp"
#include "core/search/search_types.hpp"
#include "parallel/zobrist.hpp"

namespace npuzzle {
namespace hda_detail {

inline constexpr std::int8_t kNoMove = -1;

// Hash of a packed word for the closed lists (128-bit words hashed as two halves).
template <class Word>
struct WordHash {
  std::size_t operator()(const Word& w) const {
    if constexpr (sizeof(Word) == 8) {
      return absl::Hash<std::uint64_t>{}(w);
    } else {
      return absl::HashOf(static_cast<std::uint64_t>(w), static_cast<std::uint64_t>(w >> 64));
    }
  }
};

// A closed-list entry: the best g known for the state and the blank move that reached it then.
struct ClosedEntry {
  std::int32_t g = 0;
  std::int8_t move = kNoMove;  // a Move, or kNoMove for the start
  bool expanded = false;
};

// A node as sent between workers and held in open lists (trivially copyable: it travels as bytes).
template <class B, class Value>
struct Node {
  State<B> state;
  Value value;
  std::uint64_t owner_hash = 0;
  std::int32_t g = 0;
  std::int32_t f = 0;
  std::int8_t move = kNoMove;  // the blank move that reached `state`
};

// Nodes in chunks, named by a 32-bit index (what the bucket queue holds), recycled through a free
// list. Not thread-safe: one per worker.
template <class T>
class IndexPool {
 public:
  static constexpr std::uint32_t kChunkBits = 12, kChunk = 1u << kChunkBits;

  std::uint32_t allocate() {
    if (!free_.empty()) {
      const std::uint32_t i = free_.back();
      free_.pop_back();
      return i;
    }
    if (used_ == chunks_.size() * kChunk) {
      if (chunks_.size() >= (std::size_t{1} << (32 - kChunkBits))) throw std::bad_alloc();
      chunks_.push_back(std::make_unique<T[]>(kChunk));
    }
    return static_cast<std::uint32_t>(used_++);
  }
  void release(std::uint32_t i) { free_.push_back(i); }
  T& operator[](std::uint32_t i) { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }
  std::size_t bytes() const {
    return chunks_.size() * kChunk * sizeof(T) + free_.capacity() * sizeof(std::uint32_t);
  }

 private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::vector<std::uint32_t> free_;
  std::size_t used_ = 0;
};

}  // namespace hda_detail

template <class B, Heuristic H>
class HdaWorker {
 public:
  using Value = typename H::Value;
  using Word = typename B::Word;
  using Node = hda_detail::Node<B, Value>;
  using ClosedEntry = hda_detail::ClosedEntry;
  using Closed = absl::flat_hash_map<Word, ClosedEntry, hda_detail::WordHash<Word>>;

  HdaWorker(const H& heuristic, const Goal<B>& goal, const OwnerHasher<B>& hasher)
      : h_(&heuristic), goal_(goal.state), geometry_(goal.geometry), hasher_(&hasher) {}

  // The first node of a search from `start`.
  static Node root(const H& h, const OwnerHasher<B>& hasher, const State<B>& start) {
    Node first;
    first.state = start;
    first.value = h.init(start);
    first.owner_hash = hasher.hash(start);
    first.f = h.estimate(first.value);
    return first;
  }

  // A node reaches its owner: kept unless a path at least as short is known, or f >= incumbent
  // (goals excepted). Returns true when the node is a goal (the caller lowers the incumbent).
  bool insert(const Node& n, int incumbent) {
    const bool is_goal = n.state == goal_;
    if (!is_goal && n.f >= incumbent) return false;
    auto [it, fresh] = closed_.try_emplace(n.state.word, ClosedEntry{n.g, n.move, false});
    if (!fresh) {
      if (it->second.g <= n.g) return false;
      it->second.g = n.g;
      it->second.move = n.move;
    }
    if (is_goal) return true;
    push_open(n);
    return false;
  }

  // The least f held, or INT_MAX.
  int min_f() { return open_.empty() ? INT_MAX : open_.min_priority(); }
  std::size_t open_size() const { return open_.size(); }

  // Expands a best node with f below the port's incumbent; false when there is none.
  template <class Port>
  bool expand_next(Port& port) {
    if (min_f() >= port.incumbent()) return false;
    const std::uint32_t index = open_.pop().node;
    const Node node = pool_[index];
    pool_.release(index);
    ClosedEntry& entry = closed_.find(node.state.word)->second;
    if (entry.g < node.g) return true;  // a shorter path to it was found since it was queued
    if (entry.expanded) ++reexpanded_;
    entry.expanded = true;
    ++expanded_;
    expanding_f_ = node.f;
    const int blank = node.state.blank;
    const int parent_blank = node.move == hda_detail::kNoMove
                                 ? -1
                                 : B::neighbour(blank, inverse(static_cast<Move>(node.move)));
    const auto& moves = geometry_.moves(blank);
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[static_cast<std::size_t>(i)];
      if (target == parent_blank) continue;
      ++generated_;
      const int tile = node.state.tile_at(target);
      Node child;
      child.value = h_->update(node.value, tile, target, blank);
      child.g = node.g + 1;
      child.f = child.g + h_->estimate(child.value);
      if (child.f >= port.incumbent()) continue;
      child.state = node.state;
      child.state.move_blank_to(target);
      if (child.state == goal_) port.lower_incumbent(child.g);  // at once, before it travels
      child.move = static_cast<std::int8_t>(moves.moves[static_cast<std::size_t>(i)]);
      child.owner_hash = hasher_->update(node.owner_hash, tile, target, blank);
      port.send(child);
    }
    expanding_f_ = INT_MAX;
    return true;
  }

  // Removes every open node and passes it to f (ramp-up: the nodes move to their owners).
  template <class F>
  void take_open(F&& f) {
    while (!open_.empty()) {
      const std::uint32_t index = open_.pop().node;
      f(pool_[index]);
      pool_.release(index);
    }
  }
  void push_open(const Node& n) {
    const std::uint32_t index = pool_.allocate();
    pool_[index] = n;
    open_.push(n.f, n.g, index);
  }
  Closed& closed() { return closed_; }
  const Closed& closed() const { return closed_; }
  const ClosedEntry* find(Word word) const {
    const auto it = closed_.find(word);
    return it == closed_.end() ? nullptr : &it->second;
  }

  // A lower bound on the f of every node held or being expanded (a limit may cut an expansion).
  int held_min_f() { return std::min(min_f(), expanding_f_); }
  std::uint64_t expanded() const { return expanded_; }
  std::uint64_t generated() const { return generated_; }
  std::uint64_t reexpanded() const { return reexpanded_; }
  // Tables and pool; the open list's vectors estimated at twice their entries.
  std::uint64_t bytes() const {
    return hash_table_bytes(closed_.capacity(), sizeof(typename Closed::value_type)) +
           pool_.bytes() + 2 * open_.size() * sizeof(BucketQueue::Entry);
  }

 private:
  const H* h_;
  State<B> goal_;
  [[no_unique_address]] Geometry<B> geometry_;
  const OwnerHasher<B>* hasher_;
  BucketQueue open_{TieBreak::LargerG};
  Closed closed_;
  hda_detail::IndexPool<Node> pool_;
  std::uint64_t expanded_ = 0, generated_ = 0, reexpanded_ = 0;
  int expanding_f_ = INT_MAX;
};

// Runs `worker` with `port` until the port says leave (see the contract above).
template <class Worker, class Port>
void run_hda_worker(Worker& worker, Port& port) {
  while (!port.stopped()) {
    port.drain();
    const int best = worker.min_f();
    if (best < port.incumbent() && port.pace(best)) continue;
    if (!worker.expand_next(port)) {
      if (!port.wait_for_work()) return;
      continue;
    }
    port.after_expansion();
  }
}

}  // namespace npuzzle
