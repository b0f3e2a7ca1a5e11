// core/search/best_first.hpp — what A* and greedy best-first search share beyond StoringSearch:
// their options (the tie-break), the heuristic, the open list (a BucketQueue with the chosen
// tie-break) and the memory they count against Limits::memory_bytes (the node store's bytes plus
// the open entries).
//
// best_first<Search>() builds a search of the heuristic's board and runs it from the start; the
// search class (CRTP, no virtual calls) holds its loop and its node payload only.
#pragma once

#include <type_traits>

#include "core/goal.hpp"
#include "core/search/bucket_queue.hpp"
#include "core/search/node_store.hpp"
#include "core/search/search_types.hpp"

namespace npuzzle {

// The options of the best-first searches: the tie-break among open nodes of equal priority.
struct AStarOptions {
  TieBreak tie_break = TieBreak::LargerG;  // the deeper node first
};
struct GreedyOptions {
  TieBreak tie_break = TieBreak::Lifo;  // the newest node first (reaches a goal soonest)
};

namespace detail {

template <class Search, class B, Heuristic H, class Payload, TableKind kTable>
class BestFirstSearch : public StoringSearch<Search, B, Payload, kTable> {
 public:
  BestFirstSearch(const H& h, const Goal<B>& goal, const Limits& limits, TieBreak tie_break)
      : BestFirstSearch::StoringSearch(goal, limits), h_(h), open_(tie_break) {}

 protected:
  // The heuristic's estimate of a whole state: the nodes keep estimates, not the heuristic's
  // values, so a child is estimated from its state (one call to init, not an incremental update).
  int estimate(const State<B>& s) const { return h_.estimate(h_.init(s)); }

  // Polls the limits (SearchRun::poll) with the bytes in use: the store and the open entries.
  StopReason poll() {
    return this->run_.poll([&] { return this->nodes_.bytes() + open_.entry_bytes(); });
  }

  const H& h_;
  BucketQueue open_;
};

template <template <class, class> class Search, class B, Heuristic H>
SearchResult best_first(const H& h, const Goal<B>& goal, const State<B>& start,
                        const Limits& limits, TieBreak tie_break) {
  static_assert(std::is_same_v<typename H::BoardType, B>, "heuristic for another board");
  Search<B, H> search(h, goal, limits, tie_break);
  return search.run(start);
}

}  // namespace detail
}  // namespace npuzzle
