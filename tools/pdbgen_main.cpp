// pdbgen — builds, describes and verifies pattern databases.
//
//   pdbgen build --size 4x4 [--partition 7-8|6-6-3|5-5-5|LISTS]
//                [--goal blank-first|blank-last|LIST] [--pdb-dir DIR] [--threads N]
//                [--mem-limit SIZE] [--force] [--trust-other-user] [--dual]
//     (neither --size nor --partition: the plan of 4x4's recommended set is shown, nothing built,
//     exit 1; a --dir that does not exist is created when its parent exists, else exit 2)
//   pdbgen info FILE
//   pdbgen verify FILE [--threads N]
//
// Exit codes: 0 done; 1 usage error; 2 bad or unreadable database, failed write; 4 interrupted
// (Ctrl-C / SIGTERM: no final file is left; the build in progress is saved to FILE.partial, and the
// same command resumes it); 5 not enough memory (refused before starting, or an
// allocation failed).
#include <CLI/CLI.hpp>

#include <tbb/global_control.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "engine/exit_code.hpp"
#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/open.hpp"
#include "text/option_values.hpp"
#include "text/parse.hpp"
#include "tools/checked_output.hpp"
#include "tools/count_option.hpp"
#include "tools/did_you_mean.hpp"
#include "tools/help_format.hpp"
#include "tools/last_resort.hpp"

