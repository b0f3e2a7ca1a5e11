// tools/app/file_io.hpp — reading and writing the files a user names on the command line, with the
// system's reason in every failure ("cannot read 'x': No such file or directory").
//
// Writes of whole files are atomic: the text goes to a temporary file beside the target, is
// flushed and closed (each step checked), and only then renamed over the target, so a reader never
// sees half a file and a failed write leaves the old file in place. Every failure throws InputError
// (exit code 2).
#pragma once

#include <fstream>
#include <string>
#include <string_view>

namespace npuzzle {

// The whole file. A directory, a missing file or a read error throws InputError naming `what` (for
// example "bench set") and the path.
std::string read_text_file(const std::string& path, const std::string& what = "file");

// Opens `path` for writing on `out` (created or truncated), for output written as it comes (a CSV
// file row by row; /dev/stdout works too); throws InputError when it cannot be opened.
void open_for_writing(std::ofstream& out, const std::string& path, const std::string& what);

// Replaces `path` with `text` atomically (temporary file + rename); throws InputError on failure.
void write_file_atomically(const std::string& path, std::string_view text,
                           const std::string& what = "file");

// "No such file or directory" for ENOENT: the system's reason for an errno value.
std::string system_reason(int error_number);

}  // namespace npuzzle
