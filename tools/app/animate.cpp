#include "tools/app/animate.hpp"

#include <nlohmann/json.hpp>

#include "text/parse.hpp"

namespace npuzzle {
namespace {

// The page around the data: style, markup and script. The data goes where @DATA@ is.
constexpr const char* kPage = R"PAGE(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>npuzzle: solution</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1em; color: #222; background: #fafafa; }
  [hidden] { display: none !important; }
  h1 { font-size: 1.2em; margin: 0 0 .5em; overflow-wrap: anywhere; }
  #pick { display: flex; flex-wrap: wrap; gap: .4em 1em; margin: 0 0 .8em; }
  #pick label { display: inline-flex; align-items: center; gap: .4em; max-width: 100%; }
  select { min-width: 0; max-width: 100%; }
  #layout { display: flex; gap: 1em 2em; flex-wrap: wrap; align-items: flex-start; }
  #layout > div { min-width: 0; max-width: 100%; }
  #stage { flex: 0 1 22em; }
  #list { flex: 1 1 18em; }
  #board svg { display: block; width: 22em; max-width: 100%; height: auto; }
  .frame { fill: #444; }
  .tile rect { fill: #f4d35e; stroke: #9c7a00; stroke-width: 1.5; }
  .tile.home rect { fill: #9bd39b; stroke: #2e7d32; }
  .tile text { font-size: 34px; font-weight: 600; text-anchor: middle; dominant-baseline: central;
               fill: #222; }
  .tile { transition: transform var(--slide, 200ms) ease-in-out; }
  #controls { margin: .8em 0; display: flex; gap: .4em; align-items: center; flex-wrap: wrap; }
  button { font-size: 1em; padding: .3em .7em; min-height: 2em; }
  button svg { display: block; width: 1em; height: 1em; fill: currentColor; }
  #speed { width: 6em; }
  #status { margin: .4em 0; overflow-wrap: anywhere; }
  #messages { margin: .4em 0; padding-left: 1.2em; color: #8a1c1c; overflow-wrap: anywhere; }
  #moves { list-style: none; margin: 0; padding: 0 .2em 0 0; max-height: 28em; overflow-y: auto;
           overflow-x: hidden; display: grid; gap: .15em .5em;
           grid-template-columns: repeat(auto-fill, minmax(min(var(--entry, 8.5em), 100%), 1fr)); }
  #moves li { padding: 0 .3em; border-radius: 3px; cursor: pointer; min-width: 0;
              white-space: nowrap; font-variant-numeric: tabular-nums; }
  #moves li .n { display: inline-block; min-width: 2.6em; color: #666; }
  #moves li.current, #moves.measuring li { font-weight: 600; }
  #moves li.current { background: #f4d35e; }
  #moves.measuring { display: block; }
  #moves.measuring li { display: inline-block; }
  .note { color: #555; font-size: .9em; }
</style>
</head>
<body>
<h1 id="title">npuzzle</h1>
<div id="pick" hidden>
  <label>Instance <select id="instance"></select></label>
  <label id="run-pick" hidden>Run <select id="run"></select></label>
</div>
<div id="layout">
  <div id="stage">
    <output id="board" aria-live="polite"></output>
    <div id="controls">
      <button id="first" title="back to the start (Home)" aria-label="back to the start">
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M2 2h2.5v12H2zM14 2v12L5 8z"/></svg></button>
      <button id="prev" title="one move back (Left)" aria-label="one move back">
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M13 2v12L3 8z"/></svg></button>
      <button id="play" title="play or pause (Space)">Play</button>
      <button id="next" title="one move forward (Right)" aria-label="one move forward">
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3 2v12l10-6z"/></svg></button>
      <button id="last" title="to the end (End)" aria-label="to the end">
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M2 2v12l9-6zM11.5 2H14v12h-2.5z"/></svg></button>
      <label>speed <input id="speed" type="range" min="1" max="10" value="4"></label>
    </div>
    <div id="status"></div>
    <ul id="messages" hidden></ul>
    <p class="note">Moves name where the blank goes: U D L R. Tiles on their goal cell are green.</p>
  </div>
  <div id="list">
    <h2 style="font-size:1em;margin:0 0 .3em">Moves</h2>
    <ol id="moves"></ol>
  </div>
</div>
<script id="data" type="application/json">@DATA@</script>
<script>
"use strict";
const instances = JSON.parse(document.getElementById("data").textContent);
const delta = {U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1]};
const cellSize = 100, gap = 6;
let index = 0, run = 0, step = 0, timer = null, frames = [], moved = [];
const $ = (id) => document.getElementById(id);

function replay(s, moves) {
  let board = s.start.slice();
  const boards = [board], tiles = [];
  for (const m of moves) {
    const blank = board.indexOf(0);
    const r = Math.floor(blank / s.cols) + delta[m][0], c = (blank % s.cols) + delta[m][1];
    if (r < 0 || r >= s.rows || c < 0 || c >= s.cols) throw new Error("illegal move " + m);
    board = board.slice();
    const target = r * s.cols + c;
    tiles.push(board[target]);
    board[blank] = board[target];
    board[target] = 0;
    boards.push(board);
  }
  return [boards, tiles];
}

function buildBoard(s) {
  if (s.rows === 0) return $("board").replaceChildren();
  const ns = "http://www.w3.org/2000/svg";
  const w = s.cols * cellSize + gap, h = s.rows * cellSize + gap;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("role", "img");
  const frame = document.createElementNS(ns, "rect");
  frame.setAttribute("class", "frame");
  frame.setAttribute("width", w);
  frame.setAttribute("height", h);
  frame.setAttribute("rx", 8);
  svg.appendChild(frame);
  for (let t = 1; t < s.rows * s.cols; ++t) {
    const g = document.createElementNS(ns, "g");
    g.setAttribute("class", "tile");
    g.setAttribute("id", "tile" + t);
    const rect = document.createElementNS(ns, "rect");
    rect.setAttribute("x", gap);
    rect.setAttribute("y", gap);
    rect.setAttribute("width", cellSize - gap);
    rect.setAttribute("height", cellSize - gap);
    rect.setAttribute("rx", 8);
    const text = document.createElementNS(ns, "text");
    text.setAttribute("x", gap + (cellSize - gap) / 2);
    text.setAttribute("y", gap + (cellSize - gap) / 2);
    text.textContent = t;
    g.append(rect, text);
    svg.appendChild(g);
  }
  $("board").replaceChildren(svg);
}

// Scrolls the move list, and nothing else, so that `item` is in its view: the page never scrolls
// when the step changes (scrollIntoView would scroll the page too, and at a phone's width, where
// the list is under the board, take the board off the screen at every step).
function keepInList(item) {
  const list = $("moves"), view = list.getBoundingClientRect(), box = item.getBoundingClientRect();
  if (box.top < view.top) list.scrollTop -= view.top - box.top;
  else if (box.bottom > view.top + list.clientHeight) {
    list.scrollTop += box.bottom - (view.top + list.clientHeight);
  }
}

// The move list's columns as wide as its widest entry set in bold (the current one is), so that
// no entry, the current one least of all, ever wraps: measured with every entry bold and as wide
// as its text, then the grid takes that width (or the whole list, on a screen narrower still).
function fitColumns() {
  const list = $("moves");
  list.style.removeProperty("--entry");
  if (list.children.length === 0) return;
  list.classList.add("measuring");
  let widest = 0;
  for (const li of list.children) widest = Math.max(widest, li.getBoundingClientRect().width);
  list.classList.remove("measuring");
  if (widest > 0) list.style.setProperty("--entry", Math.ceil(widest) + 1 + "px");
}

function show() {
  const s = instances[index], board = frames[step] || [];
  board.forEach((t, cell) => {
    if (t === 0) return;
    const g = $("tile" + t);
    const x = (cell % s.cols) * cellSize, y = Math.floor(cell / s.cols) * cellSize;
    g.style.transform = `translate(${x}px, ${y}px)`;
    g.classList.toggle("home", s.goal[cell] === t);
  });
  const out = $("board");
  out.dataset.board = board.join(" ");
  out.dataset.step = step;
  out.dataset.goal = s.goal.join(" ");
  out.dataset.instance = index + 1;
  out.dataset.run = s.runs.length === 0 ? 0 : run + 1;
  const items = $("moves").children;
  if (step === 0) $("moves").scrollTop = 0;
  for (let k = 0; k < items.length; ++k) {
    const current = k === step - 1;
    items[k].classList.toggle("current", current);
    if (current) {
      items[k].setAttribute("aria-current", "step");
      keepInList(items[k]);
    } else {
      items[k].removeAttribute("aria-current");
    }
  }
  const n = frames.length - 1;
  if (s.runs.length === 0) {
    $("status").textContent = s.messages.join("; ") || "no solution to show";
  } else {
    const moves = s.runs[run].moves;
    const where = step === 0 ? "start" : `move ${step} of ${n}: blank ${moves[step - 1]}, ` +
        `tile ${moved[step - 1]} slides`;
    const atGoal = board.every((t, k) => t === s.goal[k]);
    $("status").textContent = where + (atGoal ? ` (the goal, ${s.goal_name})` : "");
  }
  $("prev").disabled = $("first").disabled = step === 0;
  $("next").disabled = $("last").disabled = step >= n;
  $("play").disabled = n <= 0;
}

function go(k) {
  step = Math.max(0, Math.min(frames.length - 1, k));
  show();
}

function pause() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  $("play").textContent = "Play";
}

function play() {
  if (step === frames.length - 1) go(0);
  const interval = 1200 / Number($("speed").value);
  document.documentElement.style.setProperty("--slide", Math.round(interval * 0.6) + "ms");
  timer = setInterval(() => {
    if (step >= frames.length - 1) return pause();
    go(step + 1);
  }, interval);
  $("play").textContent = "Pause";
}

// Instance k (from 0), its run r (from 0).
function choose(k, r) {
  pause();
  index = Math.max(0, Math.min(instances.length - 1, k));
  const s = instances[index];
  run = Math.max(0, Math.min(s.runs.length - 1, r));
  const moves = s.runs.length === 0 ? "" : s.runs[run].moves;
  [frames, moved] = s.rows === 0 ? [[], []] : replay(s, moves);
  $("title").textContent = s.title + (s.runs.length === 0 ? "" : ": " + s.runs[run].label);
  $("instance").value = index;
  $("run").replaceChildren(...s.runs.map((x, j) => new Option(x.label, j)));
  $("run").value = run;
  $("run-pick").hidden = s.runs.length < 2;
  $("messages").replaceChildren(...s.messages.map((m) => {
    const li = document.createElement("li");
    li.textContent = m;
    return li;
  }));
  $("messages").hidden = s.messages.length === 0 || s.runs.length === 0;  // else in the status
  const list = $("moves");
  list.replaceChildren();
  Array.from(moves).forEach((m, k) => {
    const li = document.createElement("li");
    const number = document.createElement("span");
    number.className = "n";
    number.textContent = `${k + 1}.`;
    li.append(number, `${m} (tile ${moved[k]})`);
    li.addEventListener("click", () => { pause(); go(k + 1); });
    list.appendChild(li);
  });
  fitColumns();
  buildBoard(s);
  step = 0;
  show();
}

function applyFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("instance") || params.has("run")) {
    const k = params.has("instance") ? Number(params.get("instance")) - 1 : index;
    choose(k, params.has("run") ? Number(params.get("run")) - 1 : 0);
  }
  const wanted = params.get("step");
  if (wanted === "end") go(frames.length - 1);
  else if (wanted !== null && wanted !== "") go(Number(wanted));
  for (const id of (params.get("press") || "").split(",").filter(Boolean)) {
    const button = $(id);
    if (button && button.tagName === "BUTTON") button.click();
  }
}

if (instances.length === 0) {
  $("title").textContent = "npuzzle: no solution to show";
  $("controls").hidden = true;
} else {
  instances.forEach((s, k) => $("instance").add(new Option(s.title, k)));
  $("pick").hidden = instances.length < 2 && instances[0].runs.length < 2;
  $("instance").addEventListener("change", (e) => choose(Number(e.target.value), 0));
  $("run").addEventListener("change", (e) => choose(index, Number(e.target.value)));
  $("first").addEventListener("click", () => { pause(); go(0); });
  $("prev").addEventListener("click", () => { pause(); go(step - 1); });
  $("next").addEventListener("click", () => { pause(); go(step + 1); });
  $("last").addEventListener("click", () => { pause(); go(frames.length - 1); });
  $("play").addEventListener("click", () => (timer === null ? play() : pause()));
  $("speed").addEventListener("change", () => { if (timer !== null) { pause(); play(); } });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    const keys = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", " ": "play"};
    if (keys[e.key]) { e.preventDefault(); $(keys[e.key]).click(); }
  });
  window.addEventListener("hashchange", applyFragment);
  choose(0, 0);
  applyFragment();
}
</script>
</body>
</html>
)PAGE";

}  // namespace

