// parallel/zobrist.hpp — owner hashes for hash-distributed A* (HDA*): which worker owns a state.
//
// Both hashes are an XOR over the tiles (the blank excluded) of a 64-bit key per (tile, cell), so a
// move changes the hash by two XORs: `update(h, tile, from, to)`. The keys come from splitmix64
// with a fixed seed, so the ownership of every state, and hence every run, is repeatable.
//
// - Zobrist: one independent key per (tile, cell). Any move changes the owner with probability
//   (N-1)/N: the best load balance and the most communication.
// - AbstractZobrist: the key of (tile, cell) depends only on the 2x2 block of the cell (blocks of
//   the grid cut every two rows and columns), so a move that keeps its tile inside a block leaves
//   the owner unchanged (two moves in three on 4x4). Far less communication; the number of abstract
//   states is still large enough to spread the work.
//
// Invariant: hash(s) == update(hash(parent), tile, from, to) for the move from parent to s.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/board.hpp"

namespace npuzzle {

enum class OwnerHash { Zobrist, AbstractZobrist };

const char* owner_hash_name(OwnerHash kind);  // "zobrist", "abstract-zobrist"
// Parses "zobrist" or "abstract-zobrist" (also "abstract", "azh"); returns false otherwise.
bool parse_owner_hash(const std::string& text, OwnerHash& out);

// The n-th 64-bit output of splitmix64 started from `seed`.
constexpr std::uint64_t splitmix64(std::uint64_t seed, std::uint64_t n) {
  std::uint64_t z = seed + (n + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

template <class B>
class OwnerHasher {
 public:
  static constexpr std::uint64_t kDefaultSeed = 0x6e70757a7a6c6531ULL;

  explicit OwnerHasher(OwnerHash kind, std::uint64_t seed = kDefaultSeed) {
    constexpr int kBlockCols = (B::kCols + 1) / 2;
    for (int tile = 0; tile < B::kCells; ++tile) {
      for (int cell = 0; cell < B::kCells; ++cell) {
        const int feature =
            kind == OwnerHash::Zobrist ? cell : (B::row(cell) / 2) * kBlockCols + B::col(cell) / 2;
        key_[tile][cell] =
            tile == 0 ? 0
                      : splitmix64(seed, static_cast<std::uint64_t>(tile * B::kCells + feature));
      }
    }
  }

  std::uint64_t hash(const State<B>& s) const {
    std::uint64_t h = 0;
    for (int cell = 0; cell < B::kCells; ++cell) h ^= key_[s.tile_at(cell)][cell];
    return h;
  }
  // The hash after `tile` slides from cell `from` to cell `to`.
  std::uint64_t update(std::uint64_t h, int tile, int from, int to) const {
    return h ^ key_[tile][from] ^ key_[tile][to];
  }
  // The worker in [0, workers) that owns a state of hash `h` (the high bits of h * workers).
  static int owner(std::uint64_t h, int workers) {
    return static_cast<int>((static_cast<uint128>(h) * static_cast<unsigned>(workers)) >> 64);
  }

 private:
  std::array<std::array<std::uint64_t, B::kCells>, B::kCells> key_{};
};

}  // namespace npuzzle
