#include "tools/app/data_files.hpp"

#include <filesystem>
#include <system_error>

namespace npuzzle {

std::string data_file(const std::string& name) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path program = fs::read_symlink("/proc/self/exe", error);
  const fs::path directory = error ? fs::path(".") : program.parent_path();
  return (directory / NPUZZLE_DATA_FROM_BINARY / name).lexically_normal().string();
}

}  // namespace npuzzle
