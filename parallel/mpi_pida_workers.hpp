// parallel/mpi_pida_workers.hpp — one rank of distributed parallel IDA* (parallel/mpi_pida.hpp):
// the class MpiIda, its members and its workers, one iteration's threads on this rank and the queue
// of subtrees they take from. The message exchange that fills that queue and ends the iteration
// (through parallel/mpi_world.hpp) is declared here and defined in parallel/mpi_pida_exchange.hpp,
// `inline` as it was in the class; the iteration loop, run(), is in parallel/mpi_pida.hpp, which
// brings them all.
//
// On each rank the main thread makes every MPI call (funneled) and is worker 0 of the iteration
// (parallel/ida_subtrees.hpp), the others running on std::threads of their own: it serves the
// exchange (requests, grants, cancels) at its limit polls and between its subtrees, so the rank
// answers requests while it searches without a thread that wakes up to poll.
// Limits: the node limit is shared out evenly among the ranks.
// Invariants: only the main thread (worker 0) makes MPI calls and touches ex_; chunks_ and
// no_more_ are read and written under queue_mutex_ by every worker; an iteration returns once all
// its threads are joined and, on rank 0, every other rank reported (exchange_complete()).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
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
        goal_(goal),
        rank_(mpi::rank()),
        ranks_(mpi::size()),
        threads_(std::max(threads, 1)),
        limits_(share(limits, ranks_)),
        clock_(limits_),
        frontier_(heuristic, goal_),
        subtrees_(heuristic, goal_, limits_, clock_, threads_),
        totals_(static_cast<std::size_t>(ranks_), {0, 0}) {}

  SearchResult run(const State<B>& start, const ProgressFn& progress);

 private:
  enum class Outcome : std::int64_t { Exhausted, Found, Stopped };
  static constexpr std::size_t kQueuedPerThread = 16;
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

  // The exchange (parallel/mpi_pida_exchange.hpp).
  enum Tag : int { kRequest = 1, kGrant, kFound, kStop, kCancel, kDone, kResult };
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
  // This rank's report of its iteration.
  struct DoneReport {
    std::int64_t next_bound;  // 64 bits: no padding goes out uninitialized
    std::uint64_t iteration_expanded, expanded, generated;  // the last two: every iteration
  };
  std::pair<std::size_t, std::size_t> grant(std::size_t want);
  std::size_t queue_target() const;
  void send(int to, int tag, const mpi::Message& m) { comm_.send(to, tag, m, traffic_); }
  DoneReport done_report();
  bool exchange();
  bool exchange_complete() const;
  bool coordinate();
  void decide(Iteration& it);
  bool follow();
  void learn(Iteration& it);

  const H& h_;
  const Goal<B> goal_;
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

}  // namespace npuzzle
