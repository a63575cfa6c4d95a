// A command's output that does not arrive is noticed with its reason, also when the FILE's
// buffer was lost in a flush that failed earlier.
#include "check/output_check.hpp"

#include <cerrno>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

namespace satlab::test {
namespace {

TEST(OutputCheck, WritingToAFullDeviceGivesItsReason) {
  std::FILE* out = std::fopen("/dev/full", "w");
  if (out == nullptr) GTEST_SKIP() << "no /dev/full";
  std::fprintf(out, "a short line\n");
  EXPECT_EQ(outputError(out), ENOSPC);
  std::fclose(out);
}

TEST(OutputCheck, AReasonLostInAnEarlierFlushIsKept) {
  std::FILE* out = std::fopen("/dev/full", "w");
  if (out == nullptr) GTEST_SKIP() << "no /dev/full";
  // More than the buffer: a write inside fprintf fails and the buffer is dropped, then a
  // flush on the way (the command's own) has nothing left to write.
  const std::string big(100000, 'x');
  std::fprintf(out, "%s\n", big.c_str());
  EXPECT_FALSE(flushOutput(out));
  errno = 0;
  EXPECT_FALSE(flushOutput(out));
  EXPECT_EQ(outputError(out), ENOSPC);
  std::fclose(out);
}

TEST(OutputCheck, OutputThatArrivedIsNoError) {
  std::FILE* out = std::fopen("/dev/null", "w");
  ASSERT_NE(out, nullptr);
  std::fprintf(out, "fine\n");
  EXPECT_TRUE(flushOutput(out));
  EXPECT_EQ(outputError(out), 0);
  std::fclose(out);
}

}  // namespace
}  // namespace satlab::test
