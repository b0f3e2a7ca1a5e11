// parallel/mpi_hda_port.hpp — one rank of distributed HDA* (parallel/mpi_hda.hpp): the class
// MpiHda, its members, and the port its HDA* worker (parallel/hda_worker.hpp) calls: the incumbent,
// the children sent to their owners, pacing, waiting for work, the limits. The transport under the
// port (node batches, messages, Safra's termination, closing, through parallel/mpi_world.hpp) is
// declared here and defined in parallel/mpi_hda_transport.hpp, and the result (the reductions and
// the path) in parallel/mpi_hda.hpp, `inline` as they were in the class; parallel/mpi_hda.hpp
// brings them all.
//
// A goal lowers the local incumbent and is announced to every rank; a rank expands only nodes below
// the incumbent it knows (never below the true one), so every node with f below the final incumbent
// is expanded somewhere.
//
// Pacing: a rank announces the least f it holds whenever it changes (INT_MAX when idle) and does
// not expand a node above the least f any rank holds for up to kMaxWait, as the in-process driver
// does. Limits apply per rank: the node limit is shared out evenly, the memory limit is per
// process.
// Invariants: incumbent_ only falls, and a goal found here (lower_incumbent) is posted to every
// other rank; a child owned here goes straight into the worker, any other into its owner's batch,
// so each state is held by its owner alone; once stopped_ or done_ is set the worker expands no
// more.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <deque>
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
        goal_(goal),
        rank_(mpi::rank()),
        ranks_(mpi::size()),
        clock_(share(limits, ranks_)),
        hasher_(hash),
        worker_(heuristic, goal_, hasher_),
        out_(static_cast<std::size_t>(ranks_)),
        floors_(static_cast<std::size_t>(ranks_), INT_MAX),
        sent_to_(static_cast<std::size_t>(ranks_), 0),
        received_from_(static_cast<std::size_t>(ranks_), 0) {}

  SearchResult run(const State<B>& start);

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

  // The transport (parallel/mpi_hda_transport.hpp).
  void post(int to, int tag, const void* data, std::size_t bytes);
  void ship(int to);
  void flush();
  void reclaim();
  void announce_floor(int f);
  void receive_all();
  void receive(const MPI_Status& status);
  void pass_token();
  void close();

  // The result (parallel/mpi_hda.hpp).
  SearchResult finish(const State<B>& start);
  std::vector<Move> trace_path();
  void serve_path();

  const H& h_;
  const Goal<B> goal_;
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

}  // namespace npuzzle
