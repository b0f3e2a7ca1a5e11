// The page of `npuzzle solve --animate FILE.html`, loaded in headless Chromium: the board it shows
// at the end of the solution is the goal, at the start the input board, the buttons step forward
// and back, play runs to the end, and several instances can be picked. Chromium prints the DOM
// after the page's script ran (--dump-dom; --virtual-time-budget lets timers run), and the page
// keeps the board it shows in `#board`'s data attributes. The expected boards are computed here
// (the goal from its definition, the intermediate boards by replaying the moves the solver
// printed), not read from the page. Every test is skipped when no Chromium is installed; the checks
// that need no browser (the page is self-contained) always run.
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "tests/support/independent_moves.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle {
namespace {

namespace fs = std::filesystem;
using fault::run_program;
using fault::RunResult;
using fault::RunSpec;

// The browser to use: $NPUZZLE_CHROMIUM, else the first of chromium, chromium-browser,
// google-chrome on PATH; "" when there is none.
std::string find_chromium() {
  if (const char* given = std::getenv("NPUZZLE_CHROMIUM"); given && *given) return given;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
    std::size_t begin = 0;
    while (begin <= dirs.size()) {
      const std::size_t end = std::min(dirs.find(':', begin), dirs.size());
      const std::string candidate = dirs.substr(begin, end - begin) + "/" + name;
      if (::access(candidate.c_str(), X_OK) == 0) return candidate;
      begin = end + 1;
    }
  }
  return {};
}

#define REQUIRE_CHROMIUM()                                                \
  do {                                                                    \
    if (find_chromium().empty()) GTEST_SKIP() << "no chromium installed"; \
    NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());                      \
  } while (0)

// What `#board` says after the page loaded `fragment` (and timers ran for `budget_ms` of virtual
// time).
struct Shown {
  std::vector<int> board;
  int step = -1;
  int instance = 0;
  std::vector<int> goal;
  std::string dom;
};

std::vector<int> numbers(const std::string& text) {
  std::vector<int> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) out.push_back(std::stoi(text.substr(at, end - at)));
    at = end + 1;
  }
  return out;
}

// The value of attribute `name` in the tag whose id is `id` ("" when absent).
std::string attribute(const std::string& dom, const std::string& id, const std::string& name) {
  const std::size_t tag = dom.find("id=\"" + id + "\"");
  if (tag == std::string::npos) return {};
  const std::size_t open = dom.rfind('<', tag), close = dom.find('>', tag);
  const std::string element = dom.substr(open, close - open);
  const std::size_t at = element.find(" " + name + "=\"");
  if (at == std::string::npos) return {};
  const std::size_t begin = at + name.size() + 3;
  return element.substr(begin, element.find('"', begin) - begin);
}

Shown load(const std::string& page, const std::string& fragment, int budget_ms = 0, int width = 0) {
  const fs::path profile = fault::fresh_dir("profile");
  RunSpec spec;
  spec.argv = {find_chromium(),
               "--headless",
               "--no-sandbox",
               "--disable-gpu",
               "--disable-quic",
               "--no-first-run",
               "--disable-background-networking",
               "--disable-component-update",
               "--disable-sync",
               "--user-data-dir=" + profile.string()};
  if (budget_ms > 0) spec.argv.push_back("--virtual-time-budget=" + std::to_string(budget_ms));
  if (width > 0) spec.argv.push_back("--window-size=" + std::to_string(width) + ",900");
  spec.argv.push_back("--dump-dom");
  spec.argv.push_back("file://" + page + fragment);
  spec.timeout_seconds = 120;
  const RunResult run = run_program(spec);
  EXPECT_EQ(run.describe(), "exit 0") << run.err;
  Shown shown;
  shown.dom = run.out;
  shown.board = numbers(attribute(run.out, "board", "data-board"));
  const std::string step = attribute(run.out, "board", "data-step");
  if (!step.empty()) shown.step = std::stoi(step);
  const std::string instance = attribute(run.out, "board", "data-instance");
  if (!instance.empty()) shown.instance = std::stoi(instance);
  shown.goal = numbers(attribute(run.out, "board", "data-goal"));
  return shown;
}

