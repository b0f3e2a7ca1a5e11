// parallel/hda_star.hpp — hash-distributed A* (HDA*, Kishimoto, Fukunaga & Botea) on the threads of
// one process: HDA* workers (parallel/hda_worker.hpp) over the in-process transport
// (parallel/hda_mailbox.hpp), scheduled as TBB tasks. The MPI driver is parallel/mpi_hda.hpp.
//
// Scheduling: each worker is an actor. A worker runs as a task while it has work (a node with f
// below the incumbent, or mail); when it has none it flushes its batches and goes idle through its
// mailbox; the poster that finds it idle spawns its task in the same `TaskGroup`. Hence the search
// is over exactly when the task group is empty. It never spins and needs no particular number of
// real threads (correct even when TBB gives fewer).
//
// Pacing: a worker whose best node is more than kAhead above the least f any worker holds or has in
// flight to it waits (yielding its core, at most kMaxWait: the worker holding the least f may have
// no thread to run on) instead of expanding nodes that A* may never expand. With a strong heuristic
// the nodes one f level above the optimum outnumber all those below it.
//
// Ramp-up: the worker owning the start first searches alone, keeping every node it generates, for
// up to HdaOptions::ramp_up expansions (A* exactly). A small search ends there with none of the
// parallel overhead; a larger one then moves every closed entry and open node to its owner (the
// others are idle: nothing was posted to them yet) and wakes the owners.
//
// Incumbent: one atomic, lowered by the worker that generates a goal. Limits: every worker polls
// the LimitClock with the total expansions every kPoll of its own, and sums the memory all workers
// hold. std::bad_alloc is caught and reported as OutOfMemory.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/atomic_extremum.hpp"
#include "parallel/concurrency.hpp"
#include "parallel/hda_mailbox.hpp"
#include "parallel/hda_worker.hpp"

namespace npuzzle {

struct HdaOptions {
  int threads = 1;
  OwnerHash hash = OwnerHash::AbstractZobrist;
  // Expansions by the start's owner alone before the search is shared out (0: shared at once).
  std::uint64_t ramp_up = 20000;
};

// The state whose packed word is `word` (the blank found by scanning).
template <class B>
State<B> state_of_word(typename B::Word word) {
  State<B> s;
  s.word = word;
  for (int c = 0; c < B::kCells; ++c) {
    if (s.tile_at(c) == 0) s.blank = static_cast<std::uint8_t>(c);
  }
  return s;
}

template <class B, Heuristic H>
class HdaStar {
 public:
  using Worker = HdaWorker<B, H>;
  using Node = typename Worker::Node;

  static constexpr std::uint64_t kFlushEvery = 16;  // expansions between flushes of all batches
  static constexpr std::uint64_t kPoll = 1024;      // expansions between limit checks
  static constexpr int kAhead = 0;
  static constexpr std::chrono::microseconds kMaxWait{50};

  HdaStar(const H& heuristic, const Goal<B>& goal, const Limits& limits, const HdaOptions& options)
      : h_(heuristic),
        goal_(goal),
        clock_(limits),
        hasher_(options.hash),
        ramp_up_limit_(options.ramp_up),
        budget_(options.threads),
        mail_(std::max(options.threads, 1)),
        bytes_(static_cast<std::size_t>(std::max(options.threads, 1))) {
    const int n = std::max(options.threads, 1);
    workers_.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) workers_.emplace_back(heuristic, goal_, hasher_);
    ports_ = std::vector<Port>(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) ports_[static_cast<std::size_t>(i)].bind(this, i);
  }

  SearchResult run(const State<B>& start) {
    SearchResult result;
    try {
      const Node first = Worker::root(h_, hasher_, start);
      const int owner = owner_of(first.owner_hash);
      ramp_up_ = workers_.size() > 1 && ramp_up_limit_ > 0;
      ramp_up_worker_ = owner;
      budget_.execute([&] {
        if (mail_.post_one(owner, owner, first)) spawn(owner);
        group_.wait();
      });
    } catch (const std::bad_alloc&) {
      request_stop(Status::OutOfMemory, StopReason::AllocationFailed);
    }
    finish(start, result);
    return result;
  }

