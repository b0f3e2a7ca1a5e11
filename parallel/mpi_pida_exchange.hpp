// parallel/mpi_pida_exchange.hpp — the work-request exchange of the distributed searches that share
// numbered pieces of work among the ranks of an MPI job, through parallel/mpi_world.hpp: parallel
// IDA*'s subtrees (parallel/mpi_pida.hpp) and A*+IDA*'s runs of frontier nodes
// (parallel/mpi_aida.hpp). One WorkExchange per search; one round (run()) per iteration or
// threshold: work requests and grants, a solution or a limit passed on and every rank cancelled,
// and the end of the round agreed by every rank. The rounds' two sides (rank 0 coordinating, the
// others following) are in parallel/mpi_work_exchange.cpp.
//
// Every rank names the pieces alike (each search builds the same frontier on every rank), so a
// piece is named by its index. Rank 0 holds the counter of the next piece and grants chunks of
// indices: guided self-scheduling, a chunk being the remaining count over twice the workers of the
// job, at least one and at most what the rank asked for. A rank keeps 16 pieces per thread queued
// (one request in flight at a time, asking for the difference), so the pieces are searched in
// nearly the sequential order (little extra work in the last iteration: larger chunks sent one
// rank far past the solution's subtree, +17 % expansions for parallel IDA* on 2 ranks), chunks
// shrink towards the end of the round, and a grant's round trip is hidden.
//
// The first solution found in a round is the search's answer: its rank sends the index it was
// found under (a subtree, a frontier node) and the moves below it to rank 0, which cancels every
// rank. A limit on any rank cancels every rank the same way. At the end of a round every rank sends
// rank 0 its report (least f above the bound, counts), and rank 0 sends every rank the outcome (the
// agreed next bound, the round's expansions, a solution's index and moves), so all ranks run the
// same rounds.
//
// Progress: rank 0's heartbeat (rank_limits()) reports the whole job, its own counts plus the
// other ranks' latest: while a round runs each other rank sends rank 0 its live counts (kLive,
// every kLiveSeconds, from the main thread), and its report at the round's end.
//
// Threads: on each rank the main thread makes every MPI call (funneled) and is worker 0 of the
// round, the others running on std::threads of their own: it serves the exchange at its limit
// polls (serve_if_main()) and between its pieces (take(true)), so the rank answers requests while
// it searches without a thread that wakes up to poll; once its own work is done it serves until
// the round is complete.
// Invariants: rank 0 grants each index once (next_ only grows, up to count_); a rank has at most
// one request in flight (ex_.outstanding); rank 0 decides a round only once every other rank's
// report came in, and every other rank waits for that decision, so all ranks agree on the outcome
// and the next bound; only the main thread touches ex_ and makes MPI calls; chunks_ and no_more_
// are read and written under queue_mutex_, counts_ under counts_mutex_.
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <deque>
#include <mutex>
#include <new>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "core/board.hpp"
#include "core/search/search_types.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

// What the exchange asks of its rank's search (from the main thread, while the round runs).
class ExchangeLocal {
 public:
  struct Snapshot {
    int found_index = -1;
    std::vector<Move> found_suffix;
    StopReason stop_reason = StopReason::None;
  };
  // This rank's report of its round.
  struct Report {
    std::int64_t next_bound;  // 64 bits: no padding goes out uninitialized
    std::uint64_t round_expanded, expanded, generated;  // the last two: every round
  };
  virtual void cancel() = 0;  // another rank found a solution or hit a limit
  virtual bool cancelled() const = 0;
  // This rank's counts so far, while its workers run (read on the main thread).
  struct Live {
    std::uint64_t expanded, generated;  // every round
    std::uint64_t round_expanded;       // this round
    std::uint64_t pieces_done;          // this round's pieces searched to the end
  };
  virtual Snapshot snapshot() = 0;  // what ended the round on this rank so far
  virtual Report report() = 0;      // once every worker of the round returned
  virtual Live live() = 0;

 protected:
  ~ExchangeLocal() = default;
};

class WorkExchange {
 public:
  enum class Outcome : std::int64_t { Exhausted, Found, Stopped };
  // A round's outcome, the same on every rank.
  struct Round {
    Outcome outcome = Outcome::Exhausted;
    int next_bound = INT_MAX;
    std::uint64_t expanded = 0;  // by every rank in this round
    StopReason reason = StopReason::None;
    int found_index = -1;  // Found: where, and the moves below it
    std::vector<Move> found_suffix;
  };

  WorkExchange(ExchangeLocal& local, int threads)
      : local_(local),
        rank_(mpi::rank()),
        ranks_(mpi::size()),
        threads_(std::max(threads, 1)),
        main_thread_(std::this_thread::get_id()),
        counts_(static_cast<std::size_t>(ranks_), ExchangeLocal::Live{}) {}

  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  int threads() const { return threads_; }
  mpi::SearchComm& comm() { return comm_; }

