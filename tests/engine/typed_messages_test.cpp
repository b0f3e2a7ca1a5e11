// The engine's last messages that named the command line's flags are typed errors now
// (text/request_error.hpp), each worded at the front end's edge: resuming a checkpoint with an
// algorithm that cannot go on from it (Conflict), the checkpoint options under mpirun
// (Unsupported), no pattern database folder (NotGiven, an error and the fall-back's note), and an
// unknown name's nearest (a field of its own), and a checkpoint of another user (a type of its own,
// to which the command line adds its --trust-other-user).
#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/checkpoint.hpp"
#include "engine/checkpoint_text.hpp"
#include "engine/option_use.hpp"
#include "engine/solve_session.hpp"
#include "engine/solver.hpp"
#include "tools/app/option_flags.hpp"
#include "tools/app/search_options.hpp"

namespace npuzzle {
namespace {

// The error the resume of an aida checkpoint with --algo ida is refused with.
RequestError resume_conflict() {
  CheckpointFile file;
  file.algorithm = Algorithm::Aida;
  file.heuristic = heuristic_option("md");
  SolveRequest base;
  base.algorithm = Algorithm::Ida;
  try {
    request_from_checkpoint(file, base, true);
  } catch (const UsageError& e) {
    return e.error();
  }
  ADD_FAILURE() << "ida went on from an aida checkpoint";
  return {};
}

TEST(TypedMessages, ResumingWithAnAlgorithmThatCannotGoOnIsAConflict) {
  const RequestError error = resume_conflict();
  EXPECT_EQ(error.kind, RequestErrorKind::Conflict);
  EXPECT_EQ(error.option, OptionField::Resume);
  EXPECT_EQ(error.other, OptionField::Algorithm);
  EXPECT_EQ(error.value, "ida");
  EXPECT_EQ(error.detail.find("--"), std::string::npos) << error.detail;
  EXPECT_EQ(render_request_error(error, command_line_words()),
            "--resume and --algo ida do not go together: the checkpoint holds a position of aida, "
            "which ida cannot go on from (leave out --algo to resume it with aida)");
  EXPECT_EQ(render_request_error(error, library_words()),
            "resume and algorithm ida do not go together: the checkpoint holds a position of aida, "
            "which ida cannot go on from (leave out algorithm to resume it with aida)");
}

TEST(TypedMessages, TheCheckpointOptionsUnderMpirunAreUnsupported) {
  const RequestError error =
      unsupported(OptionField::Checkpoint, OptionField::Resume, "under mpirun");
  EXPECT_EQ(render_request_error(error, command_line_words()),
            "--checkpoint and --resume do not work under mpirun");
  EXPECT_EQ(render_request_error(error, library_words()),
            "checkpoint and resume do not work under mpirun");
  EXPECT_EQ(render_request_error(unsupported(OptionField::Threads, OptionField::Threads, "here"),
                                 command_line_words()),
            "--threads does not work here");
}

// No folder for the databases: neither given nor any of the variables that give one.
void forget_every_database_folder() {
  for (const char* variable : {"NPUZZLE_PDB_DIR", "XDG_CACHE_HOME", "HOME"}) {
    ASSERT_EQ(::unsetenv(variable), 0);
  }
}

TEST(TypedMessages, NoDatabaseFolderIsNotGivenInTheCallersWords) {
  forget_every_database_folder();
  SearchOptions words;
  words.algorithm = "ida";
  words.owner_hash = "abstract-zobrist";
  words.heuristic = "pdb";
  SolveRequest request = request_from_words(words, nullptr);
  EXPECT_EQ(request.words, &command_line_words());  // the command line's notes name its flags
  SolveSession session;
  const RunBoard board{{2, 3}, {4, 1, 2, 5, 3, 0}};
  const SolveOutcome refused = solve_instance(session, request, board);
  ASSERT_EQ(refused.error_kind, SolveError::Usage);
  EXPECT_EQ(refused.usage.kind, RequestErrorKind::NotGiven);
  EXPECT_EQ(refused.usage.option, OptionField::PdbDir);
  EXPECT_EQ(refused.error_message(command_line_words()),
            "no pattern database directory: give --pdb-dir or set NPUZZLE_PDB_DIR");
  EXPECT_EQ(refused.error, "no pattern database directory: give pdb_dir or set NPUZZLE_PDB_DIR");
  // Left to the default on 4x4, the search falls back to lc, its note in the caller's words.
  std::vector<std::string> notes;
  request.heuristic.reset();
  request.log = [&notes](LogLevel, const std::string& line) { notes.push_back(line); };
  const SolveOutcome fallen_back = solve_instance(
      session, request, RunBoard{{4, 4}, {1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}});
  EXPECT_FALSE(fallen_back.failed());
  EXPECT_EQ(fallen_back.heuristic.name(), "lc");
  const std::string warning =
      "no pattern database (no pattern database directory: give --pdb-dir or set "
      "NPUZZLE_PDB_DIR); using lc instead";
  EXPECT_NE(std::find(notes.begin(), notes.end(), warning), notes.end())
      << (notes.empty() ? "no note" : notes.front());
}

TEST(TypedMessages, AnUnknownNamesNearestIsAFieldOfItsOwn) {
  try {
    heuristic_option("manhatan");
    FAIL() << "manhatan taken";
  } catch (const UsageError& e) {
    EXPECT_EQ(e.error().nearest, "md");
    EXPECT_EQ(e.error().nearest_alias, "manhattan");
    EXPECT_EQ(e.error().detail, "unknown heuristic 'manhatan'");
    EXPECT_EQ(
        unknown_name_sentence(e.error()).rfind(
            "unknown heuristic 'manhatan'; did you mean 'md' (manhattan)? known: misplaced", 0),
        0u);
  }
  try {
    algorithm_option("frobnicate");
    FAIL() << "frobnicate taken";
  } catch (const UsageError& e) {
    EXPECT_EQ(e.error().nearest, "");
  }
}

// The refusal of another user's checkpoint is an OtherUsersFileError that names the owner and no
// flag; trusted, the same file is read (and refused for what it holds, not for its owner). Root
// gives the file to uid 65534; elsewhere the test is skipped.
TEST(TypedMessages, AnotherUsersCheckpointIsATypeOfItsOwnAndNamesNoFlag) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("npuzzle-typed-other-" + std::to_string(::getpid()) + ".ckpt");
  std::ofstream(path) << kCheckpointMagic << " 1\nnot a checkpoint past its first line\n";
  if (::chown(path.c_str(), 65534, 65534) != 0) {
    const int error = errno;
    std::filesystem::remove(path);
    if (error == EPERM) GTEST_SKIP() << "not root: the file cannot be given to uid 65534";
    FAIL() << "chown " << path << ": " << std::strerror(error);
  }
  try {
    read_checkpoint(path.string(), false);
    ADD_FAILURE() << "another user's checkpoint was read";
  } catch (const OtherUsersFileError& e) {
    EXPECT_NE(std::string(e.what()).find("belongs to another user"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("--"), std::string::npos) << e.what();
  }
  try {
    read_checkpoint(path.string(), true);
    ADD_FAILURE() << "a file that is not a checkpoint past its first line was read";
  } catch (const OtherUsersFileError& e) {
    ADD_FAILURE() << "refused for its owner although trusted: " << e.what();
  } catch (const InputError&) {
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace npuzzle
