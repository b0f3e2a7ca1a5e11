// parallel/mpi_pida_workers.hpp — one rank of distributed parallel IDA* (parallel/mpi_pida.hpp):
// the class MpiIda, its members, and one iteration's threads on this rank. The pieces of work are
// the iteration's subtrees, shared among the ranks by parallel/mpi_pida_exchange.hpp's
// WorkExchange (work requests, cancels, the iteration's end agreed by every rank), which also runs
// the rank's threads: the main thread is worker 0 of the iteration (parallel/ida_subtrees.hpp) and
// serves the exchange at its limit polls and between its subtrees. The iteration loop, run(), is
// in parallel/mpi_pida.hpp, which brings them all.
// Limits: the node limit is shared out evenly among the ranks.
// Invariants: only the main thread makes MPI calls; an iteration returns once all its threads are
// joined and every rank agreed on its outcome (WorkExchange::run).
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <vector>

#include "parallel/ida_frontier.hpp"
#include "parallel/ida_subtrees.hpp"
#include "parallel/mpi_pida_exchange.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class MpiIda final : private ExchangeLocal {
 public:
  using Frontier = IdaFrontier<B, H>;

  MpiIda(const H& heuristic, const Goal<B>& goal, const Limits& limits, int threads)
      : h_(heuristic),
        goal_(goal),
        rank_(mpi::rank()),
        ranks_(mpi::size()),
        threads_(std::max(threads, 1)),
        exchange_(*this, threads_),
        limits_(exchange_.rank_limits(limits)),
        clock_(limits_),
        frontier_(heuristic, goal_),
        subtrees_(heuristic, goal_, limits_, clock_, threads_) {}

  SearchResult run(const State<B>& start, const ProgressFn& progress);

 private:
  using Outcome = WorkExchange::Outcome;
  struct Iteration {
    Outcome outcome = Outcome::Exhausted;
    int next_bound = INT_MAX;
    std::uint64_t expanded = 0;            // by every rank in this iteration
    std::vector<Move> path;                // rank 0, Found
    StopReason reason = StopReason::None;  // Stopped
  };

  // Rank 0: every rank's counts as last reported; the others: their own.
  std::uint64_t expanded() const {
    std::uint64_t n = rank_ == 0 ? frontier_.expanded() : 0;
    for (const auto& counts : exchange_.counts()) n += counts.expanded;
    return n;
  }
  std::uint64_t generated() const {
    std::uint64_t n = rank_ == 0 ? frontier_.generated() : 0;
    for (const auto& counts : exchange_.counts()) n += counts.generated;
    return n;
  }

  // `previous` and `earlier`: the expansions of the last two iterations, every rank (0: none).
  Iteration iteration(const State<B>& start, const typename H::Value& root_value, int bound,
                      std::uint64_t previous, std::uint64_t earlier) {
    Iteration it;
    const std::size_t target = subtrees_per_thread(previous) * threads_ * ranks_;
    switch (frontier_.build(start, root_value, bound, target)) {  // the same on every rank
      case Frontier::Outcome::Found:
        it.outcome = Outcome::Found;
        it.path = frontier_.path();
        return it;
      case Frontier::Outcome::Exhausted:
        it.next_bound = frontier_.next_bound();
        return it;
      case Frontier::Outcome::Ready:
        break;
    }
    const std::uint64_t own_before = subtrees_.expanded();
    // The heartbeat's time left in the iteration: its nodes on every rank, expected from the last
    // two (rank 0's heartbeat counts every rank's, WorkExchange::rank_limits).
    typename IdaSubtrees<B, H>::Reporting reporting;
    reporting.iteration_estimate = next_iteration_estimate(earlier, previous);
    subtrees_.begin(frontier_, bound, own_before, nullptr, reporting);
    subtrees_.lower_next_bound(frontier_.next_bound());
    // Worker 0 (this thread) keeps the exchange going at its limit polls and between subtrees (no
    // thread of its own that wakes up to poll: on 2 ranks x 1 thread, a main thread polling every
    // 0.1-1 ms cost 15-25 % of the search rate).
    const HeartbeatFn serve = [this](const Heartbeat&) { exchange_.serve_if_main(); };
    WorkExchange::Round round = exchange_.run(frontier_.nodes().size(), [&](std::size_t w) {
      subtrees_.work(
          w, [this, w] { return exchange_.take(w == 0); }, w == 0 ? &serve : nullptr);
    });
    it.outcome = round.outcome;
    it.next_bound = round.next_bound;
    it.expanded = round.expanded;
    it.reason = round.reason;
    if (rank_ == 0 && it.outcome == Outcome::Found) {
      it.path = frontier_.prefix(static_cast<std::size_t>(round.found_index));
      it.path.insert(it.path.end(), round.found_suffix.begin(), round.found_suffix.end());
    }
    return it;
  }

  // ExchangeLocal: this rank's subtrees as the exchange sees them.
  void cancel() override { subtrees_.cancel(); }
  bool cancelled() const override { return subtrees_.cancelled(); }
  Snapshot snapshot() override {
    auto snap = subtrees_.snapshot();
    return {snap.found_index, std::move(snap.found_suffix), snap.stop_reason};
  }
  Report report() override {
    return {subtrees_.next_bound(), subtrees_.iteration_expanded(), subtrees_.expanded(),
            subtrees_.generated()};
  }
  // Counted as each subtree ends.
  Live live() override {
    return {subtrees_.expanded(), subtrees_.generated(), subtrees_.iteration_expanded(),
            subtrees_.done_count()};
  }

  const H& h_;
  const Goal<B> goal_;
  const int rank_, ranks_, threads_;
  WorkExchange exchange_;  // before limits_: rank 0's heartbeat is the exchange's
  const Limits limits_;
  const LimitClock clock_;
  Frontier frontier_;
  IdaSubtrees<B, H> subtrees_;
};

}  // namespace npuzzle
