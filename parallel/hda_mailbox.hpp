// parallel/hda_mailbox.hpp — the in-process transport of HDA*: lock-free mailboxes between workers
// that are threads of one process.
//
// A node for another worker is buffered in a message (a batch of up to kBatch nodes) for that
// worker; a full message, or every message at a flush, is posted to the owner's inbox: a lock-free
// stack (one compare-and-swap to post, one exchange to take all mail). Consumed messages go back to
// the worker that filled them through a second lock-free stack, so messages are allocated only
// while the traffic grows, never per node, and no lock is taken.
//
// Termination: a worker with nothing to do swaps its empty inbox for the idle marker
// (compare-and-swap: it fails if mail has just arrived, and the worker goes on). Posting onto an
// idle marker takes the marker away, so exactly one poster sees it, and that poster must wake the
// worker (post() returns true). Hence, when every worker is idle and no poster is about to wake
// one, no node is in flight: the driver's task group being empty is the termination signal.
//
// Pacing hints: each worker publishes the least f it holds (INT_MAX while idle), and posters lower
// the receiver's `mail_f` before posting; a worker compares its best f with the least of these.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "core/atomic_extremum.hpp"

namespace npuzzle {

template <class Node>
class Mailboxes {
 public:
  static constexpr std::size_t kBatch = 32;  // nodes per message to one worker

  struct Message {
    Message* next = nullptr;
    int owner = 0;  // the worker that filled it, and gets it back
    std::uint32_t count = 0;
    std::array<Node, kBatch> nodes;
  };

  explicit Mailboxes(int workers) : boxes_(static_cast<std::size_t>(workers)) {
    for (int i = 0; i < workers; ++i) {
      Box& b = boxes_[static_cast<std::size_t>(i)];
      b.index = i;
      b.outbox.assign(boxes_.size(), nullptr);
      b.outbox_f.assign(boxes_.size(), INT_MAX);
      b.inbox.store(idle_marker(), std::memory_order_relaxed);
    }
  }

  int workers() const { return static_cast<int>(boxes_.size()); }

  // Buffers `n` from worker `from` for worker `to`; true when the batch is full (deliver it).
  bool buffer(int from, int to, const Node& n) {
    Box& me = box(from);
    Message*& batch = me.outbox[static_cast<std::size_t>(to)];
    if (batch == nullptr) batch = empty_message(me);
    batch->nodes[batch->count++] = n;
    int& batch_f = me.outbox_f[static_cast<std::size_t>(to)];
    batch_f = std::min(batch_f, n.f);
    return batch->count == kBatch;
  }

  // Posts `from`'s batch for `to`; true when `to` was idle (the caller wakes it).
  bool deliver(int from, int to) {
    Box& me = box(from);
    Message* message = std::exchange(me.outbox[static_cast<std::size_t>(to)], nullptr);
    const int min_f = std::exchange(me.outbox_f[static_cast<std::size_t>(to)], INT_MAX);
    me.sent += message->count;
    return post(to, message, min_f);
  }

  // Posts every batch of `from`; wake(to) for each idle receiver.
  template <class Wake>
  void flush(int from, Wake&& wake) {
    for (int to = 0; to < workers(); ++to) {
      if (box(from).outbox[static_cast<std::size_t>(to)] != nullptr && deliver(from, to)) wake(to);
    }
  }

  // Posts the batches holding a node better than anything their receiver holds (an idle receiver
  // holds nothing): a starving worker must not wait for the next flush.
  template <class Wake>
  void deliver_wanted(int from, Wake&& wake) {
    for (int to = 0; to < workers(); ++to) {
      const auto t = static_cast<std::size_t>(to);
      if (box(from).outbox[t] != nullptr &&
          box(from).outbox_f[t] < boxes_[t].published_f.load(std::memory_order_relaxed) &&
          deliver(from, to)) {
        wake(to);
      }
    }
  }

  // A first message for an idle worker (the start node): true when the caller must wake it.
  bool post_one(int from, int to, const Node& n) {
    Message* m = empty_message(box(from));
    m->nodes[0] = n;
    m->count = 1;
    return post(to, m, n.f);
  }

  bool has_mail(int index) { return box(index).inbox.load(std::memory_order_relaxed) != nullptr; }

  // Takes every message posted to `index` (one exchange), passes each node to insert(node) and
  // returns the messages to their fillers. `pending` holds what is not inserted yet (a limit or an
  // allocation failure may cut this short: lower_bound() still sees it).
  template <class Insert>
  void take(int index, Insert&& insert) {
    Box& me = box(index);
    me.mail_f.store(INT_MAX, std::memory_order_relaxed);
    me.pending = me.inbox.exchange(nullptr, std::memory_order_acquire);
    while (me.pending != nullptr) {
      Message* message = me.pending;
      for (std::uint32_t i = 0; i < message->count; ++i) insert(message->nodes[i]);
      me.pending = message->next;
      give_back(message);
    }
  }

