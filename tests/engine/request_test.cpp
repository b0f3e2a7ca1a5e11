// The four sources of a request (engine/request.hpp) build the same search: the command line's
// words, the library's options, a checkpoint written and read back, and a distributed job's
// message encoded and decoded. Each round trip must give a request equal to the one it started
// from (same_search), and each source refuses what the others refuse with the same typed error.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "api/request_from_options.hpp"
#include "engine/checkpoint.hpp"
#include "engine/option_use.hpp"
#include "engine/request_message.hpp"
#include "tools/app/option_flags.hpp"
#include "tools/app/search_options.hpp"

namespace npuzzle {
namespace {

// One search, named as the command line names it: pida with the 7-8 databases, limits, a goal.
SearchOptions words() {
  SearchOptions o;
  o.algorithm = "pida";
  o.heuristic = "pdb:7-8";
  o.time_limit = 12.5;
  o.node_limit = "1000000";
  o.pdb_dir = "/tmp/npuzzle-request-test";
  o.given = {"--algo", "--heuristic", "--time-limit", "--node-limit", "--pdb-dir"};
  return o;
}

SolveRequest from_words() {
  SolveRequest r = request_from_words(words(), nullptr);
  r.threads = 2;
  r.goal = GoalSpec::blank_last();
  check_request(r, given_search_options(words().given));
  return r;
}

api::SolveOptions api_options() {
  api::SolveOptions o;
  o.algorithm = api::Algorithm::Pida;
  o.heuristic = api::Heuristic{api::HeuristicKind::Pdb, api::PatternPartition::sizes({7, 8})};
  o.time_limit = 12.5;
  o.node_limit = 1000000;
  o.pdb_dir = "/tmp/npuzzle-request-test";
  o.threads = 2;
  o.goal = api::Goal::blank_last();
  return o;
}

// Korf's #1 with its first two tiles swapped: it reaches the blank-last goal of these requests.
const RunBoard kFifteenBoard{{4, 4}, {13, 14, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3}};

TEST(RequestSources, CommandLineAndLibraryAgree) {
  const SolveRequest cli = from_words();
  const SolveRequest api = api::request_from_options(api_options(), {4, 4});
  EXPECT_TRUE(same_search(cli, api));
  EXPECT_EQ(api.algorithm, Algorithm::Pida);
  ASSERT_TRUE(api.heuristic.has_value());
  EXPECT_EQ(api.heuristic->name(), "pdb:7-8");
  EXPECT_EQ(api.limits.nodes, 1000000u);
}

TEST(RequestSources, TheLibraryTakesAGoalAsTiles) {
  api::SolveOptions by_tiles = api_options();
  by_tiles.goal = api::Goal::of_tiles({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0});
  EXPECT_TRUE(same_search(api::request_from_options(by_tiles, {4, 4}), from_words()));
  by_tiles.goal = api::Goal::of_tiles({1, 1, 3});
  EXPECT_THROW(api::request_from_options(by_tiles, {4, 4}), api::OptionError);
}

TEST(RequestSources, AJobMessageRoundTrips) {
  const SolveRequest cli = from_words();
  const DistributedJobMessage job = decode_job(encode_job(cli, kFifteenBoard));
  EXPECT_TRUE(same_search(job.request, cli));
  EXPECT_EQ(job.board, kFifteenBoard);
  SolveRequest other = cli;
  other.tie_break = TieBreak::Fifo;
  other.owner_hash = OwnerHash::Zobrist;
  other.goal =
      GoalSpec{GoalSpec::Kind::Explicit, {1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}};
  other.heuristic.reset();
  EXPECT_TRUE(same_search(decode_job(encode_job(other, kFifteenBoard)).request, other));
  EXPECT_FALSE(same_search(other, cli));
  EXPECT_THROW(decode_job("{\"algorithm\": 99}"), InputError);
  EXPECT_THROW(decode_job("not json"), InputError);
  // The partition is read where the message is: one that no board takes is the message's error.
  std::string message = encode_job(cli, kFifteenBoard);
  const std::size_t partition = message.find("\"7-8\"");
  ASSERT_NE(partition, std::string::npos) << message;
  message.replace(partition, 5, "\"1,1\"");
  try {
    decode_job(message);
    ADD_FAILURE() << message << " was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("tile 1 appears twice"), std::string::npos) << e.what();
  }
}

TEST(RequestSources, ACheckpointRoundTrips) {
  const SolveRequest cli = from_words();
  CheckpointFile file;
  file.algorithm = *cli.algorithm;
  file.heuristic = *cli.heuristic;
  file.board = kFifteenBoard;
  file.goal = cli.goal.tiles_for(16);
  file.position.bound = 40;
  file.position.target = 8;
  file.position.next_bound = 42;
  const CheckpointFile read = parse_checkpoint(format_checkpoint(file));
  EXPECT_EQ(read.algorithm, Algorithm::Pida);
  EXPECT_EQ(read.heuristic, file.heuristic);
  EXPECT_EQ(read.board, kFifteenBoard);
  // The checkpoint names the algorithm, heuristic and goal; the caller brings the rest.
  SearchOptions plain = words();
  plain.algorithm = "ida";
  plain.heuristic.clear();
  SolveRequest base = request_from_words(plain, nullptr);
  base.threads = 2;
  EXPECT_FALSE(same_search(base, cli));
  EXPECT_TRUE(same_search(request_from_checkpoint(read, base), cli));
  // --algo given besides --resume keeps the caller's algorithm.
  EXPECT_EQ(request_from_checkpoint(read, base, true).algorithm, Algorithm::Ida);
}

TEST(RequestSources, ACheckpointOfAnAlgorithmWithoutCheckpointsIsRefused) {
  CheckpointFile file;
  file.algorithm = Algorithm::Ida;
  file.heuristic = heuristic_option("md");
  file.board = kFifteenBoard;
  file.goal = GoalSpec::blank_first().tiles_for(16);
  file.position.bound = 40;
  file.position.target = 8;
  file.position.next_bound = 42;
  // Written and signed as a hostile editor would: the algorithm is refused by the registry's
  // capability (hda keeps no checkpoints), not by the checksum.
  try {
    CheckpointFile forged = file;
    forged.algorithm = Algorithm::Hda;
    parse_checkpoint(format_checkpoint(forged));
    FAIL() << "a checkpoint of hda was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("keeps no checkpoints"), std::string::npos) << e.what();
  }
}

TEST(RequestRules, EverySourceRefusesWithTheSameError) {
  // threads
  SolveRequest r = from_words();
  r.threads = 0;
  RequestError cli_error;
  try {
    check_request(r, {});
  } catch (const UsageError& e) {
    cli_error = e.error();
  }
  EXPECT_EQ(render_request_error(cli_error, command_line_words()),
            "--threads must be between 1 and 1024 (got 0)");
  api::SolveOptions o = api_options();
  o.threads = 0;
  try {
    api::request_from_options(o, {4, 4});
    FAIL() << "threads 0 accepted";
  } catch (const api::OptionError& e) {
    EXPECT_EQ(e.error().kind, api::Error::Kind::OutOfRange);
    EXPECT_EQ(std::string(e.what()), render_request_error(cli_error, library_words()));
  }
  // an option the algorithm does not take
  SearchOptions w = words();
  w.algorithm = "ida";
  w.tie_break = "fifo";
  w.given.insert("--tie-break");
  try {
    const SolveRequest wr = request_from_words(w, nullptr);
    check_request(wr, given_search_options(w.given));
    FAIL() << "--tie-break accepted for ida";
  } catch (const UsageError& e) {
    cli_error = e.error();
  }
  EXPECT_EQ(cli_error.kind, RequestErrorKind::NotTaken);
  EXPECT_EQ(cli_error.option, OptionField::TieBreak);
  o = api_options();
  o.algorithm = api::Algorithm::Ida;
  o.tie_break = api::TieBreak::Fifo;
  try {
    api::request_from_options(o, {4, 4});
    FAIL() << "tie_break accepted for ida";
  } catch (const api::OptionError& e) {
    EXPECT_EQ(std::string(e.what()), render_request_error(cli_error, library_words()));
  }
  // the time limit: the same bound from every source
  o = api_options();
  o.time_limit = kMaxTimeLimitSeconds * 10;
  EXPECT_THROW(api::request_from_options(o, {4, 4}), api::OptionError);
  r = from_words();
  r.limits.time_seconds = kMaxTimeLimitSeconds * 10;
  EXPECT_THROW(check_request(r, {}), UsageError);
}

}  // namespace
}  // namespace npuzzle
