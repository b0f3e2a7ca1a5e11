// parallel/mpi_work_exchange.cpp — the rounds of parallel/mpi_pida_exchange.hpp's WorkExchange as
// each side runs them: rank 0 coordinating (grants, cancels, the reports and the decision) and the
// other ranks following (requests, grants, a solution or a limit passed on, the outcome learnt).
#include <algorithm>

#include "parallel/mpi_pida_exchange.hpp"

namespace npuzzle {

bool WorkExchange::coordinate() {
  const auto cancel_all = [this] {
    if (ex_.cancelled_all) return;
    ex_.cancelled_all = true;
    next_ = count_;
    local_.cancel();
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
  if (local_.cancelled() && !ex_.reported) {
    ex_.reported = true;
    auto snap = local_.snapshot();
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
        const auto report = in.get<ExchangeLocal::Report>();
        ex_.next_bound = std::min(ex_.next_bound, static_cast<int>(report.next_bound));
        ex_.round_expanded += report.round_expanded;
        {
          std::lock_guard lock(counts_mutex_);
          ExchangeLocal::Live& counts = counts_[static_cast<std::size_t>(from)];
          counts.expanded = report.expanded;
          counts.generated = report.generated;
          counts.round_expanded = report.round_expanded;
        }
        ++ex_.done_ranks;
        break;
      }
      case kLive: {
        const auto round = in.get<std::uint64_t>();
        const auto live = in.get<ExchangeLocal::Live>();
        if (round == round_) {
          std::lock_guard lock(counts_mutex_);
          counts_[static_cast<std::size_t>(from)] = live;
        }
        break;
      }
      default:
        break;
    }
  }
  return busy;
}

void WorkExchange::decide(Round& round) {
  const ExchangeLocal::Report own = local_.report();
  round.next_bound = std::min(ex_.next_bound, static_cast<int>(own.next_bound));
  round.expanded = ex_.round_expanded + own.round_expanded;
  round.reason = ex_.reason;
  {
    std::lock_guard lock(counts_mutex_);
    counts_[0].expanded = own.expanded;
    counts_[0].generated = own.generated;
  }
  if (found_index_ >= 0) {
    round.outcome = Outcome::Found;
    round.found_index = found_index_;
    round.found_suffix = found_suffix_;
  } else if (round.reason != StopReason::None) {
    round.outcome = Outcome::Stopped;
  }
  const Decision decision{round.outcome, round.next_bound, round.expanded,
                          static_cast<std::int64_t>(round.reason), round.found_index};
  const auto message = mpi::Message().put(decision).put_all(round.found_suffix);
  for (int r = 1; r < ranks_; ++r) send(r, kResult, message);
}

bool WorkExchange::follow() {
  bool busy = false;
  if (const std::size_t have = queued();
      !ex_.outstanding && !ex_.no_more && !local_.cancelled() && have < queue_target()) {
    send(0, kRequest, mpi::Message().put(queue_target() - have));
    ex_.outstanding = true;
  }
  if (const double now = mpi::now(); now >= next_live_) {
    next_live_ = now + kLiveSeconds;
    send(0, kLive, mpi::Message().put(round_).put(local_.live()));
  }
  if (local_.cancelled() && !ex_.reported) {
    ex_.reported = true;
    const auto snap = local_.snapshot();
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
      local_.cancel();
      enqueue(0, 0);
    }
  }
  return busy;
}

void WorkExchange::learn(Round& round) {
  const ExchangeLocal::Report own = local_.report();
  send(0, kDone, mpi::Message().put(own));
  {
    std::lock_guard lock(counts_mutex_);
    counts_[static_cast<std::size_t>(rank_)].expanded = own.expanded;
    counts_[static_cast<std::size_t>(rank_)].generated = own.generated;
  }
  for (;;) {  // the outcome (a cancel sent before it may come first)
    MPI_Status status;
    if (!comm_.receive(0, status, data_)) {
      mpi::pause(100);
      continue;
    }
    if (status.MPI_TAG != kResult) continue;
    mpi::MessageReader in(data_);
    const auto decision = in.get<Decision>();
    round.outcome = decision.outcome;
    round.next_bound = static_cast<int>(decision.next_bound);
    round.expanded = decision.expanded;
    round.reason = static_cast<StopReason>(decision.reason);
    round.found_index = static_cast<int>(decision.found_index);
    round.found_suffix = in.rest<Move>();
    return;
  }
}

}  // namespace npuzzle
