// parallel/hda_star.hpp — hash-distributed A* (HDA*, Kishimoto, Fukunaga & Botea) on oneTBB.
//
// N workers. Worker w owns the states whose owner hash (parallel/zobrist.hpp) maps to w. Each
// worker has its own open list (a bucket queue over integer f, ties toward larger g), its own
// closed list (`absl::flat_hash_map` from the packed word to the best g known and the move that
// reached it) and its own node pool. A successor owned by another worker is buffered in a message
// (a batch of up to kBatch nodes) for that worker; a full message, or every message at a flush, is
// posted to the owner's inbox: a lock-free stack (one compare-and-swap to post, one exchange to
// take all mail). Consumed messages go back to the worker that filled them through a second
// lock-free stack, so messages are allocated only while the traffic grows, never per node, and no
// lock is taken.
//
// Scheduling: each worker is an actor. A worker runs as a TBB task while it has work (a node with
// f below the incumbent, or mail); when it has none it flushes its outgoing messages and swaps its
// empty inbox for the idle marker (compare-and-swap: it fails if mail has just arrived, and the
// worker goes on). Posting onto an idle marker takes the marker away, so exactly one poster sees
// it, and that poster spawns the worker's task in the same `TaskGroup`. Hence the search is
// over exactly when the task group is empty: no worker holds a node with f below the incumbent and
// no node is in flight. It never spins and needs no particular number of real threads (correct
// even when TBB gives fewer).
//
// Ramp-up: the worker owning the start first searches alone, keeping every node it generates, for
// up to HdaOptions::ramp_up expansions (A* exactly). A small search, as most are with pattern
// databases, ends there with none of the parallel overhead; a larger one then moves every closed
// entry and open node to its owner (the others are idle: nothing was posted to them yet) and wakes
// the owners.
//
// Incumbent: the least g of a goal generated so far, lowered by the worker that generates the goal
// (the goal node still travels to its owner, whose entry records the path). Nodes with f >=
// incumbent are neither sent, stored nor expanded. With an admissible heuristic the incumbent at
// the end is the optimum (every node with f below it was expanded), also with inconsistent
// heuristics: a state reached again with a lower g is reopened (counted in `reexpanded` when it had
// been expanded).
//
// Path: every closed entry keeps the blank move that reached its state with its best g. Walking
// back from the goal (undo the move, look the parent up in its owner's table) strictly lowers g at
// every step and ends at the start; it runs after all tasks have finished.
//
// Limits: every worker polls the LimitClock with the total expansions every kPoll of its own, and
// sums the memory all workers hold (tables, pools, open lists, buffers). std::bad_alloc is caught
// and reported as OutOfMemory.
#pragma once

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/atomic_extremum.hpp"
#include "core/goal.hpp"
#include "core/search_types.hpp"
#include "parallel/concurrency.hpp"
#include "parallel/zobrist.hpp"

namespace npuzzle {

struct HdaOptions {
  int threads = 1;
  OwnerHash hash = OwnerHash::AbstractZobrist;
  // Expansions by the start's owner alone before the search is shared out (0: shared at once).
  std::uint64_t ramp_up = 20000;
};

namespace hda_detail {

inline constexpr std::int8_t kNoMove = -1;

// Hash of a packed word for the closed lists (128-bit words hashed as two halves).
template <class Word>
struct WordHash {
  std::size_t operator()(const Word& w) const {
    if constexpr (sizeof(Word) == 8) {
      return absl::Hash<std::uint64_t>{}(w);
    } else {
      return absl::HashOf(static_cast<std::uint64_t>(w), static_cast<std::uint64_t>(w >> 64));
    }
  }
};

// A closed-list entry: the best g known for the state and the blank move that reached it then.
struct ClosedEntry {
  std::int32_t g = 0;
  std::int8_t move = kNoMove;  // a Move, or kNoMove for the start
  bool expanded = false;
};

// A node as sent between workers and held in open lists.
template <class B, class Value>
struct Node {
  State<B> state;
  Value value;
  std::uint64_t owner_hash = 0;
  std::int32_t g = 0;
  std::int32_t f = 0;
  std::int8_t move = kNoMove;  // the blank move that reached `state`
};

// A batch of nodes from one worker to another: linked into the receiver's inbox, then returned to
// the worker that filled it (`owner`) for reuse.
template <class N, std::size_t kCapacity>
struct Message {
  Message* next = nullptr;
  int owner = 0;
  std::uint32_t count = 0;
  std::array<N, kCapacity> nodes;
};

// Fixed-size blocks taken from chunks and recycled through a free list. Not thread-safe: one per
// worker.
template <class T>
class Pool {
 public:
  static constexpr std::size_t kChunk = 4096;