namespace {

using namespace npuzzle::pdb;
using npuzzle::ExitCode;
using npuzzle::to_int;

std::atomic<bool> g_stop{false};

// The table `pdbgen build --size 3x3` writes, which the examples of info and verify read.
const std::string kExampleTable = "3x3-blank-first-1-2-3-4-5-6-7-8.pdb";

extern "C" void on_signal(int) { g_stop.store(true); }

// Before main and the static objects (tools/last_resort.hpp, prepare_start_up).
__attribute__((constructor(101))) void prepare() { npuzzle::prepare_start_up("pdbgen", on_signal); }

// `info` and `verify` read the file through a mapping: one cut short meanwhile faults (SIGBUS).
extern "C" void on_bus_error(int) {
  static constexpr char kMessage[] =
      "pdbgen: the database file was truncated on disk while being read (bus error)\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  ::_exit(npuzzle::to_int(npuzzle::ExitCode::Input));
}

// "ETA ~1 min 20 s": the time left if the placements still to reach take as long per placement as
// those reached so far (rounds near the end are often quicker: an estimate, shown from 1%).
std::string eta_text(double seconds, double done) {
  if (done < 0.01 || done >= 1.0) return done >= 1.0 ? "ETA done " : "ETA ...  ";
  const auto left = static_cast<long long>(seconds * (1.0 - done) / done + 0.5);
  char text[48];
  if (left < 60) {
    std::snprintf(text, sizeof text, "ETA ~%lld s  ", left);
  } else if (left < 3600) {
    std::snprintf(text, sizeof text, "ETA ~%lld min %02lld s", left / 60, left % 60);
  } else {
    std::snprintf(text, sizeof text, "ETA ~%lld h %02lld min", left / 3600, left / 60 % 60);
  }
  return text;
}

// The switches of `pdbgen build`.
struct BuildFlags {
  bool force = false;             // rebuild tables present, set any resume file aside
  bool dual = false;              // also the dual lookups' tables
  bool trust_other_user = false;  // resume from resume files other users own
};

// Removes the resume file beside `table` once the table is in place (and its checksum holds, when
// `check` asks: the table was there before this build), saying so.
void remove_resume_file(const std::filesystem::path& table, bool check) {
  const std::filesystem::path partial = resume_file_for(table);
  if (!entry_present(partial)) return;
  if (check) {
    try {
      PdbTable::load(table, PdbTable::kNeverCopy);
    } catch (const PdbError&) {
      return;  // a damaged table: its resume file may still be wanted
    }
  }
  std::error_code ec;
  std::filesystem::remove(partial, ec);
  std::cerr << "pdbgen: " << (ec ? "could not remove " : "removed ") << partial.string()
            << (check ? ", a saved build of a table already in place" : "")
            << (ec ? ": " + ec.message() : std::string()) << "\n";
}

// `plan_only`: neither --size nor --partition was given; the plan of the default (4x4, its
// recommended set) is shown and nothing is built (a usage error, exit 1).
ExitCode run_build(const std::string& size, const std::string& partition_text,
                   const std::string& goal_text, const std::string& dir_text, int threads,
                   const std::string& mem_limit_text, const BuildFlags& flags, bool plan_only) {
  const bool force = flags.force, dual = flags.dual;
  const npuzzle::BoardSize board = npuzzle::parse_size_option(size);
  if (!board.known()) throw npuzzle::UsageError("--size: give RxC, e.g. 4x4");
  const int rows = board.rows, cols = board.cols;
  const std::uint64_t mem_limit =
      mem_limit_text.empty() ? 0 : npuzzle::parse_memory_size(mem_limit_text);
  const std::vector<int> goal = npuzzle::parse_goal_option(goal_text).tiles_for(rows * cols);
  if (static_cast<int>(goal.size()) != rows * cols) {
    throw npuzzle::UsageError("--goal lists " + std::to_string(goal.size()) +
                              " tiles, the board has " + std::to_string(rows * cols) + " cells");
  }
  validate_spec(BuildSpec{rows, cols, goal, {1}});
  // No --partition: the strongest named one, which `npuzzle --heuristic pdb` prefers when present.
  const std::string chosen =
      partition_text.empty() ? partition_names(rows, cols).front() : partition_text;
  if (partition_text.empty()) {
    std::fprintf(stderr, "pdbgen: %s the recommended partition for %dx%d: %s\n",
                 plan_only ? "without --size, would build" : "building", rows, cols,
                 chosen.c_str());
  }
  const Partition partition = parse_partition(chosen, rows, cols, goal);
  const DatabaseDirectory where = database_directory(dir_text, "--dir");
  const std::filesystem::path& dir = where.path;
  if (dir.empty())
    throw PdbError(ErrorKind::Usage,
                   "no database directory: give --pdb-dir or set NPUZZLE_PDB_DIR");
  // A directory given whose parent does not exist either is refused before anything else.
  if (!plan_only) prepare_directory(where, false);

  // Memory first: refuse before anything is allocated.
  const std::uint64_t available = available_memory_bytes();
  // Without --partition, a refusal names the quick set, which needs far less.
  const std::string quick = quick_partition_name(rows, cols);
  const std::string smaller = partition_text.empty() && quick != chosen
                                  ? " (`--partition " + quick + "` builds a smaller set)"
                                  : std::string();
  // The tables: each group's, then with --dual each group's tables for its other regions.
  std::vector<BuildSpec> specs;
  for (std::size_t g = 0; g < partition.groups.size(); ++g) {
    specs.push_back(BuildSpec{rows, cols, goal, partition.groups[g], partition.is_zero_aware(g)});
  }
  if (dual) {
    for (std::size_t g = 0; g < partition.groups.size(); ++g) {
      if (partition.is_zero_aware(g)) continue;  // no dual lookups on zero-aware tables
      const auto& tiles = partition.groups[g];
      for (auto& other : dual_goals(rows, cols, goal, tiles)) {
        specs.push_back(BuildSpec{rows, cols, std::move(other), tiles});
      }
    }
  }
  // Each table's placements and memory, then what is left to build (files present are skipped).
  struct Planned {
    std::uint64_t placements;
    std::uint64_t need;
    bool zero_aware;
  };
  std::vector<Planned> to_build;
  for (const BuildSpec& spec : specs) {
    validate_spec(spec);
    const auto path = table_path(dir, rows, cols, spec.goal, spec.tiles, spec.zero_aware);
    const Planned table{placement_count(rows * cols, static_cast<int>(spec.tiles.size())),
                        build_memory_bytes(spec), spec.zero_aware};
    std::cerr << "pattern " << path.filename().string() << ": " << table.placements
              << " placements, the build needs " << mib_text(table.need) << "\n";
    if (force || !entry_present(path)) to_build.push_back(table);
  }
  std::uint64_t placements = 0, largest_need = 0;
  const int workers = build_workers(threads);
  double seconds = 0;
  for (const Planned& table : to_build) {
    placements += table.placements;
    largest_need = std::max(largest_need, table.need);
    seconds += build_seconds_estimate(table.placements, table.zero_aware, workers);
  }
  if (!to_build.empty()) {
    std::cerr << "pdbgen: " << to_build.size() << " table(s) to build, " << placements
              << " placements, at most " << mib_text(largest_need)
              << " at a time (one table at a time); expect " << duration_text(seconds) << " on "
              << workers << " thread(s), more on a busy machine\n";
  }
  if (plan_only) {
    throw npuzzle::UsageError(
        "nothing built: give the board size to build its recommended set, e.g. `pdbgen build "
        "--size " +
        std::to_string(rows) + "x" + std::to_string(cols) + "` (the plan above), or `--size " +
        std::to_string(rows) + "x" + std::to_string(cols) + " --partition " +
        quick_partition_name(rows, cols) + "` for a smaller set, or `--size 5x5`");
  }
  if (mem_limit && largest_need > mem_limit) {
    throw PdbError(ErrorKind::Memory, "the build needs " + mib_text(largest_need) +
                                          ", more than --mem-limit " + mib_text(mem_limit) +
                                          "; refusing to start" + smaller);
  }
  if (available && largest_need > available) {
    throw PdbError(ErrorKind::Memory, "the build needs " + mib_text(largest_need) +
                                          ", more than the " + mib_text(available) +
                                          " this machine has available; refusing to start" +
                                          smaller);
  }
  if (const std::string note = prepare_directory(where, true); !note.empty()) {
    std::cerr << "pdbgen: " << note << "\n";
  }

  const bool tty = ::isatty(2);
  for (const BuildSpec& spec : specs) {
    const auto path = table_path(dir, rows, cols, spec.goal, spec.tiles, spec.zero_aware);
    if (!force && entry_present(path)) {
      std::cerr << path.string() << " exists; skipped (--force rebuilds it)\n";
      remove_resume_file(path, true);
      continue;
    }
    BuildOptions options;
    options.threads = threads;
    options.stop = &g_stop;
    options.resume_file = resume_file_for(path);
    options.restart = force;
    options.trust_other_user = flags.trust_other_user;
    options.note = [](const std::string& text) { std::cerr << "pdbgen: " << text << "\n"; };
    bool shown = false;
    options.progress = [&](const BuildProgress& p) {
      if (p.seconds < 1.0) return;
      const double done = static_cast<double>(p.placements) / static_cast<double>(p.total);
      char line[200];
      std::snprintf(
          line, sizeof line,
          "  depth %3d  states %13llu  placements %6.2f%%  %7.2f M states/s  elapsed %7.1f s  %s",
          p.depth, static_cast<unsigned long long>(p.states), 100.0 * done,
          static_cast<double>(p.states) / p.seconds / 1e6, p.seconds,
          eta_text(p.seconds, done).c_str());
      std::cerr << (tty ? "\r" : "") << line << (tty ? "" : "\n") << std::flush;
      shown = true;
    };
    std::cerr << "building " << path.string() << "\n";
    const BuildResult built = build_table(spec, options);
    if (shown && tty) std::cerr << "\n";
    write_table(path, built.meta, built.payload, &g_stop);
    std::cerr << "wrote " << path.string() << ": " << built.states
              << " abstract states, max distance " << built.meta.max_distance << ", "
              << built.meta.entry_bits << "-bit entries, "
              << mib_text(kHeaderBytes + built.meta.payload_bytes()) << ", " << built.seconds
              << " s\n";
    remove_resume_file(path, false);
  }
  return ExitCode::Solved;
}

ExitCode run_info(const std::string& file) {
  const auto table = PdbTable::load(file, PdbTable::kNeverCopy);
  const PdbMeta& m = table->meta();
  std::cout << "file:          " << file << "\n"
            << "format:        version " << kFormatVersion << ", ranking " << m.ranking
            << " (lexicographic partial permutation), encoding " << m.encoding
            << (m.zero_aware() ? " (zero-aware: a bit per region of the blank, floor(d/2) mod 2)\n"
                               : " (half excess over Manhattan)\n")
            << "board:         " << m.rows << "x" << m.cols << "\n"
            << "goal:          " << goal_label(m.goal) << " (";
  for (std::size_t i = 0; i < m.goal.size(); ++i) std::cout << (i ? " " : "") << m.goal[i];
  std::cout << ")\npattern:       ";
  for (std::size_t i = 0; i < m.tiles.size(); ++i) std::cout << (i ? "," : "") << m.tiles[i];
  std::cout << "\nentries:       " << m.entry_count << " of " << m.entry_bits << " bits (payload "
            << mib_text(m.payload_bytes()) << ")\n"
            << "max distance:  " << m.max_distance << " (max stored " << m.max_stored << ")\n"
            << "checksum:      " << std::hex << m.payload_checksum << std::dec << " (verified)\n"
            << "generator:     " << m.generator << "\n";
  npuzzle::flush_stdout_or_throw();
  return ExitCode::Solved;
}

ExitCode run_verify(const std::string& file, int threads) {
  const auto table = PdbTable::load(file, PdbTable::kNeverCopy);
  std::cerr << "checksum ok; checking the breadth-first invariants of " << table->meta().entry_count
            << " entries\n";
  // The progress line of a build: the share checked, the rate, the time so far and left; from the
  // first second on, at most once a second on a terminal (one line rewritten), every 5 s otherwise.
  const bool tty = ::isatty(2);
  bool shown = false;
  double last = 0;
  VerifyOptions options;
  options.threads = threads;
  options.stop = &g_stop;
  options.progress = [&](const VerifyProgress& p) {
    const double done = static_cast<double>(p.checked) / static_cast<double>(p.total);
    if (p.seconds < 1.0) return;
    if (shown && done < 1.0 && p.seconds - last < (tty ? 1.0 : 5.0)) return;
    if (!shown && done >= 1.0) return;  // done at its first line: none
    last = p.seconds;
    char line[200];
    std::snprintf(line, sizeof line,
                  "  checked %13llu entries  %6.2f%%  %7.2f M entries/s  elapsed %7.1f s  %s",
                  static_cast<unsigned long long>(p.checked), 100.0 * done,
                  static_cast<double>(p.checked) / p.seconds / 1e6, p.seconds,
                  eta_text(p.seconds, done).c_str());
    std::cerr << (tty ? "\r" : "") << line << (tty ? "" : "\n") << std::flush;
    shown = true;
  };
  const VerifyReport report = verify_table(*table, options);
  if (shown && tty) std::cerr << "\n";
  if (report.interrupted) {
    std::cerr << "pdbgen: verify interrupted; " << file << " was not checked to the end\n";
    return ExitCode::Limit;
  }
  for (std::size_t d = 0; d < report.histogram.size(); ++d) {
    if (report.histogram[d]) std::cout << "distance " << d << ": " << report.histogram[d] << "\n";
  }
  if (report.unreached) std::cout << "unreached (other parity): " << report.unreached << "\n";
  std::cout << file << ": " << (report.ok ? "" : "FAILED: ") << report.message << "\n";
  npuzzle::flush_stdout_or_throw();
  return report.ok ? ExitCode::Solved : ExitCode::Input;
}

}  // namespace

