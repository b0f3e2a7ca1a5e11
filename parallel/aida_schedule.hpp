// parallel/aida_schedule.hpp — one threshold of A*+IDA*'s phase 2 (parallel/aida.hpp) on every
// thread: the frontier's order, the runs of frontier nodes the threads take, and a frontier node's
// own level, below which the thread's BoundedDfs searches.
//
// Order within a threshold: the frontier is sorted once, least h first (then least f, then the
// newest A* node); that order names the nodes in checkpoints. Each threshold then takes them by
// their closest approach (AidaOrder::Closest, order_threshold()): the least h their subtree reached
// in the threshold before, least first, the sorted order among equals; a node not yet searched
// counts its own h, so the first threshold is taken least h first. Why: along an optimal path f
// never falls (the tables are consistent) and ends at the optimal cost C*, so in the threshold
// just below C* the subtree over the solution is searched down the path until f reaches C*, most
// often near the goal, where the tables are exact; few other subtrees come as near. Measured on
// the 24-puzzle with every node of the last threshold searched (bench/RESULTS.md, "A*+IDA*: the
// frontier by its closest approach"): the node over a solution came 2nd to 17th of 32-36 K, and
// the last threshold took 0.02-0.22 M nodes before the solution, against 0.5-24.6 M least h first.
// Least h first alone was the best of A*'s own orders: on Korf's 100 with the 6-6-3 databases
// (reflected) and a 100M limit, the last thresholds took 0.78 M nodes in all against 7.36 M in A*'s
// own order (least f, then least h) and 25.0 M least f then least g; the earlier thresholds took
// the same 15.4 M in every order. A grown phase 1 hands its frontier's closest approaches on to
// the new frontier below it, each new node that of the old node's child it descends from (below()
// measures each child's subtree; parallel/aida_budget.hpp). Threads take runs of frontier nodes in
// that order from a shared counter (each run about 1/64 of a thread's share of the threshold's
// work, judged by the nodes each frontier node's subtree took the last time it was searched), so
// the solution's neighbourhood is reached early and a thread that draws small subtrees takes more.
//
// A frontier node's own level is expanded here (below(): cold code, once per node and threshold),
// the automaton going on from the state the node's path left it in (phase 1 carries it), so a
// duplicate string that crosses the frontier is refused as IDA* refuses it.
// Restarting the automaton at each frontier node instead (a first version) took 16-28 % more nodes
// per threshold than IDA* on Korf and Felner's #25 with 6-6-6-6: what phase 1's duplicate detection
// saves above the frontier is less than what the automaton saves across it. Now each frontier node
// is a node of IDA*'s tree with the same subtree, one per state and automaton state, so no
// threshold takes more nodes than IDA*'s iteration (tested). Duplicates between the subtrees of
// different frontier nodes that the automaton does not see are searched again, as in the paper.
//
// Invariants: run_threshold() returns only once every worker has returned (the task group is
// waited for), so every frontier node of a threshold is searched to the end, or the threshold is
// cancelled by a solution or a limit, before the next one starts (parallel/aida.hpp's optimality
// argument rests on it); a frontier node is taken by one worker in a threshold (its run's index
// comes from one counter); the first solution found is the one kept (found_index_, under mutex_).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "core/move_pruning.hpp"
#include "parallel/aida_class.hpp"
#include "parallel/concurrency.hpp"

