// engine/request_message.hpp — a distributed search's job as the message rank 0 sends to the other
// ranks under mpirun (engine/distributed.hpp): every value of the request that the search reads,
// and the board. One of the four sources of a request (engine/request.hpp); the callbacks, the
// interrupt flag and the log are each rank's own, set by the caller of decode_job.
#pragma once

#include <string>
#include <string_view>

#include "core/run_board.hpp"
#include "engine/request.hpp"

namespace npuzzle {

struct DistributedJobMessage {
  SolveRequest request;
  RunBoard board;
};

// The message: JSON text.
std::string encode_job(const SolveRequest& request, const RunBoard& board);
// Reads a message encode_job wrote; throws InputError for anything else.
DistributedJobMessage decode_job(std::string_view text);

}  // namespace npuzzle
