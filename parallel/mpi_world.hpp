// parallel/mpi_world.hpp — the MPI process group of a distributed run (built with
// -DNPUZZLE_MPI=ON).
//
// Every rank runs the same program. Rank 0 is the front end: it reads the input, prints the results
// and, for each distributed search, broadcasts a *job* (an opaque string the front end encodes: the
// request and the board). The other ranks serve jobs until rank 0 broadcasts the end. Waiting for a
// job polls a non-blocking broadcast with short sleeps, so an idle rank does not take a core from
// rank 0 (Open MPI's blocking calls spin).
//
// A distributed search begins with `join(ok)` on every rank: a rank that could not start it (no
// pattern database, interrupted before it began …) says so, and every rank then gives it up
// together instead of waiting for the missing one. The front end calls `join(false)` for a job that
// ended before its search joined (`join_pending()`).
//
// Failures: MPI calls use MPI_ERRORS_ARE_FATAL, and mpirun ends the whole job when one rank dies,
// so no rank waits forever for a dead one. A rank whose search fails where the ranks cannot agree
// on it (an allocation that failed on one rank in the middle of a threshold) ends the whole job
// with `fail_job` instead of leaving the others waiting. Each search runs on a communicator of its
// own.
#pragma once

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace npuzzle::mpi {

// MPI_Init_thread (funneled: only the thread that called it makes MPI calls) when the process was
// started by mpirun; nothing otherwise. Idempotent.
void init(int* argc, char*** argv);
// MPI_Finalize (after rank 0 sent the end of the jobs). Safe when init() was not called.
void finalize();

bool initialized();
int rank();  // 0 when not initialized
int size();  // 1 when not initialized
// True when a search should be shared among ranks: initialized with more than one rank.
bool distributed();
// The ranks on this rank's host, itself included (MPI_Comm_split_type MPI_COMM_TYPE_SHARED; 1 when
// not initialized).
int host_ranks();

// Rank 0: sends a job to every other rank (an empty job is the end of the jobs).
void broadcast_job(const std::string& job);
// Ranks > 0: the next job, or std::nullopt at the end.
std::optional<std::string> receive_job();

// Every rank, at the start of a distributed search: true when every rank is ready for it.
bool join(bool ok);
// True between a job's broadcast (or receipt) and its join.
bool join_pending();

// What fail_job does before it ends the job (the front end's, called before any search): says why,
// and gives the exit code of the job (mpirun's own).
struct JobFailure {
  std::function<void(const std::string& why)> log;
  int out_of_memory_exit = 1;
};
void set_job_failure(JobFailure failure);
// Ends every rank of the job (MPI_Abort) after this rank ran out of memory in a search that the
// other ranks cannot go on with or stop with it; `why` names where.
[[noreturn]] void fail_job_out_of_memory(const std::string& why);

// A short pause for polling loops.
void pause(int microseconds = 20);

// The search statistics only MPI runs have, summed over the ranks: rank 0 hands them, one line
// per distributed search, to the sink its front end set (the command line prints them when
// NPUZZLE_MPI_STATS is set, docs/mpi.md); without a sink they are dropped.
struct TransportStats {
  std::uint64_t messages = 0;  // point-to-point messages sent
  std::uint64_t bytes = 0;     // their payload
  double waiting = 0;          // seconds the ranks spent with nothing to do, summed
};
using TransportSink = std::function<void(const std::string& line)>;
// Called before any search (the front end's main), on every rank.
void set_transport_sink(TransportSink sink);
// On rank 0, to the sink: "mpi hda: 4 ranks, 1200 messages, …".
void report(const char* algorithm, const TransportStats& stats, std::uint64_t expanded);

// A message of trivially copyable values, read back in the order they were put.
class Message {
 public:
  template <class T>
  Message& put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const std::size_t at = bytes_.size();
    bytes_.resize(at + sizeof value);
    std::memcpy(bytes_.data() + at, &value, sizeof value);
    return *this;
  }
  template <class T>
  Message& put_all(const std::vector<T>& values) {
    for (const T& v : values) put(v);
    return *this;
  }
  const char* data() const { return bytes_.data(); }
  std::size_t size() const { return bytes_.size(); }

 private:
  std::vector<char> bytes_;
};

// Reads a received Message's values; a value past the end reads as T{} (a short message from a
// rank of another build is not read out of bounds).
class MessageReader {
 public:
  explicit MessageReader(const std::vector<char>& data) : data_(data) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value{};
    if (at_ + sizeof value <= data_.size()) std::memcpy(&value, data_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
  }
  // Every value left.
  template <class T>
  std::vector<T> rest() {
    std::vector<T> values;
    while (at_ + sizeof(T) <= data_.size()) values.push_back(get<T>());
    return values;
  }

 private:
  const std::vector<char>& data_;
  std::size_t at_ = 0;
};

// A communicator of its own for one search (a duplicate of MPI_COMM_WORLD, freed on destruction).
class SearchComm {
 public:
  SearchComm();
  ~SearchComm();
  SearchComm(const SearchComm&) = delete;
  SearchComm& operator=(const SearchComm&) = delete;
  MPI_Comm get() const { return comm_; }

  // A blocking send of `bytes` raw bytes, counted in `stats`.
  void send(int to, int tag, const void* data, std::size_t bytes, TransportStats& stats);
  void send(int to, int tag, const Message& m, TransportStats& stats) {
    send(to, tag, m.data(), m.size(), stats);
  }
  // The next message from `from` (MPI_ANY_SOURCE: any) into `data`, or false when none is
  // waiting.
  bool receive(int from, MPI_Status& status, std::vector<char>& data);

  // Collectives every rank of the search calls, waited for with short sleeps (an idle rank does
  // not take a core): `mine` reduced over the ranks with `op` (MPI_MIN, MPI_MAX, MPI_SUM), and
  // every rank's values one after the other, rank 0's first.
  std::int64_t all_reduce(std::int64_t mine, MPI_Op op);
  std::vector<std::uint64_t> all_gather(const std::vector<std::uint64_t>& mine);

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
};

// Seconds since an arbitrary start (for waiting times).
inline double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace npuzzle::mpi
