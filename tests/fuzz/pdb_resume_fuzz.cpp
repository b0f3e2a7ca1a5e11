// libFuzzer target: the resume file of an interrupted pattern-database build
// (heuristics/pdb/resume.hpp), header and body, fed to the builder that resumes from it.
//
// Two modes, chosen by the first byte:
//   raw (odd):    the remaining bytes are the resume file.
//   forged (even): a real saved build (stopped at a distance the second byte chooses) is changed
//     by the remaining bytes, taken in threes (offset high, offset low, value XORed there, over
//     header and body); with the first byte's bit 1 set, both checksums are then recomputed (what
//     a forger who knows the format writes), so the checks after them are what is exercised.
// The tables are full patterns of 2x3 or 2x4 (the first byte's bit 2), whose entries are exact
// distances, so verify_table pins every entry down. Invariant: the build returns, and its table is
// byte for byte the one built without a resume file, whatever the file held.
#include <unistd.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/resume.hpp"

namespace npuzzle::pdb_resume_fuzz {

using namespace npuzzle::pdb;

constexpr std::size_t kHeaderBytes = 160;
constexpr std::size_t kPointOffset = 96;  // ResumePoint in the header

// An invariant broken: say which (the fuzzer keeps the input), then crash.
inline void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

inline BuildSpec spec_for(bool wide) {
  BuildSpec spec{2, wide ? 4 : 3, {}, {}};
  for (int c = 0; c < spec.rows * spec.cols; ++c) spec.goal.push_back(c);
  for (int t = 1; t < spec.rows * spec.cols; ++t) spec.tiles.push_back(t);
  return spec;
}

inline std::filesystem::path scratch(const char* what) {
  return std::filesystem::temp_directory_path() /
         ("npuzzle_fuzz_resume_" + std::to_string(::getpid()) + "_" + what);
}

inline std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The table built without a resume file (once per spec).
inline const std::vector<std::uint8_t>& reference(bool wide) {
  static const std::vector<std::uint8_t> tables[2] = {build_table(spec_for(false)).payload,
                                                      build_table(spec_for(true)).payload};
  return tables[wide ? 1 : 0];
}

// The bytes of a real resume file of the build stopped after distance `depth`.
inline std::vector<std::uint8_t> saved_build(bool wide, int depth) {
  const std::filesystem::path file = scratch("saved");
  std::filesystem::remove(file);
  std::atomic<bool> stop{false};
  BuildOptions options;
  options.threads = 1;
  options.stop = &stop;
  options.resume_file = file;
  options.progress = [&](const BuildProgress& p) {
    if (p.depth >= depth) stop.store(true);
  };
  try {
    build_table(spec_for(wide), options);
  } catch (const PdbError&) {
  }
  std::vector<std::uint8_t> bytes = read_bytes(file);
  std::filesystem::remove(file);
  return bytes;
}

inline int one_input(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const bool raw = data[0] & 1, recompute = data[0] & 2, wide = data[0] & 4;
  const BuildSpec spec = spec_for(wide);
  const std::filesystem::path table = scratch("table");
  const std::filesystem::path file = resume_file_for(table);
  std::filesystem::remove(file);
  if (raw) {
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  } else {
    std::vector<std::uint8_t> bytes = saved_build(wide, 1 + data[1] % 16);
    if (bytes.size() <= kHeaderBytes) return 0;  // the build ended before that distance
    for (std::size_t i = 2; i + 2 < size; i += 3) {
      const std::size_t at = (std::size_t{data[i]} << 8 | data[i + 1]) % bytes.size();
      bytes[at] ^= data[i + 2];
    }
    if (recompute) {
      ResumePoint point;
      std::memcpy(&point, bytes.data() + kPointOffset, sizeof point);
      const std::span<const std::uint8_t> body(bytes.data() + kHeaderBytes,
                                               bytes.size() - kHeaderBytes);
      require(
          save_resume(file, spec, spec.rows * spec.cols == 8 ? 40320 : 720, point, body).empty(),
          "a resume file could not be saved");
    } else {
      std::ofstream(file, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()),
                 static_cast<std::streamsize>(bytes.size()));
    }
  }
  BuildOptions options;
  options.threads = 1;
  options.resume_file = file;
  const BuildResult built = build_table(spec, options);
  require(built.payload == reference(wide), "a build from a resume file gave another table");
  for (const auto& entry : std::filesystem::directory_iterator(table.parent_path())) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(file.filename().string(), 0) == 0) std::filesystem::remove(entry.path());
  }
  return 0;
}

}  // namespace npuzzle::pdb_resume_fuzz

#ifndef NPUZZLE_FUZZ_REPLAY_ONLY
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return npuzzle::pdb_resume_fuzz::one_input(data, size);
}
#endif