// Solves `boards` (one a line) with `args`, writing the page; returns the JSON result lines.
std::vector<nlohmann::json> solve_with_page(const std::string& boards, const std::string& page,
                                            std::vector<std::string> args = {},
                                            const std::string& exit = "exit 0") {
  std::vector<std::string> argv = {"solve", "--output", "json", "--animate", page};
  argv.insert(argv.end(), args.begin(), args.end());
  const RunResult run = cli::run_npuzzle(std::move(argv), boards);
  EXPECT_EQ(run.describe(), exit) << run.err;
  return cli::json_lines(run.out);
}

// The board after the first `count` blank moves of `moves` (checked legal), replayed with the
// tests' own move function (tests/support/independent_moves.hpp).
std::vector<int> after(std::vector<int> board, int cols, const std::string& moves,
                       std::size_t count) {
  const int rows = static_cast<int>(board.size()) / cols;
  for (std::size_t k = 0; k < count; ++k) {
    EXPECT_TRUE(test_moves::slide(board, rows, cols, moves[k]))
        << "illegal or unknown move " << moves[k] << " at " << k;
  }
  return board;
}

std::vector<int> blank_first(int cells) {
  std::vector<int> goal(static_cast<std::size_t>(cells));
  std::iota(goal.begin(), goal.end(), 0);
  return goal;
}

const std::vector<int> kStart3x3 = {8, 1, 3, 4, 0, 2, 7, 6, 5};
const std::string kStart3x3Text = "8 1 3 4 0 2 7 6 5\n";

// How many move items the page lists, and how many are marked current.
std::pair<std::size_t, std::size_t> move_items(const std::string& dom) {
  std::size_t items = 0, current = 0;
  for (std::size_t at = dom.find("<li"); at != std::string::npos; at = dom.find("<li", at + 1)) {
    ++items;
    const std::string tag = dom.substr(at, dom.find('>', at) - at);
    if (tag.find("aria-current=\"step\"") != std::string::npos) ++current;
  }
  return {items, current};
}

TEST(AnimatePage, TheEndOfTheSolutionShowsTheGoalAndTheStartTheBoard) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "solution.html").string();
  const auto results = solve_with_page(kStart3x3Text, page);
  ASSERT_EQ(results.size(), 1u);
  const std::size_t length = results[0]["length"].get<std::size_t>();
  ASSERT_GT(length, 1u);

  const Shown end = load(page, "#step=end");
  EXPECT_EQ(end.board, blank_first(9)) << end.dom;
  EXPECT_EQ(end.step, static_cast<int>(length));
  EXPECT_EQ(move_items(end.dom), std::make_pair(length, std::size_t{1}));

  const Shown start = load(page, "#step=0");
  EXPECT_EQ(start.board, kStart3x3);
  EXPECT_EQ(start.step, 0);
  EXPECT_EQ(move_items(start.dom).second, 0u);  // no move made yet
}

TEST(AnimatePage, ButtonsStepForwardAndBackAlongTheSolution) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "buttons.html").string();
  const auto results = solve_with_page(kStart3x3Text, page);
  ASSERT_EQ(results.size(), 1u);
  const std::string moves = results[0]["moves"];

  const Shown two = load(page, "#press=next,next,next,prev");
  EXPECT_EQ(two.step, 2);
  EXPECT_EQ(two.board, after(kStart3x3, 3, moves, 2));

  const Shown back = load(page, "#press=last,prev,first");
  EXPECT_EQ(back.step, 0);
  EXPECT_EQ(back.board, kStart3x3);

  const Shown one_back = load(page, "#press=last,prev");
  EXPECT_EQ(one_back.step, static_cast<int>(moves.size()) - 1);
  EXPECT_EQ(one_back.board, after(kStart3x3, 3, moves, moves.size() - 1));
}

TEST(AnimatePage, PlayRunsToTheGoalAndStops) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "play.html").string();
  const auto results = solve_with_page(kStart3x3Text, page);
  ASSERT_EQ(results.size(), 1u);
  const Shown played = load(page, "#press=play", 120000);
  EXPECT_EQ(played.step, results[0]["length"].get<int>());
  EXPECT_EQ(played.board, blank_first(9));
  EXPECT_NE(played.dom.find(">Play</button>"), std::string::npos);  // paused again at the end
}