  T* allocate() {
    if (!free_.empty()) {
      T* p = free_.back();
      free_.pop_back();
      return p;
    }
    if (left_ == 0) {
      chunks_.push_back(std::make_unique<T[]>(kChunk));
      next_ = chunks_.back().get();
      left_ = kChunk;
    }
    --left_;
    return next_++;
  }
  void release(T* p) { free_.push_back(p); }
  std::size_t bytes() const {
    return chunks_.size() * kChunk * sizeof(T) + free_.capacity() * sizeof(T*);
  }

 private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::vector<T*> free_;
  T* next_ = nullptr;
  std::size_t left_ = 0;
};

// Bucket queue over (f, g): pops a node of least f, and among those one of greatest g.
template <class N>
class OpenList {
 public:
  void push(N* n) {
    const auto f = static_cast<std::size_t>(n->f), g = static_cast<std::size_t>(n->g);
    if (f >= buckets_.size()) buckets_.resize(f + 1);
    auto& by_g = buckets_[f];
    if (g >= by_g.lists.size()) by_g.lists.resize(g + 1);
    by_g.lists[g].push_back(n);
    by_g.top_g = std::max(by_g.top_g, static_cast<int>(g));
    min_f_ = std::min(min_f_, static_cast<int>(f));
    ++size_;
  }
  // Removes and returns a best node with f < limit, or nullptr when there is none.
  N* pop_below(int limit) {
    if (size_ == 0) return nullptr;
    while (min_f_ < limit && static_cast<std::size_t>(min_f_) < buckets_.size()) {
      auto& by_g = buckets_[static_cast<std::size_t>(min_f_)];
      while (by_g.top_g >= 0 && by_g.lists[static_cast<std::size_t>(by_g.top_g)].empty()) {
        --by_g.top_g;
      }
      if (by_g.top_g >= 0) {
        auto& list = by_g.lists[static_cast<std::size_t>(by_g.top_g)];
        N* n = list.back();
        list.pop_back();
        --size_;
        return n;
      }
      ++min_f_;
    }
    return nullptr;
  }
  // The least f of a node held, or INT_MAX (skipping empty buckets for good).
  int peek_min_f() {
    if (size_ == 0) return INT_MAX;
    while (static_cast<std::size_t>(min_f_) < buckets_.size()) {
      const auto& by_g = buckets_[static_cast<std::size_t>(min_f_)];
      for (int g = by_g.top_g; g >= 0; --g) {
        if (!by_g.lists[static_cast<std::size_t>(g)].empty()) return min_f_;
      }
      ++min_f_;
    }
    return INT_MAX;
  }
  // The least f of a node held, or INT_MAX.
  int min_f() const {
    for (std::size_t f = 0; f < buckets_.size(); ++f) {
      for (const auto& list : buckets_[f].lists) {
        if (!list.empty()) return static_cast<int>(f);
      }
    }
    return INT_MAX;
  }
  std::size_t size() const { return size_; }
  std::size_t bytes() const {
    std::size_t total = 0;
    for (const auto& by_g : buckets_) {
      for (const auto& list : by_g.lists) total += list.capacity() * sizeof(N*);
    }
    return total;
  }