int main(int argc, char** argv) {
  std::set_new_handler(nullptr);  // from here a failed allocation throws std::bad_alloc
  std::signal(SIGXFSZ, SIG_IGN);  // a file size limit makes write() fail with EFBIG instead
  std::signal(SIGBUS, on_bus_error);

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
    return to_int(npuzzle::report_parse_error(app, e, argc, argv, "pdbgen") == 0 ? ExitCode::Solved
                                                                                 : ExitCode::Usage);
  }
  if (manual_commands->given()) {
    return to_int(npuzzle::run_manual_command(app, *manual_commands) ? ExitCode::Solved
                                                                     : ExitCode::Usage);
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
      return to_int(
          run_build(size, partition, goal, dir, threads, mem_limit, build_flags, plan_only));
    }
    if (*info) return to_int(run_info(file));
    if (*verify) return to_int(run_verify(file, threads));
  } catch (const PdbError& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return npuzzle::to_int(npuzzle::exit_code_for(e.kind()));
  } catch (const npuzzle::UsageError& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return to_int(ExitCode::Usage);
  } catch (const npuzzle::OutputError& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return to_int(ExitCode::Input);
  } catch (const std::bad_alloc&) {
    std::cerr << "pdbgen: out of memory\n";
    return to_int(ExitCode::OutOfMemory);
  } catch (const std::exception& e) {
    if (const std::string memory = npuzzle::memory_failure_of_current_exception();
        !memory.empty()) {
      std::cerr << "pdbgen: " << memory << "\n";  // a thread that could not be created
      return to_int(ExitCode::OutOfMemory);
    }
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return to_int(ExitCode::Input);
  }
  return to_int(ExitCode::Usage);
}