TEST(AnimatePage, SecondInstanceWithTheBlankLastGoal) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "two.html").string();
  const std::vector<int> second = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15};
  const auto results =
      solve_with_page("1 2 3 0 4 5 6 7 8\n1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15\n", page,
                      {"--goal", "blank-last", "--algo", "astar", "--heuristic", "md"});
  ASSERT_EQ(results.size(), 2u);
  std::vector<int> goal(16);
  std::iota(goal.begin(), goal.end(), 1);
  goal.back() = 0;

  const Shown end = load(page, "#instance=2&step=end");
  EXPECT_EQ(end.instance, 2);
  EXPECT_EQ(end.board, goal);
  EXPECT_EQ(end.step, results[1]["length"].get<int>());

  const Shown start = load(page, "#instance=2");
  EXPECT_EQ(start.board, second);
  EXPECT_EQ(start.step, 0);
}

// A script added at the end of a copy of the page measures what the page laid out: the boxes of
// the move entries (with their text: a number or text drawn outside its entry counts), the move
// list's and the document's sideways scrolling, and every control's box against the viewport. The
// copy is shown in a frame of the width wanted (headless Chromium keeps its window at least 500 px
// wide), and the probe posts its findings to the page around it, which keeps them in
// `#layout-probe`: data-width (the frame's viewport), data-items and data-problems ("" when none).
constexpr const char* kLayoutProbe = R"PROBE(<script>
"use strict";
(() => {
  const problems = [];
  const say = (what) => { if (problems.length < 12) problems.push(what); };
  const view = document.documentElement.clientWidth;
  const list = document.getElementById("moves");
  if (list.scrollWidth > list.clientWidth + 1) {
    say(`the move list scrolls sideways (${list.scrollWidth} px in ${list.clientWidth} px)`);
  }
  if (document.documentElement.scrollWidth > view + 1) {
    say(`the page scrolls sideways (${document.documentElement.scrollWidth} px in ${view} px)`);
  }
  const edge = list.getBoundingClientRect();
  const boxes = Array.from(list.children).map((li, k) => {
    const box = li.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(li);
    const text = range.getBoundingClientRect();
    const style = getComputedStyle(li);
    if (style.display === "list-item" && style.listStyleType !== "none" &&
        style.listStylePosition !== "inside") {
      say(`move ${k + 1}'s number is drawn outside its entry`);
    }
    if (text.left < box.left - 0.5 || text.right > box.right + 0.5) {
      say(`move ${k + 1}'s text (${text.left}-${text.right}) leaves its entry (${box.left}-${box.right})`);
    }
    if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) {
      say(`move ${k + 1} (${box.left}-${box.right}) is outside the list (${edge.left}-${edge.right})`);
    }
    return box;
  });
  for (let i = 0; i < boxes.length; ++i) {
    for (let j = i + 1; j < boxes.length; ++j) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) say(`moves ${i + 1} and ${j + 1} overlap`);
    }
  }
  for (const control of document.querySelectorAll("button, input, select")) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // hidden
    if (box.left < -0.5 || box.right > view + 0.5) {
      say(`control #${control.id} (${box.left}-${box.right}) is outside the viewport (0-${view})`);
    }
  }
  parent.postMessage({width: view, items: boxes.length, problems: problems.join("; ")}, "*");
})();
</script>
)PROBE";

// The page around the frame: @WIDTH@ and @SOURCE@ are replaced.
constexpr const char* kFrame = R"FRAME(<!DOCTYPE html>
<html><body style="margin:0">
<iframe src="@SOURCE@" style="width:@WIDTH@px;height:900px;border:0;display:block"></iframe>
<script>
window.addEventListener("message", (e) => {
  const out = document.createElement("output");
  out.id = "layout-probe";
  out.dataset.width = e.data.width;
  out.dataset.items = e.data.items;
  out.dataset.problems = e.data.problems;
  document.body.appendChild(out);
});
</script>
</body></html>
)FRAME";

struct Layout {
  int width = 0;
  int items = -1;
  std::string problems;
};