 private:
  struct ByG {
    std::vector<std::vector<N*>> lists;
    int top_g = -1;  // no list above it is non-empty
  };
  std::vector<ByG> buckets_;
  int min_f_ = INT_MAX;  // no bucket below it is non-empty
  std::size_t size_ = 0;
};

}  // namespace hda_detail

template <class B, Heuristic H>
class HdaStar {
 public:
  using Value = typename H::Value;
  using Word = typename B::Word;
  using Node = hda_detail::Node<B, Value>;
  using ClosedEntry = hda_detail::ClosedEntry;
  using Closed = absl::flat_hash_map<Word, ClosedEntry, hda_detail::WordHash<Word>>;

  static constexpr std::size_t kBatch = 32;  // nodes per message to one worker
  using Message = hda_detail::Message<Node, kBatch>;
  static constexpr std::uint64_t kFlushEvery = 16;  // expansions between flushes of all batches
  static constexpr std::uint64_t kPoll = 1024;      // expansions between limit checks
  // Pacing: a worker expands only nodes with f <= the least f held by any worker or in flight to
  // one, plus kAhead; it waits at most kMaxWait for the others (they may have no thread to run on).
  static constexpr int kAhead = 0;
  static constexpr std::chrono::microseconds kMaxWait{50};

  HdaStar(const H& heuristic, const Goal<B>& goal, const Limits& limits, const HdaOptions& options)
      : h_(heuristic),
        goal_(goal.state),
        clock_(limits),
        hasher_(options.hash),
        ramp_up_limit_(options.ramp_up),
        budget_(options.threads),
        workers_(static_cast<std::size_t>(std::max(options.threads, 1))) {
    for (int i = 0; i < static_cast<int>(workers_.size()); ++i) {
      Worker& w = workers_[static_cast<std::size_t>(i)];
      w.index = i;
      w.outbox.assign(workers_.size(), nullptr);
      w.outbox_f.assign(workers_.size(), INT_MAX);
      w.inbox.store(idle_marker(), std::memory_order_relaxed);
    }
  }

  SearchResult run(const State<B>& start) {
    SearchResult result;
    try {
      Node first;
      first.state = start;
      first.value = h_.init(start);
      first.owner_hash = hasher_.hash(start);
      first.f = h_.estimate(first.value);
      const int owner = owner_of(first.owner_hash);
      ramp_up_ = workers_.size() > 1 && ramp_up_limit_ > 0;
      ramp_up_worker_ = owner;
      Message* message = empty_message(workers_[static_cast<std::size_t>(owner)]);
      message->nodes[0] = first;
      message->count = 1;
      budget_.execute([&] {
        if (post(owner, message, first.f)) spawn(owner);
        group_.wait();
      });
    } catch (const std::bad_alloc&) {
      request_stop(Status::OutOfMemory, StopReason::AllocationFailed);
    }
    finish(start, result);
    return result;
  }

 private:
  struct Worker {
    // Owned by the worker's task (one at a time).
    hda_detail::OpenList<Node> open;
    Closed closed;
    hda_detail::Pool<Node> pool;
    int index = 0;
    std::vector<Message*> outbox;  // per destination worker: the message being filled, or nullptr
    std::vector<int> outbox_f;     // per destination worker: the least f in that message
    std::vector<Message*> spare;   // empty messages of this worker, ready to fill
    std::vector<std::unique_ptr<Message>> owned;  // every message this worker allocated
    Message* pending = nullptr;                   // mail taken from the inbox and not yet inserted
    std::uint64_t expanded = 0, generated = 0, sent = 0, reexpanded = 0;
    std::uint64_t reported = 0;  // expansions already added to total_expanded_
    std::uint64_t since_flush = 0;
    int expanding_f = INT_MAX;  // f of the node being expanded (a lower bound if it is cut short)
    // Shared, lock-free. `inbox`: messages posted to this worker, newest first; nullptr while a
    // task of this worker is spawned or running and has taken all mail; the idle marker when no
    // task of it runs. `returned`: this worker's messages, consumed by others, newest first.
    alignas(64) std::atomic<Message*> inbox{nullptr};
    std::atomic<Message*> returned{nullptr};
    // Published at each poll for the memory limit.
    std::atomic<std::uint64_t> bytes{0};
    // The least f in the open list while the worker runs, INT_MAX while it is idle; read by the
    // others to pace themselves. Alone on its cache line: written rarely, read often.
    alignas(64) std::atomic<int> published_f{INT_MAX};
    // The least f of the mail posted to this worker and not yet taken (a pacing hint: lowered by
    // the posters before they post, reset by the worker before it takes its mail).
    std::atomic<int> mail_f{INT_MAX};
    int floor_seen = INT_MIN / 2;  // the least f held or in flight when this worker last looked
    bool waiting = false;          // pacing: waiting for the others since `waiting_since`
    std::chrono::steady_clock::time_point waiting_since;
  };

