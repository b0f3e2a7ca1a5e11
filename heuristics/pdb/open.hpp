// heuristics/pdb/open.hpp — the file-system side of database files that a hostile or damaged
// directory cannot turn into a hang or a crash.
//
// Only regular files are ever opened as databases: a FIFO, a device, a socket or a directory that
// carries a database's name is refused with a message naming it, and the open itself never blocks
// (a FIFO without a writer would otherwise wait forever, deaf to SIGTERM). Symbolic links are
// followed (a database may live elsewhere), a loop of links is an error like any other. No function
// here throws std::filesystem::filesystem_error: every failure is a PdbError naming the file.
//
// Temporary files of a build are named <file>.tmp.<pid>.<16 hex digits> — the digits random per
// build, so two builds never share one even when their pids collide (other PID namespaces) — and
// removed on every failure. Those left by a build that was killed are removed by the next build of
// that file once they are stale: their pid is no live process here and they were not written to for
// kStaleTemporaryAge (a build writes its temporary file without pause until it renames it).
#pragma once

#include <sys/stat.h>

#include <chrono>
#include <filesystem>

namespace npuzzle::pdb {

inline constexpr std::chrono::minutes kStaleTemporaryAge{10};

// What a file that is not a regular one is, for messages: "a directory", "a FIFO (named pipe)" …
const char* file_kind_name(mode_t mode);

// Whether anything (a file, a dangling or looping link, a FIFO …) is at `path`. Never throws.
bool entry_present(const std::filesystem::path& path) noexcept;

// Opens `path` read-only (close-on-exec) when it is, after following links, a regular file, and
// fills `st`. Throws PdbError(Missing) when nothing is there, PdbError(Database) when it is not a
// regular file or cannot be opened (the reason in the message).
int open_database_file(const std::filesystem::path& path, struct stat& st);

// A fresh temporary name in the directory of `path` for writing it (see above).
std::filesystem::path temporary_name(const std::filesystem::path& path);

// Removes the stale temporary files of `path` (see above); returns how many. Never throws.
int remove_stale_temporaries(const std::filesystem::path& path) noexcept;

}  // namespace npuzzle::pdb
