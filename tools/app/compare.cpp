#include "tools/app/compare.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>

#include "core/search/best_first.hpp"
#include "engine/algorithm_registry.hpp"
#include "engine/option_use.hpp"
#include "tools/app/advice.hpp"
#include "tools/app/app.hpp"
#include "tools/app/option_flags.hpp"

namespace npuzzle {
namespace {

bool has_tie_break(const std::vector<InstanceReport>& runs) {
  return std::any_of(runs.begin(), runs.end(),
                     [](const InstanceReport& r) { return !r.tie_break.empty(); });
}

}  // namespace

std::string tie_break_in_force(const SolveRequest& request) {
  if (!request.algorithm || !takes_option(*request.algorithm, SearchOption::TieBreak)) return {};
  const TieBreak fallback =
      request.algorithm == Algorithm::Greedy ? GreedyOptions{}.tie_break : AStarOptions{}.tie_break;
  return tie_break_name(request.tie_break.value_or(fallback));
}

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string piece = text.substr(begin, end - begin);
    if (!names.empty() && (piece.empty() || !std::isalpha(static_cast<unsigned char>(piece[0])))) {
      names.back() += "," + piece;
    } else {
      names.push_back(piece);
    }
    begin = end + 1;
  }
  return names;
}

std::vector<Configuration> make_configurations(const SearchOptions& o,
                                               const std::vector<Algorithm>& also) {
  // "": none named, the default per board (one configuration).
  const std::vector<std::string> algorithms =
      o.algorithm.empty() ? std::vector<std::string>{""} : split_names(o.algorithm);
  const std::vector<std::string> heuristics =
      o.heuristic.empty() ? std::vector<std::string>{""} : split_names(o.heuristic);
  const std::vector<std::string> tie_breaks = split_names(o.tie_break);
  std::vector<Algorithm> chosen;
  bool by_default = false;  // the default algorithms run
  std::vector<Configuration> configurations;
  for (const std::string& algorithm : algorithms) {
    SearchOptions one = o;
    one.algorithm = algorithm;
    // Checks the name; nullopt for none named.
    const std::optional<Algorithm> a =
        algorithm.empty() ? std::nullopt : std::optional(algorithm_option(algorithm));
    if (a) {
      if (std::find(chosen.begin(), chosen.end(), *a) != chosen.end()) continue;
      chosen.push_back(*a);
    } else {
      by_default = true;
    }
    // The default algorithms take a heuristic and no tie-break.
    const bool with_heuristic = !a || takes_option(*a, SearchOption::Heuristic);
    const bool with_tie_break =
        a && takes_option(*a, SearchOption::TieBreak) && o.given.count("--tie-break");
    for (const std::string& heuristic : heuristics) {
      one.heuristic = with_heuristic ? heuristic : "";
      for (const std::string& tie_break : tie_breaks) {
        one.tie_break = with_tie_break ? tie_break : tie_breaks.front();
        SolveRequest request = request_from_words(one, &interrupt_requested);
        std::string rule = tie_break_in_force(request);
        configurations.push_back({std::move(request), std::move(rule), memory_limit_origin(o)});
        if (!with_tie_break) break;
      }
      if (!with_heuristic) break;
    }
  }
  if (by_default) chosen.assign(kDefaultAlgorithms.begin(), kDefaultAlgorithms.end());
  chosen.insert(chosen.end(), also.begin(), also.end());
  check_options_apply(given_search_options(o.given), chosen, by_default);
  return configurations;
}

std::vector<std::string> new_warnings(const std::vector<Configuration>& configurations, int threads,
                                      const std::vector<BoardSize>& sizes,
                                      std::set<std::string>& warned) {
  std::vector<std::string> fresh;
  for (const Configuration& c : configurations) {
    for (std::string& w : run_warnings(c.request, c.memory_limit_origin, threads, sizes)) {
      if (warned.insert(w).second) fresh.push_back(std::move(w));
    }
  }
  return fresh;
}

