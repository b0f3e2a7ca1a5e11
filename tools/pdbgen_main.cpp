// pdbgen — builds, describes and verifies pattern databases.
//
//   pdbgen build --size 4x4 --partition 7-8|6-6-3|5-5-5|LISTS [--goal blank-first|blank-last|LIST]
//                [--dir DIR] [--threads N] [--mem-limit SIZE] [--force]
//   pdbgen info FILE
//   pdbgen verify FILE [--threads N]
//
// Exit codes: 0 done; 1 usage error; 2 bad or unreadable database, failed write; 4 interrupted
// (Ctrl-C / SIGTERM: no final file is left); 5 not enough memory (refused before starting, or an
// allocation failed).
#include <CLI/CLI.hpp>

#include <tbb/global_control.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/parse.hpp"
#include "heuristics/pdb_build.hpp"
#include "heuristics/pdb_catalogue.hpp"
#include "heuristics/pdb_file.hpp"
#include "heuristics/pdb_index.hpp"

namespace {

using namespace npuzzle::pdb;
using npuzzle::ExitCode;
using npuzzle::to_int;

std::atomic<bool> g_stop{false};

extern "C" void on_signal(int) { g_stop.store(true); }

// `info` and `verify` read the file through a mapping: one cut short meanwhile faults (SIGBUS).
extern "C" void on_bus_error(int) {
  static constexpr char kMessage[] =
      "pdbgen: the database file was truncated on disk while being read (bus error)\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  ::_exit(npuzzle::to_int(npuzzle::ExitCode::Input));
}

// "6G", "6GiB", "500M", "123456" (bytes) -> bytes; false when malformed.
bool parse_bytes(const std::string& text, std::uint64_t& bytes) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (...) {
    return false;
  }
  std::string unit = text.substr(used);
  for (char& ch : unit) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  double scale = 1;
  if (unit.empty() || unit == "B") {
    scale = 1;
  } else if (unit == "K" || unit == "KB" || unit == "KIB") {
    scale = 1024.0;
  } else if (unit == "M" || unit == "MB" || unit == "MIB") {
    scale = 1024.0 * 1024;
  } else if (unit == "G" || unit == "GB" || unit == "GIB") {
    scale = 1024.0 * 1024 * 1024;
  } else {
    return false;
  }
  if (value <= 0) return false;
  bytes = static_cast<std::uint64_t>(value * scale);
  return true;
}

std::vector<int> parse_goal(const std::string& text, int cells) {
  if (text == "blank-first" || text.empty()) {
    std::vector<int> g(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c) g[static_cast<std::size_t>(c)] = c;
    return g;
  }
  if (text == "blank-last") {
    std::vector<int> g(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c) g[static_cast<std::size_t>(c)] = (c + 1) % cells;
    return g;
  }
  std::vector<int> g;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    std::istringstream words(item);
    std::string word;
    while (words >> word) {
      if (word.find_first_not_of("0123456789") != std::string::npos) {
        throw PdbError(ErrorKind::Usage, "--goal: '" + word + "' is not a tile number");
      }
      g.push_back(std::stoi(word));
    }
  }
  if (static_cast<int>(g.size()) != cells) {
    throw PdbError(ErrorKind::Usage, "--goal lists " + std::to_string(g.size()) +
                                         " tiles, the board has " + std::to_string(cells) +
                                         " cells");
  }
  return g;
}

std::string mib(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buf;
}

