// The `pdbgen` command line (app.hpp): the commands' options and manuals, and the exit code of
// each error.
#include "tools/pdbgen/app.hpp"

#include <CLI/CLI.hpp>

#include <tbb/global_control.h>

#include <iostream>
#include <memory>
#include <new>
#include <string>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/file.hpp"
#include "tools/app/option_flags.hpp"
#include "tools/checked_output.hpp"
#include "tools/count_option.hpp"
#include "tools/did_you_mean.hpp"
#include "tools/help_format.hpp"
#include "tools/last_resort.hpp"
#include "tools/pdbgen/commands.hpp"

namespace npuzzle::pdbgen {

using npuzzle::pdb::PdbError;

std::atomic<bool> stop_requested{false};

namespace {

// The table `pdbgen build --size 3x3` writes, which the examples of info and verify read.
const std::string kExampleTable = "3x3-blank-first-1-2-3-4-5-6-7-8.pdb";

}  // namespace

ExitCode run_pdbgen(int argc, char** argv) {
  CLI::App app{"build, describe and verify the pattern databases of npuzzle", "pdbgen"};
  app.formatter(std::make_shared<npuzzle::HelpFormatter>());
  app.require_subcommand(1);
  const std::string version_text = std::string("pdbgen ") + NPUZZLE_VERSION;
  npuzzle::add_manual_flags(app, version_text);
  npuzzle::CommandManual& manual = npuzzle::manual_of(app);
  manual.description =
      "pdbgen builds the pattern databases that `npuzzle solve --heuristic pdb` reads: for each "
      "group of tiles of a partition, the fewest moves of those tiles that bring them home from "
      "every placement, found by a parallel breadth-first search and written atomically into "
      "the database directory. It also describes a database file and checks it.\n\n"
      "The directory is --pdb-dir (or --dir), else $NPUZZLE_PDB_DIR, else "
      "$XDG_CACHE_HOME/npuzzle or ~/.cache/npuzzle: the one npuzzle reads.";
  manual.examples = {{"pdbgen build --size 3x3", "the databases of the 8-puzzle, in a second"},
                     {"pdbgen build --size 4x4 --partition 5-5-5",
                      "a small set for the 15-puzzle (the default, 7-8, is stronger and larger)"},
                     {"pdbgen help build", "the options of `pdbgen build`"}};
  manual.exit_codes = {{0, "done"},
                       {1, "usage error"},
                       {2, "a bad database or a failed write"},
                       {4, "interrupted"},
                       {5, "not enough memory"}};

  std::string size = "4x4", partition, goal = "blank-first", dir, mem_limit, file;
  int threads = 0;
  BuildFlags build_flags;
  const std::string threads_text =
      "worker threads (default: all, at most " + std::to_string(npuzzle::kMaxThreads) + ")";
  auto* build = app.add_subcommand("build", "build the databases of a partition");
  npuzzle::CommandManual& build_manual = npuzzle::manual_of(*build);
  build_manual.description =
      "Builds the databases of a partition into the directory, skipping those already there. "
      "Without --partition the board's recommended (strongest) one is built; with neither --size "
      "nor --partition, the plan of the 4x4 set is shown and nothing is built (exit code 1). "
      "Ctrl-C saves the build in progress to FILE.partial; the same command resumes it.";
  build_manual.examples = {
      {"pdbgen build --size 3x3 --pdb-dir pdbs", "the 8-puzzle's databases, into ./pdbs"},
      {"pdbgen build --size 2x4 --partition full --pdb-dir pdbs",
       "one database of every tile of the 2x4 board: exact distances"},
      {"pdbgen build --size 4x4 --partition 5-5-5 --threads 2",
       "three tables for the 15-puzzle on two threads, in the default directory"},
      {"pdbgen build --size 4x4 --partition 6-6-3 --mem-limit 1G",
       "a stronger set, refused at once if the build needs more than 1 GiB"}};
  build_manual.exit_codes = {
      {0, "built (or already present)"},
      {1, "usage error"},
      {2, "a file not written"},
      {4,
       "interrupted (no table left; the build in progress is saved to FILE.partial and the "
       "same command resumes it)"},
      {5, "not enough memory"}};
  build
      ->add_option("--size", size,
                   "board size RxC (4x4 when only --partition is given; `pdbgen build` with "
                   "neither shows what it would build and exits 1)")
      ->option_text("RxC");
  build
      ->add_option(
          "--partition", partition,
          "a named partition, the board's strongest first and the default (4x4: 7-8, 6-6-3, "
          "5-5-5; 5x5: 6-6-6-6+7-7-7-3, za:6-6-6-6+za:7-7-7-3, 6-6-6-6, 7-7-7-3, za:6-6-6-6; full "
          "on small boards, …) or tile lists 1,2,3/4,5,6, several joined by + for the largest of "
          "their sums; za: before a partition builds zero-aware tables (a bit per region of the "
          "blank)")
      ->option_text("PARTITION");
  build->add_option("--goal", goal, "blank-first (default), blank-last or the tiles of the goal")
      ->option_text("GOAL");
  build
      ->add_option("--pdb-dir,--dir", dir,
                   "database directory, as npuzzle's --pdb-dir (default $NPUZZLE_PDB_DIR, "
                   "$XDG_CACHE_HOME/npuzzle, ~/.cache/npuzzle); one given that does not exist "
                   "is created only inside a directory that does (exit 2 otherwise)")
      ->option_text("DIR");
  build->add_option("--threads", threads, threads_text)
      ->transform(npuzzle::count_value(npuzzle::kMaxThreads))
      ->option_text("N");
  build
      ->add_option("--mem-limit", mem_limit,
                   "refuse to build when the build needs more bytes (e.g. 6G; powers of 1024)")
      ->option_text("SIZE");
  build->add_flag("--force", build_flags.force,
                  "rebuild files that already exist, and start over instead of resuming a saved "
                  "build (FILE.partial is set aside, not deleted)");
  build->add_flag("--trust-other-user", build_flags.trust_other_user,
                  "resume from a saved build (FILE.partial) that another user owns; the table is "
                  "verified before it is written");
  build->add_flag("--dual", build_flags.dual,
                  "also build the tables that --heuristic pdb-dual looks up when the blank is "
                  "shut off from its goal cell by a group's tiles (one more per such region)");
  auto* info = app.add_subcommand("info", "describe a database file");
  npuzzle::CommandManual& info_manual = npuzzle::manual_of(*info);
  info_manual.description =
      "Prints what a database file holds: its format, board, goal, pattern tiles, entries, "
      "largest distance and generator, after checking its checksum.";
  info_manual.examples = {{"pdbgen info pdbs/" + kExampleTable, "describe one of them"}};
  info_manual.exit_codes = {
      {0, "described"}, {1, "usage error"}, {2, "a bad or unreadable database"}};
  info->add_option("FILE", file, "database file")->required()->option_text("FILE");
  auto* verify = app.add_subcommand("verify", "check a database");
  npuzzle::CommandManual& verify_manual = npuzzle::manual_of(*verify);
  verify_manual.description =
      "Checks a database's checksum and the invariants of a breadth-first search: every "
      "entry's neighbours differ from it by at most one move, and an entry above zero has a "
      "neighbour one move nearer.";
  verify_manual.examples = {
      {"pdbgen verify pdbs/" + kExampleTable, "check one of them"},
      {"pdbgen verify --threads 1 pdbs/2x4-*.pdb", "the 2x4 board's table, on one thread"}};
  verify_manual.exit_codes = {{0, "the database is sound"},
                              {1, "usage error"},
                              {2, "a bad or unreadable database, or a broken invariant"},
                              {4, "interrupted (Ctrl-C, SIGTERM, SIGHUP)"}};
  verify->add_option("FILE", file, "database file")->required()->option_text("FILE");
  verify->add_option("--threads", threads, threads_text)
      ->transform(npuzzle::count_value(npuzzle::kMaxThreads))
      ->option_text("N");
  const std::shared_ptr<npuzzle::ManualCommands> manual_commands =
      npuzzle::add_manual_commands(app, version_text, "build");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return npuzzle::report_parse_error(app, e, argc, argv, "pdbgen") == 0 ? ExitCode::Solved
                                                                          : ExitCode::Usage;
  }
  if (manual_commands->given()) {
    return npuzzle::run_manual_command(app, *manual_commands) ? ExitCode::Solved : ExitCode::Usage;
  }
  std::unique_ptr<tbb::global_control> limit;
  if (threads > 0) {
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  static_cast<std::size_t>(threads));
  }
  try {
    if (*build) {
      // A bare `pdbgen build` shows what it would build (4x4 7-8: 2.5 GB, minutes) and asks for
      // --size; --size or --partition says what to build.
      const bool plan_only = build->count("--size") == 0 && partition.empty();
      return run_build(size, partition, goal, dir, threads, mem_limit, build_flags, plan_only);
    }
    if (*info) return run_info(file);
    if (*verify) return run_verify(file, threads);
  } catch (const npuzzle::pdb::OtherUsersBuild& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(e.what())
              << ". --trust-other-user resumes it (the table is verified before it is written); "
                 "--force builds from the beginning\n";
    return npuzzle::exit_code_for(e.kind());
  } catch (const PdbError& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return npuzzle::exit_code_for(e.kind());
  } catch (const npuzzle::UsageError& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(npuzzle::command_line_message(e)) << "\n";
    return ExitCode::Usage;
  } catch (const npuzzle::OutputError& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return ExitCode::Input;
  } catch (const std::bad_alloc&) {
    std::cerr << "pdbgen: out of memory\n";
    return ExitCode::OutOfMemory;
  } catch (const std::exception& e) {
    if (const std::string memory = npuzzle::memory_failure_of_current_exception();
        !memory.empty()) {
      std::cerr << "pdbgen: " << memory << "\n";  // a thread that could not be created
      return ExitCode::OutOfMemory;
    }
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return ExitCode::Input;
  }
  return ExitCode::Usage;
}

}  // namespace npuzzle::pdbgen