  // This rank's limits: its share of the node limit; on rank 0 the heartbeat of the whole job (the
  // heartbeat `limits` names, given this rank's counts plus the other ranks' latest); none on the
  // others. `limits.heartbeat` must outlive the exchange.
  Limits rank_limits(Limits limits) {
    if (limits.nodes) {
      limits.nodes = (limits.nodes + static_cast<std::uint64_t>(ranks_) - 1) / ranks_;
    }
    if (rank_ != 0 || !limits.heartbeat || !*limits.heartbeat) {
      limits.heartbeat = nullptr;
      return limits;
    }
    rank_heartbeat_ = limits.heartbeat;
    job_heartbeat_ = [this](const Heartbeat& own) { (*rank_heartbeat_)(with_other_ranks(own)); };
    limits.heartbeat = &job_heartbeat_;
    return limits;
  }

  // One round of `count` pieces: work(w) is the body of worker w (worker 0 on this thread), which
  // takes its pieces with take(w == 0). Returns once every worker returned and every rank agreed.
  template <class Work>
  Round run(std::size_t count, Work&& work) {
    count_ = count;
    {
      std::lock_guard lock(queue_mutex_);
      chunks_.clear();
      no_more_ = false;
    }
    next_ = 0;
    finished_.store(0);
    ex_ = Exchange{};
    ++round_;
    next_live_ = mpi::now() + kLiveSeconds;
    {
      std::lock_guard lock(counts_mutex_);
      for (ExchangeLocal::Live& counts : counts_) counts.round_expanded = counts.pieces_done = 0;
    }
    found_index_ = -1;
    found_suffix_.clear();
    std::vector<double> finished_at(static_cast<std::size_t>(threads_), 0);
    // A worker whose allocation failed stops this rank's others; its round cannot be reported
    // (pieces it claims searched were not), so the job ends (mpi::fail_job_out_of_memory).
    std::atomic<bool> out_of_memory{false};
    const auto finish = [this, &finished_at](int w) {
      finished_at[static_cast<std::size_t>(w)] = mpi::now();
      finished_.fetch_add(1);
    };
    const auto guarded = [this, &work, &finish, &out_of_memory](int w) {
      try {
        work(static_cast<std::size_t>(w));
      } catch (const std::bad_alloc&) {
        out_of_memory.store(true);
        local_.cancel();
      }
      finish(w);
    };
    std::vector<std::thread> workers;
    for (int w = 1; w < threads_; ++w) workers.emplace_back(guarded, w);
    guarded(0);
    for (;;) {
      if (out_of_memory.load()) break;
      const bool busy = exchange();
      if (complete()) break;
      if (!busy) mpi::pause(100);
    }
    for (std::thread& t : workers) t.join();
    if (out_of_memory.load()) mpi::fail_job_out_of_memory("in a search's round");
    const double end = mpi::now();
    for (double t : finished_at) traffic_.waiting += end - t;
    traffic_.waiting += static_cast<double>(starved_ns_.exchange(0)) * 1e-9;
    Round round;
    if (rank_ == 0) {
      decide(round);
    } else {
      learn(round);
    }
    return round;
  }

