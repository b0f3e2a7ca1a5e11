// parallel/mpi_aida.hpp — A*+IDA* (parallel/aida.hpp) across the ranks of an MPI job, `threads`
// threads each: `mpirun -np N npuzzle solve --algo aida`.
//
// Phase 1 on every rank: every rank runs the same A* phase itself, instead of rank 0 running it
// and sending the frontier. A* here is deterministic (one thread; the set, the open list and the
// budget's checks depend only on the start, the heuristic, the byte budget and the node cap), so
// the ranks build the same frontier in the same order as long as they agree on the byte budget
// (the least of the ranks' budgets, agreed before the search: the default budget is a share of
// each host's available memory), on how it grows, its node cap and the frontier's order (rank 0's,
// which the measurement settings of the environment may change on one host and not on another),
// and on every decision to run it again (the growing budget
// follows the threshold's expansions, which every rank learns summed over the ranks). It is the
// simpler choice: nothing is serialized, a frontier node keeps its A* node (its board, its path)
// on every rank, and a solution is named by the frontier node's index and the moves below it.
// Phase 1 takes a fraction of the search's time (aida_budget.hpp), on one thread, while the
// other ranks would otherwise wait for it; its memory is held once per rank (within each rank's
// budget). A stop while phase 1 runs (a limit, an interrupt) on any rank stops every rank when the
// ranks compare their outcomes after it (AidaRanks::agree_on_phase1).
//
// Phase 2: each threshold is ordered and cut into runs of frontier nodes by every rank alike
// (closest approach first, parallel/aida_schedule.hpp, runs for every thread of every rank), and
// rank 0 grants the runs, in that order, by work requests (parallel/mpi_pida_exchange.hpp's
// WorkExchange, as for parallel IDA*). At the threshold's end every rank learns the outcome (a
// solution, a limit, or the next threshold: the least f above it on any rank) and the threshold's
// expansions over the ranks; when the threshold was exhausted, every rank sends every other rank
// the closest approach and the work of each frontier node it searched, and its children's
// approaches, so the next threshold's order, its runs and a grown frontier's inherited approaches
// are the same on every rank.
//
// Invariants: the ranks run the same phase 1 runs and the same thresholds (every decision between
// them is made from values every rank holds alike); a threshold ends on every rank only once every
// rank's workers returned (WorkExchange::run), so a solution at threshold T is reported only after
// every smaller threshold was exhausted under every frontier node on every rank; the first
// solution found stops every rank, and every rank learns it (rank 0's result holds the path).
// Counts: phase 1 once (rank 0's), phase 2 summed over the ranks. The node limit is shared out
// evenly among the ranks (phase 1 counts against each rank's share). Checkpoints are refused under
// mpirun (engine/search_dispatch.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <mutex>
#include <new>
#include <vector>