  int owner_of(std::uint64_t hash) const {
    return OwnerHasher<B>::owner(hash, static_cast<int>(workers_.size()));
  }

  void work(int index) {
    Worker& me = workers_[static_cast<std::size_t>(index)];
    try {
      for (;;) {
        if (stop_.load(std::memory_order_relaxed)) return;
        if (me.inbox.load(std::memory_order_relaxed) != nullptr) take_mail(me);
        const int incumbent = incumbent_.load(std::memory_order_relaxed);
        const int best = me.open.peek_min_f();
        if (best < incumbent && too_far_ahead(me, best)) {
          flush_all(index);
          const auto now = std::chrono::steady_clock::now();
          if (!me.waiting) {
            me.waiting = true;
            me.waiting_since = now;
          }
          if (now - me.waiting_since < kMaxWait) {
            std::this_thread::yield();
            continue;
          }
          // Waited long enough: the worker holding the least f may have no thread to run on (fewer
          // threads than workers); expanding ahead costs nodes, not correctness.
        } else {
          me.waiting = false;
        }
        Node* n = me.open.pop_below(incumbent);
        if (n == nullptr) {
          flush_all(index);
          me.published_f.store(INT_MAX, std::memory_order_relaxed);
          Message* expected = nullptr;
          // Release: the next task of this worker, spawned by whoever posts onto the marker,
          // sees everything this one wrote.
          if (me.inbox.compare_exchange_strong(expected, idle_marker(), std::memory_order_acq_rel,
                                               std::memory_order_relaxed)) {
            return;
          }
          continue;  // mail arrived meanwhile
        }
        me.expanding_f = n->f;
        expand(index, me, n);
        me.expanding_f = INT_MAX;
        if (ramp_up_ && me.expanded >= ramp_up_limit_) spread_out(index, me);
        if (++me.since_flush >= kFlushEvery) {
          me.since_flush = 0;
          flush_all(index);
        } else {
          deliver_wanted(me);
        }
        if (me.expanded - me.reported >= kPoll) poll(me);
      }
    } catch (const std::bad_alloc&) {
      request_stop(Status::OutOfMemory, StopReason::AllocationFailed);
    }
  }

  // Ends the ramp-up. The other workers have no task and nothing was posted to them, so this worker
  // moves every closed entry and open node to its owner's tables directly, then wakes the owners.
  void spread_out(int index, Worker& me) {
    ramp_up_ = false;
    for (auto it = me.closed.begin(); it != me.closed.end();) {
      const int owner = owner_of(hasher_.hash(state_of(it->first)));
      if (owner == index) {
        ++it;
        continue;
      }
      workers_[static_cast<std::size_t>(owner)].closed.insert(*it);
      me.closed.erase(it++);
    }
    std::vector<Node*> open;
    while (Node* n = me.open.pop_below(INT_MAX)) open.push_back(n);
    for (Node* n : open) {
      const int owner = owner_of(n->owner_hash);
      if (owner == index) {
        me.open.push(n);
        continue;
      }
      Worker& w = workers_[static_cast<std::size_t>(owner)];
      Node* moved = w.pool.allocate();
      *moved = *n;
      w.open.push(moved);
      me.pool.release(n);
    }
    // Every open list is read before any owner is woken: a woken worker mails its successors at
    // once, which wakes their owners, whose open lists this thread must then no longer touch.
    std::vector<int> to_wake;
    for (int to = 0; to < static_cast<int>(workers_.size()); ++to) {
      Worker& w = workers_[static_cast<std::size_t>(to)];
      if (to == index || w.open.size() == 0) continue;
      w.published_f.store(w.open.peek_min_f(), std::memory_order_relaxed);
      to_wake.push_back(to);
    }
    for (int to : to_wake) {
      Message* expected = idle_marker();
      if (workers_[static_cast<std::size_t>(to)].inbox.compare_exchange_strong(
              expected, nullptr, std::memory_order_acq_rel)) {
        spawn(to);
      }
    }
  }

