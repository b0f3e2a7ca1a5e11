// parallel/parallel_ida.hpp — parallel IDA* on the threads of one process: every iteration's
// frontier (parallel/ida_frontier.hpp) shared out as TBB tasks (parallel/ida_subtrees.hpp).
//
// Each iteration with cost bound b builds the frontier (subtrees_per_thread() x threads nodes),
// then `threads` worker tasks (in a TaskGroup on the search's arena) take frontier nodes in order
// from a shared counter and run BoundedDfs below each: the subtrees are searched in nearly the
// sequential order (little extra work in the last iteration), and a worker that draws small
// subtrees simply takes more of them (dynamic balancing). The first solution found is optimal and
// cancels the iteration. The MPI driver (parallel/mpi_pida.hpp) shares the same pieces.
//
// The node counts equal sequential IDA*'s for every iteration but the last: the frontier levels are
// expanded once by the breadth-first pass and the frontier nodes by the tasks. In the last
// iteration the tasks reach the solution in another order than the sequential search, so that
// iteration's count differs (in either direction).
//
// Checkpoints (parallel/ida_position.hpp): with an IdaCheckpointing, the search hands its position
// to `save` between subtrees when one is due and once more when stopped, and can start from a
// saved position: the iteration's frontier is built again from the saved bound and target (the
// same subtrees, checked by their number), its done subtrees are skipped, those cut short go on
// from where they stopped (each path checked to fit), and the counters go on from the saved ones
// (the rebuilt frontier is not counted twice). Limits apply to this run alone, so every run with a
// node limit above the frontier's few thousand nodes gets further. `ida` with checkpoints is this
// search on one thread: its subtrees are searched in index order, which is the depth-first order,
// so its counts are those of sequential IDA* but in the last iteration (where the frontier's
// levels are expanded whole), however often it is stopped and resumed.
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "core/input_error.hpp"
#include "core/search/search_types.hpp"
#include "parallel/concurrency.hpp"
#include "parallel/ida_frontier.hpp"
#include "parallel/ida_position.hpp"
#include "parallel/ida_subtrees.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class ParallelIda {
 public:
  using Frontier = IdaFrontier<B, H>;

  ParallelIda(const H& heuristic, const Goal<B>& goal, const Limits& limits, int threads,
              const IdaCheckpointing* checkpointing = nullptr)
      : h_(heuristic),
        goal_(goal),
        clock_(limits),
        budget_(threads),
        frontier_(heuristic, goal),
        subtrees_(heuristic, goal, limits, clock_, budget_.threads()),
        saves_(checkpointing),
        resume_(checkpointing ? checkpointing->resume : nullptr),
        resumed_trusted_(!resume_ || checkpointing->resume_trusted) {}

  SearchResult run(const State<B>& start, const ProgressFn& progress) {
    SearchResult result;
    const auto root_value = h_.init(start);
    int bound = h_.estimate(root_value);
    if (resume_) {
      // Every bound the search has had is at least the start's estimate, and each iteration
      // raised it: a position saying otherwise was not written by this search on this board.
      if (resume_->bound < bound || resume_->iterations > resume_->bound - bound) {
        throw InputError("the checkpoint's bound " + std::to_string(resume_->bound) + " after " +
                         std::to_string(resume_->iterations) +
                         " iterations does not fit this board, whose estimate is " +
                         std::to_string(bound));
      }
      resumed_bound_ = resume_->bound;
      bound = resume_->bound;
      offset_expanded_ = resume_->expanded;
      offset_generated_ = resume_->generated;
      offset_seconds_ = resume_->seconds;
      iterations_before_ = resume_->iterations;
      history_ = resume_->iteration_expanded;
    }
    for (;;) {
      int next_bound = INT_MAX;
      const double began = seconds();
      const std::uint64_t expanded_before = total_expanded();
      const bool done = iteration(start, root_value, bound, result, next_bound);
      ++own_iterations_;
      resume_ = nullptr;  // only the first iteration goes on from the saved position
      result.stats.iterations = iterations_before_ + own_iterations_;
      result.stats.expanded = total_expanded();
      result.stats.generated = offset_generated_ + frontier_.generated() + subtrees_.generated();
      result.stats.seconds = seconds();
      const std::uint64_t this_iteration = result.stats.expanded - history_total();
      const std::uint64_t previous = history_.empty() ? 0 : history_.back();
      // An iteration a limit stopped is not finished: a resumed search goes on with it.
      if (!(done && result.status == Status::Limit)) history_.push_back(this_iteration);
      // The most nodes held at once: the largest frontier, and a path of at most bound + 1 nodes
      // below it per thread.
      result.stats.stored = std::max<std::uint64_t>(
          result.stats.stored,
          peak_frontier_ + subtrees_.workers() * (static_cast<std::uint64_t>(bound) + 1));
      if (progress) {
        // The rate of this run's part of the iteration (a resumed one began in an earlier run).
        const double span = result.stats.seconds - began;
        const auto run_part = static_cast<double>(result.stats.expanded - expanded_before);
        progress({bound, result.stats.expanded, result.stats.generated, result.stats.seconds,
                  this_iteration, previous, span > 0 ? run_part / span : 0.0,
                  done && result.status == Status::Limit ? result.reason : StopReason::None});
      }
      if (done) break;
      if (next_bound == INT_MAX) {
        result.status = Status::Unsolvable;
        break;
      }
      bound = next_bound;
    }
    for (std::size_t w = 0; w < subtrees_.workers(); ++w) {
      // The frontier is built by the calling thread, counted with worker 0.
      result.stats.expanded_per_worker.push_back(subtrees_.expanded_by(w) +
                                                 (w == 0 ? frontier_.expanded() : 0));
    }
    // A stopped search leaves its position (unless the stop was a failed write of it).
    if (result.status == Status::Limit && result.reason != StopReason::Abandoned) {
      saves_.at_stop([this] { return position(); });
    }
    return result;
  }

 private:
  // This process's expansions (the limits count these).
  std::uint64_t expanded() const { return frontier_.expanded() + subtrees_.expanded(); }
  // Over every run of the search (a resumed one counts on from the saved position).
  std::uint64_t total_expanded() const { return offset_expanded_ + expanded(); }
  double seconds() const { return offset_seconds_ + clock_.elapsed(); }
  std::uint64_t history_total() const {
    std::uint64_t n = 0;
    for (std::uint64_t e : history_) n += e;
    return n;
  }

  // The position of the search: every finished iteration, and the current one's frontier, done
  // subtrees and where the cut-short ones stopped. Any thread; the frontier is not being built.
  IdaPosition position() {
    if (stopped_before_resuming_) {  // nothing was done: the position read is still the one
      IdaPosition p = *stopped_before_resuming_;
      p.seconds = seconds();
      return p;
    }
    typename IdaSubtrees<B, H>::Committed committed = subtrees_.committed();
    IdaPosition p;
    p.bound = bound_;
    p.target = target_;
    if (frontier_ready_) {
      p.subtrees = frontier_.nodes().size();
      p.done = std::move(committed.done);
      p.partial = std::move(committed.partial);
      p.next_bound = committed.next_bound;
    }
    p.expanded = offset_expanded_ + frontier_.expanded() + committed.expanded;
    p.generated = offset_generated_ + frontier_.generated() + committed.generated;
    p.iterations = static_cast<int>(history_.size());
    p.seconds = seconds();
    p.iteration_expanded = history_;
    return p;
  }

  // Between subtrees (on a worker's thread): saves the position when one is due, one at a time. A
  // failed save stops the search.
  void save_when_due() {
    if (!saves_.when_due([this] { return position(); }, [this] { return clock_.elapsed(); })) {
      subtrees_.stop(StopReason::Abandoned);
    }
  }

  // One iteration: true when it ends the search (result is Solved with its path, or Limit);
  // otherwise sets next_bound (INT_MAX: nothing is left within any bound).
  bool iteration(const State<B>& start, const typename H::Value& root_value, int bound,
                 SearchResult& result, int& next_bound) {
    const auto solved = [&](std::vector<Move> path) {
      // The checkpoint gone on from said no path is shorter than its bound.
      if (static_cast<int>(path.size()) < resumed_bound_) {
        throw InputError("the checkpoint's bound " + std::to_string(resumed_bound_) +
                         " is wrong: this board has a solution of " + std::to_string(path.size()) +
                         " moves");
      }
      result.status = Status::Solved;
      result.optimal = H::kAdmissible && resumed_trusted_;
      result.bound = static_cast<int>(path.size());
      result.path = std::move(path);
    };
    const auto limited = [&](StopReason reason) {
      result.status = Status::Limit;
      result.reason = reason;
      result.bound = bound;
    };
    bound_ = bound;
    target_ =
        resume_ ? resume_->target
                : subtrees_per_thread(history_.empty() ? 0 : history_.back()) * subtrees_.workers();
    frontier_ready_ = false;
    if (start == goal_.state) {
      solved({});
      return true;
    }
    if (const StopReason reason = clock_.check(expanded()); reason != StopReason::None) {
      stopped_before_resuming_ = resume_;
      limited(reason);
      return true;
    }
    const std::uint64_t built_before = frontier_.expanded(),
                        generated_before = frontier_.generated();
    const auto outcome = frontier_.build(start, root_value, bound, target_);
    const bool rebuilt = resume_ && resume_->subtrees > 0;
    if (rebuilt) {
      if (outcome != Frontier::Outcome::Ready || frontier_.nodes().size() != resume_->subtrees) {
        throw InputError("the checkpoint's iteration (bound " + std::to_string(bound) + ", " +
                         std::to_string(resume_->subtrees) +
                         " subtrees) does not fit this board and heuristic");
      }
      for (const PartialSubtree& partial : resume_->partial) {
        const auto fits = [&](const typename Frontier::Node& node) {
          return BoundedDfs<B, H>(h_, goal_, clock_)
              .fits(node.state, node.value, node.g, node.parent_blank(), bound, node.pruning,
                    partial.path);
        };
        if (partial.index >= frontier_.nodes().size() || !fits(frontier_.nodes()[partial.index])) {
          throw InputError("the checkpoint's subtree " + std::to_string(partial.index) +
                           " stopped at a node outside its iteration (bound " +
                           std::to_string(bound) + ")");
        }
      }
      // Counted in the saved position already.
      offset_expanded_ -= frontier_.expanded() - built_before;
      offset_generated_ -= frontier_.generated() - generated_before;
    }
    switch (outcome) {
      case Frontier::Outcome::Found:
        solved(frontier_.path());
        return true;
      case Frontier::Outcome::Exhausted:
        next_bound = frontier_.next_bound();
        return false;
      case Frontier::Outcome::Ready:
        break;
    }
    peak_frontier_ = std::max<std::uint64_t>(peak_frontier_, frontier_.stored());
    const std::vector<bool>* done = rebuilt ? &resume_->done : nullptr;
    typename IdaSubtrees<B, H>::Reporting reporting;
    reporting.expanded = offset_expanded_;
    reporting.generated = offset_generated_;
    reporting.seconds = offset_seconds_;
    reporting.iteration_before = total_expanded() - history_total();
    reporting.iteration_estimate =
        history_.size() < 2
            ? 0
            : next_iteration_estimate(history_[history_.size() - 2], history_.back());
    subtrees_.begin(frontier_, bound, expanded(), rebuilt ? resume_ : nullptr, reporting);
    subtrees_.lower_next_bound(frontier_.next_bound());
    if (rebuilt) subtrees_.lower_next_bound(resume_->next_bound);
    frontier_ready_ = true;
    const std::size_t count = frontier_.nodes().size();
    std::atomic<std::size_t> next{0};
    const auto draw = [&]() -> std::optional<std::size_t> {
      save_when_due();
      for (std::size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) {
        if (!done || !(*done)[i]) return i;
      }
      return std::nullopt;
    };
    budget_.execute([&] {
      TaskGroup group;
      for (std::size_t w = 0; w < subtrees_.workers(); ++w) {
        group.run([&, w] { subtrees_.work(w, draw); });
      }
      group.wait();
    });
    if (subtrees_.found_index() >= 0) {
      std::vector<Move> path = frontier_.prefix(static_cast<std::size_t>(subtrees_.found_index()));
      path.insert(path.end(), subtrees_.found_suffix().begin(), subtrees_.found_suffix().end());
      solved(std::move(path));
      return true;
    }
    if (subtrees_.stop_reason() != StopReason::None) {
      limited(subtrees_.stop_reason());
      return true;
    }
    next_bound = subtrees_.next_bound();
    return false;
  }

  const H& h_;
  const Goal<B> goal_;
  const LimitClock clock_;
  std::uint64_t peak_frontier_ = 0;  // the most frontier nodes held in one iteration
  ThreadBudget budget_;
  Frontier frontier_;
  IdaSubtrees<B, H> subtrees_;
  CheckpointSaves saves_;
  const IdaPosition* resume_;                             // until the first iteration is under way
  const IdaPosition* stopped_before_resuming_ = nullptr;  // a limit came before any work
  // Counts of the earlier runs of a resumed search (less this run's rebuilt frontier).
  std::uint64_t offset_expanded_ = 0, offset_generated_ = 0;
  double offset_seconds_ = 0;
  int resumed_bound_ = 0;       // the bound of the checkpoint gone on from (0: none)
  const bool resumed_trusted_;  // false: gone on from a position nothing vouches for
  int iterations_before_ = 0, own_iterations_ = 0;
  std::vector<std::uint64_t> history_;  // expansions per finished iteration, every run
  // The current iteration (read by position()).
  int bound_ = 0;
  std::size_t target_ = 0;
  bool frontier_ready_ = false;
};

// Parallel IDA* on `threads` threads. Optimal for admissible heuristics. The caller decides
// solvability first (an unsolvable start on a finite board ends with Status::Unsolvable only when
// the whole space is cut, which for a tree search means never: decide parity first). With
// `checkpointing`, keeps checkpoints and may go on from a saved position (see above).
template <class B, Heuristic H>
SearchResult parallel_ida_star(const H& h, const Goal<B>& goal, const State<B>& start,
                               const Limits& limits, int threads, const ProgressFn& progress = {},
                               const IdaCheckpointing* checkpointing = nullptr) {
  ParallelIda<B, H> search(h, goal, limits, threads, checkpointing);
  return search.run(start, progress);
}

}  // namespace npuzzle
