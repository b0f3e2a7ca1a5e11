#include "tools/app/distributed.hpp"

#include <cstdio>
#include <string>

#include "core/exit_code.hpp"
#include "tools/app/app.hpp"

#if NPUZZLE_MPI
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <thread>

#include "parallel/mpi_world.hpp"
#endif

namespace npuzzle {

#if NPUZZLE_MPI
namespace {

// The job: everything solve_instance reads from the request, and the board.
std::string encode(const SolveRequest& r, int rows, int cols, const std::vector<int>& tiles) {
  nlohmann::json j;
  j["algorithm"] = static_cast<int>(r.algorithm);
  if (r.heuristic) j["heuristic"] = {r.heuristic->index, r.heuristic->variant};
  j["tie_break"] = r.tie_break ? static_cast<int>(*r.tie_break) : -1;  // -1: the default
  j["owner_hash"] = static_cast<int>(r.owner_hash);
  j["goal"] = {static_cast<int>(r.goal.kind), r.goal.tiles};
  j["threads"] = r.threads;
  j["limits"] = {r.limits.time_seconds, r.limits.nodes, r.limits.memory_bytes};
  j["pdb_dir"] = r.pdb_dir;
  j["board"] = {rows, cols, tiles};
  return j.dump();
}

void run_job(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  SolveRequest r;
  r.algorithm = static_cast<Algorithm>(j["algorithm"].get<int>());
  if (j.contains("heuristic")) {
    r.heuristic =
        HeuristicChoice{j["heuristic"][0].get<std::size_t>(), j["heuristic"][1].get<std::string>()};
  }
  if (const int tie_break = j["tie_break"].get<int>(); tie_break >= 0) {
    r.tie_break = static_cast<TieBreak>(tie_break);
  }
  r.owner_hash = static_cast<OwnerHash>(j["owner_hash"].get<int>());
  r.goal = GoalSpec{static_cast<GoalSpec::Kind>(j["goal"][0].get<int>()),
                    j["goal"][1].get<std::vector<int>>()};
  r.threads = j["threads"].get<int>();
  r.limits.time_seconds = j["limits"][0].get<double>();
  r.limits.nodes = j["limits"][1].get<std::uint64_t>();
  r.limits.memory_bytes = j["limits"][2].get<std::uint64_t>();
  r.limits.interrupt = &interrupt_requested;
  r.pdb_dir = j["pdb_dir"].get<std::string>();
  const auto& board = j["board"];
  const SolveOutcome out =
      solve_instance(r, board[0].get<int>(), board[1].get<int>(), board[2].get<std::vector<int>>());
  // Only rank 0's outcome of a search that ran counts (the path is there); a job that failed
  // before its search began is this rank's to explain.
  if (mpi::join_pending()) {
    if (!out.error.empty()) {
      std::fprintf(stderr, "npuzzle (rank %d): %s\n", mpi::rank(), printable(out.error).c_str());
    }
    mpi::join(false);
  }
}

// Polls every 100 ms; see start_distributed.
void watchdog(pid_t parent) {
  constexpr int kGraceTicks = 100;  // 10 s after an interrupt
  int interrupted_for = 0;
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (getppid() != parent) {
      std::fprintf(stderr, "npuzzle (rank %d): mpirun has ended; exiting\n", mpi::rank());
      std::_Exit(to_int(ExitCode::Input));
    }
    interrupted_for = interrupt_requested.load() ? interrupted_for + 1 : 0;
    if (interrupted_for > kGraceTicks) {
      std::fprintf(stderr,
                   "npuzzle (rank %d): interrupted, but another rank does not answer (dead?); "
                   "exiting\n",
                   mpi::rank());
      std::_Exit(to_int(ExitCode::Limit));
    }
  }
}

}  // namespace

void start_distributed(int* argc, char*** argv) {
  mpi::init(argc, argv);
  if (mpi::distributed()) std::thread(watchdog, getppid()).detach();
}

bool serves_jobs() { return mpi::distributed() && mpi::rank() != 0; }

int serve_jobs() {
  while (const auto job = mpi::receive_job()) run_job(*job);
  mpi::finalize();
  return 0;
}

void end_distributed() {
  if (mpi::distributed()) mpi::broadcast_job("");
  mpi::finalize();
}

int ranks_for(Algorithm algorithm) { return is_parallel(algorithm) ? mpi::size() : 1; }

DistributedJob::DistributedJob(const SolveRequest& request, int rows, int cols,
                               const std::vector<int>& tiles) {
  if (mpi::distributed() && mpi::rank() == 0 && is_parallel(request.algorithm)) {
    mpi::broadcast_job(encode(request, rows, cols, tiles));
  }
}

DistributedJob::~DistributedJob() {
  if (mpi::join_pending()) mpi::join(false);
}

#else

void start_distributed(int*, char***) {}
bool serves_jobs() { return false; }
int serve_jobs() { return 0; }
void end_distributed() {}
int ranks_for(Algorithm) { return 1; }
DistributedJob::DistributedJob(const SolveRequest&, int, int, const std::vector<int>&) {}
DistributedJob::~DistributedJob() = default;

#endif

}  // namespace npuzzle