  static State<B> state_of(Word word) {
    State<B> s;
    s.word = word;
    for (int c = 0; c < B::kCells; ++c) {
      if (s.tile_at(c) == 0) s.blank = static_cast<std::uint8_t>(c);
    }
    return s;
  }

  // Pacing: a worker whose best node is more than kAhead above the least f any worker holds or has
  // in flight to it waits (yielding its core) instead of expanding nodes that A* may never expand.
  // The worker holding the least f never waits, so the search always progresses. With a strong
  // heuristic (pattern databases) the nodes one f level above the optimum outnumber all those
  // below it, so running ahead even by one level multiplies the work.
  bool too_far_ahead(Worker& me, int best) {
    if (best != me.published_f.load(std::memory_order_relaxed)) {
      me.published_f.store(best, std::memory_order_relaxed);
    }
    if (best <= me.floor_seen + kAhead) return false;
    int floor = INT_MAX;
    for (const Worker& w : workers_) {
      floor = std::min({floor, w.published_f.load(std::memory_order_relaxed),
                        w.mail_f.load(std::memory_order_relaxed)});
    }
    me.floor_seen = floor;
    return best > floor + kAhead;
  }

  // Takes every message posted to `me` (one exchange), inserts their nodes and returns each
  // message to the worker that filled it. `pending` holds what is not inserted yet, for finish().
  void take_mail(Worker& me) {
    me.mail_f.store(INT_MAX, std::memory_order_relaxed);
    me.pending = me.inbox.exchange(nullptr, std::memory_order_acquire);
    while (me.pending != nullptr) {
      Message* message = me.pending;
      for (std::uint32_t i = 0; i < message->count; ++i) insert(me, message->nodes[i]);
      me.pending = message->next;
      give_back(message);
    }
  }

  // The idle marker: never dereferenced, only compared (the address of a member of this search).
  Message* idle_marker() { return reinterpret_cast<Message*>(&idle_marker_storage_); }

  // Pushes `message` (whose least f is `min_f`) onto worker `to`'s inbox; true when `to` was idle
  // (the caller spawns its task: only the poster that took the marker away sees true).
  bool post(int to, Message* message, int min_f) {
    lower_to(workers_[static_cast<std::size_t>(to)].mail_f, min_f);
    std::atomic<Message*>& inbox = workers_[static_cast<std::size_t>(to)].inbox;
    Message* head = inbox.load(std::memory_order_relaxed);
    do {
      message->next = head == idle_marker() ? nullptr : head;
    } while (!inbox.compare_exchange_weak(head, message, std::memory_order_acq_rel,
                                          std::memory_order_relaxed));
    return head == idle_marker();
  }

  // Returns a consumed message to the worker that filled it.
  void give_back(Message* message) {
    message->count = 0;
    std::atomic<Message*>& returned = workers_[static_cast<std::size_t>(message->owner)].returned;
    Message* head = returned.load(std::memory_order_relaxed);
    do {
      message->next = head;
    } while (!returned.compare_exchange_weak(head, message, std::memory_order_release,
                                             std::memory_order_relaxed));
  }

