// parallel/mpi_hda.hpp — distributed HDA*: one HDA* worker (parallel/hda_worker.hpp) per MPI rank,
// this class being its port (the MPI transport).
//
// Each rank runs its worker through its port (parallel/mpi_hda_port.hpp), which sends the nodes of
// other ranks in batches and detects the end of the search (parallel/mpi_hda_transport.hpp). Here:
// run(), the result and the entry point. After closing, the incumbent, the statistics and, when
// stopped, the lower bound (the least f held or in flight) are reduced. The path is rebuilt by rank
// 0, asking each state's owner for the move that reached it.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <new>
#include <vector>

#include "parallel/mpi_hda_port.hpp"
#include "parallel/mpi_hda_transport.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

template <class B, Heuristic H>
inline SearchResult MpiHda<B, H>::run(const State<B>& start) {
  try {
    const Node first = Worker::root(h_, hasher_, start);
    if (owner_of(first.owner_hash) == rank_ && worker_.insert(first, INT_MAX)) lower_incumbent(0);
    run_hda_worker(worker_, *this);
  } catch (const std::bad_alloc&) {
    request_stop(Status::OutOfMemory, StopReason::AllocationFailed);
  }
  close();
  return finish(start);
}

// After close(): the reductions, and the path on rank 0.
template <class B, Heuristic H>
inline SearchResult MpiHda<B, H>::finish(const State<B>& start) {
  SearchResult result;
  const MPI_Comm comm = comm_.get();
  int incumbent = 0;
  MPI_Allreduce(&incumbent_, &incumbent, 1, MPI_INT, MPI_MIN, comm);
  int terminated = terminated_ ? 1 : 0;
  MPI_Bcast(&terminated, 1, MPI_INT, 0, comm);
  int bound = std::min({incumbent, worker_.held_min_f(), in_flight_f_});
  for (const auto& batch : out_) {
    for (const Node& n : batch) bound = std::min(bound, n.f);
  }
  int least = 0;
  MPI_Allreduce(&bound, &least, 1, MPI_INT, MPI_MIN, comm);
  const std::uint64_t mine[5] = {worker_.expanded(), worker_.generated(), sent_nodes_,
                                 worker_.reexpanded(), worker_.closed().size()};
  std::uint64_t sums[5] = {};
  MPI_Allreduce(mine, sums, 5, MPI_UINT64_T, MPI_SUM, comm);
  std::vector<std::uint64_t> per_rank(static_cast<std::size_t>(ranks_));
  MPI_Allgather(&mine[0], 1, MPI_UINT64_T, per_rank.data(), 1, MPI_UINT64_T, comm);
  double traffic[3] = {static_cast<double>(stats_.messages), static_cast<double>(stats_.bytes),
                       waiting_};
  double traffic_sum[3] = {};
  MPI_Allreduce(traffic, traffic_sum, 3, MPI_DOUBLE, MPI_SUM, comm);
  result.stats.expanded = sums[0];
  result.stats.generated = sums[1];
  result.stats.sent = sums[2];
  result.stats.reexpanded = sums[3];
  result.stats.stored = sums[4];
  result.stats.expanded_per_worker = per_rank;
  result.stats.seconds = clock_.elapsed();
  mpi::report("hda",
              {static_cast<std::uint64_t>(traffic_sum[0]),
               static_cast<std::uint64_t>(traffic_sum[1]), traffic_sum[2]},
              sums[0]);
  if (!terminated) {
    result.status = stop_status_;
    result.reason = stop_reason_;
    result.bound = std::max(least == INT_MAX ? 0 : least, h_.estimate(h_.init(start)));
    return result;
  }
  if (incumbent == INT_MAX) {
    result.status = Status::Unsolvable;
    return result;
  }
  result.status = Status::Solved;
  result.optimal = H::kAdmissible;
  result.bound = incumbent;
  if (rank_ == 0) {
    result.path = trace_path();
  } else {
    serve_path();
  }
  return result;
}

// Rank 0: walks back from the goal, asking each state's owner for the move that reached it.
template <class B, Heuristic H>
inline std::vector<Move> MpiHda<B, H>::trace_path() {
  std::vector<Move> path;
  State<B> s = goal_.state;
  for (;;) {
    const int owner = owner_of(hasher_.hash(s));
    std::int8_t move = -2;  // -2: no entry (cannot happen after a completed search)
    if (owner == 0) {
      if (const auto* e = worker_.find(s.word)) move = e->move;
    } else {
      MPI_Send(&s.word, sizeof s.word, MPI_BYTE, owner, kPath, comm_.get());
      MPI_Recv(&move, 1, MPI_BYTE, owner, kPath, comm_.get(), MPI_STATUS_IGNORE);
    }
    if (move < 0) break;
    path.push_back(static_cast<Move>(move));
    s.apply(inverse(static_cast<Move>(move)));
  }
  for (int r = 1; r < ranks_; ++r) MPI_Send(&r, 1, MPI_INT, r, kPathEnd, comm_.get());
  std::reverse(path.begin(), path.end());
  return path;
}

template <class B, Heuristic H>
inline void MpiHda<B, H>::serve_path() {
  for (;;) {
    MPI_Status status;
    MPI_Probe(0, MPI_ANY_TAG, comm_.get(), &status);
    if (status.MPI_TAG == kPathEnd) {
      int ignored = 0;
      MPI_Recv(&ignored, 1, MPI_INT, 0, kPathEnd, comm_.get(), MPI_STATUS_IGNORE);
      return;
    }
    typename B::Word word{};
    MPI_Recv(&word, sizeof word, MPI_BYTE, 0, kPath, comm_.get(), MPI_STATUS_IGNORE);
    const auto* e = worker_.find(word);
    const std::int8_t move = e ? e->move : std::int8_t{-2};
    MPI_Send(&move, 1, MPI_BYTE, 0, kPath, comm_.get());
  }
}

// Distributed HDA* over every rank of the MPI job (one worker per rank). Called on every rank with
// the same arguments; rank 0's result holds the path.
template <class B, Heuristic H>
SearchResult mpi_hda_star(const H& h, const Goal<B>& goal, const State<B>& start,
                          const Limits& limits, OwnerHash hash) {
  MpiHda<B, H> search(h, goal, limits, hash);
  return search.run(start);
}

}  // namespace npuzzle
