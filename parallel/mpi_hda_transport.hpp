// parallel/mpi_hda_transport.hpp — the transport of distributed HDA* (parallel/mpi_hda.hpp) through
// parallel/mpi_world.hpp: node batches and messages sent and received, Safra's termination, and
// closing a search. Members of MpiHda (parallel/mpi_hda_port.hpp).
//
// Nodes for another rank are batched per destination (kBatch nodes, or every kFlushEvery
// expansions, and at once when going idle) and sent with MPI_Isend as raw bytes (a Node is
// trivially copyable and every rank runs the same binary).
//
// Termination (Safra's token algorithm, counting the node batches): each rank counts batches sent
// minus received and turns black when it receives one. Rank 0, when it has nothing to expand, sends
// a white token round the ring 0 -> 1 -> … -> 0; a rank passes it on only while it has nothing to
// expand and has sent all its batches, adding its count and blackening it if the rank is black
// (then the rank turns white). The search is over when the token comes back white, rank 0 is white
// and the counts sum to zero: no rank holds a node below its incumbent and no batch is in flight.
// Rank 0 then tells every rank. A limit, an interrupt or an allocation failure on any rank is sent
// to every rank instead, and all stop.
//
// Closing: every message of a search is counted per destination; after the loop the ranks exchange
// these counts (MPI_Alltoall) and each receives what is still in flight to it, so nothing is left
// over for the next search.
// Invariants: every message posted is counted in sent_to_ and every one received in
// received_from_, so after close() each rank has received all that was sent to it and completed
// every send; safra_count_ is the node batches sent minus received.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "parallel/mpi_hda_port.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

// Sends `bytes` bytes to `to` (counted for closing).
template <class B, Heuristic H>
inline void MpiHda<B, H>::post(int to, int tag, const void* data, std::size_t bytes) {
  Pending& p = pending_.emplace_back();
  p.bytes.assign(static_cast<const char*>(data), static_cast<const char*>(data) + bytes);
  MPI_Isend(p.bytes.data(), static_cast<int>(bytes), MPI_BYTE, to, tag, comm_.get(), &p.request);
  ++sent_to_[static_cast<std::size_t>(to)];
  ++stats_.messages;
  stats_.bytes += bytes;
}

template <class B, Heuristic H>
inline void MpiHda<B, H>::ship(int to) {
  auto& batch = out_[static_cast<std::size_t>(to)];
  post(to, kNodes, batch.data(), batch.size() * sizeof(Node));
  sent_nodes_ += batch.size();
  batch.clear();
  ++safra_count_;
}

template <class B, Heuristic H>
inline void MpiHda<B, H>::flush() {
  for (int to = 0; to < ranks_; ++to) {
    if (!out_[static_cast<std::size_t>(to)].empty()) ship(to);
  }
}

// Frees the buffers of the sends that completed.
template <class B, Heuristic H>
inline void MpiHda<B, H>::reclaim() {
  while (!pending_.empty()) {
    int done = 0;
    MPI_Test(&pending_.front().request, &done, MPI_STATUS_IGNORE);
    if (!done) return;
    pending_.pop_front();
  }
}

template <class B, Heuristic H>
inline void MpiHda<B, H>::announce_floor(int f) {
  if (f == floors_[static_cast<std::size_t>(rank_)]) return;
  floors_[static_cast<std::size_t>(rank_)] = f;
  for (int r = 0; r < ranks_; ++r) {
    if (r != rank_) post(r, kFloor, &f, sizeof f);
  }
}

template <class B, Heuristic H>
inline void MpiHda<B, H>::receive_all() {
  for (;;) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_.get(), &flag, &status);
    if (!flag) return;
    receive(status);
  }
}

template <class B, Heuristic H>
inline void MpiHda<B, H>::receive(const MPI_Status& status) {
  int bytes = 0;
  MPI_Get_count(&status, MPI_BYTE, &bytes);
  inbox_.resize(static_cast<std::size_t>(bytes));
  MPI_Recv(inbox_.data(), bytes, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, comm_.get(),
           MPI_STATUS_IGNORE);
  ++received_from_[static_cast<std::size_t>(status.MPI_SOURCE)];
  int value = 0;
  if (bytes >= static_cast<int>(sizeof value)) std::memcpy(&value, inbox_.data(), sizeof value);
  switch (status.MPI_TAG) {
    case kNodes: {
      --safra_count_;
      black_ = true;
      const std::size_t count = inbox_.size() / sizeof(Node);
      for (std::size_t i = 0; i < count; ++i) {
        Node n;
        std::memcpy(&n, inbox_.data() + i * sizeof(Node), sizeof(Node));
        if (closing_) {
          in_flight_f_ = std::min(in_flight_f_, n.f);
        } else if (worker_.insert(n, incumbent_)) {
          lower_incumbent(n.g);
        }
      }
      break;
    }
    case kIncumbent:
      incumbent_ = std::min(incumbent_, value);
      break;
    case kFloor:
      floors_[static_cast<std::size_t>(status.MPI_SOURCE)] = value;
      break;
    case kToken:
      std::memcpy(&token_, inbox_.data(), sizeof token_);
      have_token_ = true;
      break;
    case kStop:
      if (!stopped_) {
        stopped_ = true;
        mpi::MessageReader in(inbox_);
        stop_status_ = static_cast<Status>(in.get<int>());
        stop_reason_ = in.get<StopReason>();
      }
      break;
    case kDone:
      done_ = true;
      break;
    default:
      break;
  }
}

// Safra's token step, while this rank has nothing to expand.
template <class B, Heuristic H>
inline void MpiHda<B, H>::pass_token() {
  const int next = (rank_ + 1) % ranks_;
  if (rank_ == 0) {
    if (token_out_ && !have_token_) return;
    if (have_token_ && !token_.black && !black_ && token_.count + safra_count_ == 0) {
      done_ = true;
      terminated_ = true;
      for (int r = 1; r < ranks_; ++r) post(r, kDone, &r, sizeof r);
      return;
    }
    have_token_ = false;
    token_out_ = true;
    black_ = false;
    const Token fresh{};
    post(next, kToken, &fresh, sizeof fresh);
    return;
  }
  if (!have_token_) return;
  Token t = token_;
  t.count += safra_count_;
  t.black = t.black || black_;
  black_ = false;
  have_token_ = false;
  post(next, kToken, &t, sizeof t);
}

// Receives every message still in flight to this rank and completes every send.
template <class B, Heuristic H>
inline void MpiHda<B, H>::close() {
  closing_ = true;
  std::vector<long long> expected(static_cast<std::size_t>(ranks_), 0);
  MPI_Alltoall(sent_to_.data(), 1, MPI_LONG_LONG, expected.data(), 1, MPI_LONG_LONG, comm_.get());
  for (int r = 0; r < ranks_; ++r) {
    while (received_from_[static_cast<std::size_t>(r)] < expected[static_cast<std::size_t>(r)]) {
      MPI_Status status;
      MPI_Probe(r, MPI_ANY_TAG, comm_.get(), &status);
      receive(status);
    }
  }
  for (Pending& p : pending_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
  pending_.clear();
}

}  // namespace npuzzle
