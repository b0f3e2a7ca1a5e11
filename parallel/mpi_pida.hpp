// parallel/mpi_pida.hpp — distributed parallel IDA*: every iteration's subtrees shared among the
// ranks of an MPI job by work requests, each rank searching its share on `threads` threads.
//
// Every rank builds the same frontier (parallel/ida_frontier.hpp is deterministic; only rank 0
// counts its expansions), so a subtree is named by its index. Rank 0 holds the counter of the next
// subtree and grants chunks of indices: guided self-scheduling, a chunk being the remaining count
// over twice the workers of the job, at least one and at most the rank's thread count, so the
// subtrees are searched in nearly the sequential order (little extra work in the last iteration:
// larger chunks sent one rank far past the solution's subtree, +17 % expansions on 2 ranks) and
// chunks shrink towards the end of the iteration. A rank asks for its
// next chunk while it still holds fewer subtrees than threads (one request in flight at a time).
//
// On each rank the main thread makes every MPI call (funneled) and the search runs on `threads`
// std::threads of its own per iteration (parallel/ida_subtrees.hpp), so the rank answers requests
// while it searches. The first solution found at the iteration's bound is optimal: its rank sends
// the subtree's index and the moves below it to rank 0, which cancels every rank, rebuilds the path
// (frontier prefix + suffix) and replays it like any other path. A limit on any rank cancels every
// rank the same way. At the end of an iteration every rank sends rank 0 its least f above the bound
// and its counts, and rank 0 sends every rank the outcome (the agreed next bound), so all ranks run
// the same iterations. Limits: the node limit is shared out evenly among the ranks.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "parallel/ida_frontier.hpp"
#include "parallel/ida_subtrees.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class MpiIda {
 public:
  using Frontier = IdaFrontier<B, H>;

  MpiIda(const H& heuristic, const Goal<B>& goal, const Limits& limits, int threads)
      : h_(heuristic),
        goal_(goal.state),
        rank_(mpi::rank()),
        ranks_(mpi::size()),
        threads_(std::max(threads, 1)),
        limits_(share(limits, ranks_)),
        clock_(limits_),
        frontier_(heuristic, goal_),
        subtrees_(heuristic, goal_, limits_, clock_, threads_),
        totals_(static_cast<std::size_t>(ranks_), {0, 0}) {}

  SearchResult run(const State<B>& start, const ProgressFn& progress) {
    SearchResult result;
    const auto root_value = h_.init(start);
    int bound = h_.estimate(root_value);
    std::uint64_t previous = 0;  // expansions of the previous iteration, every rank
    for (;;) {
      const Iteration it = iteration(start, root_value, bound, previous);
      ++result.stats.iterations;
      result.stats.expanded = expanded();
      result.stats.generated = generated();
      result.stats.seconds = clock_.elapsed();
      if (progress && rank_ == 0) {
        progress({bound, result.stats.expanded, result.stats.generated, result.stats.seconds});
      }
      if (it.outcome == Outcome::Found) {
        result.status = Status::Solved;
        result.optimal = H::kAdmissible;
        result.path = it.path;
        result.bound = bound;
        break;
      }
      if (it.outcome == Outcome::Stopped) {
        result.status = Status::Limit;
        result.reason = it.reason;
        result.bound = bound;
        break;
      }
      if (it.next_bound == INT_MAX) {
        result.status = Status::Unsolvable;
        break;
      }
      bound = it.next_bound;
      previous = it.expanded;
    }
    for (std::size_t r = 0; r < totals_.size(); ++r) {
      result.stats.expanded_per_worker.push_back(totals_[r][0] +
                                                 (r == 0 ? frontier_.expanded() : 0));
    }
    double mine[3] = {static_cast<double>(traffic_.messages), static_cast<double>(traffic_.bytes),
                      traffic_.waiting};
    double sums[3] = {};
    MPI_Allreduce(mine, sums, 3, MPI_DOUBLE, MPI_SUM, comm_.get());
    mpi::report("pida",
                {static_cast<std::uint64_t>(sums[0]), static_cast<std::uint64_t>(sums[1]), sums[2]},
                result.stats.expanded);
    return result;
  }

 private:
  enum class Outcome : std::int64_t { Exhausted, Found, Stopped };
  enum Tag : int { kRequest = 1, kGrant, kFound, kStop, kCancel, kDone, kResult };
  struct Iteration {
    Outcome outcome = Outcome::Exhausted;
    int next_bound = INT_MAX;
    std::uint64_t expanded = 0;            // by every rank in this iteration
    std::vector<Move> path;                // rank 0, Found
    StopReason reason = StopReason::None;  // Stopped
  };

  static Limits share(Limits limits, int ranks) {
    if (limits.nodes) limits.nodes = (limits.nodes + static_cast<std::uint64_t>(ranks) - 1) / ranks;
    return limits;
  }
  // Rank 0: every rank's counts as last reported; the others: their own.
  std::uint64_t expanded() const {
    std::uint64_t n = rank_ == 0 ? frontier_.expanded() : 0;
    for (const auto& t : totals_) n += t[0];
    return n;
  }
  std::uint64_t generated() const {
    std::uint64_t n = rank_ == 0 ? frontier_.generated() : 0;
    for (const auto& t : totals_) n += t[1];
    return n;
  }

  Iteration iteration(const State<B>& start, const typename H::Value& root_value, int bound,
                      std::uint64_t previous) {
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
    subtrees_.begin(frontier_, bound, own_before);
    subtrees_.lower_next_bound(frontier_.next_bound());
    count_ = frontier_.nodes().size();
    {
      std::lock_guard lock(queue_mutex_);
      chunks_.clear();
      no_more_ = false;
    }
    next_ = 0;
    finished_.store(0);
    std::vector<std::thread> workers;
    std::vector<double> finished_at(static_cast<std::size_t>(threads_), 0);
    for (int w = 0; w < threads_; ++w) {
      workers.emplace_back([this, w, &finished_at] {
        subtrees_.work(static_cast<std::size_t>(w), [this] { return take(); });
        finished_at[static_cast<std::size_t>(w)] = mpi::now();
        finished_.fetch_add(1);
      });
    }
    if (rank_ == 0) {
      coordinate(it);
    } else {
      follow(it);
    }
    for (std::thread& t : workers) t.join();
    const double end = mpi::now();
    for (double t : finished_at) traffic_.waiting += end - t;
    traffic_.waiting += static_cast<double>(starved_ns_.exchange(0)) * 1e-9;
    if (it.outcome == Outcome::Found && rank_ == 0) {
      std::vector<Move> path = frontier_.prefix(static_cast<std::size_t>(found_index_));
      path.insert(path.end(), found_suffix_.begin(), found_suffix_.end());
      it.path = std::move(path);
    }
    return it;
  }

  // A worker's next subtree: from this rank's granted chunks, waiting while a grant is on its way.
  std::optional<std::size_t> take() {
    for (;;) {
      {
        std::lock_guard lock(queue_mutex_);
        while (!chunks_.empty() && chunks_.front().first == chunks_.front().second) {
          chunks_.pop_front();
        }
        if (!chunks_.empty()) return chunks_.front().first++;
        if (no_more_ || subtrees_.cancelled()) return std::nullopt;
      }
      const double t = mpi::now();
      mpi::pause(20);
      starved_ns_.fetch_add(static_cast<std::uint64_t>((mpi::now() - t) * 1e9));
    }
  }
  std::size_t queued() {
    std::lock_guard lock(queue_mutex_);
    std::size_t n = 0;
    for (const auto& [b, e] : chunks_) n += e - b;
    return n;
  }
  // Adds a granted chunk; an empty one means no more for this iteration.
  void enqueue(std::size_t begin, std::size_t end) {
    std::lock_guard lock(queue_mutex_);
    if (begin == end) {
      no_more_ = true;
    } else {
      chunks_.emplace_back(begin, end);
    }
  }
  // Rank 0: the next chunk of the counter (empty when the iteration is done or cancelled).
  std::pair<std::size_t, std::size_t> grant() {
    const std::size_t left = count_ - next_;
    const std::size_t chunk = std::clamp<std::size_t>(
        left / (2 * static_cast<std::size_t>(threads_ * ranks_)), 1,
        static_cast<std::size_t>(threads_));
    const std::size_t begin = next_;
    next_ = std::min(count_, next_ + chunk);
    return {begin, next_};
  }

  void send(int to, int tag, const void* data, std::size_t bytes) {
    MPI_Send(data, static_cast<int>(bytes), MPI_BYTE, to, tag, comm_.get());
    ++traffic_.messages;
    traffic_.bytes += bytes;
  }
  // The next message from `from` (MPI_ANY_SOURCE for any), or false when none is waiting.
  bool receive(int from, MPI_Status& status, std::vector<char>& data) {
    int flag = 0;
    MPI_Iprobe(from, MPI_ANY_TAG, comm_.get(), &flag, &status);
    if (!flag) return false;
    int bytes = 0;
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    data.resize(static_cast<std::size_t>(bytes));
    MPI_Recv(data.data(), bytes, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, comm_.get(),
             MPI_STATUS_IGNORE);
    return true;
  }
  // This rank's report of its iteration: next bound, expansions in it, then its counts over every
  // iteration.
  std::array<std::int64_t, 4> done_report() {
    return {subtrees_.next_bound(), static_cast<std::int64_t>(subtrees_.iteration_expanded()),
            static_cast<std::int64_t>(subtrees_.expanded()),
            static_cast<std::int64_t>(subtrees_.generated())};
  }

  // Rank 0's side of an iteration: grants, cancels, collects, decides.
  void coordinate(Iteration& it) {
    int done_ranks = 0;
    bool cancelled_all = false, reported = false;
    found_index_ = -1;
    std::vector<char> data;
    const auto cancel_all = [&] {
      if (cancelled_all) return;
      cancelled_all = true;
      next_ = count_;
      subtrees_.cancel();
      for (int r = 1; r < ranks_; ++r) send(r, kCancel, &r, sizeof r);
    };
    const auto found = [&](int index, std::vector<Move> suffix) {
      if (found_index_ >= 0) return;
      found_index_ = index;
      found_suffix_ = std::move(suffix);
    };
    std::uint64_t iteration_expanded = 0;
    int next_bound = INT_MAX;
    for (;;) {
      const bool all_finished = finished_.load() == threads_;
      bool busy = false;
      if (!cancelled_all && queued() < static_cast<std::size_t>(threads_) && next_ < count_) {
        const auto [b, e] = grant();
        enqueue(b, e);
      }
      if (next_ >= count_) enqueue(0, 0);
      if (subtrees_.cancelled() && !reported) {
        reported = true;
        auto snap = subtrees_.snapshot();
        if (snap.found_index >= 0) found(snap.found_index, std::move(snap.found_suffix));
        if (it.reason == StopReason::None) it.reason = snap.stop_reason;
        cancel_all();
      }
      MPI_Status status;
      while (receive(MPI_ANY_SOURCE, status, data)) {
        busy = true;
        const int from = status.MPI_SOURCE;
        switch (status.MPI_TAG) {
          case kRequest: {
            const auto [b, e] = cancelled_all ? std::pair<std::size_t, std::size_t>{0, 0} : grant();
            const std::int64_t range[2] = {static_cast<std::int64_t>(b),
                                           static_cast<std::int64_t>(e)};
            send(from, kGrant, range, sizeof range);
            break;
          }
          case kFound: {
            std::int32_t index = 0;
            std::memcpy(&index, data.data(), sizeof index);
            std::vector<Move> suffix;
            for (std::size_t i = sizeof index; i < data.size(); ++i) {
              suffix.push_back(static_cast<Move>(data[i]));
            }
            found(index, std::move(suffix));
            cancel_all();
            break;
          }
          case kStop:
            if (it.reason == StopReason::None)
              std::memcpy(&it.reason, data.data(), sizeof it.reason);
            cancel_all();
            break;
          case kDone: {
            std::int64_t report[4];
            std::memcpy(report, data.data(), sizeof report);
            next_bound = std::min(next_bound, static_cast<int>(report[0]));
            iteration_expanded += static_cast<std::uint64_t>(report[1]);
            totals_[static_cast<std::size_t>(from)] = {static_cast<std::uint64_t>(report[2]),
                                                       static_cast<std::uint64_t>(report[3])};
            ++done_ranks;
            break;
          }
          default:
            break;
        }
      }
      if (all_finished && done_ranks == ranks_ - 1) break;
      if (!busy) mpi::pause(100);
    }
    const auto own = done_report();
    next_bound = std::min(next_bound, static_cast<int>(own[0]));
    iteration_expanded += static_cast<std::uint64_t>(own[1]);
    totals_[0] = {subtrees_.expanded(), subtrees_.generated()};
    if (found_index_ >= 0) {
      it.outcome = Outcome::Found;
    } else if (it.reason != StopReason::None) {
      it.outcome = Outcome::Stopped;
    }
    it.next_bound = next_bound;
    it.expanded = iteration_expanded;
    const std::int64_t result[3] = {static_cast<std::int64_t>(it.outcome), next_bound,
                                    static_cast<std::int64_t>(it.expanded)};
    std::vector<char> message(sizeof result + sizeof it.reason);
    std::memcpy(message.data(), result, sizeof result);
    std::memcpy(message.data() + sizeof result, &it.reason, sizeof it.reason);
    for (int r = 1; r < ranks_; ++r) send(r, kResult, message.data(), message.size());
  }

  // The other ranks' side: ask for chunks, pass on a solution or a limit, report, learn the
  // outcome.
  void follow(Iteration& it) {
    bool outstanding = false, no_more = false, reported = false;
    std::vector<char> data;
    for (;;) {
      const bool all_finished = finished_.load() == threads_;
      bool busy = false;
      if (!outstanding && !no_more && !subtrees_.cancelled() &&
          queued() < static_cast<std::size_t>(threads_)) {
        send(0, kRequest, &rank_, sizeof rank_);
        outstanding = true;
      }
      if (subtrees_.cancelled() && !reported) {
        reported = true;
        const auto snap = subtrees_.snapshot();
        if (snap.found_index >= 0) {
          std::vector<char> message(sizeof(std::int32_t) + snap.found_suffix.size());
          const auto index = static_cast<std::int32_t>(snap.found_index);
          std::memcpy(message.data(), &index, sizeof index);
          for (std::size_t i = 0; i < snap.found_suffix.size(); ++i) {
            message[sizeof index + i] = static_cast<char>(snap.found_suffix[i]);
          }
          send(0, kFound, message.data(), message.size());
        } else if (snap.stop_reason != StopReason::None) {
          send(0, kStop, &snap.stop_reason, sizeof snap.stop_reason);
        }
      }
      MPI_Status status;
      while (receive(0, status, data)) {
        busy = true;
        if (status.MPI_TAG == kGrant) {
          std::int64_t range[2];
          std::memcpy(range, data.data(), sizeof range);
          outstanding = false;
          if (range[0] == range[1]) no_more = true;
          enqueue(static_cast<std::size_t>(range[0]), static_cast<std::size_t>(range[1]));
        } else if (status.MPI_TAG == kCancel) {
          no_more = true;
          subtrees_.cancel();
          enqueue(0, 0);
        }
      }
      if (all_finished && !outstanding) break;
      if (!busy) mpi::pause(100);
    }
    const auto report = done_report();
    send(0, kDone, report.data(), sizeof report);
    totals_[static_cast<std::size_t>(rank_)] = {subtrees_.expanded(), subtrees_.generated()};
    for (;;) {  // the outcome (a cancel sent before it may come first)
      MPI_Status status;
      if (!receive(0, status, data)) {
        mpi::pause(100);
        continue;
      }
      if (status.MPI_TAG != kResult) continue;
      std::int64_t result[3];
      std::memcpy(result, data.data(), sizeof result);
      it.outcome = static_cast<Outcome>(result[0]);
      it.next_bound = static_cast<int>(result[1]);
      it.expanded = static_cast<std::uint64_t>(result[2]);
      std::memcpy(&it.reason, data.data() + sizeof result, sizeof it.reason);
      return;
    }
  }

  const H& h_;
  const State<B> goal_;
  const int rank_, ranks_, threads_;
  const Limits limits_;
  const LimitClock clock_;
  mpi::SearchComm comm_;
  Frontier frontier_;
  IdaSubtrees<B, H> subtrees_;
  std::vector<std::array<std::uint64_t, 2>> totals_;  // per rank: expanded, generated by subtrees
  std::size_t count_ = 0;                             // subtrees in this iteration
  std::size_t next_ = 0;                              // rank 0: the next subtree to grant
  std::mutex queue_mutex_;                            // guards chunks_ and no_more_
  std::deque<std::pair<std::size_t, std::size_t>> chunks_;  // granted to this rank, not yet taken
  bool no_more_ = false;
  std::atomic<std::uint64_t> starved_ns_{0};  // workers waiting for a grant, nanoseconds
  std::atomic<int> finished_{0};              // workers done with this iteration
  int found_index_ = -1;                      // rank 0: the winning subtree
  std::vector<Move> found_suffix_;
  mpi::TransportStats traffic_;
};

// Distributed parallel IDA* over every rank of the MPI job, `threads` threads each. Called on every
// rank with the same arguments; rank 0's result holds the path.
template <class B, Heuristic H>
SearchResult mpi_parallel_ida_star(const H& h, const Goal<B>& goal, const State<B>& start,
                                   const Limits& limits, int threads,
                                   const ProgressFn& progress = {}) {
  MpiIda<B, H> search(h, goal, limits, threads);
  return search.run(start, progress);
}

}  // namespace npuzzle
