// Building one pattern database (heuristics/pdb/build.hpp) around its breadth-first search
// (heuristics/pdb/build_search.hpp): the rounds' counts and progress, interrupts, saving to and
// resuming from the resume file, and the check of a table built from one.
#include "heuristics/pdb/build.hpp"

#include <atomic>
#include <chrono>
#include <new>
#include <stdexcept>

#include "heuristics/pdb/build_search.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/open.hpp"
#include "heuristics/pdb/resume.hpp"

namespace npuzzle::pdb {
namespace {

// Renames the resume file of `options` aside (never deletes it) and says why: the build starts
// over from the beginning.
void set_aside_noted(const BuildOptions& options, const std::string& why) {
  std::string error;
  const std::filesystem::path aside = set_aside_resume(options.resume_file, error);
  if (!options.note) return;
  if (aside.empty()) {
    options.note("did not resume from " + options.resume_file.string() + " (" + why +
                 "), and could not rename it aside (" + error + "); building from the beginning");
    return;
  }
  options.note("did not resume from " + options.resume_file.string() + " (" + why +
               "): set aside as " + aside.string() + "; building from the beginning");
}

// One build: its breadth-first search, and where it stands (the counts of its rounds), saved to
// and resumed from the resume file.
template <class L>
class Builder {
 public:
  Builder(const BuildSpec& spec, const BuildOptions& options)
      : spec_(spec), options_(options), search_(spec, options.threads, options.stop) {}

  BuildResult run() {
    ResumePoint counts;  // where the search stands (max_stored and seconds: filled in by save())
    resumed_ = start(counts);
    try {
      search(counts);
    } catch (const std::logic_error& fault) {
      // A saved build that passed its checksums can still hold a working table no build makes
      // (written by hand, or by someone who recomputed them): start over without it.
      if (!resumed_) throw;
      set_aside(std::string("its working table is not a breadth-first search's (") + fault.what() +
                ")");
      search_.clear();
      resumed_seconds_ = 0;
      resumed_ = false;
      counts = fresh_start();
      search(counts);
    }
    BuildResult result;
    result.meta = meta(counts.max_distance);
    result.payload = search_.pack(result.meta);
    result.meta.payload_checksum = checksum(result.payload);
    result.states = counts.states;
    result.seconds = elapsed();
    result.resumed = resumed_;
    return result;
  }

 private:
  using Round = typename BuildSearch<L>::Round;

  // The counts of a search that has only the goal.
  ResumePoint fresh_start() {
    search_.seed_goal();
    ResumePoint counts;
    counts.states = 1;
    return counts;
  }

  // Resumes the saved build, or seeds the goal; true when resumed.
  bool start(ResumePoint& counts) {
    if (!options_.resume_file.empty()) remove_stale_temporaries(options_.resume_file);
    if (!resume(counts)) {
      counts = fresh_start();
      return false;
    }
    return true;
  }

  // The rounds of the breadth-first search from `counts` to the end.
  void search(ResumePoint& counts) {
    for (int depth = counts.depth;; ++depth) {
      const Round round = search_.expand_round(depth);
      counts.states += round.states;
      counts.placements += round.placements;
      if (round.placements > 0) counts.max_distance = depth;
      // Zero-aware: the largest distance of a state (placement and region), found a round later.
      if (spec_.zero_aware && round.states > 0) counts.max_distance = depth + 1;
      if (options_.stop && options_.stop->load(std::memory_order_relaxed)) {
        // The chunks that had started were finished: the round can run again from here.
        counts.depth = depth;
        counts.pending += round.states;
        save(counts);
        throw PdbError(ErrorKind::Interrupted,
                       "build interrupted at distance " + std::to_string(depth));
      }
      if (options_.progress) {
        options_.progress(
            {depth, counts.states, counts.placements, search_.placements(), elapsed()});
      }
      if (round.states + counts.pending == 0) break;
      counts.pending = 0;
    }
  }

  void note(const std::string& text) const {
    if (options_.note) options_.note(text);
  }

  // Saves the search to the resume file (atomically), or says why it could not.
  void save(const ResumePoint& counts) const {
    if (options_.resume_file.empty()) return;
    ResumePoint point = counts;
    point.max_stored = search_.max_stored();
    point.seconds = elapsed();
    const std::string error = save_resume(options_.resume_file, spec_, search_.placements(), point,
                                          search_.working_table());
    if (!error.empty()) {
      note("could not save the build to " + options_.resume_file.string() + " (" + error +
           "); a new build starts from the beginning");
      return;
    }
    note("saved the build at distance " + std::to_string(counts.depth) + " to " +
         options_.resume_file.string() + " (" +
         std::to_string(search_.working_table().size() >> 20) +
         " MiB); the same command resumes it");
  }

