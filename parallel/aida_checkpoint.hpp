// parallel/aida_checkpoint.hpp — the checkpoints of A*+IDA* (parallel/aida.hpp): the position
// saved, the frontier's checksum that names it, the frontier nodes done in a threshold, and the
// search gone on from a saved position.
//
// The position (parallel/ida_position.hpp, with an IdaCheckpointing) is the threshold,
// phase 1's node cap of the frontier in use (`target`), the frontier's size and a checksum of it
// (each node's board, g, h and automaton state, in the sorted order), which frontier nodes are done
// in this threshold (one byte a node while checkpoints are kept or resumed), and the counts of
// what is finished: the runs of phase 1 whose frontier was used, and the frontier nodes searched to
// the end. A frontier node cut short by a stop is not done and its nodes are not counted (the
// resume searches it again), so there are no partial subtrees, and a run gets further only when
// its node limit leaves room for phase 1 built again and at least one frontier node's subtree.
// Workers save between frontier nodes at most every `every_seconds` (one at a time), and the
// search saves once more when a limit or an interrupt stops it (never when solved); a stop while
// phase 1 is built again leaves the position it went on from; a stop in a grown run of phase 1
// leaves the next threshold with its cap and no frontier yet (`subtrees` 0). Resuming runs phase 1
// from the start with the saved cap (deterministic when the bytes do not fill first) and sorts it:
// when the checksum matches, the done nodes are skipped and the rebuilt phase 1 is not counted
// twice, so on one thread a chain of resumed runs ends with the counts of one uninterrupted run;
// when it does not (another memory budget, another build), the saved threshold is searched from
// its start on the new frontier, with a note: every threshold below it was exhausted, so only time
// is lost (the threshold's done nodes are then counted twice). The threshold of a position must be
// at least the start's estimate, and a solution found from a position nothing vouches for
// (resume_trusted false) is not claimed optimal; one shorter than the saved threshold, or a
// position that leaves nothing to search, is refused (InputError).
// Invariants: a frontier node is marked done (with its counts and its worker's least f above the
// threshold, under position_mutex_) only once its subtree was searched to the end in this
// threshold, and a position holds only those counts and those of the runs of phase 1 that ended:
// never a partial subtree.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <climits>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "core/input_error.hpp"
#include "parallel/aida_class.hpp"
#include "parallel/ida_position.hpp"

