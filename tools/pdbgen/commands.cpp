// The commands of `pdbgen` (commands.hpp): build, info and verify.
#include "tools/pdbgen/commands.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/open.hpp"
#include "text/option_values.hpp"
#include "text/parse.hpp"
#include "tools/checked_output.hpp"
#include "tools/pdbgen/app.hpp"

namespace npuzzle::pdbgen {

using namespace npuzzle::pdb;

namespace {

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

// Removes the resume file beside `table` once the table is in place (and its checksum holds, when
// `check` asks: the table was there before this build), saying so.
void remove_resume_file(const std::filesystem::path& table, bool check) {
  const std::filesystem::path partial = resume_file_for(table);
  if (!entry_present(partial)) return;
  if (check) {
    try {
      PdbTable::load(table, {.copy_from_bytes = LoadPolicy::kNeverCopy});
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

}  // namespace

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
    options.stop = &stop_requested;
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
    write_table(path, built.meta, built.payload, &stop_requested);
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
  const auto table = PdbTable::load(file, {.copy_from_bytes = LoadPolicy::kNeverCopy});
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
  const auto table = PdbTable::load(file, {.copy_from_bytes = LoadPolicy::kNeverCopy});
  std::cerr << "checksum ok; checking the breadth-first invariants of " << table->meta().entry_count
            << " entries\n";
  // The progress line of a build: the share checked, the rate, the time so far and left; from the
  // first second on, at most once a second on a terminal (one line rewritten), every 5 s otherwise.
  const bool tty = ::isatty(2);
  bool shown = false;
  double last = 0;
  VerifyOptions options;
  options.threads = threads;
  options.stop = &stop_requested;
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

}  // namespace npuzzle::pdbgen