  // Loads the resume file into the working table when it is a saved build of this spec; false
  // otherwise (one that fails a check, or any with `restart`, is set aside: the build starts over
  // and may save anew). Throws OtherUsersBuild for another user's file unless they are trusted.
  bool resume(ResumePoint& counts) {
    if (options_.resume_file.empty() || !entry_present(options_.resume_file)) return false;
    if (options_.restart) {
      set_aside("a build from the beginning was asked for");
      return false;
    }
    ResumePoint point;
    const ResumeLoad loaded = load_resume(options_.resume_file, spec_, search_.placements(), point,
                                          search_.working_table(), options_.trust_other_user);
    switch (loaded.status) {
      case ResumeLoad::Status::Absent:
        return false;
      case ResumeLoad::Status::OtherOwner:
        throw OtherUsersBuild(options_.resume_file.string() + ", a saved build, belongs to " +
                              loaded.reason + ", not to you: not resumed from");
      case ResumeLoad::Status::Rejected:
        search_.clear();
        set_aside(loaded.reason);
        return false;
      case ResumeLoad::Status::Loaded:
        break;
    }
    counts = point;
    search_.set_max_stored(point.max_stored);
    resumed_seconds_ = point.seconds;
    note("resumed the build saved at distance " + std::to_string(point.depth) + " from " +
         options_.resume_file.string() + " (" + std::to_string(static_cast<int>(point.seconds)) +
         " s of building before)");
    return true;
  }

  // Renames the resume file aside (never deletes it) and says so; the build starts over.
  void set_aside(const std::string& why) const { set_aside_noted(options_, why); }

  double elapsed() const {
    return resumed_seconds_ +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  PdbMeta meta(int max_distance) const {
    PdbMeta meta;
    meta.rows = spec_.rows;
    meta.cols = spec_.cols;
    meta.goal = spec_.goal;
    meta.tiles = spec_.tiles;
    meta.ranking = kRankingLexPartialPermutation;
    meta.encoding = spec_.zero_aware ? kEncodingZeroAware : kEncodingHalfExcess;
    meta.entry_bits = !spec_.zero_aware && search_.max_stored() < 15 ? 4 : 8;
    meta.entry_count = search_.placements();
    meta.max_stored = search_.max_stored();
    meta.max_distance = max_distance;
    meta.generator = kGeneratorVersion;
    return meta;
  }

  const BuildSpec& spec_;
  const BuildOptions& options_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  BuildSearch<L> search_;
  double resumed_seconds_ = 0;  // building time before a resume
  bool resumed_ = false;        // the search started from a resume file
};

}  // namespace

std::filesystem::path resume_file_for(const std::filesystem::path& path) {
  std::filesystem::path partial = path;
  partial += ".partial";
  return partial;
}

namespace {

BuildResult run_builder(const BuildSpec& spec, const BuildOptions& options) {
  switch (build_lane_bits(spec)) {
    case 8:
      return Builder<std::uint8_t>(spec, options).run();
    case 16:
      return Builder<std::uint16_t>(spec, options).run();
    default:
      return Builder<std::uint32_t>(spec, options).run();
  }
}

// Checks a table built from a resume file with verify_table; true when it holds. Throws
// PdbError(Interrupted) when `stop` cut the check short (the resume file is still in place).
bool verified(const BuildOptions& options, const BuildResult& built) {
  if (options.note) {
    options.note("verifying the table built from " + options.resume_file.string() +
                 " before it is written");
  }
  const auto table = PdbTable::borrowing(built.meta, built.payload);
  const VerifyReport report = verify_table(*table, options.threads, options.stop);
  if (report.interrupted) {
    throw PdbError(ErrorKind::Interrupted, "interrupted while verifying the table built from " +
                                               options.resume_file.string() +
                                               "; the same command resumes it");
  }
  if (!report.ok && options.note) {
    options.note("the table built from " + options.resume_file.string() + " fails its check (" +
                 report.message + ")");
  }
  return report.ok;
}

}  // namespace

BuildResult build_table(const BuildSpec& spec, const BuildOptions& options) {
  validate_spec(spec);
  try {
    BuildResult built = run_builder(spec, options);
    if (!built.resumed || verified(options, built)) return built;
    // The saved build led to a wrong table: set it aside and build from the beginning.
    built = {};
    set_aside_noted(options, "the table built from it fails its check");
    BuildOptions again = options;
    again.restart = entry_present(options.resume_file);  // it could not be renamed
    return run_builder(spec, again);
  } catch (const std::bad_alloc&) {
    throw PdbError(ErrorKind::Memory, "out of memory during the database build");
  }
}

}  // namespace npuzzle::pdb