namespace npuzzle {

template <class B, Heuristic H>
inline void Aida<B, H>::sort_frontier() {
  const auto key = [order = options_.order](const AidaFrontierNode& n) {
    // The newest A* node first among equals, as A*'s stacks would pop them.
    const std::uint64_t newest = ~static_cast<std::uint64_t>(n.node) & 0xFFFFFFFFu;
    switch (order) {
      case AidaOrder::Closest:
      case AidaOrder::ClosestOfParent:
      case AidaOrder::LeastH:
        return (static_cast<std::uint64_t>(n.h) << 48) | (static_cast<std::uint64_t>(n.f()) << 32) |
               newest;
      case AidaOrder::FThenG:
        return (static_cast<std::uint64_t>(n.f()) << 48) | (static_cast<std::uint64_t>(n.g) << 32) |
               newest;
      case AidaOrder::FThenH:
        break;
    }
    return (static_cast<std::uint64_t>(n.f()) << 48) | (static_cast<std::uint64_t>(n.h) << 32) |
           newest;
  };
  std::sort(frontier_.begin(), frontier_.end(),
            [&](const AidaFrontierNode& a, const AidaFrontierNode& b) { return key(a) < key(b); });
}

// The threshold's order (order_): with AidaOrder::Closest the frontier by its nodes' closest
// approach, least first, the frontier's own order among equals (a counting sort: closest is a
// byte); with the other orders, the frontier's own.
template <class B, Heuristic H>
inline void Aida<B, H>::order_threshold() {
  order_.resize(frontier_.size());
  if (!by_closest_approach(options_.order)) {
    for (std::size_t i = 0; i < frontier_.size(); ++i) order_[i] = static_cast<std::uint32_t>(i);
    return;
  }
  std::array<std::size_t, 257> start{};
  for (const AidaFrontierNode& n : frontier_) ++start[n.closest + 1u];
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  for (std::size_t i = 0; i < frontier_.size(); ++i) {
    order_[start[frontier_[i].closest]++] = static_cast<std::uint32_t>(i);
  }
}

// Orders the threshold (order_threshold()) and cuts its frontier nodes with f <= threshold into
// runs of about equal work (by the nodes each took last time, 1 for one never searched),
// kChunksPerThread per thread. Returns the nodes in.
template <class B, Heuristic H>
inline std::size_t Aida<B, H>::cut_chunks(int threshold) {
  order_threshold();
  std::uint64_t total = 0;
  std::size_t active = 0, finished = 0;
  for (std::size_t i = 0; i < frontier_.size(); ++i) {
    if (frontier_[i].f() > threshold) continue;
    ++active;
    if (is_done(i)) {
      ++finished;
      continue;
    }
    total += std::max<std::uint32_t>(frontier_[i].searched, 1);
  }
  done_.store(finished);
  const std::uint64_t share =
      std::max<std::uint64_t>(1, total / (kChunksPerThread * all_workers()));
  chunks_.clear();
  chunks_.push_back(0);
  std::uint64_t sum = 0;
  for (std::size_t k = 0; k < order_.size(); ++k) {
    const std::size_t i = order_[k];
    if (frontier_[i].f() > threshold || is_done(i)) continue;
    sum += std::max<std::uint32_t>(frontier_[i].searched, 1);
    if (sum >= share) {
      chunks_.push_back(k + 1);
      sum = 0;
    }
  }
  if (chunks_.back() != frontier_.size()) chunks_.push_back(frontier_.size());
  return active;
}

// Before a threshold's workers start: its order and runs, the flags and the workers' bounds.
template <class B, Heuristic H>
inline void Aida<B, H>::prepare_threshold(int threshold) {
  threshold_ = threshold;
  threshold_start_ida_ = ida_expanded();
  active_ = cut_chunks(threshold);
  next_chunk_.store(0);
  cancel_.store(false);
  for (auto& w : workers_) {
    w->next_bound = INT_MAX;
    w->dfs.reset_next_bound();
  }
  iteration_estimate_ =
      history_.size() < 2 ? 0
                          : next_iteration_estimate(history_[history_.size() - 2], history_.back());
}

// One threshold on every thread (across ranks: on every thread of every rank, ranks_). True when
// it ends the search (a solution, or a stop).
template <class B, Heuristic H>
inline bool Aida<B, H>::run_threshold(int threshold) {
  prepare_threshold(threshold);
  if (ranks_) return ranks_->run_threshold();
  budget_.execute([&] {
    TaskGroup group;
    for (std::size_t w = 0; w < workers_.size(); ++w) {
      group.run([this, w] {
        work(*workers_[w], [this]() -> std::optional<std::size_t> {
          const std::size_t c = next_chunk_.fetch_add(1);
          if (c + 1 >= chunks_.size()) return std::nullopt;
          return c;
        });
      });
    }
    group.wait();
  });
  for (auto& w : workers_) w->publish();
  return found_index_ >= 0 || stop_reason_ != StopReason::None;
}

// The least f above `threshold` this process saw in it: in the workers' subtrees, at the frontier
// (a node above the threshold), and carried from the position gone on from.
template <class B, Heuristic H>
inline int Aida<B, H>::local_next_bound(int threshold) const {
  int next = carried_next_;
  for (const auto& w : workers_) next = std::min({next, w->next_bound, w->dfs.next_bound()});
  for (const AidaFrontierNode& n : frontier_) {
    if (n.f() > threshold) next = std::min(next, n.f());
  }
  return next;
}

// Worker w's body: the runs next_chunk() hands it (std::nullopt: no more), node by node.
template <class B, Heuristic H>
template <class NextChunk>
inline void Aida<B, H>::work(Worker& w, NextChunk&& next_chunk) {
  std::vector<Move> suffix;
  while (!cancel_.load(std::memory_order_relaxed)) {
    const std::optional<std::size_t> chunk = next_chunk();
    if (!chunk) return;
    const std::size_t c = *chunk;
    for (std::size_t k = chunks_[c]; k < chunks_[c + 1]; ++k) {
      const std::size_t i = order_[k];
      AidaFrontierNode& node = frontier_[i];
      if (node.f() > threshold_ || is_done(i)) continue;
      if (cancel_.load(std::memory_order_relaxed)) return;
      save_when_due();
      if (limits_.nodes && seen_expanded() >= limits_.nodes) return stop(StopReason::NodeLimit);
      const std::uint64_t before = w.expanded(), generated_before = w.generated();
      w.dfs.reset_closest();
      w.dfs.saw(node.h);
      AidaChildApproaches approaches;
      const Below outcome = below(w, node, suffix, approaches);
      const std::uint64_t took = w.expanded() - before;
      w.publish();
      switch (outcome) {
        case Below::Found: {
          std::lock_guard lock(mutex_);
          if (found_index_ < 0) {
            found_index_ = static_cast<int>(i);
            found_suffix_ = suffix;
          }
          cancel_.store(true);
          return;
        }
        case Below::Stopped:
          if (w.dfs.stop_reason() != StopReason::Cancelled) stop(w.dfs.stop_reason());
          return;
        case Below::Exhausted:
          finish(w, i, took, w.generated() - generated_before, approaches);
          done_.fetch_add(1, std::memory_order_relaxed);
          break;
      }
    }
  }
}

// The subtree of frontier node `node` with the threshold: its own level here, the rest by the
// worker's BoundedDfs. On Found, `suffix` holds the moves from the node to the goal; on Exhausted,
// `approaches` the closest approach of each child's subtree (its own h when cut at the threshold).
template <class B, Heuristic H>
inline typename Aida<B, H>::Below Aida<B, H>::below(Worker& w, const AidaFrontierNode& node,
                                                    std::vector<Move>& suffix,
                                                    AidaChildApproaches& approaches) {
  const State<B> s = astar_->state(node.node);
  const int g = node.g;
  if (s == goal_.state) {
    suffix.clear();
    return Below::Found;
  }
  const auto value = h_.init(s);
  ++w.root_expanded;
  struct Child {
    State<B> state;
    typename H::Value value;
    int h;
    Move move;
    std::int32_t pruning;
  };
  std::array<std::optional<Child>, 4> children;
  std::size_t count = 0;
  int largest_h = 0;
  const auto& moves = goal_.geometry.moves(s.blank);
  for (int i = 0; i < moves.count; ++i) {
    const int target = moves.targets[static_cast<std::size_t>(i)];
    const Move move = moves.moves[static_cast<std::size_t>(i)];
    const std::int32_t pruning = pruning_.next(node.pruning, move);
    if (pruning == MovePruning::kPruned) continue;
    ++w.root_generated;
    Child child{s, h_.update(value, s.tile_at(target), target, s.blank), 0, move, pruning};
    child.h = h_.estimate(child.value);
    child.state.move_blank_to(target);
    largest_h = std::max(largest_h, child.h);
    children[count++] = child;
  }
  if constexpr (requires { requires H::kBatchChildren; }) {
    // As BoundedDfs does: bidirectional pathmax, then the child of least h first.
    if (count > 0 && g + largest_h - 1 > threshold_) {
      w.next_bound = std::min(w.next_bound, g + largest_h - 1);
      return Below::Exhausted;
    }
    std::size_t first = 0;
    for (std::size_t i = 1; i < count; ++i) {
      if (children[i]->h < children[first]->h) first = i;
    }
    std::rotate(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(first),
                children.begin() + static_cast<std::ptrdiff_t>(first) + 1);
  }
  for (std::size_t i = 0; i < count; ++i) {
    const Child& child = *children[i];
    const int f = g + 1 + child.h;
    const auto record = [&](int closest) {
      approaches.by_move[static_cast<std::size_t>(child.move)] =
          static_cast<std::uint8_t>(std::min(closest, AidaChildApproaches::kNone - 1));
    };
    if (f > threshold_) {
      w.next_bound = std::min(w.next_bound, f);
      record(child.h);
      continue;
    }
    if (child.h == 0 && child.state == goal_.state) {
      w.dfs.saw(child.h);
      suffix.assign(1, child.move);
      return Below::Found;
    }
    // The node's closest approach is the least of its children's.
    const int closest_before = w.dfs.closest();
    w.dfs.reset_closest();
    w.dfs.saw(child.h);
    const auto outcome =
        w.dfs.run(child.state, child.value, g + 1, s.blank, threshold_, child.pruning);
    record(w.dfs.closest());
    w.dfs.saw(closest_before);
    switch (outcome) {
      case Dfs::Outcome::Found:
        suffix.assign(1, child.move);
        for (const Move m : w.dfs.path()) suffix.push_back(m);
        return Below::Found;
      case Dfs::Outcome::Stopped:
        return Below::Stopped;
      case Dfs::Outcome::Exhausted:
        break;
    }
  }
  return Below::Exhausted;
}

// At every worker's limit poll (every LimitClock::kPollInterval expansions of its BoundedDfs):
// the node limit over all threads, and the heartbeat of the whole search.
template <class B, Heuristic H>
inline void Aida<B, H>::on_poll() {
  if (ranks_) ranks_->poll();
  const std::uint64_t expanded = seen_expanded();
  if (limits_.nodes && expanded >= limits_.nodes) stop(StopReason::NodeLimit);
  if (const HeartbeatFn* heartbeat = limits_.heartbeat; heartbeat && *heartbeat) {
    Heartbeat beat;
    beat.expanded = offset_expanded_ + expanded;
    beat.generated = offset_generated_ + seen_generated();
    beat.bound = threshold_;
    beat.bytes = held_bytes();
    beat.seconds = seconds();
    std::uint64_t ida = offset_ida_;
    for (const auto& w : workers_) ida += w->seen_expanded.load(std::memory_order_relaxed);
    // Across ranks history_total_ sums every rank's thresholds: this rank's part of the threshold
    // counts from its own start (rank 0's heartbeat adds the other ranks', WorkExchange).
    const std::uint64_t before = ranks_ ? threshold_start_ida_ : history_total_;
    beat.iteration_expanded = ida - std::min(ida, before);
    beat.iteration_estimate = iteration_estimate_;
    beat.subtrees = active_;
    beat.subtrees_done = done_.load(std::memory_order_relaxed);
    (*heartbeat)(beat);
  }
}

}  // namespace npuzzle
