// parallel/mpi_hda.hpp — distributed HDA*: one HDA* worker (parallel/hda_worker.hpp) per MPI rank,
// this class being its port (the MPI transport).
//
// Nodes for another rank are batched per destination (kBatch nodes, or every kFlushEvery
// expansions, and at once when going idle) and sent with MPI_Isend as raw bytes (a Node is
// trivially copyable and every rank runs the same binary). A goal lowers the local incumbent and is
// announced to every rank; a rank expands only nodes below the incumbent it knows (never below the
// true one), so every node with f below the final incumbent is expanded somewhere.
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
// over for the next search. Then the incumbent, the statistics and, when stopped, the lower bound
// (the least f held or in flight) are reduced. The path is rebuilt by rank 0, asking each state's
// owner for the move that reached it.
//
// Pacing: a rank announces the least f it holds whenever it changes (INT_MAX when idle) and does
// not expand a node above the least f any rank holds for up to kMaxWait, as the in-process driver
// does. Limits apply per rank: the node limit is shared out evenly, the memory limit is per
// process.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <deque>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "parallel/hda_star.hpp"
#include "parallel/hda_worker.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class MpiHda {
 public:
  using Worker = HdaWorker<B, H>;
  using Node = typename Worker::Node;
  static_assert(std::is_trivially_copyable_v<Node>, "nodes travel as bytes");

  static constexpr std::size_t kBatch = 256;        // nodes per message
  static constexpr std::uint64_t kFlushEvery = 64;  // expansions between flushes of all batches
  static constexpr std::uint64_t kPoll = 1024;      // expansions between limit checks
  static constexpr int kProbeEvery = 16;            // loop turns between probes for messages
  static constexpr double kMaxWait = 0.001;         // pacing: seconds at most

  MpiHda(const H& heuristic, const Goal<B>& goal, const Limits& limits, OwnerHash hash)
      : h_(heuristic),
        goal_(goal.state),
        rank_(mpi::rank()),
        ranks_(mpi::size()),
        clock_(share(limits, ranks_)),
        hasher_(hash),
        worker_(heuristic, goal_, hasher_),
        out_(static_cast<std::size_t>(ranks_)),
        floors_(static_cast<std::size_t>(ranks_), INT_MAX),
        sent_to_(static_cast<std::size_t>(ranks_), 0),
        received_from_(static_cast<std::size_t>(ranks_), 0) {}

  SearchResult run(const State<B>& start) {
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

  // ---- the port (hda_worker.hpp) ----
  int incumbent() const { return incumbent_; }
  void lower_incumbent(int g) {
    if (g >= incumbent_) return;
    incumbent_ = g;
    for (int r = 0; r < ranks_; ++r) {
      if (r != rank_) post(r, kIncumbent, &g, sizeof g);
    }
  }
  void send(const Node& child) {
    const int owner = owner_of(child.owner_hash);
    if (owner == rank_) {
      if (worker_.insert(child, incumbent_)) lower_incumbent(child.g);
      return;
    }
    auto& batch = out_[static_cast<std::size_t>(owner)];
    batch.push_back(child);
    if (batch.size() == kBatch) ship(owner);
  }
  bool stopped() const { return stopped_ || done_; }
  void drain() {
    if (++since_probe_ < kProbeEvery) return;
    since_probe_ = 0;
    receive_all();
  }
  bool pace(int best) {
    announce_floor(best);
    int floor = INT_MAX;
    for (int f : floors_) floor = std::min(floor, f);
    if (best <= floor) {
      pacing_since_ = -1;
      return false;
    }
    const double t = mpi::now();
    if (pacing_since_ < 0) pacing_since_ = t;
    if (t - pacing_since_ >= kMaxWait) return false;  // expanding ahead costs nodes only
    flush();
    mpi::pause();
    receive_all();
    waiting_ += mpi::now() - t;
    return true;
  }
  bool wait_for_work() {
    flush();
    announce_floor(INT_MAX);
    const double start = mpi::now();
    for (;;) {
      receive_all();
      if (stopped_ || done_) break;
      if (worker_.min_f() < incumbent_) break;
      pass_token();
      if (done_) break;
      if (const StopReason reason = clock_.check(worker_.expanded()); reason != StopReason::None) {
        request_stop(Status::Limit, reason);
        break;
      }
      mpi::pause();
    }
    waiting_ += mpi::now() - start;
    return !(stopped_ || done_);
  }
  void after_expansion() {
    if (++since_flush_ >= kFlushEvery) {
      since_flush_ = 0;
      flush();
      reclaim();
    }
    if (worker_.expanded() % kPoll == 0) poll();
  }

 private:
  enum Tag : int { kNodes = 1, kIncumbent, kFloor, kToken, kStop, kDone, kPath, kPathEnd };
  struct Token {
    std::int64_t count = 0;
    std::int32_t black = 0;
  };
  struct Pending {
    std::vector<char> bytes;
    MPI_Request request = MPI_REQUEST_NULL;
  };

  static Limits share(Limits limits, int ranks) {
    if (limits.nodes) limits.nodes = (limits.nodes + static_cast<std::uint64_t>(ranks) - 1) / ranks;
    return limits;
  }
  int owner_of(std::uint64_t hash) const { return OwnerHasher<B>::owner(hash, ranks_); }

  // Sends `bytes` bytes to `to` (counted for closing).
  void post(int to, int tag, const void* data, std::size_t bytes) {
    Pending& p = pending_.emplace_back();
    p.bytes.assign(static_cast<const char*>(data), static_cast<const char*>(data) + bytes);
    MPI_Isend(p.bytes.data(), static_cast<int>(bytes), MPI_BYTE, to, tag, comm_.get(), &p.request);
    ++sent_to_[static_cast<std::size_t>(to)];
    ++stats_.messages;
    stats_.bytes += bytes;
  }
  void ship(int to) {
    auto& batch = out_[static_cast<std::size_t>(to)];
    post(to, kNodes, batch.data(), batch.size() * sizeof(Node));
    sent_nodes_ += batch.size();
    batch.clear();
    ++safra_count_;
  }
  void flush() {
    for (int to = 0; to < ranks_; ++to) {
      if (!out_[static_cast<std::size_t>(to)].empty()) ship(to);
    }
  }
  // Frees the buffers of the sends that completed.
  void reclaim() {
    while (!pending_.empty()) {
      int done = 0;
      MPI_Test(&pending_.front().request, &done, MPI_STATUS_IGNORE);
      if (!done) return;
      pending_.pop_front();
    }
  }
  void announce_floor(int f) {
    if (f == floors_[static_cast<std::size_t>(rank_)]) return;
    floors_[static_cast<std::size_t>(rank_)] = f;
    for (int r = 0; r < ranks_; ++r) {
      if (r != rank_) post(r, kFloor, &f, sizeof f);
    }
  }

  void receive_all() {
    for (;;) {
      int flag = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_.get(), &flag, &status);
      if (!flag) return;
      receive(status);
    }
  }
  void receive(const MPI_Status& status) {
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
  void pass_token() {
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

  void poll() {
    std::uint64_t bytes = worker_.bytes();
    for (const Pending& p : pending_) bytes += p.bytes.capacity();
    if (const HeartbeatFn* heartbeat = clock_.limits().heartbeat; heartbeat && *heartbeat) {
      // This rank's progress (the heartbeat is rank 0's: the other ranks' requests carry none).
      (*heartbeat)(
          {worker_.expanded(), worker_.generated(), worker_.held_min_f(), bytes, clock_.elapsed()});
    }
    const StopReason reason = clock_.check(worker_.expanded());
    if (reason != StopReason::None) return request_stop(Status::Limit, reason);
    if (clock_.over_memory(bytes)) request_stop(Status::OutOfMemory, StopReason::MemoryLimit);
  }

  void request_stop(Status status, StopReason reason) {
    if (stopped_) return;
    stopped_ = true;
    stop_status_ = status;
    stop_reason_ = reason;
    const auto message = mpi::Message().put(static_cast<int>(status)).put(reason);
    for (int r = 0; r < ranks_; ++r) {
      if (r != rank_) post(r, kStop, message.data(), message.size());
    }
  }

  // Receives every message still in flight to this rank and completes every send.
  void close() {
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

  // After close(): the reductions, and the path on rank 0.
  SearchResult finish(const State<B>& start) {
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
  std::vector<Move> trace_path() {
    std::vector<Move> path;
    State<B> s = goal_;
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
  void serve_path() {
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

  const H& h_;
  const State<B> goal_;
  const int rank_, ranks_;
  mpi::SearchComm comm_;
  LimitClock clock_;
  OwnerHasher<B> hasher_;
  Worker worker_;
  std::vector<std::vector<Node>> out_;  // per destination rank: the batch being filled
  std::deque<Pending> pending_;         // sends not known to be complete, oldest first
  std::vector<char> inbox_;
  std::vector<int> floors_;  // the least f each rank announced (this rank's own included)
  std::vector<long long> sent_to_, received_from_;  // messages, for closing
  int incumbent_ = INT_MAX;
  int since_probe_ = 0;
  std::uint64_t since_flush_ = 0, sent_nodes_ = 0;
  std::int64_t safra_count_ = 0;  // node batches sent minus received
  bool black_ = false, have_token_ = false, token_out_ = false;
  Token token_;
  bool stopped_ = false, done_ = false, terminated_ = false, closing_ = false;
  Status stop_status_ = Status::Limit;
  StopReason stop_reason_ = StopReason::None;
  int in_flight_f_ = INT_MAX;  // the least f of the nodes received while closing
  double pacing_since_ = -1, waiting_ = 0;
  mpi::TransportStats stats_;
};

// Distributed HDA* over every rank of the MPI job (one worker per rank). Called on every rank with
// the same arguments; rank 0's result holds the path.
template <class B, Heuristic H>
SearchResult mpi_hda_star(const H& h, const Goal<B>& goal, const State<B>& start,
                          const Limits& limits, OwnerHash hash) {
  MpiHda<B, H> search(h, goal, limits, hash);
  return search.run(start);
}

}  // namespace npuzzle
