// engine/file_io.hpp — reading and writing the files a user names on the command line, with the
// system's reason in every failure ("cannot read 'x': No such file or directory").
//
// Writes of whole files are atomic: the text goes to a temporary file beside the target, is
// flushed and closed (each step checked), and only then renamed over the target, so a reader never
// sees half a file and a failed write leaves the old file in place. A symbolic link is followed
// first (the file it leads to is replaced, in that file's directory; the link stays), and an
// existing file that is not a regular one (a device such as /dev/null, a FIFO) is written through,
// opened without being created or replaced, as the shell's `>` would: a failed write there (ENOSPC
// on /dev/full) is reported like any other; a FIFO is opened without blocking, and one that no
// process reads is refused rather than waited for. Every failure throws InputError (exit code 2).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace npuzzle {

// The whole file. Only a regular file is read, opened without blocking: a directory, a FIFO or a
// device (/dev/zero), a missing file, a read error or a file of more than `max_bytes` throws
// InputError naming `what` (for example "checkpoint") and the path. With a `prefix`, the reading
// stops as soon as the file is seen not to begin with it: the bytes read so far are returned, for
// the caller to say what the file is not. With `owner`, the user id owning the file is stored
// there (taken from the file opened and read, not looked up by its path again).
std::string read_text_file(const std::string& path, const std::string& what = "file",
                           std::size_t max_bytes = SIZE_MAX, std::string_view prefix = {},
                           uid_t* owner = nullptr);

// Replaces `path` with `text` atomically (temporary file + rename), or writes through a device or
// FIFO (above); throws InputError on failure. The file replaced keeps its permission bits; a new
// one gets 0666 less the umask.
void write_file_atomically(const std::string& path, std::string_view text,
                           const std::string& what = "file");

// Checks, before any work whose result goes there, that write_file_atomically(path) can write:
// creates and removes the temporary file it would use beside the target (the directory exists and
// takes a new file), or opens a device or FIFO for writing without writing (a FIFO that no process
// reads is refused). With `regular_only`, an existing file that is not a regular one is refused.
// Throws InputError, as a failed write would, naming `what`, the path and the reason.
void check_writable(const std::string& path, const std::string& what = "file",
                    bool regular_only = false);

// Removes the temporary files write_file_atomically(path) leaves when the process is killed in the
// middle of a write (`FILE.tmp.XXXXXX` beside the file a link leads to): regular files of this
// user not modified for `min_age_seconds` (a write in progress takes milliseconds). Failures to
// list or remove are ignored: the files are only clutter.
void remove_stale_temporaries(const std::string& path, double min_age_seconds);

// Whether two paths name the same file (after `.`, `..` and symbolic links), for refusing one
// path given to two outputs: the later write would silently replace the earlier.
bool same_file_path(const std::string& a, const std::string& b);

// A description of a file type that is not a regular file, for messages: "a FIFO", "a device".
std::string file_kind(unsigned mode);

// "No such file or directory" for ENOENT: the system's reason for an errno value.
std::string system_reason(int error_number);

}  // namespace npuzzle
