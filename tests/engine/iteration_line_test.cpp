// The progress line of an IDA* iteration that something stopped reads as a sentence for every stop:
// "cut short by the node limit", but "interrupted", not "cut short by the interrupted".
#include <gtest/gtest.h>

#include <string>

#include "tools/app/heartbeat.hpp"

namespace npuzzle {
namespace {

std::string line_stopped_by(StopReason reason) {
  Progress p;
  p.bound = 52;
  p.expanded = 5'000'000;
  p.iteration_expanded = 3'400'000;
  p.cut_short = reason;
  return iteration_line(1, p);
}

TEST(IterationLine, EveryStopReadsAsASentence) {
  EXPECT_NE(
      line_stopped_by(StopReason::NodeLimit).find("bound 52: cut short by the node limit after"),
      std::string::npos);
  EXPECT_NE(
      line_stopped_by(StopReason::TimeLimit).find("bound 52: cut short by the time limit after"),
      std::string::npos);
  EXPECT_NE(line_stopped_by(StopReason::Interrupted).find("bound 52: interrupted after 3.40 M"),
            std::string::npos);
  EXPECT_NE(line_stopped_by(StopReason::Cancelled).find("bound 52: cancelled after"),
            std::string::npos);
  EXPECT_NE(
      line_stopped_by(StopReason::AllocationFailed).find(": cut short: allocation failed after"),
      std::string::npos);
  for (StopReason reason :
       {StopReason::Interrupted, StopReason::Abandoned, StopReason::Cancelled}) {
    EXPECT_EQ(line_stopped_by(reason).find("by the"), std::string::npos) << line_stopped_by(reason);
  }
}

TEST(IterationLine, AFinishedIterationGivesItsGrowth) {
  Progress p;
  p.bound = 50;
  p.iteration_expanded = 4'100'000;
  p.previous_iteration_expanded = 1'000'000;
  const std::string line = iteration_line(1, p);
  EXPECT_NE(line.find("[1] bound 50: 4.10 M expanded in the iteration (x4.10)"), std::string::npos)
      << line;
}

}  // namespace
}  // namespace npuzzle
