#!/usr/bin/env bash
# tests/docs_test.sh SOURCE_DIR — checks the README a newcomer reads and the pages under docs/:
#   - README.md opens (within its first 15 lines) with the two set-up commands, exactly as CI runs
#     the second one (.ci/run);
#   - README.md is at most 250 lines;
#   - every page the README's reference points to exists under docs/;
#   - every relative link in README.md and docs/*.md names an existing file, and its #anchor (if
#     any) a heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces to -).
# Prints each failure and exits 1 if there is one.
set -euo pipefail

source_dir=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$source_dir"

failures=0
fail() {
  echo "docs_test: $*" >&2
  failures=$((failures + 1))
}

# The README shows $RANDOM literally: the commands are compared as text, never expanded.
# shellcheck disable=SC2016
readonly setup_command='tools/setup.sh && build/tools/npuzzle random --size 4x4 --seed "$RANDOM" | build/tools/npuzzle solve -'
readonly test_command='tools/setup.sh --all && ctest --test-dir build --output-on-failure --timeout 600 -j2'
readonly readme_max_lines=250
readonly opening_lines=15
readonly pages=(README.md command-line.md algorithms.md heuristics-and-databases.md benchmarks.md
  checkpoints.md mpi.md library.md building.md)

if [[ ! -f README.md ]]; then
  echo "docs_test: no README.md in $source_dir" >&2
  exit 1
fi

opening=$(head -n "$opening_lines" README.md)
for command in "$setup_command" "$test_command"; do
  if ! grep -qxF -- "$command" <<<"$opening"; then
    fail "README.md does not give, within its first $opening_lines lines, the line: $command"
  fi
done

# CI runs the README's test command in two steps (setup, then ctest with stdin closed).
if [[ -f .ci/run ]]; then
  for part in 'tools/setup.sh --all' 'ctest --test-dir build --output-on-failure --timeout 600 -j2'; do
    grep -qF -- "$part" .ci/run || fail ".ci/run no longer runs the README's test command part: $part"
  done
fi

lines=$(wc -l <README.md)
if ((lines > readme_max_lines)); then
  fail "README.md has $lines lines, more than $readme_max_lines: move the detail to docs/"
fi

for page in "${pages[@]}"; do
  [[ -f docs/$page ]] || fail "docs/$page is missing"
done

# anchors FILE: the anchors GitHub gives the headings of FILE (outside code fences), one a line;
# a repeated heading gets -1, -2, … after its first.
anchors() {
  awk '
    /^[[:space:]]*```/ { fenced = !fenced; next }
    fenced || !/^#+[[:space:]]/ { next }
    {
      text = $0
      sub(/^#+[[:space:]]+/, "", text)
      text = tolower(text)
      gsub(/[^a-z0-9 _-]/, "", text)
      gsub(/ /, "-", text)
      anchor = text
      if (text in seen) anchor = text "-" seen[text]
      seen[text]++
      print anchor
    }' "$1"
}

# links FILE: the targets of FILE's Markdown links [text](target), outside code fences and inline
# code, one a line.
links() {
  awk '
    /^[[:space:]]*```/ { fenced = !fenced; next }
    fenced { next }
    {
      line = $0
      gsub(/``[^`]*``/, "", line)
      gsub(/`[^`]*`/, "", line)
      while (match(line, /\]\([^) ]+\)/)) {
        print substr(line, RSTART + 2, RLENGTH - 3)
        line = substr(line, RSTART + RLENGTH)
      }
    }' "$1"
}

checked=0
for file in README.md docs/*.md; do
  [[ -f $file ]] || continue
  dir=$(dirname "$file")
  while IFS= read -r target; do
    case $target in
      http://* | https://* | mailto:*) continue ;;
    esac
    path=${target%%#*}
    anchor=""
    [[ $target == *#* ]] && anchor=${target#*#}
    if [[ -z $path ]]; then
      linked=$file
    else
      linked=$dir/$path
    fi
    checked=$((checked + 1))
    if [[ ! -e $linked ]]; then
      fail "$file links to $target: no such file ($linked)"
      continue
    fi
    if [[ -n $anchor ]]; then
      if [[ ! -f $linked || $linked != *.md ]]; then
        fail "$file links to $target: an anchor into something that is not a Markdown file"
      elif ! anchors "$linked" | grep -qxF -- "$anchor"; then
        fail "$file links to $target: $linked has no heading with the anchor #$anchor"
      fi
    fi
  done < <(links "$file")
done

if ((failures > 0)); then
  echo "docs_test: $failures failure(s)" >&2
  exit 1
fi
echo "docs_test: README.md ($lines lines) opens with the set-up commands; docs/ has its ${#pages[@]} pages; $checked relative links resolve"
