// engine/checkpoint_signature.hpp — the signature that tells a checkpoint this user's npuzzle wrote
// from one whose numbers were changed afterwards. A checkpoint's checksum catches a damaged file,
// but anyone can recompute it; the signature is SipHash-2-4 (Aumasson and Bernstein) of the text
// under a secret 128-bit key that only this user can read: `checkpoint-key` in
// $XDG_STATE_HOME/npuzzle (else ~/.local/state/npuzzle), made on first use, mode 0600.
//
// Invariant: checkpoint_key() is the same for the whole process (read or made once); it is empty
// when no key can be had (no home directory, a directory that cannot be written, a key file that
// cannot be read or is damaged): checkpoints are then written unsigned, none is trusted, and
// checkpoint_key_problem() says why.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace npuzzle {

using SignatureKey = std::array<std::uint64_t, 2>;

// SipHash-2-4 of `data` under `key` (its two words: the key's bytes 0-7 and 8-15, little-endian).
std::uint64_t siphash24(const SignatureKey& key, std::string_view data);

// Where the key is kept ("" when neither XDG_STATE_HOME nor HOME is set).
std::string checkpoint_key_path();

// This user's key, read or made on the first call; empty when none can be had.
const std::optional<SignatureKey>& checkpoint_key();

// Why checkpoint_key() is empty, naming where the key is looked for ("" when there is a key).
const std::string& checkpoint_key_problem();

}  // namespace npuzzle
