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

std::string given_or_data_file(const std::string& given) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (given.empty() || given == "-" || given.find('/') != std::string::npos ||
      fs::symlink_status(given, error).type() != fs::file_type::not_found) {
    return given;
  }
  const std::string shipped = data_file(given);
  return fs::is_regular_file(shipped, error) ? shipped : given;
}

}  // namespace npuzzle