namespace npuzzle {

// Checkpoints: a resumed search's counts, history and threshold from the saved position (its
// frontier is built again by phase 1). A position whose threshold is below the start's estimate,
// or with more thresholds than it rose by, was not written by this search on this board.
template <class B, Heuristic H>
inline void Aida<B, H>::take_resumed_counts(int estimate) {
  const IdaPosition& p = *resume_;
  if (p.bound < estimate || p.iterations > p.bound - estimate) {
    throw InputError("the checkpoint's bound " + std::to_string(p.bound) + " after " +
                     std::to_string(p.iterations) +
                     " iterations does not fit this board, whose estimate is " +
                     std::to_string(estimate));
  }
  resumed_bound_ = p.bound;
  threshold_ = p.bound;
  offset_expanded_ = p.expanded;
  offset_generated_ = p.generated;
  offset_astar_ = std::min(p.astar_expanded, p.expanded);
  offset_ida_ = p.expanded - offset_astar_;
  offset_seconds_ = p.seconds;
  iterations_ = p.iterations;
  history_ = p.iteration_expanded;
  history_total_ = 0;
  for (const std::uint64_t e : history_) history_total_ += e;
}

// Checkpoints: after phase 1 built the resumed search's frontier again, the threshold to go on
// with. When it is the saved frontier (the same nodes in the same order, by its checksum), the
// saved threshold's done nodes are skipped and the rebuilt phase 1 is not counted twice; when
// it is not (another memory budget or build), the saved threshold is searched from its start on
// the new frontier: every threshold below it was exhausted, so only time is lost.
template <class B, Heuristic H>
inline int Aida<B, H>::go_on_from(const IdaPosition& p, int least) {
  const int threshold = std::max(least, p.bound);
  if (p.subtrees == 0) return threshold;  // phase 1 had not built the frontier: built now
  const bool same = threshold == p.bound && frontier_.size() == p.subtrees &&
                    frontier_checksum_ == p.frontier_checksum && p.done.size() == p.subtrees;
  if (!same) {
    if (options_.note) {
      options_.note("aida: the checkpoint's frontier (" + std::to_string(p.subtrees) +
                    " nodes) is not the one phase 1 built now (" +
                    std::to_string(frontier_.size()) +
                    " nodes: another memory budget or build?); threshold " +
                    std::to_string(threshold) + " is searched again from its start");
    }
    return threshold;
  }
  const auto less_by = [](std::uint64_t& count, std::uint64_t rebuilt) {
    count -= std::min(count, rebuilt);
  };
  less_by(offset_expanded_, astar_->expanded());
  less_by(offset_generated_, astar_->generated());
  less_by(offset_astar_, astar_->expanded());
  for (std::size_t i = 0; i < p.subtrees; ++i) {
    if (p.done[i]) done_flags_[i].store(1, std::memory_order_relaxed);
  }
  for (const IdaPosition::ClosestApproach& c : p.closest) {
    if (c.index < frontier_.size() && c.closest < frontier_[c.index].closest) {
      frontier_[c.index].closest = c.closest;
    }
  }
  for (const IdaPosition::ChildApproaches& c : p.children) {
    if (c.index < child_closest_.size()) child_closest_[c.index].by_move = c.by_move;
  }
  carried_next_ = p.next_bound;
  committed_next_ = p.next_bound;
  return threshold;
}

// After a threshold was exhausted: no frontier node is done in the next one.
template <class B, Heuristic H>
inline void Aida<B, H>::begin_next_threshold(int threshold) {
  threshold_ = threshold;
  carried_next_ = INT_MAX;
  if (!tracking_) return;
  std::lock_guard lock(position_mutex_);
  for (auto& flag : done_flags_) flag.store(0, std::memory_order_relaxed);
  committed_next_ = INT_MAX;
}

template <class B, Heuristic H>
inline bool Aida<B, H>::is_done(std::size_t i) const {
  return tracking_ && done_flags_[i].load(std::memory_order_relaxed) != 0;
}

// Frontier node i was searched to the end in this threshold by `w`, taking `expanded` and
// `generated` nodes: its work, closest approach and its children's for the next threshold (under
// position_mutex_ when checkpoints may read them; across ranks, kept in w.finished and
// w.finished_children for the others), and for checkpoints its done flag, its counts and the
// least f above the threshold `w` has seen.
template <class B, Heuristic H>
inline void Aida<B, H>::finish(Worker& w, std::size_t i, std::uint64_t expanded,
                               std::uint64_t generated, const AidaChildApproaches& approaches) {
  const auto record = [&] {
    frontier_[i].searched = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(expanded, AidaFrontierNode::kSearchedMax));
    frontier_[i].closest = static_cast<std::uint32_t>(w.dfs.closest());
    const bool keeps_children = i < child_closest_.size();
    if (keeps_children) child_closest_[i] = approaches;
    if (ranks_) {  // for the other ranks (parallel/mpi_aida.hpp)
      w.finished.push_back(static_cast<std::uint64_t>(i) |
                           static_cast<std::uint64_t>(frontier_[i].searched) << 32 |
                           static_cast<std::uint64_t>(frontier_[i].closest) << 56);
      if (keeps_children) {
        w.finished_children.push_back(
            static_cast<std::uint64_t>(i) |
            static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(approaches.by_move)) << 32);
      }
    }
  };
  if (!tracking_) return record();
  std::lock_guard lock(position_mutex_);
  record();
  done_flags_[i].store(1, std::memory_order_relaxed);
  committed_expanded_ += expanded;
  committed_generated_ += generated;
  committed_next_ = std::min({committed_next_, w.next_bound, w.dfs.next_bound()});
}

// The position of the search (parallel/ida_position.hpp): the threshold, the frontier and its
// nodes done in it, and the counts of what is finished: the phase 1 runs that completed and the
// frontier nodes searched to the end (not those cut short). Any thread.
template <class B, Heuristic H>
inline IdaPosition Aida<B, H>::position() {
  if (stopped_before_resuming_) {  // stopped while phase 1 was built again: the saved position
    IdaPosition p = *stopped_before_resuming_;
    p.seconds = seconds();
    return p;
  }
  const std::uint64_t astar_done_expanded =
      astar_done_expanded_ + (astar_ && astar_complete_ ? astar_->expanded() : 0);
  const std::uint64_t astar_done_generated =
      astar_done_generated_ + (astar_ && astar_complete_ ? astar_->generated() : 0);
  IdaPosition p;
  p.bound = threshold_;
  p.target = frontier_cap_;
  std::lock_guard lock(position_mutex_);
  if (frontier_ready_) {
    p.subtrees = frontier_.size();
    p.frontier_checksum = frontier_checksum_;
    p.done.resize(p.subtrees);
    for (std::size_t i = 0; i < p.subtrees; ++i) {
      p.done[i] = done_flags_[i].load(std::memory_order_relaxed) != 0;
    }
    p.next_bound = committed_next_;
    p.closest = saved_closest();
    p.children = saved_children();
  }
  p.astar_expanded = offset_astar_ + astar_done_expanded;
  p.expanded = offset_expanded_ + astar_done_expanded + committed_expanded_;
  p.generated = offset_generated_ + astar_done_generated + committed_generated_;
  p.iterations = static_cast<int>(history_.size());
  p.seconds = seconds();
  p.iteration_expanded = history_;
  return p;
}

