// heuristics/pdb/file_header.hpp — the header block of a pattern-database file (heuristics/pdb/
// file.hpp gives the format), shared by the two halves of the file code: file_header.cpp encodes
// and decodes the block, file.cpp reads, maps and writes whole files.
//
// Invariants: a block is kHeaderBytes long and begins with kFileMagic; decode_header(path,
// encode_header(meta)) gives `meta` back; a block decode_header accepts has this format version, a
// header checksum that holds, a board size of this build, a goal that is a permutation of its
// cells, pattern tiles that are distinct tiles of the board, and the entry count and payload size
// of that pattern. Every failure is a PdbError(Database) naming the file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "heuristics/pdb/file.hpp"

namespace npuzzle::pdb {

// The first bytes of every database file.
inline constexpr char kFileMagic[8] = {'N', 'P', 'Z', 'L', 'P', 'D', 'B', '\n'};
// What is wrong with a file whose first bytes are not kFileMagic (a text file, another program's
// data).
inline constexpr const char* kNotADatabase =
    "not a pattern database (its first bytes are not the NPZLPDB header that pdbgen writes; bad "
    "magic)";

// Throws PdbError(Database): "pattern database <path>: <what>".
[[noreturn]] void fail_database_file(const std::filesystem::path& path, const std::string& what);

// The kHeaderBytes block that describes `meta`, its checksum filled in.
std::vector<std::uint8_t> encode_header(const PdbMeta& meta);

// Decodes and checks a header block read from `path` (see the invariants above).
PdbMeta decode_header(const std::filesystem::path& path, const std::vector<std::uint8_t>& block);

}  // namespace npuzzle::pdb