#include "parallel/aida.hpp"
#include "parallel/aida_ranks.hpp"
#include "parallel/mpi_pida_exchange.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class MpiAida final : private AidaRanks, private ExchangeLocal {
 public:
  MpiAida(const H& heuristic, const Goal<B>& goal, const Limits& limits, const AidaOptions& options)
      : exchange_(*this, options.threads),
        aida_(heuristic, goal, rank_limits(limits), agreed(options), nullptr, this) {}

  AidaReport run(const State<B>& start, const ProgressFn& progress) {
    AidaReport report = aida_.run(start, exchange_.rank() == 0 ? progress : ProgressFn{});
    exchange_.report("aida", report.result.stats.expanded);
    return report;
  }

 private:
  // This rank's limits: its share of the node limit; on rank 0 the heartbeat of the whole job.
  Limits rank_limits(const Limits& limits) { return exchange_.rank_limits(limits); }
  // Every rank's options with the least of the ranks' byte budgets and rank 0's phase 1 settings
  // (notes on rank 0 only).
  AidaOptions agreed(AidaOptions options) {
    constexpr std::size_t kFields = 6;
    const std::vector<std::uint64_t> all = exchange_.comm().all_gather(
        {options.memory_bytes, options.grow ? 1u : 0u, options.max_stored, options.growth_divisor,
         static_cast<std::uint64_t>(options.order), options.min_frontier});
    for (std::size_t at = 0; at < all.size(); at += kFields) {
      options.memory_bytes = std::min(options.memory_bytes, all[at]);
    }
    options.grow = all[1] != 0;  // rank 0's, first
    options.max_stored = all[2];
    options.growth_divisor = all[3];
    options.order = static_cast<AidaOrder>(all[4]);
    options.min_frontier = static_cast<std::size_t>(all[5]);
    if (exchange_.rank() != 0) options.note = {};
    return options;
  }

  // AidaRanks.
  int ranks() const override { return exchange_.ranks(); }
  int rank() const override { return exchange_.rank(); }
  StopReason agree_on_phase1(StopReason stopped) override {
    return static_cast<StopReason>(
        exchange_.comm().all_reduce(static_cast<std::int64_t>(stopped), MPI_MAX));
  }
  bool run_threshold() override {
    before_ = aida_.ida_expanded();
    for (auto& w : aida_.workers_) {
      w->finished.clear();
      w->finished_children.clear();
    }
    const WorkExchange::Round round =
        exchange_.run(aida_.chunks_.size() - 1, [this](std::size_t w) {
          aida_.work(*aida_.workers_[w], [this, w] { return exchange_.take(w == 0); });
        });
    for (auto& w : aida_.workers_) w->publish();
    next_bound_ = round.next_bound;
    threshold_expanded_ = round.expanded;
    aida_.found_index_ = round.outcome == WorkExchange::Outcome::Found ? round.found_index : -1;
    aida_.found_suffix_ = round.found_suffix;
    aida_.stop_reason_ = round.reason;
    if (round.outcome != WorkExchange::Outcome::Exhausted) return true;
    share_results();
    return false;
  }
  void poll() override { exchange_.serve_if_main(); }
  int next_bound() const override { return next_bound_; }
  std::uint64_t threshold_expanded() const override { return threshold_expanded_; }
  std::uint64_t expanded() const override {
    std::uint64_t n = 0;
    for (const auto& counts : exchange_.counts()) n += counts.expanded;
    return n;
  }
  std::uint64_t generated() const override {
    std::uint64_t n = 0;
    for (const auto& counts : exchange_.counts()) n += counts.generated;
    return n;
  }
  std::vector<std::uint64_t> expanded_per_rank() const override {
    std::vector<std::uint64_t> per_rank;
    for (const auto& counts : exchange_.counts()) per_rank.push_back(counts.expanded);
    return per_rank;
  }

  // Every rank's frontier nodes searched in the threshold just exhausted, their work and closest
  // approach, and their children's approaches when the frontier keeps them, onto every rank's
  // frontier (Aida::finish() packed them), so that every rank orders the next threshold alike.
  void share_results() {
    std::vector<std::uint64_t> mine, mine_children;
    for (const auto& w : aida_.workers_) {
      mine.insert(mine.end(), w->finished.begin(), w->finished.end());
      mine_children.insert(mine_children.end(), w->finished_children.begin(),
                           w->finished_children.end());
    }
    for (const std::uint64_t packed : exchange_.comm().all_gather(mine)) {
      AidaFrontierNode& node = aida_.frontier_[static_cast<std::uint32_t>(packed)];
      node.searched = static_cast<std::uint32_t>(packed >> 32) & AidaFrontierNode::kSearchedMax;
      node.closest = static_cast<std::uint32_t>(packed >> 56);
    }
    for (const std::uint64_t packed : exchange_.comm().all_gather(mine_children)) {
      aida_.child_closest_[static_cast<std::uint32_t>(packed)].by_move =
          std::bit_cast<std::array<std::uint8_t, 4>>(static_cast<std::uint32_t>(packed >> 32));
    }
  }

  // ExchangeLocal: this rank's workers as the exchange sees them.
  void cancel() override { aida_.cancel_.store(true); }
  bool cancelled() const override { return aida_.cancel_.load(); }
  Snapshot snapshot() override {
    std::lock_guard lock(aida_.mutex_);
    return {aida_.found_index_, aida_.found_suffix_, aida_.stop_reason_};
  }
  Live live() override {
    std::uint64_t expanded = 0, generated = 0;
    for (const auto& w : aida_.workers_) {
      expanded += w->seen_expanded.load(std::memory_order_relaxed);
      generated += w->seen_generated.load(std::memory_order_relaxed);
    }
    return {expanded, generated, expanded - std::min(expanded, before_),
            aida_.done_.load(std::memory_order_relaxed)};
  }
  Report report() override {
    std::uint64_t generated = 0;
    for (const auto& w : aida_.workers_) generated += w->generated();
    return {aida_.local_next_bound(aida_.threshold_), aida_.ida_expanded() - before_,
            aida_.ida_expanded(), generated};
  }

  WorkExchange exchange_;
  Aida<B, H> aida_;
  std::uint64_t before_ = 0;  // this rank's phase 2 expansions before the threshold
  int next_bound_ = INT_MAX;
  std::uint64_t threshold_expanded_ = 0;
};

// A*+IDA* over every rank of the MPI job, options.threads threads each. Called on every rank with
// the same arguments; rank 0's result holds the path.
template <class B, Heuristic H>
SearchResult mpi_aida_star(const H& h, const Goal<B>& goal, const State<B>& start,
                           const Limits& limits, const AidaOptions& options,
                           const ProgressFn& progress = {}) {
  try {
    MpiAida<B, H> search(h, goal, limits, options);
    return search.run(start, progress).result;
  } catch (const std::bad_alloc&) {  // on this rank alone (phase 1's is agreed on): the others
    mpi::fail_job_out_of_memory("in A*+IDA*");  // would wait for it
  }
}

}  // namespace npuzzle