  // Worker `index` has nothing to do and flushed: true when it went idle (its task may end; the
  // next poster wakes it), false when mail arrived meanwhile.
  bool try_idle(int index) {
    Box& me = box(index);
    me.published_f.store(INT_MAX, std::memory_order_relaxed);
    Message* expected = nullptr;
    // Release: the next task of this worker, spawned by whoever posts onto the marker, sees
    // everything this one wrote.
    return me.inbox.compare_exchange_strong(expected, idle_marker(), std::memory_order_acq_rel,
                                            std::memory_order_relaxed);
  }

  // Takes the idle marker of a worker that holds nodes put there directly (ramp-up): true when the
  // caller must wake it.
  bool claim_idle(int index) {
    Message* expected = idle_marker();
    return box(index).inbox.compare_exchange_strong(expected, nullptr, std::memory_order_acq_rel);
  }

  void publish_f(int index, int f) {
    auto& p = box(index).published_f;
    if (p.load(std::memory_order_relaxed) != f) p.store(f, std::memory_order_relaxed);
  }
  // The least f held by any worker or in flight to one (a pacing hint, not exact).
  int floor_f() const {
    int floor = INT_MAX;
    for (const Box& b : boxes_) {
      floor = std::min({floor, b.published_f.load(std::memory_order_relaxed),
                        b.mail_f.load(std::memory_order_relaxed)});
    }
    return floor;
  }

  std::uint64_t sent(int index) const { return boxes_[static_cast<std::size_t>(index)].sent; }
  std::uint64_t bytes(int index) const {
    const Box& b = boxes_[static_cast<std::size_t>(index)];
    return b.owned.size() * sizeof(Message) + (b.owned.capacity() + b.spare.capacity()) * 8;
  }

  // After every worker stopped: the least f of a node in an inbox, taken mail or a batch.
  int lower_bound() {
    int bound = INT_MAX;
    const auto lower = [&](const Message* list) {
      for (; list != nullptr && list != idle_marker(); list = list->next) {
        for (std::uint32_t i = 0; i < list->count; ++i) bound = std::min(bound, list->nodes[i].f);
      }
    };
    for (Box& b : boxes_) {
      lower(b.inbox.load());
      lower(b.pending);
      for (const Message* batch : b.outbox) lower(batch);
    }
    return bound;
  }

 private:
  struct Box {
    // Owned by the worker's task (one at a time).
    int index = 0;
    std::vector<Message*> outbox;  // per destination worker: the message being filled, or nullptr
    std::vector<int> outbox_f;     // per destination worker: the least f in that message
    std::vector<Message*> spare;   // empty messages of this worker, ready to fill
    std::vector<std::unique_ptr<Message>> owned;  // every message this worker allocated
    Message* pending = nullptr;                   // mail taken from the inbox, not yet inserted
    std::uint64_t sent = 0;
    // Shared, lock-free. `inbox`: messages posted to this worker, newest first; nullptr while a
    // task of this worker is spawned or running and has taken all mail; the idle marker when no
    // task of it runs. `returned`: this worker's messages, consumed by others, newest first.
    alignas(64) std::atomic<Message*> inbox{nullptr};
    std::atomic<Message*> returned{nullptr};
    // The least f in the open list while the worker runs, INT_MAX while it is idle. Alone on its
    // cache line: written rarely, read often.
    alignas(64) std::atomic<int> published_f{INT_MAX};
    // The least f of the mail posted to this worker and not yet taken (lowered by the posters
    // before they post, reset by the worker before it takes its mail).
    std::atomic<int> mail_f{INT_MAX};
  };

  Box& box(int i) { return boxes_[static_cast<std::size_t>(i)]; }

  // The idle marker: never dereferenced, only compared (the address of a member of this object).
  Message* idle_marker() { return reinterpret_cast<Message*>(&idle_marker_storage_); }

  bool post(int to, Message* message, int min_f) {
    lower_to(box(to).mail_f, min_f);
    std::atomic<Message*>& inbox = box(to).inbox;
    Message* head = inbox.load(std::memory_order_relaxed);
    do {
      message->next = head == idle_marker() ? nullptr : head;
    } while (!inbox.compare_exchange_weak(head, message, std::memory_order_acq_rel,
                                          std::memory_order_relaxed));
    return head == idle_marker();
  }

  void give_back(Message* message) {
    message->count = 0;
    std::atomic<Message*>& returned = box(message->owner).returned;
    Message* head = returned.load(std::memory_order_relaxed);
    do {
      message->next = head;
    } while (!returned.compare_exchange_weak(head, message, std::memory_order_release,
                                             std::memory_order_relaxed));
  }

  Message* empty_message(Box& me) {
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

  std::vector<Box> boxes_;
  alignas(Message) unsigned char idle_marker_storage_ = 0;  // its address is the idle marker
};

}  // namespace npuzzle
