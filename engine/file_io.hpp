// engine/file_io.hpp — reading and writing the files a user names on the command line, with the
// system's reason in every failure ("cannot read 'x': No such file or directory").
//
// Writes of whole files are atomic: the text goes to a temporary file beside the target, is
// flushed and closed (each step checked), and only then renamed over the target, so a reader never
// sees half a file and a failed write leaves the old file in place. A symbolic link is followed
// first (the file it leads to is replaced, in that file's directory; the link stays), and an
// existing file that is not a regular one (a device such as /dev/null, a FIFO) is written through,
// opened without being created or replaced, as the shell's `>` would: a failed write there (ENOSPC
// on /dev/full) is reported like any other. Every failure throws InputError (exit code 2).
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

// Replaces `path` with `text` atomically (temporary file + rename), or writes through a device or
// FIFO (above); throws InputError on failure. The file replaced keeps its permission bits; a new
// one gets 0666 less the umask.
void write_file_atomically(const std::string& path, std::string_view text,
                           const std::string& what = "file");

// Checks, before any work whose result goes there, that write_file_atomically(path) can write:
// creates and removes the temporary file it would use beside the target (the directory exists and
// takes a new file), or opens a device or FIFO for writing without writing (a FIFO with no reader
// yet passes). Throws InputError, as a failed write would, naming `what`, the path and the reason.
void check_writable(const std::string& path, const std::string& what = "file");

// "No such file or directory" for ENOENT: the system's reason for an errno value.
std::string system_reason(int error_number);

}  // namespace npuzzle
