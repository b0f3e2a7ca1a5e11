#include "engine/distributed.hpp"

#include <string>

#include "engine/request_message.hpp"
#include "text/request_error.hpp"

#if NPUZZLE_MPI
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>
#include <utility>

#include "parallel/mpi_world.hpp"
#endif

namespace npuzzle {

#if NPUZZLE_MPI
namespace {

const std::atomic<bool>* interrupt_flag = nullptr;  // start_distributed's

void run_job(SolveSession& session, const std::string& text, const LogSink& log) {
  DistributedJobMessage job = decode_job(text);
  job.request.limits.interrupt = interrupt_flag;
  job.request.log = log;
  const SolveOutcome out = solve_instance(session, job.request, job.board);
  // Only rank 0's outcome of a search that ran counts (the path is there); a job that failed
  // before its search began is this rank's to explain.
  if (mpi::join_pending()) {
    if (!out.error.empty()) {
      log_to(log, LogLevel::Info,
             "(rank " + std::to_string(mpi::rank()) + ") " + printable(out.error));
    }
    mpi::join(false);
  }
}

// Polls every 100 ms; see start_distributed.
void watchdog(pid_t parent, WatchdogExits exits) {
  constexpr int kGraceTicks = 100;  // 10 s after an interrupt
  int interrupted_for = 0;
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (getppid() != parent) {
      log_to(exits.log, LogLevel::Info,
             "(rank " + std::to_string(mpi::rank()) + ") mpirun has ended; exiting");
      std::_Exit(exits.mpirun_gone);
    }
    interrupted_for = interrupt_flag && interrupt_flag->load() ? interrupted_for + 1 : 0;
    if (interrupted_for > kGraceTicks) {
      log_to(exits.log, LogLevel::Info,
             "(rank " + std::to_string(mpi::rank()) +
                 ") interrupted, but another rank does not answer (dead?); exiting");
      std::_Exit(exits.interrupt_unheeded);
    }
  }
}

}  // namespace

void start_distributed(int* argc, char*** argv, const std::atomic<bool>* interrupt,
                       WatchdogExits exits, LogSink transport_stats) {
  interrupt_flag = interrupt;
  mpi::init(argc, argv);
  if (transport_stats) {
    mpi::set_transport_sink([sink = std::move(transport_stats)](const std::string& line) {
      sink(LogLevel::Info, line);
    });
  }
  mpi::set_job_failure(
      {[log = exits.log](const std::string& why) { log_to(log, LogLevel::Warning, why); },
       exits.out_of_memory});
  if (mpi::distributed()) std::thread(watchdog, getppid(), exits).detach();
}

bool serves_jobs() { return mpi::distributed() && mpi::rank() != 0; }

int table_copies_per_host() { return mpi::host_ranks(); }

std::string shared_tables_note() {
  if (mpi::rank() != 0 || mpi::host_ranks() < 2) return "";
  const std::string ranks = std::to_string(mpi::host_ranks());
  return "pattern databases: the " + ranks + " ranks on this host copy a table to huge pages " +
         "only when " + ranks + " copies fit in half the memory available; the others stay in " +
         "the files' shared mappings, one copy for the host";
}

void serve_jobs(const LogSink& log) {
  SolveSession session(table_copies_per_host());  // this rank's databases, for every job it serves
  while (const auto job = mpi::receive_job()) run_job(session, *job, log);
  mpi::finalize();
}

void end_distributed() {
  if (mpi::distributed()) mpi::broadcast_job("");
  mpi::finalize();
}

namespace {

// One job at a time crosses the ranks: a search that shares the process with others (instances
// solved at once) stays on this rank.
bool across_ranks(const SolveRequest& request) {
  return is_parallel(request.algorithm.value()) && request.instances_at_once == 1;
}

}  // namespace

int ranks_for(const SolveRequest& request) { return across_ranks(request) ? mpi::size() : 1; }

DistributedJob::DistributedJob(const SolveRequest& request, const RunBoard& board) {
  if (mpi::distributed() && mpi::rank() == 0 && across_ranks(request)) {
    // Refused before the other ranks hear of the job (its message carries no checkpoint).
    if (request.checkpoint) {
      throw UsageError(unsupported(OptionField::Checkpoint, OptionField::Resume, "under mpirun"));
    }
    mpi::broadcast_job(encode_job(request, board));
  }
}

DistributedJob::~DistributedJob() {
  if (mpi::join_pending()) mpi::join(false);
}

#else

void start_distributed(int*, char***, const std::atomic<bool>*, WatchdogExits, LogSink) {}
bool serves_jobs() { return false; }
int table_copies_per_host() { return 1; }
std::string shared_tables_note() { return ""; }
void serve_jobs(const LogSink&) {}
void end_distributed() {}
int ranks_for(const SolveRequest&) { return 1; }
DistributedJob::DistributedJob(const SolveRequest&, const RunBoard&) {}
DistributedJob::~DistributedJob() = default;

#endif

}  // namespace npuzzle