  // A worker's next piece: from this rank's granted chunks, waiting while a grant is on its way.
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
        if (no_more_ || local_.cancelled()) return std::nullopt;
      }
      const double t = mpi::now();
      mpi::pause(20);
      starved_ns_.fetch_add(static_cast<std::uint64_t>((mpi::now() - t) * 1e9));
    }
  }

  // One round of this rank's side of the exchange when called on the main thread (at a worker's
  // limit poll); nothing on another thread.
  void serve_if_main() {
    if (std::this_thread::get_id() == main_thread_) exchange();
  }

  // Each rank's counts as last reported (rank 0: every rank's, the others' also as last sent
  // while a round runs; another rank: its own): between rounds, expanded and generated over every
  // round.
  std::vector<ExchangeLocal::Live> counts() const {
    std::lock_guard lock(counts_mutex_);
    return counts_;
  }

  // Every rank, at the end of the search: rank 0 hands the transport statistics, summed over the
  // ranks, to mpi::report.
  void report(const char* algorithm, std::uint64_t expanded) {
    double mine[3] = {static_cast<double>(traffic_.messages), static_cast<double>(traffic_.bytes),
                      traffic_.waiting};
    double sums[3] = {};
    MPI_Allreduce(mine, sums, 3, MPI_DOUBLE, MPI_SUM, comm_.get());
    mpi::report(algorithm,
                {static_cast<std::uint64_t>(sums[0]), static_cast<std::uint64_t>(sums[1]), sums[2]},
                expanded);
  }

 private:
  static constexpr std::size_t kQueuedPerThread = 16;
  static constexpr double kLiveSeconds = 0.25;  // between a rank's live counts
  enum Tag : int { kRequest = 1, kGrant, kFound, kStop, kCancel, kDone, kResult, kLive };
  // One round's exchange as the main thread sees it.
  struct Exchange {
    bool cancelled_all = false;            // rank 0: every rank told to stop
    bool reported = false;                 // this rank's own solution or limit passed on
    int done_ranks = 0;                    // rank 0: reports received
    int next_bound = INT_MAX;              // rank 0: the least of the reports
    std::uint64_t round_expanded = 0;      // rank 0: the reports' sum
    StopReason reason = StopReason::None;  // rank 0: the first limit reported
    bool outstanding = false;              // other ranks: a request awaits its grant
    bool no_more = false;                  // other ranks: the round has no more pieces for them
  };

  // Rank 0's decision of a round (the moves of a solution follow it); 64 bits each: no padding
  // goes out uninitialized.
  struct Decision {
    Outcome outcome;
    std::int64_t next_bound;
    std::uint64_t expanded;
    std::int64_t reason;
    std::int64_t found_index;
  };

  void send(int to, int tag, const mpi::Message& m) { comm_.send(to, tag, m, traffic_); }
  std::size_t queued() {
    std::lock_guard lock(queue_mutex_);
    std::size_t n = 0;
    for (const auto& [b, e] : chunks_) n += e - b;
    return n;
  }
  // Adds a granted chunk; an empty one means no more for this round.
  void enqueue(std::size_t begin, std::size_t end) {
    std::lock_guard lock(queue_mutex_);
    if (begin == end) {
      no_more_ = true;
    } else {
      chunks_.emplace_back(begin, end);
    }
  }
  // The pieces a rank keeps queued beyond those its threads search: a grant's round trip is
  // hidden behind them, and few enough that the ranks stay near the sequential order.
  std::size_t queue_target() const { return kQueuedPerThread * static_cast<std::size_t>(threads_); }
  // Rank 0: the next chunk of the counter for a rank that asks for `want` pieces (empty when the
  // round is done or cancelled): at most the remaining count over twice the workers of the job.
  std::pair<std::size_t, std::size_t> grant(std::size_t want) {
    const std::size_t left = count_ - next_;
    const std::size_t chunk =
        std::clamp<std::size_t>(left / (2 * static_cast<std::size_t>(threads_ * ranks_)), 1,
                                std::max<std::size_t>(want, 1));
    const std::size_t begin = next_;
    next_ = std::min(count_, next_ + chunk);
    return {begin, next_};
  }

  // One round of this rank's side of the exchange, from the main thread only; true when a message
  // came in.
  bool exchange() { return rank_ == 0 ? coordinate() : follow(); }
  bool complete() const {
    return finished_.load() == threads_ &&
           (rank_ == 0 ? ex_.done_ranks == ranks_ - 1 : !ex_.outstanding);
  }

  // Rank 0's round: keeps its own queue filled, grants, cancels, collects the reports.
  bool coordinate();
  // Rank 0, every rank done: the outcome of the round, sent to every rank.
  void decide(Round& round);
  // Another rank's round: asks for chunks, passes on a solution or a limit, takes grants and
  // cancels.
  bool follow();
  // Another rank, its workers done: reports to rank 0 and learns the outcome.
  void learn(Round& round);
  // Rank 0 (any thread): `own` with the other ranks' latest counts added (their round's counts
  // while this rank's heartbeat is one of a round's, `own.subtrees` > 0).
  Heartbeat with_other_ranks(const Heartbeat& own) {
    Heartbeat job = own;
    std::lock_guard lock(counts_mutex_);
    for (std::size_t r = 1; r < counts_.size(); ++r) {
      const ExchangeLocal::Live& other = counts_[r];
      job.expanded += other.expanded;
      job.generated += other.generated;
      if (own.subtrees > 0) {
        job.iteration_expanded += other.round_expanded;
        job.subtrees_done += static_cast<std::size_t>(other.pieces_done);
      }
    }
    return job;
  }

  ExchangeLocal& local_;
  const int rank_, ranks_, threads_;
  const std::thread::id main_thread_;  // the thread that makes the MPI calls
  mpi::SearchComm comm_;
  std::uint64_t round_ = 0;                                 // rounds begun (alike on every rank)
  double next_live_ = 0;                                    // other ranks: when kLive is due
  mutable std::mutex counts_mutex_;                         // guards counts_
  std::vector<ExchangeLocal::Live> counts_;                 // per rank (rank 0: every rank's)
  const HeartbeatFn* rank_heartbeat_ = nullptr;             // rank 0: the heartbeat asked for
  HeartbeatFn job_heartbeat_;                               // rank 0: it, for the whole job
  std::size_t count_ = 0;                                   // pieces in this round
  std::size_t next_ = 0;                                    // rank 0: the next piece to grant
  std::mutex queue_mutex_;                                  // guards chunks_ and no_more_
  std::deque<std::pair<std::size_t, std::size_t>> chunks_;  // granted to this rank, not yet taken
  bool no_more_ = false;
  std::atomic<std::uint64_t> starved_ns_{0};  // workers waiting for a grant, nanoseconds
  std::atomic<int> finished_{0};              // workers done with this round
  Exchange ex_;                               // the main thread's state of the exchange
  std::vector<char> data_;                    // the message being read
  int found_index_ = -1;                      // rank 0: where the solution was found
  std::vector<Move> found_suffix_;
  mpi::TransportStats traffic_;
};

}  // namespace npuzzle