  // An empty message of `me`: a spare one, one given back by the others, or a new one.
  Message* empty_message(Worker& me) {
    if (me.spare.empty()) {
      for (Message* m = me.returned.exchange(nullptr, std::memory_order_acquire); m != nullptr;
           m = m->next) {
        me.spare.push_back(m);
      }
    }
    if (!me.spare.empty()) {
      Message* m = me.spare.back();
      me.spare.pop_back();
      return m;
    }
    me.owned.push_back(std::make_unique<Message>());
    me.owned.back()->owner = me.index;
    return me.owned.back().get();
  }

  // A node reaches its owner: keep it unless a path at least as short is known.
  // A goal is kept even at f == incumbent: its generator lowered the incumbent already, and the
  // entry is where the path is read back from.
  void insert(Worker& me, const Node& n) {
    const bool is_goal = n.state == goal_;
    if (!is_goal && n.f >= incumbent_.load(std::memory_order_relaxed)) return;
    auto [it, fresh] = me.closed.try_emplace(n.state.word, ClosedEntry{n.g, n.move, false});
    if (!fresh) {
      if (it->second.g <= n.g) return;
      it->second.g = n.g;
      it->second.move = n.move;
    }
    if (is_goal) {
      lower_incumbent(n.g);
      return;
    }
    Node* stored = me.pool.allocate();
    *stored = n;
    me.open.push(stored);
  }

  void expand(int index, Worker& me, Node* n) {
    const Node node = *n;
    me.pool.release(n);
    ClosedEntry& entry = me.closed.find(node.state.word)->second;
    if (entry.g < node.g) return;  // a shorter path to it was found since it was queued
    if (entry.expanded) ++me.reexpanded;
    entry.expanded = true;
    ++me.expanded;

    const int blank = node.state.blank;
    const int parent_blank = node.move == hda_detail::kNoMove
                                 ? -1
                                 : B::neighbour(blank, inverse(static_cast<Move>(node.move)));
    const auto& moves = B::kMoveTable[static_cast<std::size_t>(blank)];
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[static_cast<std::size_t>(i)];
      if (target == parent_blank) continue;
      ++me.generated;
      const int tile = node.state.tile_at(target);
      Node child;
      child.value = h_.update(node.value, tile, target, blank);
      child.g = node.g + 1;
      child.f = child.g + h_.estimate(child.value);
      if (child.f >= incumbent_.load(std::memory_order_relaxed)) continue;
      child.state = node.state;
      child.state.move_blank_to(target);
      if (child.state == goal_) lower_incumbent(child.g);  // at once, before it travels
      child.move = static_cast<std::int8_t>(moves.moves[static_cast<std::size_t>(i)]);
      child.owner_hash = hasher_.update(node.owner_hash, tile, target, blank);
      const int owner = ramp_up_ ? index : owner_of(child.owner_hash);
      if (owner == index) {
        insert(me, child);
      } else {
        Message*& batch = me.outbox[static_cast<std::size_t>(owner)];
        if (batch == nullptr) batch = empty_message(me);
        batch->nodes[batch->count++] = child;
        int& batch_f = me.outbox_f[static_cast<std::size_t>(owner)];
        batch_f = std::min(batch_f, child.f);
        if (batch->count == kBatch) deliver(me, owner);
      }
    }
  }

  void flush_all(int index) {
    Worker& me = workers_[static_cast<std::size_t>(index)];
    for (int to = 0; to < static_cast<int>(workers_.size()); ++to) {
      if (me.outbox[static_cast<std::size_t>(to)] != nullptr) deliver(me, to);
    }
  }

  // Sends the batch for worker `to`, spawning its task if it was idle.
  void deliver(Worker& me, int to) {
    Message* message = std::exchange(me.outbox[static_cast<std::size_t>(to)], nullptr);
    const int min_f = std::exchange(me.outbox_f[static_cast<std::size_t>(to)], INT_MAX);
    me.sent += message->count;
    if (post(to, message, min_f)) spawn(to);
  }

  // Runs worker `index`'s loop as a task (its inbox said it was idle and now holds mail).
  void spawn(int index) {
    group_.run([this, index] { work(index); });
  }