// Of `saved` (by index), the kMaxClosestApproaches of least `approach` (the later index among
// equals left out), by index.
template <class Saved, class Approach>
void keep_nearest_approaches(std::vector<Saved>& saved, const Approach& approach) {
  if (saved.size() <= IdaPosition::kMaxClosestApproaches) return;
  const auto nearer = [&](const Saved& a, const Saved& b) {
    return approach(a) != approach(b) ? approach(a) < approach(b) : a.index < b.index;
  };
  std::nth_element(saved.begin(), saved.begin() + IdaPosition::kMaxClosestApproaches, saved.end(),
                   nearer);
  saved.resize(IdaPosition::kMaxClosestApproaches);
  std::sort(saved.begin(), saved.end(),
            [](const Saved& a, const Saved& b) { return a.index < b.index; });
}

// The closest approaches a position keeps (IdaPosition::closest): those below their node's own h,
// the nearest kMaxClosestApproaches of them (the later index among equals left out), by index.
// Under position_mutex_.
template <class B, Heuristic H>
inline std::vector<IdaPosition::ClosestApproach> Aida<B, H>::saved_closest() const {
  std::vector<IdaPosition::ClosestApproach> saved;
  for (std::size_t i = 0; i < frontier_.size(); ++i) {
    if (frontier_[i].closest < frontier_[i].h) {
      saved.push_back(
          {static_cast<std::uint32_t>(i), static_cast<std::uint8_t>(frontier_[i].closest)});
    }
  }
  keep_nearest_approaches(saved, [](const IdaPosition::ClosestApproach& c) { return c.closest; });
  return saved;
}

// The children's closest approaches a position keeps (IdaPosition::children): of the frontier
// nodes with a child searched, the kMaxClosestApproaches with the nearest child (the later index
// among equals left out), by index. Under position_mutex_.
template <class B, Heuristic H>
inline std::vector<IdaPosition::ChildApproaches> Aida<B, H>::saved_children() const {
  static_assert(IdaPosition::ChildApproaches::kNoApproach == AidaChildApproaches::kNone);
  std::vector<IdaPosition::ChildApproaches> saved;
  const auto nearest = [](const IdaPosition::ChildApproaches& c) {
    return *std::min_element(c.by_move.begin(), c.by_move.end());
  };
  for (std::size_t i = 0; i < child_closest_.size(); ++i) {
    const IdaPosition::ChildApproaches c{static_cast<std::uint32_t>(i), child_closest_[i].by_move};
    if (nearest(c) != AidaChildApproaches::kNone) saved.push_back(c);
  }
  keep_nearest_approaches(saved, nearest);
  return saved;
}

// Between frontier nodes (on a worker's thread): saves the position when one is due, one at a
// time. A failed save stops the search.
template <class B, Heuristic H>
inline void Aida<B, H>::save_when_due() {
  if (!saves_.when_due([this] { return position(); }, [this] { return clock_.elapsed(); })) {
    stop(StopReason::Abandoned);
  }
}

// Names the sorted frontier for a checkpoint: every node's board (packed word and blank cell),
// g, h and automaton state, in order. Another memory budget or build gives another checksum.
template <class B, Heuristic H>
inline std::uint64_t Aida<B, H>::frontier_checksum() const {
  std::uint64_t sum = frontier_.size();
  const auto mix = [&sum](std::uint64_t value) {
    std::uint64_t z = (sum ^ value) + 0x9e3779b97f4a7c15ULL;  // splitmix64's finaliser
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    sum = z ^ (z >> 31);
  };
  for (const AidaFrontierNode& n : frontier_) {
    const typename AStar::Node& node = astar_->node(n.node);
    for (const std::uint32_t word : node.word) mix(word);
    mix(static_cast<std::uint64_t>(node.blank) | static_cast<std::uint64_t>(n.g) << 8 |
        static_cast<std::uint64_t>(n.h) << 16 | static_cast<std::uint64_t>(n.pruning) << 24);
  }
  return sum;
}

}  // namespace npuzzle