// Loads a copy of `page` with the probe in a frame `width` px wide, showing `fragment`.
Layout measure(const std::string& page, const std::string& fragment, int width) {
  std::string html = fault::read_text(page);
  const std::size_t end = html.rfind("</body>");
  EXPECT_NE(end, std::string::npos);
  html.insert(end, kLayoutProbe);
  const fs::path probed = fault::scratch_dir() / "probed.html";
  fault::write_text(probed, html);
  std::string frame = kFrame;
  frame.replace(frame.find("@SOURCE@"), 8, "probed.html" + fragment);
  frame.replace(frame.find("@WIDTH@"), 7, std::to_string(width));
  const fs::path framed = fault::scratch_dir() / "framed.html";
  fault::write_text(framed, frame);
  const Shown shown = load(framed.string(), "", 2000, std::max(width, 500) + 40);
  Layout layout;
  const std::string view = attribute(shown.dom, "layout-probe", "data-width");
  const std::string items = attribute(shown.dom, "layout-probe", "data-items");
  EXPECT_FALSE(view.empty() || items.empty()) << "the probe did not run:\n" << shown.dom;
  if (view.empty() || items.empty()) return layout;
  layout.width = std::stoi(view);
  layout.items = std::stoi(items);
  layout.problems = attribute(shown.dom, "layout-probe", "data-problems");
  return layout;
}

// Boards with long solutions (greedy best-first with Manhattan finds long ones quickly): a 3x3, a
// random 4x4 (97 moves) and a 5x5 50 random moves from the goal (198 moves).
const std::string kLongBoards =
    "8 6 7 2 5 4 3 0 1\n"
    "10 9 2 14 4 12 15 6 3 0 1 13 5 8 7 11\n"
    "2 6 8 12 4 5 0 1 3 9 10 17 11 13 14 7 22 16 18 19 21 15 20 23 24\n";

// The move list at a phone's width and at a desktop's: no two entries overlap, none is cut off by
// a sideways scrollbar, and every control is on screen, for 3x3 to 5x5 and up to 200 moves.
TEST(AnimatePage, TheMoveListNeverOverlapsAtAnyWidth) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "long.html").string();
  const auto results =
      solve_with_page(kLongBoards, page, {"--algo", "greedy", "--heuristic", "md"});
  ASSERT_EQ(results.size(), 3u);
  EXPECT_GE(results[1]["length"].get<int>(), 50);
  EXPECT_GE(results[2]["length"].get<int>(), 150);
  EXPECT_LE(results[2]["length"].get<int>(), 200);
  for (const int width : {360, 1400, 1920}) {
    for (std::size_t k = 0; k < results.size(); ++k) {
      const std::string fragment = "#instance=" + std::to_string(k + 1) + "&step=end";
      const Layout layout = measure(page, fragment, width);
      EXPECT_LE(layout.width, width);
      EXPECT_GE(layout.width, width - 20);  // the window size was taken (less a scrollbar)
      EXPECT_EQ(layout.items, results[k]["length"].get<int>()) << fragment;
      EXPECT_EQ(layout.problems, "") << width << " px, " << fragment;
    }
  }
}

// Several copies of a page at once, each in a frame of its own size showing its own fragment, with
// a probe script at its end. A probe reads its number from the fragment (`probe=K`) and posts
// {id: K, problems: "…", and whatever it counted} to the page around the frames, which keeps each
// in `<output id="probe-K">` as data attributes (its listener set before any frame loads);
// `problems` is "" when it found none.
struct Frame {
  std::string fragment;  // "#instance=3&step=end"
  int width = 0;
  int height = 0;
};

struct Probed {
  bool ran = false;
  std::string problems;
  std::string dom;  // the whole page around the frames, for the attributes a probe adds
};

constexpr const char* kFrames = R"FRAMES(<!DOCTYPE html>
<html><body style="margin:0">
<script>
window.addEventListener("message", (e) => {
  const out = document.createElement("output");
  out.id = "probe-" + e.data.id;
  for (const [key, value] of Object.entries(e.data)) out.dataset[key] = value;
  document.body.appendChild(out);
});
</script>
@FRAMES@
</body></html>
)FRAMES";

