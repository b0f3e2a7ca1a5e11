// The one table of names (engine/algorithm_registry.hpp, engine/heuristic_registry.hpp): every
// name and alias is written folded and names one entry only; the spellings people type (case, '_',
// ' ' and '-' alike, '*' kept) name the same entry from the command line's words, the library's
// options and the engine's parsers; an unknown name gets the nearest one and the list to choose
// from, in the same words everywhere.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "api/request_from_options.hpp"
#include "engine/algorithm_registry.hpp"
#include "engine/heuristic_registry.hpp"
#include "engine/option_use.hpp"
#include "text/name_match.hpp"
#include "tools/app/option_flags.hpp"
#include "tools/app/search_options.hpp"

namespace npuzzle {
namespace {

// Every spelling of `table` (names and aliases) with the entry it names; fails on a spelling not
// folded or naming two entries.
template <class Table, class Name>
std::map<std::string, std::size_t> spellings(const Table& table, Name name_of) {
  std::map<std::string, std::size_t> all;
  for (std::size_t i = 0; i < table.size(); ++i) {
    std::vector<std::string> texts = {name_of(table[i])};
    for (const char* alias : table[i].aliases) {
      if (alias) texts.emplace_back(alias);
    }
    for (const std::string& text : texts) {
      EXPECT_EQ(fold_name(text), text) << "written folded";
      const auto [where, fresh] = all.emplace(text, i);
      EXPECT_TRUE(fresh || where->second == i) << text << " names two entries";
    }
  }
  return all;
}

TEST(NameTable, EverySpellingIsFoldedAndNamesOneEntry) {
  EXPECT_GE(spellings(kAlgorithmInfo, [](const AlgorithmInfo& a) { return a.name; }).size(), 20u);
  EXPECT_GE(spellings(kHeuristicInfo, [](const HeuristicInfo& h) { return h.name; }).size(), 15u);
  EXPECT_GE(
      spellings(kTieBreakInfo, [](const TieBreakInfo& t) { return tie_break_name(t.id); }).size(),
      6u);
}

TEST(NameTable, FoldingIgnoresCaseAndSeparatorsButKeepsSigns) {
  EXPECT_EQ(fold_name(" Linear_Conflict "), "linear-conflict");
  EXPECT_EQ(fold_name("linear conflict"), "linear-conflict");
  EXPECT_EQ(fold_name("IDA*"), "ida*");
  EXPECT_NE(fold_name("A*"), fold_name("A"));
}

// The spellings of the issue and more, read the same by the command line's words, the library's
// options and the engine's parser; outputs print the name.
TEST(NameTable, EveryFrontEndReadsTheSameSpellings) {
  const std::vector<std::pair<std::string, Algorithm>> algorithms = {
      {"A*", Algorithm::AStar},       {"astar", Algorithm::AStar},
      {"a_star", Algorithm::AStar},   {"IDA*", Algorithm::Ida},
      {"Ida-Star", Algorithm::Ida},   {"parallel ida", Algorithm::Pida},
      {"HDA*", Algorithm::Hda},       {"A*+IDA*", Algorithm::Aida},
      {"astar+ida", Algorithm::Aida}, {"Breadth-First", Algorithm::Bfs},
      {"DFBB", Algorithm::DfBnb},     {"branch and bound", Algorithm::DfBnb},
      {"GBFS", Algorithm::Greedy},    {"greedy_best_first", Algorithm::Greedy}};
  for (const auto& [text, algorithm] : algorithms) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_algorithm(text), algorithm);
    SearchOptions words;
    words.algorithm = text;
    EXPECT_EQ(request_from_words(words, nullptr).algorithm, algorithm);
    api::SolveOptions options;
    options.algorithm = api::parse_algorithm(text);
    EXPECT_EQ(api::request_from_options(options, {3, 3}).algorithm, algorithm);
    EXPECT_EQ(api::name(*options.algorithm), algorithm_name(algorithm));
  }
  const std::vector<std::pair<std::string, std::string>> heuristics = {
      {"manhattan", "md"},
      {"Manhattan", "md"},
      {"MD", "md"},
      {"manhattan distance", "md"},
      {"linear-conflict", "lc"},
      {"Linear_Conflicts", "lc"},
      {"linearconflict", "lc"},
      {"misplaced-tiles", "misplaced"},
      {"Hamming", "misplaced"},
      {"walking distance", "wd"},
      {"PDB", "pdb"},
      {"pattern-databases:7-8", "pdb:7-8"},
      {"Pattern_Database:6-6-3", "pdb:6-6-3"}};
  for (const auto& [text, name] : heuristics) {
    SCOPED_TRACE(text);
    EXPECT_EQ(heuristic_option(text).name(), name);
    SearchOptions words;
    words.heuristic = text;
    EXPECT_EQ(request_from_words(words, nullptr).heuristic->name(), name);
    api::SolveOptions options;
    options.heuristic = api::parse_heuristic(text);
    EXPECT_EQ(api::request_from_options(options, {4, 4}).heuristic->name(), name);
    EXPECT_EQ(api::name(*options.heuristic), name);
  }
  // A partition after ':' is kept as given: its own parser reads it.
  EXPECT_EQ(heuristic_option("PDB:ZA:6-6-6-6").name(), "pdb:ZA:6-6-6-6");
  for (const auto& [text, tie_break] :
       std::vector<std::pair<std::string, TieBreak>>{{"LIFO", TieBreak::Lifo},
                                                     {"queue", TieBreak::Fifo},
                                                     {"larger_g", TieBreak::LargerG},
                                                     {"Larger G", TieBreak::LargerG}}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(tie_break_option(text), tie_break);
    EXPECT_EQ(api::name(api::parse_tie_break(text)), tie_break_name(tie_break));
  }
}

