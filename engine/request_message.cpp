#include "engine/request_message.hpp"

#include <nlohmann/json.hpp>

#include "engine/algorithm_registry.hpp"
#include "engine/heuristic_registry.hpp"
#include "heuristics/pdb/file.hpp"
#include "text/parse.hpp"

namespace npuzzle {

std::string encode_job(const SolveRequest& r, const RunBoard& board) {
  nlohmann::json j;
  j["algorithm"] = static_cast<int>(r.algorithm.value());
  if (r.heuristic) {
    j["heuristic"] = {r.heuristic->index,
                      r.heuristic->partition ? r.heuristic->partition->text : std::string()};
  }
  j["tie_break"] = r.tie_break ? static_cast<int>(*r.tie_break) : -1;  // -1: the default
  j["owner_hash"] = static_cast<int>(r.owner_hash);
  j["goal"] = {static_cast<int>(r.goal.kind), r.goal.tiles};
  j["threads"] = r.threads;
  j["instances_at_once"] = r.instances_at_once;
  j["limits"] = {r.limits.time_seconds, r.limits.nodes, r.limits.memory_bytes};
  j["pdb_dir"] = r.pdb_dir;
  j["board"] = {board.size.rows, board.size.cols, board.tiles};
  return j.dump();
}

DistributedJobMessage decode_job(std::string_view text) {
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    DistributedJobMessage job;
    SolveRequest& r = job.request;
    const int algorithm = j.at("algorithm").get<int>();
    if (algorithm < 0 || algorithm >= static_cast<int>(kAlgorithmCount)) {
      throw InputError("no such algorithm");
    }
    r.algorithm = static_cast<Algorithm>(algorithm);
    if (j.contains("heuristic")) {
      const auto index = j["heuristic"].at(0).get<std::size_t>();
      if (index >= kHeuristicInfo.size()) throw InputError("no such heuristic");
      r.heuristic = HeuristicChoice{index, {}};
      if (const auto partition = j["heuristic"].at(1).get<std::string>(); !partition.empty()) {
        try {
          r.heuristic->partition = pdb::parse_partition_spec(partition);
        } catch (const pdb::PdbError& e) {
          throw InputError(e.what());
        }
      }
    }
    if (const int tie_break = j.at("tie_break").get<int>(); tie_break >= 0) {
      r.tie_break = static_cast<TieBreak>(tie_break);
    }
    r.owner_hash = static_cast<OwnerHash>(j.at("owner_hash").get<int>());
    r.goal = GoalSpec{static_cast<GoalSpec::Kind>(j.at("goal").at(0).get<int>()),
                      j["goal"].at(1).get<std::vector<int>>()};
    r.threads = j.at("threads").get<int>();
    r.instances_at_once = j.at("instances_at_once").get<int>();
    r.limits.time_seconds = j.at("limits").at(0).get<double>();
    r.limits.nodes = j["limits"].at(1).get<std::uint64_t>();
    r.limits.memory_bytes = j["limits"].at(2).get<std::uint64_t>();
    r.pdb_dir = j.at("pdb_dir").get<std::string>();
    const auto& board = j.at("board");
    job.board = RunBoard{{board.at(0).get<int>(), board.at(1).get<int>()},
                         board.at(2).get<std::vector<int>>()};
    return job;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("malformed job message: ") + e.what());
  }
}

}  // namespace npuzzle
