// parallel/mpi_pida_exchange.hpp — the message exchange of distributed parallel IDA*
// (parallel/mpi_pida.hpp) through parallel/mpi_world.hpp: work requests and grants, a solution or a
// limit passed on and every rank cancelled, and the end of each iteration agreed by every rank.
// Members of MpiIda (parallel/mpi_pida_workers.hpp), run by each rank's main thread only.
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
// The first solution found at the iteration's bound is optimal: its rank sends the subtree's index
// and the moves below it to rank 0, which cancels every rank, rebuilds the path (frontier prefix +
// suffix) and replays it like any other path. A limit on any rank cancels every rank the same way.
// At the end of an iteration every rank sends rank 0 its least f above the bound and its counts,
// and rank 0 sends every rank the outcome (the agreed next bound), so all ranks run the same
// iterations.
// Invariants: rank 0 grants each subtree index once (next_ only grows, up to count_); a rank has at
// most one request in flight (ex_.outstanding); rank 0 decides an iteration only once every other
// rank's report came in, and every other rank waits for that decision, so all ranks agree on the
// outcome and the next bound.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <utility>
#include <vector>

#include "parallel/mpi_pida_workers.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

// Rank 0: the next chunk of the counter for a rank that asks for `want` subtrees (empty when the
// iteration is done or cancelled): at most the remaining count over twice the workers of the job.
template <class B, Heuristic H>
inline std::pair<std::size_t, std::size_t> MpiIda<B, H>::grant(std::size_t want) {
  const std::size_t left = count_ - next_;
  const std::size_t chunk = std::clamp<std::size_t>(
      left / (2 * static_cast<std::size_t>(threads_ * ranks_)), 1, std::max<std::size_t>(want, 1));
  const std::size_t begin = next_;
  next_ = std::min(count_, next_ + chunk);
  return {begin, next_};
}

// The subtrees a rank keeps queued beyond those its threads search: a grant's round trip is
// hidden behind them (many subtrees are cut off at once), and few enough that the ranks stay near
// the sequential order of subtrees.
template <class B, Heuristic H>
inline std::size_t MpiIda<B, H>::queue_target() const {
  return kQueuedPerThread * static_cast<std::size_t>(threads_);
}

template <class B, Heuristic H>
inline typename MpiIda<B, H>::DoneReport MpiIda<B, H>::done_report() {
  return {subtrees_.next_bound(), subtrees_.iteration_expanded(), subtrees_.expanded(),
          subtrees_.generated()};
}

// One round of this rank's side of the iteration's exchange, from the main thread only; true
// when a message came in.
template <class B, Heuristic H>
inline bool MpiIda<B, H>::exchange() {
  return rank_ == 0 ? coordinate() : follow();
}

template <class B, Heuristic H>
inline bool MpiIda<B, H>::exchange_complete() const {
  return finished_.load() == threads_ &&
         (rank_ == 0 ? ex_.done_ranks == ranks_ - 1 : !ex_.outstanding);
}

// Rank 0's round: keeps its own queue filled, grants, cancels, collects the reports.
template <class B, Heuristic H>
inline bool MpiIda<B, H>::coordinate() {
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
template <class B, Heuristic H>
inline void MpiIda<B, H>::decide(Iteration& it) {
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
template <class B, Heuristic H>
inline bool MpiIda<B, H>::follow() {
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
template <class B, Heuristic H>
inline void MpiIda<B, H>::learn(Iteration& it) {
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

}  // namespace npuzzle