void print_instance_table(const std::vector<InstanceReport>& runs, std::ostream& out,
                          std::ostream& err) {
  if (runs.empty()) return;
  const InstanceReport& first = runs.front();
  std::string title =
      "instance " + std::to_string(first.id) + " (line " + std::to_string(first.line);
  if (first.board.size.known()) title += ", " + first.board.size.name();
  title += ")";
  if (!first.board.size.known()) {  // could not be read: the same for every configuration
    err << "npuzzle: " << title << ": "
        << printable(first.outcome.error_message(command_line_words())) << '\n';
    return;
  }
  if (first.outcome.result.status == Status::Unsolvable && !first.outcome.failed()) {
    out << title << ": unsolvable: " << first.outcome.reason(command_line_words()) << '\n';
    return;
  }
  out << title << ", goal " << first.goal << first.goal_origin << ":\n";
  const bool ties = has_tie_break(runs);
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header = {"algorithm", "heuristic"};
  if (ties) header.push_back("tie-break");
  for (const char* name : {"length", "optimal", "expanded", "generated", "peak stored", "time"}) {
    header.push_back(name);
  }
  rows.push_back(header);
  for (const InstanceReport& r : runs) {
    const SearchResult& result = r.outcome.result;
    const std::string status = r.outcome.status_name();
    std::vector<std::string> row = {r.algorithm, r.outcome.heuristic.name()};
    if (ties) row.push_back(r.tie_break.empty() ? "-" : r.tie_break);
    row.push_back(r.outcome.solved() ? std::to_string(result.path.size()) : status);
    row.push_back(r.outcome.solved() ? (result.optimal ? "yes" : "no") : "-");
    row.push_back(count_cell(result.stats.expanded));
    row.push_back(count_cell(result.stats.generated));
    row.push_back(count_cell(result.stats.stored));
    row.push_back(format_duration(result.stats.seconds));
    rows.push_back(std::move(row));
  }
  print_table(rows, ties ? 3 : 2, "  ", out);
  for (const InstanceReport& r : runs) {
    if (r.outcome.solved()) continue;
    const std::string why = r.outcome.failed()
                                ? printable(r.outcome.error_message(command_line_words()))
                                : r.outcome.reason(command_line_words());
    out << "  " << r.algorithm << " + " << r.outcome.heuristic.name() << ": " << why << '\n';
  }
}

void ConfigurationTotals::add(const InstanceReport& run) {
  if (!run.board.size.known()) return;  // not read: no configuration ran
  const std::string key = run.algorithm + "|" + run.outcome.heuristic.name() + "|" + run.tie_break;
  if (!totals_.count(key)) {
    order_.push_back(key);
    labels_[key] = {run.algorithm, run.outcome.heuristic.name(),
                    run.tie_break.empty() ? "-" : run.tie_break};
  }
  tie_breaks_ = tie_breaks_ || !run.tie_break.empty();
  Totals& t = totals_[key];
  ++t.runs;
  const SearchResult& result = run.outcome.result;
  if (run.outcome.solved()) {
    ++t.solved;
    t.optimal += result.optimal;
    t.length += result.path.size();
    t.expanded += result.stats.expanded;
    t.generated += result.stats.generated;
    t.peak_stored = std::max(t.peak_stored, result.stats.stored);
    t.seconds += result.stats.seconds;
  } else if (run.outcome.failed()) {
    ++t.errors;
  } else if (result.status == Status::Unsolvable) {
    ++t.unsolvable;
  } else if (result.status == Status::Limit || result.status == Status::OutOfMemory) {
    ++t.limited;
  } else {
    ++t.errors;
  }
}

void ConfigurationTotals::print(std::ostream& out) const {
  if (order_.empty()) return;
  out << "totals per configuration (means over the instances each one solved):\n";
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header = {"algorithm", "heuristic"};
  if (tie_breaks_) header.push_back("tie-break");
  for (const char* name : {"solved", "optimal", "limit", "other", "mean length", "mean expanded",
                           "mean generated", "max peak stored", "total time", "mean time"}) {
    header.push_back(name);
  }
  rows.push_back(header);
  for (const std::string& key : order_) {
    const Totals& t = totals_.at(key);
    const auto& label = labels_.at(key);
    std::vector<std::string> row = {label[0], label[1]};
    if (tie_breaks_) row.push_back(label[2]);
    const double n = static_cast<double>(std::max<std::uint64_t>(t.solved, 1));
    const bool any = t.solved > 0;
    row.push_back(solved_cell(t.solved, t.runs));
    row.push_back(count_cell(t.optimal));
    row.push_back(count_cell(t.limited));
    row.push_back(count_cell(t.unsolvable + t.errors));
    row.push_back(any ? fixed(static_cast<double>(t.length) / n, 2) : "-");
    row.push_back(any ? mean_count_cell(static_cast<double>(t.expanded) / n) : "-");
    row.push_back(any ? mean_count_cell(static_cast<double>(t.generated) / n) : "-");
    row.push_back(count_cell(t.peak_stored));
    row.push_back(format_duration(t.seconds));
    row.push_back(any ? format_duration(t.seconds / n) : "-");
    rows.push_back(std::move(row));
  }
  print_table(rows, tie_breaks_ ? 3 : 2, "  ", out);
}

}  // namespace npuzzle