 private:
  // Worker `index`'s end of the in-process transport (the port contract of hda_worker.hpp).
  class Port {
   public:
    void bind(HdaStar* search, int index) {
      s_ = search;
      index_ = index;
    }
    int incumbent() const { return s_->incumbent_.load(std::memory_order_relaxed); }
    void lower_incumbent(int g) { s_->lower_incumbent(g); }
    bool stopped() const { return s_->stop_.load(std::memory_order_relaxed); }
    void send(const Node& child) {
      const int owner = s_->ramp_up_ ? index_ : s_->owner_of(child.owner_hash);
      if (owner == index_) {
        if (worker().insert(child, incumbent())) lower_incumbent(child.g);
      } else if (s_->mail_.buffer(index_, owner, child) && s_->mail_.deliver(index_, owner)) {
        s_->spawn(owner);
      }
    }
    void drain() {
      if (!s_->mail_.has_mail(index_)) return;
      s_->mail_.take(index_, [this](const Node& n) {
        if (worker().insert(n, incumbent())) lower_incumbent(n.g);
      });
    }
    bool pace(int best) {
      s_->mail_.publish_f(index_, best);
      if (best <= floor_seen_ + kAhead) return waiting_ = false;
      floor_seen_ = s_->mail_.floor_f();
      if (best <= floor_seen_ + kAhead) return waiting_ = false;
      flush();
      const auto now = std::chrono::steady_clock::now();
      if (!waiting_) {
        waiting_ = true;
        waiting_since_ = now;
      }
      if (now - waiting_since_ >= kMaxWait) return false;  // expanding ahead costs nodes only
      std::this_thread::yield();
      return true;
    }
    bool wait_for_work() {
      flush();
      return !s_->mail_.try_idle(index_);  // idle: this task ends, the next poster wakes it
    }
    void after_expansion() {
      if (s_->ramp_up_ && worker().expanded() >= s_->ramp_up_limit_) s_->spread_out(index_);
      if (++since_flush_ >= kFlushEvery) {
        since_flush_ = 0;
        flush();
      } else {
        s_->mail_.deliver_wanted(index_, [this](int to) { s_->spawn(to); });
      }
      if (worker().expanded() - reported_ >= kPoll) s_->poll(index_, reported_);
    }

   private:
    Worker& worker() { return s_->workers_[static_cast<std::size_t>(index_)]; }
    void flush() {
      s_->mail_.flush(index_, [this](int to) { s_->spawn(to); });
    }
    HdaStar* s_ = nullptr;
    int index_ = 0;
    std::uint64_t since_flush_ = 0;
    std::uint64_t reported_ = 0;    // expansions already added to total_expanded_
    int floor_seen_ = INT_MIN / 2;  // the least f held or in flight when this worker last looked
    bool waiting_ = false;          // pacing: waiting for the others since `waiting_since_`
    std::chrono::steady_clock::time_point waiting_since_;
  };

  int owner_of(std::uint64_t hash) const {
    return OwnerHasher<B>::owner(hash, static_cast<int>(workers_.size()));
  }

  void spawn(int index) {
    group_.run([this, index] {
      try {
        run_hda_worker(workers_[static_cast<std::size_t>(index)],
                       ports_[static_cast<std::size_t>(index)]);
      } catch (const std::bad_alloc&) {
        request_stop(Status::OutOfMemory, StopReason::AllocationFailed);
      }
    });
  }

  // Ends the ramp-up. The other workers have no task and nothing was posted to them, so this worker
  // moves every closed entry and open node to its owner's tables directly, then wakes the owners.
  void spread_out(int index) {
    ramp_up_ = false;
    Worker& me = workers_[static_cast<std::size_t>(index)];
    auto& closed = me.closed();
    for (auto it = closed.begin(); it != closed.end();) {
      const int owner = owner_of(hasher_.hash(state_of_word<B>(it->first)));
      if (owner == index) {
        ++it;
        continue;
      }
      workers_[static_cast<std::size_t>(owner)].closed().insert(*it);
      closed.erase(it++);
    }
    std::vector<Node> open;
    me.take_open([&](const Node& n) { open.push_back(n); });
    for (const Node& n : open)
      workers_[static_cast<std::size_t>(owner_of(n.owner_hash))].push_open(n);
    // Every open list is read before any owner is woken: a woken worker mails its successors at
    // once, which wakes their owners, whose open lists this thread must then no longer touch.
    std::vector<int> to_wake;
    for (int to = 0; to < static_cast<int>(workers_.size()); ++to) {
      Worker& w = workers_[static_cast<std::size_t>(to)];
      if (to == index || w.open_size() == 0) continue;
      mail_.publish_f(to, w.min_f());
      to_wake.push_back(to);
    }
    for (int to : to_wake) {
      if (mail_.claim_idle(to)) spawn(to);
    }
  }