std::string animation_page(const std::vector<AnimatedInstance>& instances) {
  nlohmann::json data = nlohmann::json::array();
  for (const AnimatedInstance& s : instances) {
    nlohmann::json runs = nlohmann::json::array();
    for (const AnimatedRun& r : s.runs) {
      std::string moves;
      for (Move m : r.path) moves += move_char(m);
      runs.push_back({{"label", printable(r.label)}, {"moves", moves}});
    }
    nlohmann::json messages = nlohmann::json::array();
    for (const std::string& m : s.messages) messages.push_back(printable(m));
    data.push_back({{"title", printable(s.title)},
                    {"rows", s.rows},
                    {"cols", s.cols},
                    {"start", s.start},
                    {"goal", s.goal},
                    {"goal_name", printable(s.goal_name)},
                    {"runs", runs},
                    {"messages", messages}});
  }
  // Inside <script>, "</" could end the element: JSON allows "<\/" for it.
  std::string json = data.dump();
  std::string escaped;
  escaped.reserve(json.size());
  for (std::size_t i = 0; i < json.size(); ++i) {
    escaped += json[i];
    if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') escaped += '\\';
  }
  std::string page = kPage;
  page.replace(page.find("@DATA@"), 6, escaped);
  return page;
}

}  // namespace npuzzle
