// parallel/mpi_pida.hpp — distributed parallel IDA*: every iteration's subtrees shared among the
// ranks of an MPI job by work requests, each rank searching its share on `threads` threads.
//
// Every rank builds the same frontier (parallel/ida_frontier.hpp is deterministic; only rank 0
// counts its expansions), so a subtree is named by its index. Rank 0 holds the counter of the next
// subtree and grants chunks of indices: guided self-scheduling, a chunk being the remaining count
// over twice the workers of the job, at least one and at most what the rank asked for. A rank
// keeps 16 subtrees per thread queued (one request in flight at a time, asking for the difference),
// so the subtrees are searched in nearly the sequential order (little extra work in the last
// iteration: larger chunks sent one rank far past the solution's subtree, +17 % expansions on 2
// ranks), chunks shrink towards the end of the iteration, and a grant's round trip is hidden.
//
// On each rank the main thread makes every MPI call (funneled) and is worker 0 of the iteration
// (parallel/ida_subtrees.hpp), the others running on std::threads of their own: it serves the
// exchange (requests, grants, cancels) at its limit polls and between its subtrees, so the rank
// answers requests while it searches without a thread that wakes up to poll. The first solution
// found at the iteration's bound is optimal: its rank sends the subtree's index and the moves below
// it to rank 0, which cancels every rank, rebuilds the path (frontier prefix + suffix) and replays
// it like any other path. A limit on any rank cancels every rank the same way. At the end of an
// iteration every rank sends rank 0 its least f above the bound and its counts, and rank 0 sends
// every rank the outcome (the agreed next bound), so all ranks run the same iterations. Limits: the
// node limit is shared out evenly among the ranks.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
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
      const double began = clock_.elapsed();
      const Iteration it = iteration(start, root_value, bound, previous);
      ++result.stats.iterations;
      result.stats.expanded = expanded();
      result.stats.generated = generated();
      result.stats.seconds = clock_.elapsed();
      if (progress && rank_ == 0) {
        const double span = result.stats.seconds - began;
        progress({bound, result.stats.expanded, result.stats.generated, result.stats.seconds,
                  it.expanded, previous, span > 0 ? static_cast<double>(it.expanded) / span : 0.0,
                  it.outcome == Outcome::Stopped ? it.reason : StopReason::None});
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
  static constexpr std::size_t kQueuedPerThread = 16;
  struct Iteration {
    Outcome outcome = Outcome::Exhausted;
    int next_bound = INT_MAX;
    std::uint64_t expanded = 0;            // by every rank in this iteration
    std::vector<Move> path;                // rank 0, Found
    StopReason reason = StopReason::None;  // Stopped
  };
  // One iteration's exchange as the main thread sees it.
  struct Exchange {
    bool cancelled_all = false;            // rank 0: every rank told to stop
    bool reported = false;                 // this rank's own solution or limit passed on
    int done_ranks = 0;                    // rank 0: reports received
    int next_bound = INT_MAX;              // rank 0: the least of the reports
    std::uint64_t iteration_expanded = 0;  // rank 0: the reports' sum
    StopReason reason = StopReason::None;  // rank 0: the first limit reported
    bool outstanding = false;              // other ranks: a request awaits its grant
    bool no_more = false;  // other ranks: the iteration has no more subtrees for them
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
    ex_ = Exchange{};
    found_index_ = -1;
    std::vector<double> finished_at(static_cast<std::size_t>(threads_), 0);
    const auto finish = [this, &finished_at](int w) {
      finished_at[static_cast<std::size_t>(w)] = mpi::now();
      finished_.fetch_add(1);
    };
    std::vector<std::thread> workers;
    for (int w = 1; w < threads_; ++w) {
      workers.emplace_back([this, w, &finish] {
        subtrees_.work(static_cast<std::size_t>(w), [this] { return take(false); });
        finish(w);
      });
    }
    // Worker 0 is this thread: it keeps the exchange going at its limit polls and between subtrees
    // (no thread of its own that wakes up to poll: on 2 ranks x 1 thread, a main thread polling
    // every 0.1-1 ms cost 15-25 % of the search rate), then until every rank is done.
    const HeartbeatFn serve = [this](const Heartbeat&) { exchange(); };
    subtrees_.work(
        0, [this] { return take(true); }, &serve);
    finish(0);
    for (;;) {
      const bool busy = exchange();
      if (exchange_complete()) break;
      if (!busy) mpi::pause(100);
    }
    for (std::thread& t : workers) t.join();
    const double end = mpi::now();
    for (double t : finished_at) traffic_.waiting += end - t;
    traffic_.waiting += static_cast<double>(starved_ns_.exchange(0)) * 1e-9;
    if (rank_ == 0) {
      decide(it);
      if (it.outcome == Outcome::Found) {
        std::vector<Move> path = frontier_.prefix(static_cast<std::size_t>(found_index_));
        path.insert(path.end(), found_suffix_.begin(), found_suffix_.end());
        it.path = std::move(path);
      }
    } else {
      learn(it);
    }
    return it;
  }

  // A worker's next subtree: from this rank's granted chunks, waiting while a grant is on its way.
  // The main thread's worker (`serve`) runs the exchange while it looks and waits.
  std::optional<std::size_t> take(bool serve) {
    for (;;) {
      if (serve) exchange();
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
  // Rank 0: the next chunk of the counter for a rank that asks for `want` subtrees (empty when the
  // iteration is done or cancelled): at most the remaining count over twice the workers of the job.
  std::pair<std::size_t, std::size_t> grant(std::size_t want) {
    const std::size_t left = count_ - next_;
    const std::size_t chunk =
        std::clamp<std::size_t>(left / (2 * static_cast<std::size_t>(threads_ * ranks_)), 1,
                                std::max<std::size_t>(want, 1));
    const std::size_t begin = next_;
    next_ = std::min(count_, next_ + chunk);
    return {begin, next_};
  }
  // The subtrees a rank keeps queued beyond those its threads search: a grant's round trip is
  // hidden behind them (many subtrees are cut off at once), and few enough that the ranks stay near
  // the sequential order of subtrees.
  std::size_t queue_target() const { return kQueuedPerThread * static_cast<std::size_t>(threads_); }

  void send(int to, int tag, const mpi::Message& m) { comm_.send(to, tag, m, traffic_); }
  // This rank's report of its iteration.
  struct DoneReport {
    std::int64_t next_bound;  // 64 bits: no padding goes out uninitialized
    std::uint64_t iteration_expanded, expanded, generated;  // the last two: every iteration
  };
  DoneReport done_report() {
    return {subtrees_.next_bound(), subtrees_.iteration_expanded(), subtrees_.expanded(),
            subtrees_.generated()};
  }

  // One round of this rank's side of the iteration's exchange, from the main thread only; true
  // when a message came in.
  bool exchange() { return rank_ == 0 ? coordinate() : follow(); }
  bool exchange_complete() const {
    return finished_.load() == threads_ &&
           (rank_ == 0 ? ex_.done_ranks == ranks_ - 1 : !ex_.outstanding);
  }

  // Rank 0's round: keeps its own queue filled, grants, cancels, collects the reports.
  bool coordinate() {
    const auto cancel_all = [this] {
      if (ex_.cancelled_all) return;
      ex_.cancelled_all = true;
      next_ = count_;
      subtrees_.cancel();
      for (int r = 1; r < ranks_; ++r) send(r, kCancel, mpi::Message().put(r));
    };
    const auto found = [this](int index, std::vector<Move> suffix) {
      if (found_index_ >= 0) return;
      found_index_ = index;
      found_suffix_ = std::move(suffix);
    };
    bool busy = false;
    if (const std::size_t have = queued();
        !ex_.cancelled_all && have < queue_target() && next_ < count_) {
      const auto [b, e] = grant(queue_target() - have);
      enqueue(b, e);
    }
    if (next_ >= count_) enqueue(0, 0);
    if (subtrees_.cancelled() && !ex_.reported) {
      ex_.reported = true;
      auto snap = subtrees_.snapshot();
      if (snap.found_index >= 0) found(snap.found_index, std::move(snap.found_suffix));
      if (ex_.reason == StopReason::None) ex_.reason = snap.stop_reason;
      cancel_all();
    }
    MPI_Status status;
    while (comm_.receive(MPI_ANY_SOURCE, status, data_)) {
      busy = true;
      const int from = status.MPI_SOURCE;
      mpi::MessageReader in(data_);
      switch (status.MPI_TAG) {
        case kRequest: {
          const auto want = in.get<std::size_t>();
          const auto [b, e] =
              ex_.cancelled_all ? std::pair<std::size_t, std::size_t>{0, 0} : grant(want);
          send(from, kGrant, mpi::Message().put(b).put(e));
          break;
        }
        case kFound: {
          const auto index = in.get<int>();
          found(index, in.rest<Move>());
          cancel_all();
          break;
        }
        case kStop:
          if (ex_.reason == StopReason::None) ex_.reason = in.get<StopReason>();
          cancel_all();
          break;
        case kDone: {
          const auto report = in.get<DoneReport>();
          ex_.next_bound = std::min(ex_.next_bound, static_cast<int>(report.next_bound));
          ex_.iteration_expanded += report.iteration_expanded;
          totals_[static_cast<std::size_t>(from)] = {report.expanded, report.generated};
          ++ex_.done_ranks;
          break;
        }
        default:
          break;
      }
    }
    return busy;
  }

  // Rank 0, every rank done: the outcome of the iteration, sent to every rank.
  void decide(Iteration& it) {
    const auto own = done_report();
    it.next_bound = std::min(ex_.next_bound, static_cast<int>(own.next_bound));
    it.expanded = ex_.iteration_expanded + own.iteration_expanded;
    it.reason = ex_.reason;
    totals_[0] = {subtrees_.expanded(), subtrees_.generated()};
    if (found_index_ >= 0) {
      it.outcome = Outcome::Found;
    } else if (it.reason != StopReason::None) {
      it.outcome = Outcome::Stopped;
    }
    const auto message =
        mpi::Message().put(it.outcome).put(it.next_bound).put(it.expanded).put(it.reason);
    for (int r = 1; r < ranks_; ++r) send(r, kResult, message);
  }

  // Another rank's round: asks for chunks, passes on a solution or a limit, takes grants and
  // cancels.
  bool follow() {
    bool busy = false;
    if (const std::size_t have = queued();
        !ex_.outstanding && !ex_.no_more && !subtrees_.cancelled() && have < queue_target()) {
      send(0, kRequest, mpi::Message().put(queue_target() - have));
      ex_.outstanding = true;
    }
    if (subtrees_.cancelled() && !ex_.reported) {
      ex_.reported = true;
      const auto snap = subtrees_.snapshot();
      if (snap.found_index >= 0) {
        send(0, kFound, mpi::Message().put(snap.found_index).put_all(snap.found_suffix));
      } else if (snap.stop_reason != StopReason::None) {
        send(0, kStop, mpi::Message().put(snap.stop_reason));
      }
    }
    MPI_Status status;
    while (comm_.receive(0, status, data_)) {
      busy = true;
      if (status.MPI_TAG == kGrant) {
        mpi::MessageReader in(data_);
        const auto begin = in.get<std::size_t>();
        const auto end = in.get<std::size_t>();
        ex_.outstanding = false;
        if (begin == end) ex_.no_more = true;
        enqueue(begin, end);
      } else if (status.MPI_TAG == kCancel) {
        ex_.no_more = true;
        subtrees_.cancel();
        enqueue(0, 0);
      }
    }
    return busy;
  }

  // Another rank, its workers done: reports to rank 0 and learns the outcome.
  void learn(Iteration& it) {
    send(0, kDone, mpi::Message().put(done_report()));
    totals_[static_cast<std::size_t>(rank_)] = {subtrees_.expanded(), subtrees_.generated()};
    for (;;) {  // the outcome (a cancel sent before it may come first)
      MPI_Status status;
      if (!comm_.receive(0, status, data_)) {
        mpi::pause(100);
        continue;
      }
      if (status.MPI_TAG != kResult) continue;
      mpi::MessageReader in(data_);
      it.outcome = in.get<Outcome>();
      it.next_bound = in.get<int>();
      it.expanded = in.get<std::uint64_t>();
      it.reason = in.get<StopReason>();
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
  Exchange ex_;                               // the main thread's state of the exchange
  std::vector<char> data_;                    // the message being read
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
