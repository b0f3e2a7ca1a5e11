#include "parallel/mpi_world.hpp"

#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <utility>

namespace npuzzle::mpi {
namespace {

bool g_initialized = false;
int g_rank = 0;
int g_size = 1;
int g_host_ranks = 1;
bool g_join_pending = false;
TransportSink g_transport_sink;  // set_transport_sink's (empty: the reports are dropped)
JobFailure g_job_failure;        // set_job_failure's

// Waits for a non-blocking collective, sleeping between tests.
void wait_polling(MPI_Request& request) {
  for (;;) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    pause(200);
  }
}

}  // namespace

void init(int* argc, char*** argv) {
  if (g_initialized) return;
  // Started without mpirun: no MPI at all (Open MPI's singleton start would spawn a daemon).
  if (!std::getenv("OMPI_COMM_WORLD_SIZE") && !std::getenv("PMIX_RANK") &&
      !std::getenv("PMI_RANK")) {
    return;
  }
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  MPI_Comm host = MPI_COMM_NULL;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, g_rank, MPI_INFO_NULL, &host);
  MPI_Comm_size(host, &g_host_ranks);
  MPI_Comm_free(&host);
  g_initialized = true;
}

void finalize() {
  if (!g_initialized) return;
  MPI_Finalize();
  g_initialized = false;
}

bool initialized() { return g_initialized; }
int rank() { return g_rank; }
int size() { return g_size; }
bool distributed() { return g_initialized && g_size > 1; }
int host_ranks() { return g_host_ranks; }

void broadcast_job(const std::string& job) {
  unsigned long long length = job.size();
  MPI_Request request;
  MPI_Ibcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD, &request);
  wait_polling(request);
  if (length > 0) {
    std::string copy = job;
    MPI_Ibcast(copy.data(), static_cast<int>(length), MPI_CHAR, 0, MPI_COMM_WORLD, &request);
    wait_polling(request);
    g_join_pending = true;
  }
}

std::optional<std::string> receive_job() {
  unsigned long long length = 0;
  MPI_Request request;
  MPI_Ibcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD, &request);
  wait_polling(request);
  if (length == 0) return std::nullopt;
  std::string job(length, '\0');
  MPI_Ibcast(job.data(), static_cast<int>(length), MPI_CHAR, 0, MPI_COMM_WORLD, &request);
  wait_polling(request);
  g_join_pending = true;
  return job;
}

bool join(bool ok) {
  g_join_pending = false;
  int mine = ok ? 1 : 0, all = 0;
  MPI_Request request;
  MPI_Iallreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &request);
  wait_polling(request);
  return all == 1;
}

bool join_pending() { return g_join_pending; }

void pause(int microseconds) {
  const timespec ts{0, static_cast<long>(microseconds) * 1000};
  nanosleep(&ts, nullptr);
}

void set_transport_sink(TransportSink sink) { g_transport_sink = std::move(sink); }

void set_job_failure(JobFailure failure) { g_job_failure = std::move(failure); }

void fail_job_out_of_memory(const std::string& why) {
  if (g_job_failure.log) {
    g_job_failure.log("(rank " + std::to_string(g_rank) + ") out of memory " + why +
                      "; ending every rank");
  }
  MPI_Abort(MPI_COMM_WORLD, g_job_failure.out_of_memory_exit);
  std::_Exit(g_job_failure.out_of_memory_exit);
}

void report(const char* algorithm, const TransportStats& stats, std::uint64_t expanded) {
  if (g_rank != 0 || !g_transport_sink) return;
  const double per = expanded ? 1.0 / static_cast<double>(expanded) : 0;
  char line[512];
  std::snprintf(line, sizeof line,
                "mpi %s: %d ranks, %llu messages, %llu bytes, %.3g messages and %.3g bytes per "
                "expansion, %.3f s waiting (all ranks)",
                algorithm, g_size, static_cast<unsigned long long>(stats.messages),
                static_cast<unsigned long long>(stats.bytes),
                static_cast<double>(stats.messages) * per, static_cast<double>(stats.bytes) * per,
                stats.waiting);
  g_transport_sink(line);
}

SearchComm::SearchComm() { MPI_Comm_dup(MPI_COMM_WORLD, &comm_); }
SearchComm::~SearchComm() {
  if (comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

void SearchComm::send(int to, int tag, const void* data, std::size_t bytes, TransportStats& stats) {
  MPI_Send(data, static_cast<int>(bytes), MPI_BYTE, to, tag, comm_);
  ++stats.messages;
  stats.bytes += bytes;
}

bool SearchComm::receive(int from, MPI_Status& status, std::vector<char>& data) {
  int flag = 0;
  MPI_Iprobe(from, MPI_ANY_TAG, comm_, &flag, &status);
  if (!flag) return false;
  int bytes = 0;
  MPI_Get_count(&status, MPI_BYTE, &bytes);
  data.resize(static_cast<std::size_t>(bytes));
  MPI_Recv(data.data(), bytes, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, comm_,
           MPI_STATUS_IGNORE);
  return true;
}

std::int64_t SearchComm::all_reduce(std::int64_t mine, MPI_Op op) {
  std::int64_t all = 0;
  MPI_Request request;
  MPI_Iallreduce(&mine, &all, 1, MPI_INT64_T, op, comm_, &request);
  wait_polling(request);
  return all;
}

std::vector<std::uint64_t> SearchComm::all_gather(const std::vector<std::uint64_t>& mine) {
  int ranks = 1;
  MPI_Comm_size(comm_, &ranks);
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)),
      offsets(static_cast<std::size_t>(ranks));
  MPI_Request request;
  MPI_Iallgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm_, &request);
  wait_polling(request);
  int total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = total;
    total += counts[r];
  }
  std::vector<std::uint64_t> all(static_cast<std::size_t>(total));
  MPI_Iallgatherv(mine.data(), count, MPI_UINT64_T, all.data(), counts.data(), offsets.data(),
                  MPI_UINT64_T, comm_, &request);
  wait_polling(request);
  return all;
}

}  // namespace npuzzle::mpi
