#include "heuristics/pdb/build.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>

#include "core/atomic_extremum.hpp"
#include "heuristics/pdb/geometry.hpp"
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

// Per placement during the build: bit sets over the label cells of its free cells (in cell order;
// a region is all the label cells it holds; `seen` gets the bits past the labels too, with the
// first region seen), and 1 + the stored value (half the excess of the distance over the pattern's
// Manhattan distance), 0 until reached.
template <class L>
struct Slot {
  L seen;
  L frontier[2];
  L stored_plus_one;
};

// One build: the working table (a Slot per placement, on anonymous memory), the rounds of the
// breadth-first search over it, and the payload packed from it at the end.
template <class L>
class Builder {
 public:
  Builder(const BuildSpec& spec, const BuildOptions& options)
      : spec_(spec),
        options_(options),
        geo_(spec.rows, spec.cols),
        pmd_(geo_, spec.goal, spec.tiles),
        count_(placement_count(geo_.n, pmd_.k)),
        arena_(options.threads > 0 ? options.threads : tbb::task_arena::automatic) {}

  BuildResult run() {
    allocate();
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
      std::memset(static_cast<void*>(slots_), 0, working_bytes());
      max_stored_.store(0);
      resumed_seconds_ = 0;
      resumed_ = false;
      counts = fresh_start();
      search(counts);
    }
    BuildResult result;
    result.meta = meta(counts.max_distance);
    result.payload = pack(result.meta);
    result.meta.payload_checksum = checksum(result.payload);
    result.states = counts.states;
    result.seconds = elapsed();
    result.resumed = resumed_;
    return result;
  }

 private:
  struct Round {
    std::uint64_t states = 0, placements = 0;  // newly reached
  };

  // The counts of a search that has only the goal.
  ResumePoint fresh_start() {
    seed_goal();
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
      const Round round = expand_round(depth);
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
        options_.progress({depth, counts.states, counts.placements, count_, elapsed()});
      }
      if (round.states + counts.pending == 0) break;
      counts.pending = 0;
    }
  }

  std::uint64_t working_bytes() const {
    return count_ * (sizeof(Slot<L>) + (spec_.zero_aware ? sizeof(L) : 0));
  }
  void note(const std::string& text) const {
    if (options_.note) options_.note(text);
  }
  std::span<std::uint8_t> body() const {
    return {reinterpret_cast<std::uint8_t*>(slots_), working_bytes()};
  }

  // Saves the search to the resume file (atomically), or says why it could not.
  void save(const ResumePoint& counts) const {
    if (options_.resume_file.empty()) return;
    ResumePoint point = counts;
    point.max_stored = max_stored_.load();
    point.seconds = elapsed();
    const std::string error = save_resume(options_.resume_file, spec_, count_, point, body());
    if (!error.empty()) {
      note("could not save the build to " + options_.resume_file.string() + " (" + error +
           "); a new build starts from the beginning");
      return;
    }
    note("saved the build at distance " + std::to_string(counts.depth) + " to " +
         options_.resume_file.string() + " (" + std::to_string(working_bytes() >> 20) +
         " MiB); the same command resumes it");
  }

  // Loads the resume file into the working table when it is a saved build of this spec; false
  // otherwise (one that fails a check, or any with `restart`, is set aside: the build starts over
  // and may save anew). Throws PdbError(Database) for another user's file unless they are trusted.
  bool resume(ResumePoint& counts) {
    if (options_.resume_file.empty() || !entry_present(options_.resume_file)) return false;
    if (options_.restart) {
      set_aside("a build from the beginning was asked for");
      return false;
    }
    ResumePoint point;
    const ResumeLoad loaded =
        load_resume(options_.resume_file, spec_, count_, point, body(), options_.trust_other_user);
    switch (loaded.status) {
      case ResumeLoad::Status::Absent:
        return false;
      case ResumeLoad::Status::OtherOwner:
        throw PdbError(ErrorKind::Database,
                       options_.resume_file.string() + ", a saved build, belongs to " +
                           loaded.reason +
                           ", not to you: not resumed from. --trust-other-user resumes it (the "
                           "table is verified before it is written); --force builds from the "
                           "beginning");
      case ResumeLoad::Status::Rejected:
        std::memset(static_cast<void*>(slots_), 0, working_bytes());
        set_aside(loaded.reason);
        return false;
      case ResumeLoad::Status::Loaded:
        break;
    }
    counts = point;
    max_stored_.store(point.max_stored);
    resumed_seconds_ = point.seconds;
    note("resumed the build saved at distance " + std::to_string(point.depth) + " from " +
         options_.resume_file.string() + " (" + std::to_string(static_cast<int>(point.seconds)) +
         " s of building before)");
    return true;
  }

  // Renames the resume file aside (never deletes it) and says so; the build starts over.
  void set_aside(const std::string& why) const { set_aside_noted(options_, why); }

  // The lane of `region` among the label cells `labels` of its placement: throws when the labels
  // are more than a lane holds (build_lane_bits chose the lanes wide enough for them all).
  static L lane(std::uint32_t region, std::uint32_t labels) {
    if (std::popcount(labels) > std::numeric_limits<L>::digits) {
      throw std::logic_error("pattern database region labels overflow the build lanes");
    }
    return static_cast<L>(extract(region, labels));
  }
  // The lane bits past the labels: set in `seen` with the first region seen, so that a placement
  // whose every region is seen has all bits set.
  static L past(std::uint32_t labels) { return static_cast<L>(~extract(labels, labels)); }

  double elapsed() const {
    return resumed_seconds_ +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  // Zeroed anonymous memory, on transparent huge pages where the kernel allows (the successors of a
  // placement are scattered over the whole table: 2 MiB pages spare most of the TLB misses).
  void allocate() {
    const std::size_t bytes = working_bytes();
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      throw PdbError(ErrorKind::Memory, "out of memory: the build needs " +
                                            std::to_string(build_memory_bytes(spec_) >> 20) +
                                            " MiB");
    }
    madvise(memory, bytes, MADV_HUGEPAGE);
    owner_ = {memory, [bytes](void* m) { munmap(m, bytes); }};
    slots_ = static_cast<Slot<L>*>(memory);
    if (spec_.zero_aware) odd_half_ = reinterpret_cast<L*>(slots_ + count_);
  }

  // The goal placement, the blank in the goal blank's region, is the first frontier.
  void seed_goal() {
    std::uint8_t goal_cells[kMaxCells];
    std::uint32_t goal_occupied = 0;
    for (int i = 0; i < pmd_.k; ++i) {
      goal_cells[i] = pmd_.goal_cell[i];
      goal_occupied |= std::uint32_t{1} << goal_cells[i];
    }
    const int goal_blank =
        static_cast<int>(std::find(spec_.goal.begin(), spec_.goal.end(), 0) - spec_.goal.begin());
    const std::uint32_t goal_free = geo_.all & ~goal_occupied;
    const std::uint32_t goal_region = geo_.region(std::uint32_t{1} << goal_blank, goal_free);
    Slot<L>& goal_slot = slots_[rank_placement(goal_cells, pmd_.k, geo_.n)];
    const std::uint32_t goal_labels = geo_.label_cells(goal_free);
    goal_slot.frontier[0] = lane(goal_region, goal_labels);
    goal_slot.seen = goal_slot.frontier[0] | past(goal_labels);
  }

  // Expands every placement on the frontier of round `depth` in parallel chunks.
  Round expand_round(int depth) {
    std::atomic<std::uint64_t> new_states{0}, new_placements{0};
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, count_, kScanGrain),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          if (options_.stop && options_.stop->load(std::memory_order_relaxed)) {
                            return;
                          }
                          const Round local = expand_range(depth, range.begin(), range.end());
                          new_states.fetch_add(local.states, std::memory_order_relaxed);
                          new_placements.fetch_add(local.placements, std::memory_order_relaxed);
                        });
    });
    return {new_states.load(), new_placements.load()};
  }

  Round expand_range(int depth, std::uint64_t begin, std::uint64_t end) {
    const int cur = depth & 1, next = cur ^ 1, k = pmd_.k, n = geo_.n;
    const bool odd_half_next = odd_half_ != nullptr && ((depth + 1) >> 1 & 1) != 0;
    constexpr L kAll = std::numeric_limits<L>::max();
    Round local;
    int local_max_stored = 0;
    std::uint8_t cells[kMaxCells];
    struct Successor {
      std::uint64_t rank;
      std::uint32_t free;  // free cells of the successor placement
      int from;            // the cell the moved tile left: the blank's cell now
    };
    Successor pending[4 * kMaxCells];
    for (std::uint64_t r = begin; r != end; ++r) {
      Slot<L>& slot = slots_[r];
      const std::uint32_t frontier = slot.frontier[cur];
      if (frontier == 0) continue;
      slot.frontier[cur] = 0;
      const std::uint32_t occupied = unrank_placement(r, k, n, cells);
      const std::uint32_t free = geo_.all & ~occupied;
      if (slot.stored_plus_one == 0) {
        const int excess = depth - pmd_.distance(cells);
        if (excess < 0 || excess % 2 != 0) {
          throw std::logic_error("pattern database entry below or off the Manhattan parity");
        }
        if (excess / 2 + 1 > std::int64_t{std::numeric_limits<L>::max()}) {
          throw std::logic_error("pattern database distances overflow the build lanes");
        }
        slot.stored_plus_one = static_cast<L>(excess / 2 + 1);
        local_max_stored = std::max(local_max_stored, excess / 2);
        ++local.placements;
      }
      // The cells of the frontier's regions (all of `free` when every region is on it).
      const std::uint32_t labels = geo_.label_cells(free), seeds = deposit(frontier, labels);
      const std::uint32_t regions = seeds == labels ? free : geo_.region(seeds, free);
      // All successors first, their slots prefetched, so the cache misses overlap.
      int count_pending = 0;
      for_each_tile_move(geo_, cells, k, regions, [&](int from, int to, std::uint64_t r2) {
        __builtin_prefetch(&slots_[r2], 1);
        const std::uint32_t moved =
            occupied ^ (std::uint32_t{1} << from) ^ (std::uint32_t{1} << to);
        pending[count_pending++] = {r2, geo_.all & ~moved, from};
        return false;
      });
      for (int p = 0; p < count_pending; ++p) {
        Slot<L>& target = slots_[pending[p].rank];
        std::atomic_ref<L> seen(target.seen);
        const L seen_before = seen.load(std::memory_order_relaxed);
        if (seen_before == kAll) continue;  // every region of the placement seen
        // A seen region has all its labels set: one label of the blank's region, found without a
        // flood fill, tells whether it is new. With one label, free2 is one region.
        const std::uint32_t free2 = pending[p].free;
        const int from = pending[p].from;
        const std::uint32_t labels2 = geo_.label_cells(free2);
        const bool one_region = (labels2 & (labels2 - 1)) == 0;
        const L bit =
            one_region ? L{1}
                       : lane(std::uint32_t{1} << geo_.label_cell(from, free2, labels2), labels2);
        if (seen_before & bit) continue;
        const L region =
            one_region ? L{1} : lane(geo_.region(std::uint32_t{1} << from, free2), labels2);
        if (seen.fetch_or(region | past(labels2), std::memory_order_relaxed) & bit) continue;
        std::atomic_ref<L>(target.frontier[next]).fetch_or(region, std::memory_order_relaxed);
        if (odd_half_next) {
          std::atomic_ref<L>(odd_half_[pending[p].rank])
              .fetch_or(region, std::memory_order_relaxed);
        }
        ++local.states;
      }
    }
    raise_to(max_stored_, local_max_stored);
    return local;
  }

  PdbMeta meta(int max_distance) const {
    PdbMeta meta;
    meta.rows = spec_.rows;
    meta.cols = spec_.cols;
    meta.goal = spec_.goal;
    meta.tiles = spec_.tiles;
    meta.ranking = kRankingLexPartialPermutation;
    meta.encoding = spec_.zero_aware ? kEncodingZeroAware : kEncodingHalfExcess;
    meta.entry_bits = !spec_.zero_aware && max_stored_.load() < 15 ? 4 : 8;
    meta.entry_count = count_;
    meta.max_stored = max_stored_.load();
    meta.max_distance = max_distance;
    meta.generator = kGeneratorVersion;
    return meta;
  }

  // The entries in the file's encoding: one byte each, or two to a byte (low nibble first).
  std::vector<std::uint8_t> pack(const PdbMeta& meta) {
    std::vector<std::uint8_t> payload;
    try {
      payload.resize(meta.payload_bytes());
    } catch (const std::bad_alloc&) {
      throw PdbError(ErrorKind::Memory, "out of memory allocating the database payload");
    }
    const int unreached = meta.unreached_value();
    const auto value = [&](std::uint64_t r) {
      const L v = slots_[r].stored_plus_one;
      return v == 0 ? unreached : static_cast<int>(v) - 1;
    };
    std::uint8_t* out = payload.data();
    if (spec_.zero_aware) {
      for (std::uint64_t r = 0; r != count_; ++r) out[r] = static_cast<std::uint8_t>(odd_half_[r]);
      return payload;
    }
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, payload.size(), kScanGrain),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          for (std::uint64_t b = range.begin(); b != range.end(); ++b) {
                            if (meta.entry_bits == 8) {
                              out[b] = static_cast<std::uint8_t>(value(b));
                            } else {
                              const int low = value(2 * b);
                              const int high = 2 * b + 1 < count_ ? value(2 * b + 1) : 0;
                              out[b] = static_cast<std::uint8_t>(low | (high << 4));
                            }
                          }
                        });
    });
    return payload;
  }

  const BuildSpec& spec_;
  const BuildOptions& options_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  const Geometry geo_;
  const PatternMd pmd_;
  const std::uint64_t count_;
  tbb::task_arena arena_;
  std::unique_ptr<void, std::function<void(void*)>> owner_;  // the working table's memory
  Slot<L>* slots_ = nullptr;
  L* odd_half_ = nullptr;  // zero-aware: per placement, the label bits of regions with d/2 odd
  std::atomic<int> max_stored_{0};
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
