// engine/heuristic_builders.hpp — how each heuristic of the registry is built for a board.
//
// An entry is a struct with `kInfo` (its row of kHeuristicInfo, heuristic_registry.hpp), a
// `fits<B>()` saying whether it exists for board B, and a static `with(request, choice, goal, f)`
// that builds the heuristic for the board and calls f(h, abandon) with it (`abandon`: a flag the
// heuristic sets when its inputs become invalid during the search, or nullptr). `HeuristicRegistry`
// lists the entries in kHeuristicInfo's order (checked below). Included by the solver units only:
// it brings every heuristic's header.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/database_identity.hpp"
#include "engine/heuristic_registry.hpp"
#include "engine/pdb_watch.hpp"
#include "engine/request.hpp"
#include "engine/solve_session.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/misplaced.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "heuristics/walking_distance.hpp"
#include "text/parse.hpp"

namespace npuzzle {

namespace heuristic {

// An entry for a heuristic built from the goal alone, on every board.
template <template <class> class H>
struct Plain {
  template <class B>
  static constexpr bool fits() {
    return true;
  }
  template <class B, class F>
  static SearchResult with(const SolveRequest&, const HeuristicChoice&, const Goal<B>& goal,
                           F&& f) {
    return f(H<B>(goal), nullptr);
  }
};

struct Misplaced : Plain<MisplacedTiles> {
  static constexpr const HeuristicInfo& kInfo = kMisplacedInfo;
};
struct Md : Plain<Manhattan> {
  static constexpr const HeuristicInfo& kInfo = kMdInfo;
};
struct Lc : Plain<LinearConflict> {
  static constexpr const HeuristicInfo& kInfo = kLcInfo;
};

// max(walking distance, linear conflict); boards up to 4x4.
struct Wd {
  static constexpr const HeuristicInfo& kInfo = kWdInfo;
  template <class B>
  static constexpr bool fits() {
    return kInfo.fits(BoardSize{B::kRows, B::kCols});
  }
  template <class B, class F>
  static SearchResult with(const SolveRequest&, const HeuristicChoice&, const Goal<B>& goal,
                           F&& f) {
    return f(make_wd_lc(goal), nullptr);
  }
};

// The best set in the database directory (or the partition named: request.partition, resolved
// against the board by solve_instance and handed down typed), reflected where it can be;
// kDual: each view also looked up on the dual placement (heuristics/pdb/pattern_databases.hpp; with
// the tables that `pdbgen build --dual` adds where they are present). The first use of a set's
// direct lookups, and the first of its dual ones, tell the request's log which lookups are in use.
template <bool kDual>
struct PatternDatabaseLookups {
  static constexpr HeuristicInfo kInfo = pdb_info(kDual);
  template <class B>
  static constexpr bool fits() {
    return true;
  }
  template <class B, class F>
  static SearchResult with(const SolveRequest& request, const HeuristicChoice&, const Goal<B>& goal,
                           F&& f) {
    const auto began = std::chrono::steady_clock::now();
    try {  // a build of missing databases counts against the interrupt and the time limit
      std::vector<int> goal_tiles(B::kCells);
      for (int c = 0; c < B::kCells; ++c) {
        goal_tiles[static_cast<std::size_t>(c)] = goal.state.tile_at(c);
      }
      if (pdb::database_directory(request.pdb_dir, "").path.empty()) {
        throw DatabaseUnavailable(
            not_given(OptionField::PdbDir, "no pattern database directory", "NPUZZLE_PDB_DIR"));
      }
      bool first = false;
      PdbWatch& databases = request.session->databases();
      const auto set = databases.set(
          request.pdb_dir, RunBoard{{B::kRows, B::kCols}, std::move(goal_tiles)}, request.partition,
          first, pdb::AutoBuildLimits{request.limits.interrupt, request.limits.time_seconds},
          request.log, kDual);
      // A table written to in place before the search ended makes its answer void (Database).
      return with_pdb_heuristic(goal, *set, true, kDual, [&](const auto& h) {
        if (databases.first_lookups_of(set.get(), kDual)) {
          log_to(request.log, LogLevel::Info, "heuristic " + describe_heuristic(h));
        }
        SearchResult result = f(h, set->stale.get());
        for (const auto& table : set->all_tables()) table->expect_unchanged_on_disk();
        return result;
      });
    } catch (const pdb::PdbError& e) {
      switch (e.kind()) {
        case pdb::ErrorKind::Usage:
          throw DatabaseUnavailable(e.what(), SolveError::Usage);
        case pdb::ErrorKind::Io:  // the directory cannot be created or written
          throw DatabaseUnavailable(e.what(), SolveError::Input);
        case pdb::ErrorKind::Memory:
          throw std::bad_alloc();
        case pdb::ErrorKind::Interrupted:  // the build was stopped: no file was left
        case pdb::ErrorKind::TimeLimit: {
          SearchResult stopped;
          stopped.status = Status::Limit;
          stopped.stats.seconds =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
          stopped.reason = e.kind() == pdb::ErrorKind::TimeLimit ? StopReason::TimeLimit
                                                                 : StopReason::Interrupted;
          return stopped;
        }
        case pdb::ErrorKind::Database:
        case pdb::ErrorKind::Missing:
          break;
      }
      throw InputError(e.what());
    }
  }
};

using Pdb = PatternDatabaseLookups<false>;
using PdbDual = PatternDatabaseLookups<true>;

}  // namespace heuristic

// The heuristic object `h`, built for `choice`, as the outcome names it: for pattern databases the
// partition in use (the best present when none was named) and whether the reflection about the
// diagonal is looked up too; the choice itself for the others.
template <class B, class H>
HeuristicUsed heuristic_used(const H& h, const HeuristicChoice& choice) {
  if constexpr (kIsPatternDatabases<H>) {
    return {HeuristicChoice{choice.index, h.set().partition.spec}, h.reflected()};
  } else {
    return {choice, false};
  }
}

// The pattern databases the heuristic object `h` looks up, in order (checkpoints name them so a
// resume can check it uses the same tables); empty for the heuristics without databases.
template <class B, class H>
std::vector<DatabaseIdentity> database_identities(const H& h) {
  if constexpr (kIsPatternDatabases<H>) {
    std::vector<DatabaseIdentity> identities;
    // The dual lookups' other tables count too when they are used.
    for (const auto& table : h.dual() ? h.set().all_tables() : h.set().tables) {
      identities.push_back({table->meta().payload_checksum, table->meta().tiles});
    }
    return identities;
  } else {
    return {};
  }
}

// The index of registry entry E in kHeuristicInfo (its id), found when compiling.
template <class E>
inline constexpr std::size_t kHeuristicIndex = [] {
  std::size_t i = 0;
  while (std::string_view(kHeuristicInfo[i].name) != E::kInfo.name) ++i;
  return i;
}();

// Builds the heuristic of `choice` for board B when it is one of Entry... (by id: choice.index
// against each entry's kHeuristicIndex, never by name) and returns f(h, abandon); nullopt when
// `choice` is none of them. A heuristic that does not fit B (the request's checks refuse it
// first) throws UsageError.
template <class... Entry, class B, class F>
std::optional<SearchResult> with_heuristic_of(const SolveRequest& request,
                                              const HeuristicChoice& choice, const Goal<B>& goal,
                                              F&& f) {
  std::optional<SearchResult> result;
  const auto with_entry = [&]<class E>() {
    if (kHeuristicIndex<E> != choice.index) return false;
    if constexpr (E::template fits<B>()) {
      result = E::with(request, choice, goal, f);
    } else {
      throw UsageError(
          bad_value(OptionField::Heuristic, choice.name(),
                    "'" + choice.name() + "' is not available for " + std::string(B::name())));
    }
    return true;
  };
  (with_entry.template operator()<Entry>() || ...);
  return result;
}

template <class... Entry>
struct HeuristicList {
  static_assert(sizeof...(Entry) == kHeuristicInfo.size(), "an entry for every heuristic");
  static_assert(
      [] {
        std::size_t i = 0;
        return ((std::string_view(Entry::kInfo.name) == kHeuristicInfo[i++].name) && ...);
      }(),
      "the entries in kHeuristicInfo's order");

  // Builds the heuristic of `choice` for board B and returns f(h, abandon).
  template <class B, class F>
  static SearchResult with(const SolveRequest& request, const HeuristicChoice& choice,
                           const Goal<B>& goal, F&& f) {
    if (choice.index >= kHeuristicInfo.size()) {
      throw UsageError(bad_value(OptionField::Heuristic, choice.name(), "no such heuristic"));
    }
    return *with_heuristic_of<Entry...>(request, choice, goal, f);
  }
};

// The registry, in the order the help lists the heuristics.
using HeuristicRegistry = HeuristicList<heuristic::Misplaced, heuristic::Md, heuristic::Lc,
                                        heuristic::Wd, heuristic::Pdb, heuristic::PdbDual>;

}  // namespace npuzzle