std::vector<Probed> probe_frames(const std::string& page, const std::string& probe,
                                 const std::vector<Frame>& frames, const std::string& name) {
  std::string html = fault::read_text(page);
  const std::size_t end = html.rfind("</body>");
  EXPECT_NE(end, std::string::npos);
  html.insert(end, probe);
  fault::write_text(fault::scratch_dir() / (name + "-probed.html"), html);
  std::string tags;
  int widest = 0;
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const Frame& f = frames[k];
    widest = std::max(widest, f.width);
    tags += "<iframe src=\"" + name + "-probed.html" + f.fragment + "&probe=" + std::to_string(k) +
            "\" style=\"width:" + std::to_string(f.width) +
            "px;height:" + std::to_string(f.height) + "px;border:0;display:block\"></iframe>\n";
  }
  std::string around = kFrames;
  around.replace(around.find("@FRAMES@"), 8, tags);
  const fs::path framed = fault::scratch_dir() / (name + "-frames.html");
  fault::write_text(framed, around);
  const Shown shown = load(framed.string(), "", 10000, std::max(widest, 500) + 40);
  std::vector<Probed> out(frames.size());
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const std::string id = "probe-" + std::to_string(k);
    out[k].ran = shown.dom.find("id=\"" + id + "\"") != std::string::npos;
    out[k].problems = attribute(shown.dom, id, "data-problems");
    out[k].dom = shown.dom;
    EXPECT_TRUE(out[k].ran) << "the probe did not run in the frame " << frames[k].width << "x"
                            << frames[k].height << " " << frames[k].fragment;
  }
  return out;
}

// Steps along the solution with the buttons, as a reader does, and checks after loading and after
// every step that the page did not scroll, that the board and the step buttons are wholly in the
// frame's view (the page opens with them at the top, whatever `#step=N` asked for) and that the
// current move is in the move list's own view (the list scrolled to it, the page not).
constexpr const char* kStepProbe = R"PROBE(<script>
"use strict";
(() => {
  const id = new URLSearchParams(location.hash.slice(1)).get("probe");
  const problems = [];
  const say = (what) => { if (problems.length < 12) problems.push(what); };
  const $ = (name) => document.getElementById(name);
  const root = document.scrollingElement, view = window.innerHeight;
  let steps = 0;
  const check = (when) => {
    if (root.scrollTop !== 0 || root.scrollLeft !== 0) {
      say(`${when}: the page is scrolled to (${root.scrollLeft}, ${root.scrollTop})`);
    }
    for (const name of ["board", "first", "prev", "next", "last"]) {
      const box = $(name).getBoundingClientRect();
      if (box.height === 0 || box.top < -0.5 || box.bottom > view + 0.5) {
        say(`${when}: #${name} (${box.top}-${box.bottom}) is not wholly in view (0-${view})`);
      }
    }
    const current = document.querySelectorAll("#moves li[aria-current=step]");
    const step = Number($("board").dataset.step);
    if (current.length !== (step > 0 ? 1 : 0)) {
      say(`${when}: ${current.length} moves marked current at step ${step}`);
    } else if (step > 0) {
      const list = $("moves").getBoundingClientRect(), box = current[0].getBoundingClientRect();
      if (box.top < list.top - 0.5 || box.bottom > list.bottom + 0.5) {
        say(`${when}: the current move (${box.top}-${box.bottom}) is out of the list's view ` +
            `(${list.top}-${list.bottom})`);
      }
    }
  };
  check("on opening");
  const presses = ["next", "next", "next", "prev", "next", "last", "prev", "first", "next"];
  for (let k = 0; k < 40; ++k) presses.push("next");
  for (const name of presses) {
    if ($(name).disabled) continue;
    $(name).click();
    ++steps;
    check(`after ${name} (step ${$("board").dataset.step})`);
  }
  parent.postMessage({id, steps, problems: problems.join("; ")}, "*");
})();
</script>
)PROBE";