  void poll(int index, std::uint64_t& reported) {
    const Worker& me = workers_[static_cast<std::size_t>(index)];
    const std::uint64_t delta = me.expanded() - reported;
    reported = me.expanded();
    const std::uint64_t total = total_expanded_.fetch_add(delta, std::memory_order_relaxed) + delta;
    bytes_[static_cast<std::size_t>(index)].store(me.bytes() + mail_.bytes(index),
                                                  std::memory_order_relaxed);
    std::uint64_t bytes = 0;
    for (const auto& b : bytes_) bytes += b.load(std::memory_order_relaxed);
    if (const HeartbeatFn* heartbeat = clock_.limits().heartbeat; heartbeat && *heartbeat) {
      // The bound: the least f held by any worker or in flight to one (a hint, not exact).
      (*heartbeat)({total, 0, mail_.floor_f(), bytes, clock_.elapsed()});
    }
    const StopReason reason = clock_.check(total);
    if (reason != StopReason::None) {
      request_stop(Status::Limit, reason);
      return;
    }
    if (clock_.over_memory(bytes)) request_stop(Status::OutOfMemory, StopReason::MemoryLimit);
  }

  void lower_incumbent(int g) { lower_to(incumbent_, g); }

  void request_stop(Status status, StopReason reason) {
    std::lock_guard lock(stop_mutex_);
    if (stop_.load(std::memory_order_relaxed)) return;
    stop_status_ = status;
    stop_reason_ = reason;
    stop_.store(true, std::memory_order_relaxed);
  }

  // After all tasks ended: statistics, and the path or the bound.
  void finish(const State<B>& start, SearchResult& result) {
    auto& stats = result.stats;
    for (int i = 0; i < static_cast<int>(workers_.size()); ++i) {
      const Worker& w = workers_[static_cast<std::size_t>(i)];
      stats.expanded += w.expanded();
      stats.generated += w.generated();
      stats.sent += mail_.sent(i);
      stats.reexpanded += w.reexpanded();
      stats.stored += w.closed().size();
      stats.expanded_per_worker.push_back(w.expanded());
    }
    stats.seconds = clock_.elapsed();
    const int incumbent = incumbent_.load();
    if (stop_.load()) {
      result.status = stop_status_;
      result.reason = stop_reason_;
      // Every node with f below the optimum that was never expanded is held somewhere: in an open
      // list, an inbox, a batch, or it is the node whose expansion was cut short.
      int bound = std::min(incumbent, mail_.lower_bound());
      for (Worker& w : workers_) bound = std::min(bound, w.held_min_f());
      result.bound = std::max(bound == INT_MAX ? 0 : bound, h_.estimate(h_.init(start)));
      return;
    }
    if (incumbent == INT_MAX) {
      result.status = Status::Unsolvable;
      return;
    }
    State<B> s = goal_.state;
    for (;;) {
      const int owner = ramp_up_ ? ramp_up_worker_ : owner_of(hasher_.hash(s));
      const auto* entry = workers_[static_cast<std::size_t>(owner)].find(s.word);
      if (entry->move == hda_detail::kNoMove) break;
      const Move m = static_cast<Move>(entry->move);
      result.path.push_back(m);
      s.apply(inverse(m));
    }
    std::reverse(result.path.begin(), result.path.end());
    result.status = Status::Solved;
    result.optimal = H::kAdmissible;
    result.bound = incumbent;
  }

  const H& h_;
  const Goal<B> goal_;
  LimitClock clock_;
  OwnerHasher<B> hasher_;
  const std::uint64_t ramp_up_limit_;  // HdaOptions::ramp_up
  ThreadBudget budget_;
  std::vector<Worker> workers_;
  std::vector<Port> ports_;
  Mailboxes<Node> mail_;
  std::vector<std::atomic<std::uint64_t>> bytes_;  // per worker, published at each poll
  TaskGroup group_;
  std::atomic<int> incumbent_{INT_MAX};
  std::atomic<std::uint64_t> total_expanded_{0};
  std::atomic<bool> stop_{false};
  bool ramp_up_ = false;    // written before the other workers start (see spread_out)
  int ramp_up_worker_ = 0;  // the worker that holds every node while ramp_up_ is true
  std::mutex stop_mutex_;
  Status stop_status_ = Status::Limit;
  StopReason stop_reason_ = StopReason::None;
};

// HDA* with `options.threads` workers. Optimal for admissible heuristics. The caller decides
// solvability first (an unsolvable start exhausts the space and returns Status::Unsolvable).
template <class B, Heuristic H>
SearchResult hda_star(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits,
                      const HdaOptions& options) {
  HdaStar<B, H> search(h, goal, limits, options);
  return search.run(start);
}

}  // namespace npuzzle
