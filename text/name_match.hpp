// text/name_match.hpp — matching names as people type them: the folding that makes spellings of
// one name equal ("Linear_Conflict", "linear conflict" and "linear-conflict") and the nearest known
// spelling for a mistyped one ("manhatan" -> "manhattan"), for values (--algo, --heuristic,
// --tie-break: engine/registry.cpp) as for subcommands and flags (tools/did_you_mean.hpp).
//
// The distance is the optimal-string-alignment edit distance (insert, delete, substitute, swap two
// neighbours: "slove" is one edit from "solve"). A spelling is suggested only when it is the single
// nearest entry within a small distance for the word's length, so the hint never guesses wildly;
// several spellings of one entry (a name and its aliases) never tie with each other.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace npuzzle {

// The other names of an entry of the registries (algorithms, heuristics, tie-breaks), each as
// fold_name writes it; nullptr after the last.
using Aliases = std::array<const char*, 3>;

// `text` folded for comparing names: blanks around it dropped, letters in lower case, and '_', ' '
// and '-' the same ('-'). Other signs are kept: "a*" is not "a".
inline std::string fold_name(std::string_view text) {
  const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  std::string out;
  for (const char c : text) {
    out +=
        c == '_' || blank(c) ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

// One way to write an entry of a table: its name or one of its aliases.
struct Spelling {
  std::string text;
  std::size_t entry;  // which entry it names (a name and its aliases share it)
};

// The index in `spellings` of the one nearest to `word` if it is near enough (at most 1 edit for
// short words, 2 from 6 letters, 3 from 12; leading '-' not counted), else nullopt. Two nearest
// spellings of different entries suggest nothing; of the same entry, the first is taken.
inline std::optional<std::size_t> closest_spelling(std::string_view word,
                                                   const std::vector<Spelling>& spellings) {
  const std::size_t letters = word.size() - std::min(word.find_first_not_of('-'), word.size());
  const std::size_t limit = letters >= 12 ? 3 : letters >= 6 ? 2 : 1;
  std::optional<std::size_t> best;
  std::size_t best_distance = limit + 1;
  bool tie = false;
  for (std::size_t i = 0; i < spellings.size(); ++i) {
    const std::size_t distance = edit_distance(word, spellings[i].text);
    if (distance < best_distance) {
      best = i;
      best_distance = distance;
      tie = false;
    } else if (distance == best_distance && best && spellings[i].entry != spellings[*best].entry) {
      tie = true;
    }
  }
  return tie ? std::nullopt : best;
}

// The one name of `known` nearest to `word` if it is near enough (as closest_spelling), else "".
inline std::string closest_name(std::string_view word, const std::vector<std::string>& known) {
  std::vector<Spelling> spellings;
  for (const std::string& name : known) {
    const auto same = std::find(known.begin(), known.end(), name);
    spellings.push_back({name, static_cast<std::size_t>(same - known.begin())});
  }
  const auto nearest = closest_spelling(word, spellings);
  return nearest ? spellings[*nearest].text : std::string();
}

}  // namespace npuzzle