// A phone's screen, 360 x 640 (and 412 x 780), and a desktop's: the page opens with the board and
// the step buttons in view whatever step the link names (the start, a middle one, the end), and
// stepping with the buttons never scrolls the page: only the move list scrolls to the current move.
TEST(AnimatePage, SteppingKeepsTheBoardInViewAndThePageStill) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "steps.html").string();
  const auto results =
      solve_with_page(kLongBoards, page, {"--algo", "greedy", "--heuristic", "md"});
  ASSERT_EQ(results.size(), 3u);
  std::vector<Frame> frames;
  for (const auto& [width, height] :
       std::vector<std::pair<int, int>>{{360, 640}, {412, 780}, {1400, 900}}) {
    for (std::size_t k = 0; k < results.size(); ++k) {
      const int length = results[k]["length"].get<int>();
      for (const std::string& step :
           {std::string("0"), std::to_string(length / 2), std::string("end")}) {
        frames.push_back({"#instance=" + std::to_string(k + 1) + "&step=" + step, width, height});
      }
    }
  }
  const std::vector<Probed> probed = probe_frames(page, kStepProbe, frames, "steps");
  ASSERT_EQ(probed.size(), frames.size());
  for (std::size_t k = 0; k < frames.size(); ++k) {
    EXPECT_EQ(probed[k].problems, "")
        << frames[k].width << "x" << frames[k].height << " " << frames[k].fragment;
    EXPECT_NE(attribute(probed[k].dom, "probe-" + std::to_string(k), "data-steps"), "0");
  }
}

// Goes through the whole solution with the next button and checks, at every step, that the move
// marked current (set in bold) is on one line, within its entry, and the only one marked.
constexpr const char* kWrapProbe = R"PROBE(<script>
"use strict";
(() => {
  const id = new URLSearchParams(location.hash.slice(1)).get("probe");
  const problems = [];
  const say = (what) => { if (problems.length < 12) problems.push(what); };
  const next = document.getElementById("next");
  let checked = 0;
  document.getElementById("first").click();
  while (!next.disabled) {
    next.click();
    const current = document.querySelectorAll("#moves li[aria-current=step]");
    if (current.length !== 1) {
      say(`${current.length} moves marked current`);
      continue;
    }
    const li = current[0], box = li.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(li);
    const parts = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    const lines = parts.some((a) => parts.some((b) => b.top >= a.bottom - 0.5));
    const text = range.getBoundingClientRect();
    if (lines) say(`the current move "${li.textContent}" wraps (${text.height} px high)`);
    if (text.left < box.left - 0.5 || text.right > box.right + 0.5) {
      say(`the current move "${li.textContent}" (${text.left}-${text.right}) leaves its entry ` +
          `(${box.left}-${box.right})`);
    }
    ++checked;
  }
  parent.postMessage({id, checked, problems: problems.join("; ")}, "*");
})();
</script>
)PROBE";

// The current move is set in bold, wider than the others: at no width, from a phone's to a wide
// desktop's, does it wrap onto a second line (nor spill out of its entry), for every move of
// solutions on 3x3, 4x4 and 5x5 with up to 198 moves (tile numbers up to 24).
TEST(AnimatePage, TheCurrentMoveNeverWraps) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "wrap.html").string();
  const auto results =
      solve_with_page(kLongBoards, page, {"--algo", "greedy", "--heuristic", "md"});
  ASSERT_EQ(results.size(), 3u);
  // Every move at every width sampled costs a layout: the 4x4's moves every 16 px from 320 to
  // 1000 px, the 5x5's (twice as many) every 32 px, the 3x3's (one-digit tiles, the shortest
  // entries) every 64 px; beyond, every 128 px to 1920; and the common phones' widths.
  const int every[] = {64, 16, 32};
  for (std::size_t k = 0; k < results.size(); ++k) {
    std::vector<int> widths = {360, 375, 390, 412, 1920};
    for (int w = 320; w <= 1000; w += every[k]) widths.push_back(w);
    for (int w = 1024 + 64; w <= 1920; w += 128) widths.push_back(w);
    std::vector<Frame> frames;
    for (const int w : widths) frames.push_back({"#instance=" + std::to_string(k + 1), w, 400});
    const std::vector<Probed> probed = probe_frames(page, kWrapProbe, frames, "wrap");
    ASSERT_EQ(probed.size(), frames.size());
    for (std::size_t f = 0; f < frames.size(); ++f) {
      EXPECT_EQ(probed[f].problems, "") << frames[f].width << " px, " << frames[f].fragment;
      EXPECT_EQ(attribute(probed[f].dom, "probe-" + std::to_string(f), "data-checked"),
                std::to_string(results[k]["length"].get<int>()))
          << frames[f].width << " px, " << frames[f].fragment;
    }
  }
}