ExitCode run_build(const std::string& size, const std::string& partition_text,
                   const std::string& goal_text, std::string dir_text, int threads,
                   const std::string& mem_limit_text, bool force) {
  const auto board = npuzzle::parse_board_size(size);
  if (!board) throw PdbError(ErrorKind::Usage, "--size must be RxC, 2x2 .. 5x5");
  const int rows = board->rows, cols = board->cols;
  std::uint64_t mem_limit = 0;
  if (!mem_limit_text.empty() && !parse_bytes(mem_limit_text, mem_limit)) {
    throw PdbError(ErrorKind::Usage,
                   "--mem-limit: '" + mem_limit_text + "' is not a size (e.g. 6G, 500M)");
  }
  const std::vector<int> goal = parse_goal(goal_text, rows * cols);
  validate_spec(BuildSpec{rows, cols, goal, {1}});
  const Partition partition = parse_partition(partition_text, rows, cols, goal);
  const std::filesystem::path dir =
      dir_text.empty() ? default_directory() : std::filesystem::path(dir_text);
  if (dir.empty())
    throw PdbError(ErrorKind::Usage, "no database directory: give --dir or set NPUZZLE_PDB_DIR");

  // Memory first: refuse before anything is allocated.
  const std::uint64_t available = available_memory_bytes();
  for (const auto& tiles : partition.groups) {
    const BuildSpec spec{rows, cols, goal, tiles};
    validate_spec(spec);
    const std::uint64_t need = build_memory_bytes(spec);
    std::cerr << "pattern " << table_path(dir, rows, cols, goal, tiles).filename().string() << ": "
              << placement_count(rows * cols, static_cast<int>(tiles.size()))
              << " placements, the build needs " << mib(need) << "\n";
    if (mem_limit && need > mem_limit) {
      throw PdbError(ErrorKind::Memory, "the build needs " + mib(need) +
                                            ", more than --mem-limit " + mib(mem_limit) +
                                            "; refusing to start");
    }
    if (available && need > available) {
      throw PdbError(ErrorKind::Memory, "the build needs " + mib(need) + ", more than the " +
                                            mib(available) +
                                            " this machine has available; refusing to start");
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw PdbError(ErrorKind::Io, "cannot create " + dir.string() + ": " + ec.message());

  const bool tty = ::isatty(2);
  for (const auto& tiles : partition.groups) {
    const auto path = table_path(dir, rows, cols, goal, tiles);
    if (!force && std::filesystem::exists(path)) {
      std::cerr << path.string() << " exists; skipped (--force rebuilds it)\n";
      continue;
    }
    BuildOptions options;
    options.threads = threads;
    options.stop = &g_stop;
    bool shown = false;
    options.progress = [&](const BuildProgress& p) {
      if (p.seconds < 1.0) return;
      char line[200];
      std::snprintf(
          line, sizeof line,
          "  depth %3d  states %13llu  placements %6.2f%%  %7.2f M states/s  elapsed %7.1f s",
          p.depth, static_cast<unsigned long long>(p.states),
          100.0 * static_cast<double>(p.placements) / static_cast<double>(p.total),
          static_cast<double>(p.states) / p.seconds / 1e6, p.seconds);
      std::cerr << (tty ? "\r" : "") << line << (tty ? "" : "\n") << std::flush;
      shown = true;
    };
    std::cerr << "building " << path.string() << "\n";
    const BuildResult built = build_table(BuildSpec{rows, cols, goal, tiles}, options);
    if (shown && tty) std::cerr << "\n";
    write_table(path, built.meta, built.payload, &g_stop);
    std::cerr << "wrote " << path.string() << ": " << built.states
              << " abstract states, max distance " << built.meta.max_distance << ", "
              << built.meta.entry_bits << "-bit entries, "
              << mib(kHeaderBytes + built.meta.payload_bytes()) << ", " << built.seconds << " s\n";
  }
  return ExitCode::Solved;
}

ExitCode run_info(const std::string& file) {
  const auto table = PdbTable::load(file);
  const PdbMeta& m = table->meta();
  std::cout << "file:          " << file << "\n"
            << "format:        version " << kFormatVersion << ", ranking " << m.ranking
            << " (lexicographic partial permutation), encoding " << m.encoding
            << " (half excess over Manhattan)\n"
            << "board:         " << m.rows << "x" << m.cols << "\n"
            << "goal:          " << goal_label(m.goal) << " (";
  for (std::size_t i = 0; i < m.goal.size(); ++i) std::cout << (i ? " " : "") << m.goal[i];
  std::cout << ")\npattern:       ";
  for (std::size_t i = 0; i < m.tiles.size(); ++i) std::cout << (i ? "," : "") << m.tiles[i];
  std::cout << "\nentries:       " << m.entry_count << " of " << m.entry_bits << " bits (payload "
            << mib(m.payload_bytes()) << ")\n"
            << "max distance:  " << m.max_distance << " (max stored " << m.max_stored << ")\n"
            << "checksum:      " << std::hex << m.payload_checksum << std::dec << " (verified)\n"
            << "generator:     " << m.generator << "\n";
  return ExitCode::Solved;
}

ExitCode run_verify(const std::string& file, int threads) {
  const auto table = PdbTable::load(file);
  std::cerr << "checksum ok; checking the breadth-first invariants of " << table->meta().entry_count
            << " entries\n";
  const VerifyReport report = verify_table(*table, threads);
  for (std::size_t d = 0; d < report.histogram.size(); ++d) {
    if (report.histogram[d]) std::cout << "distance " << d << ": " << report.histogram[d] << "\n";
  }
  if (report.unreached) std::cout << "unreached (other parity): " << report.unreached << "\n";
  std::cout << file << ": " << (report.ok ? "" : "FAILED: ") << report.message << "\n";
  return report.ok ? ExitCode::Solved : ExitCode::Input;
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  std::signal(SIGXFSZ, SIG_IGN);  // a file size limit makes write() fail with EFBIG instead
  std::signal(SIGBUS, on_bus_error);

  CLI::App app{"pdbgen: build, describe and verify npuzzle pattern databases"};
  app.set_version_flag("--version", std::string("pdbgen ") + NPUZZLE_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 done, 1 usage, 2 bad database or failed write, 4 interrupted, 5 not enough "
      "memory.");

  std::string size = "4x4", partition, goal = "blank-first", dir, mem_limit, file;
  int threads = 0;
  bool force = false;
  auto* build =
      app.add_subcommand("build", "build the databases of a partition into the directory");
  build->add_option("--size", size, "board size RxC")->capture_default_str();
  build
      ->add_option("--partition", partition,
                   "7-8, 6-6-3, 5-5-5, 6-6-6-6, full, … or tile lists 1,2,3/4,5,6")
      ->required();
  build->add_option("--goal", goal, "blank-first, blank-last or the tiles of the goal")
      ->capture_default_str();
  build->add_option(
      "--dir", dir,
      "database directory (default $NPUZZLE_PDB_DIR, $XDG_CACHE_HOME/npuzzle, ~/.cache/npuzzle)");
  build->add_option("--threads", threads, "worker threads (default: all)")
      ->check(CLI::NonNegativeNumber);
  build->add_option("--mem-limit", mem_limit,
                    "refuse to build when the build needs more (e.g. 6G)");
  build->add_flag("--force", force, "rebuild files that already exist");
  auto* info = app.add_subcommand("info", "describe a database file (checks its checksum)");
  info->add_option("FILE", file, "database file")->required();
  auto* verify =
      app.add_subcommand("verify", "check a database's checksum and breadth-first invariants");
  verify->add_option("FILE", file, "database file")->required();
  verify->add_option("--threads", threads, "worker threads (default: all)")
      ->check(CLI::NonNegativeNumber);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return to_int(app.exit(e) == 0 ? ExitCode::Solved : ExitCode::Usage);
  }
  std::unique_ptr<tbb::global_control> limit;
  if (threads > 0) {
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  static_cast<std::size_t>(threads));
  }
  try {
    if (*build) return to_int(run_build(size, partition, goal, dir, threads, mem_limit, force));
    if (*info) return to_int(run_info(file));
    if (*verify) return to_int(run_verify(file, threads));
  } catch (const PdbError& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return to_int(e.exit_code());
  } catch (const std::bad_alloc&) {
    std::cerr << "pdbgen: out of memory\n";
    return to_int(ExitCode::OutOfMemory);
  } catch (const std::exception& e) {
    std::cerr << "pdbgen: " << npuzzle::printable(e.what()) << "\n";
    return to_int(ExitCode::Input);
  }
  return to_int(ExitCode::Usage);
}