// The usage error that `parse` throws.
template <class Parse>
RequestError refused(Parse parse) {
  try {
    parse();
  } catch (const UsageError& e) {
    return e.error();
  }
  return message_error("no UsageError");
}

// Its message on the command line.
template <class Parse>
std::string refusal(Parse parse) {
  return render_request_error(refused(parse), command_line_words());
}

TEST(NameTable, AnUnknownNameGetsTheNearestAndTheList) {
  EXPECT_EQ(refusal([] { heuristic_option("manhatan"); }),
            "--heuristic: unknown heuristic 'manhatan'; did you mean 'md' (manhattan)? known: "
            "misplaced, md, lc, wd, pdb, pdb-dual, pdb:PARTITION such as pdb:7-8 or "
            "pdb:1,2,3/4,5,6, pdb-dual:PARTITION such as pdb-dual:7-8 or pdb-dual:1,2,3/4,5,6");
  EXPECT_EQ(refusal([] { heuristic_option("Linear-Conflcit:x"); })
                .rfind("--heuristic: unknown heuristic 'Linear-Conflcit'; did you mean 'lc' "
                       "(linear-conflict)? known: misplaced, md",
                       0),
            0u);
  EXPECT_EQ(refusal([] { algorithm_option("asta"); }),
            "--algo: unknown algorithm 'asta'; did you mean 'astar'? known: " + algorithm_names());
  EXPECT_EQ(
      refusal([] { algorithm_option("a"); }),
      "--algo: unknown algorithm 'a'; did you mean 'astar' (a*)? known: " + algorithm_names());
  EXPECT_EQ(refusal([] { tie_break_option("lifoo"); }),
            "--tie-break: unknown tie-break 'lifoo'; did you mean 'lifo'? known: lifo, fifo, "
            "larger-g");
  EXPECT_EQ(refusal([] { algorithm_option("frobnicate"); }),
            "--algo: unknown algorithm 'frobnicate'; known: " + algorithm_names());
  // The library gives the same error, as OptionError, in its words.
  const RequestError unknown = refused([] { heuristic_option("manhatan"); });
  EXPECT_EQ(unknown.kind, RequestErrorKind::UnknownName);
  EXPECT_EQ(unknown.value, "manhatan");
  EXPECT_EQ(unknown.accepted.front(), "misplaced");
  try {
    api::parse_heuristic("manhatan");
    ADD_FAILURE() << "no OptionError";
  } catch (const api::OptionError& e) {
    EXPECT_EQ(e.error().kind, api::Error::Kind::UnknownName);
    EXPECT_EQ(e.error().option, api::Option::Heuristic);
    EXPECT_EQ(std::string(e.what()), render_request_error(unknown, library_words()));
    EXPECT_EQ(std::string(e.what()).rfind("heuristic: unknown heuristic 'manhatan'", 0), 0u);
  }
}

// Several spellings of one entry at the same distance suggest it; of two entries, nothing.
TEST(NameTable, AliasesOfOneEntryDoNotTie) {
  const std::vector<Spelling> spellings = {
      {"linear-conflict", 0}, {"linear-conflicts", 0}, {"lc", 0}, {"md", 1}};
  const auto nearest = closest_spelling("linear-conflictx", spellings);
  ASSERT_TRUE(nearest);
  EXPECT_EQ(spellings[*nearest].entry, 0u);
  EXPECT_FALSE(closest_spelling("mc", {{"md", 0}, {"lc", 1}}));
}

}  // namespace
}  // namespace npuzzle