// The tag of element `id` with its content up to `closing` ("" when absent).
std::string element(const std::string& dom, const std::string& id, const std::string& closing) {
  const std::size_t tag = dom.find("id=\"" + id + "\"");
  if (tag == std::string::npos) return {};
  const std::size_t open = dom.rfind('<', tag);
  return dom.substr(open, dom.find(closing, tag) - open);
}

// The step buttons need no font: each draws an inline SVG icon and has a text label for screen
// readers; none shows a character that only some fonts have.
TEST(AnimatePage, StepButtonsAreDrawnWithoutAFontAndLabelled) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "icons.html").string();
  solve_with_page(kStart3x3Text, page);
  const Shown shown = load(page, "#step=2");
  for (const char* id : {"first", "prev", "next", "last"}) {
    const std::string button = element(shown.dom, id, "</button>");
    ASSERT_FALSE(button.empty()) << id;
    EXPECT_NE(button.find("<svg"), std::string::npos) << button;
    EXPECT_FALSE(attribute(shown.dom, id, "aria-label").empty()) << button;
    EXPECT_TRUE(std::all_of(button.begin(), button.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x80;
    })) << button;
  }
}

// `#instance=K` is the K-th input instance, whatever number of runs each has; `run=J` picks the
// J-th configuration inside it. An unsolvable instance is on the page with its message.
TEST(AnimatePage, InstancesAreTheInputsWithTheirRunsAndMessages) {
  REQUIRE_CHROMIUM();
  const std::string page = (fault::scratch_dir() / "runs.html").string();
  const std::vector<int> second = {1, 2, 0, 3, 4, 5, 6, 7, 8};
  const std::vector<int> third = {1, 0, 2, 3, 4, 5, 6, 8, 7};  // 7 and 8 swapped: unsolvable
  const auto results =
      solve_with_page(kStart3x3Text + "1 2 0 3 4 5 6 7 8\n1 0 2 3 4 5 6 8 7\n", page,
                      {"--algo", "ida,astar", "--heuristic", "md"}, "exit 3");
  ASSERT_EQ(results.size(), 6u);
  ASSERT_EQ(results[2]["status"], "solved");
  ASSERT_EQ(results[4]["status"], "unsolvable");

  const Shown start = load(page, "#instance=2");
  EXPECT_EQ(start.instance, 2);
  EXPECT_EQ(start.board, second);
  EXPECT_EQ(attribute(start.dom, "board", "data-run"), "1");

  const Shown end = load(page, "#instance=2&run=2&step=end");
  EXPECT_EQ(end.instance, 2);
  EXPECT_EQ(attribute(end.dom, "board", "data-run"), "2");
  EXPECT_EQ(end.board, blank_first(9));
  EXPECT_EQ(end.step, results[3]["length"].get<int>());

  const Shown unsolvable = load(page, "#instance=3");
  EXPECT_EQ(unsolvable.instance, 3);
  EXPECT_EQ(unsolvable.board, third);
  const std::string status = element(unsolvable.dom, "status", "</div>");
  EXPECT_NE(status.find("unsolvable"), std::string::npos) << unsolvable.dom;
  EXPECT_EQ(status.find("unsolvable"), status.rfind("unsolvable")) << status;  // once, not per run
}

// No browser needed: the page loads nothing from anywhere (no network, no other file).
TEST(AnimatePage, IsOneSelfContainedFile) {
  NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
  const fs::path dir = fault::fresh_dir("self_contained");
  const std::string page = (dir / "page.html").string();
  solve_with_page(kStart3x3Text, page);
  const std::string html = fault::read_text(page);
  ASSERT_NE(html.find("\"moves\":\""), std::string::npos);  // the solution is in the page
  for (const char* fetch :
       {"src=", "href=", "url(", "@import", "<link", "fetch(", "XMLHttpRequest", "import("}) {
    EXPECT_EQ(html.find(fetch), std::string::npos) << fetch;
  }
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1u);  // no temporary file left beside it
}

}  // namespace
}  // namespace npuzzle