  // Sends at once the messages holding a node better than anything their receiver holds (an idle
  // receiver holds nothing): a starving worker must not wait for the next flush.
  void deliver_wanted(Worker& me) {
    for (int to = 0; to < static_cast<int>(workers_.size()); ++to) {
      const auto t = static_cast<std::size_t>(to);
      if (me.outbox[t] != nullptr &&
          me.outbox_f[t] < workers_[t].published_f.load(std::memory_order_relaxed)) {
        deliver(me, to);
      }
    }
  }

  void poll(Worker& me) {
    const std::uint64_t delta = me.expanded - me.reported;
    me.reported = me.expanded;
    const std::uint64_t total = total_expanded_.fetch_add(delta, std::memory_order_relaxed) + delta;
    me.bytes.store(bytes_of(me), std::memory_order_relaxed);
    const StopReason reason = clock_.check(total);
    if (reason != StopReason::None) {
      request_stop(Status::Limit, reason);
      return;
    }
    std::uint64_t bytes = 0;
    for (const Worker& w : workers_) bytes += w.bytes.load(std::memory_order_relaxed);
    if (clock_.over_memory(bytes)) request_stop(Status::OutOfMemory, StopReason::MemoryLimit);
  }

  static std::uint64_t bytes_of(const Worker& w) {
    return w.closed.capacity() * (sizeof(typename Closed::value_type) + 1) + w.pool.bytes() +
           w.open.bytes() + w.owned.size() * sizeof(Message) +
           (w.owned.capacity() + w.spare.capacity()) * sizeof(void*);
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
    for (const Worker& w : workers_) {
      stats.expanded += w.expanded;
      stats.generated += w.generated;
      stats.sent += w.sent;
      stats.reexpanded += w.reexpanded;
      stats.stored += w.closed.size();
      stats.expanded_per_worker.push_back(w.expanded);
    }
    stats.seconds = clock_.elapsed();
    const int incumbent = incumbent_.load();
    if (stop_.load()) {
      result.status = stop_status_;
      result.reason = stop_reason_;
      // Every node with f below the optimum that was never expanded is held somewhere: in an open
      // list, an inbox, an outgoing batch, or it is the node whose expansion was cut short.
      int bound = incumbent;
      const auto lower = [&](const Message* list) {
        for (; list != nullptr && list != idle_marker(); list = list->next) {
          for (std::uint32_t i = 0; i < list->count; ++i) bound = std::min(bound, list->nodes[i].f);
        }
      };
      for (Worker& w : workers_) {
        bound = std::min({bound, w.open.min_f(), w.expanding_f});
        lower(w.inbox.load());
        lower(w.pending);
        for (const Message* batch : w.outbox) lower(batch);
      }
      result.bound = std::max(bound == INT_MAX ? 0 : bound, h_.estimate(h_.init(start)));
      return;
    }
    if (incumbent == INT_MAX) {
      result.status = Status::Unsolvable;
      return;
    }
    State<B> s = goal_;
    for (;;) {
      const int owner = ramp_up_ ? ramp_up_worker_ : owner_of(hasher_.hash(s));
      const Worker& w = workers_[static_cast<std::size_t>(owner)];
      const ClosedEntry& entry = w.closed.find(s.word)->second;
      if (entry.move == hda_detail::kNoMove) break;
      const Move m = static_cast<Move>(entry.move);
      result.path.push_back(m);
      s.apply(inverse(m));
    }
    std::reverse(result.path.begin(), result.path.end());
    result.status = Status::Solved;
    result.optimal = H::kAdmissible;
    result.bound = incumbent;
  }

  const H& h_;
  const State<B> goal_;
  LimitClock clock_;
  OwnerHasher<B> hasher_;
  const std::uint64_t ramp_up_limit_;  // HdaOptions::ramp_up
  ThreadBudget budget_;
  std::vector<Worker> workers_;
  TaskGroup group_;
  std::atomic<int> incumbent_{INT_MAX};
  std::atomic<std::uint64_t> total_expanded_{0};
  std::atomic<bool> stop_{false};
  alignas(Message) unsigned char idle_marker_storage_ = 0;  // its address is the idle marker
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
