// libFuzzer target: the instance parser (text/parse.hpp). The first byte picks the --size given
// (none, or one of the sixteen boards); the rest is the input text. Checks, beyond "no crash, no
// sanitizer report": every good instance is a permutation of its board's cells with a known size,
// every bad one has a message naming its line, lines are increasing, and the tile-list, size and
// bench-set readers either succeed or throw InputError.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "text/parse.hpp"

namespace {

// An invariant broken: say which (the fuzzer keeps the input), then crash.
void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace npuzzle;
  if (size == 0) return 0;
  ParseOptions options;
  if (data[0] % 17 != 0)
    options.size = BoardSize{2 + (data[0] % 17 - 1) / 4, 2 + (data[0] % 17 - 1) % 4};
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  const std::vector<ParsedInstance> entries = parse_instances(text, options);
  int last_line = 0;
  for (const ParsedInstance& entry : entries) {
    const Instance& instance = entry.instance;
    require(instance.line >= 1 && instance.line >= last_line, "instance lines out of order");
    last_line = instance.line;
    if (entry.ok()) {
      const BoardSize board{instance.rows, instance.cols};
      require(board.rows >= 2 && board.rows <= 5 && board.cols >= 2 && board.cols <= 5,
              "a good instance has a size outside 2..5");
      require(!options.size.known() || board == options.size, "a good instance ignores --size");
      require(check_tiles(instance.tiles, board).empty(), "a good instance is no permutation");
    } else {
      require(
          entry.describe_error().find("line " + std::to_string(instance.line)) != std::string::npos,
          "an error message does not name its line");
    }
  }

  try {
    const std::vector<int> tiles = parse_tile_list(text);
    require(tiles.size() >= 4, "parse_tile_list accepted fewer than 4 tiles");
  } catch (const InputError&) {
  }
  if (const auto board = parse_board_size(text)) {
    require(board->rows >= 2 && board->rows <= 5 && board->cols >= 2 && board->cols <= 5,
            "parse_board_size accepted a size outside 2..5");
  }
  try {
    std::istringstream in{std::string(text)};
    for (const BenchInstance& b : read_bench_set(in, options.size)) {
      require(check_tiles(b.instance.tiles, BoardSize{b.instance.rows, b.instance.cols}).empty(),
              "a bench instance is no permutation");
    }
  } catch (const InputError&) {
  }
  return 0;
}
