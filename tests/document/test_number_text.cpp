// The printf way to the shortest decimal (number_text.hpp, the browser build's) gives
// what std::to_chars gives on the desktop: the same scene files on both.
#include "document/number_text.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

namespace satlab {
namespace {

double fromBits(std::uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

TEST(NumberText, PrintfWayMatchesToCharsOnChosenNumbers) {
  const double chosen[] = {0.0,
                           -0.0,
                           1.0,
                           -1.0,
                           0.1,
                           0.5,
                           1.5e9,
                           2e-7,
                           123450.0,
                           1e22,
                           5e-324,
                           DBL_MAX,
                           DBL_MIN,
                           -55912.9375,
                           3.4028234663852886e38,
                           1.0 / 3.0,
                           9007199254740993.0,
                           0.3};
  for (double d : chosen) {
    EXPECT_EQ(printfShortestScientific(d), shortestScientific(d)) << d;
    EXPECT_EQ(printfShortestFixed(d), shortestFixed(d)) << d;
  }
  EXPECT_EQ(shortestScientific(123450.0), "1.2345e+05");
  EXPECT_EQ(shortestFixed(2e-7), "0.0000002");
  EXPECT_EQ(shortestFixed(1.5e9), "1500000000");
}

TEST(NumberText, PrintfWayMatchesToCharsOnRandomDoublesAndFloats) {
  std::mt19937_64 rng(17);
  int differ = 0;
  for (int i = 0; i < 20000; ++i) {
    const double d = fromBits(rng());
    if (!std::isfinite(d)) continue;
    differ += printfShortestScientific(d) != shortestScientific(d);
    differ += printfShortestFixed(d) != shortestFixed(d);
    const float f = static_cast<float>(
        std::ldexp(static_cast<double>(rng() % 1000000) - 500000.0, static_cast<int>(rng() % 60) - 30));
    // Same value when read back (the two may choose different forms: fixed or scientific).
    EXPECT_EQ(std::strtof(printfShortestFloat(f).c_str(), nullptr), f);
    EXPECT_LE(std::strlen(printfShortestFloat(f).c_str()), 16u);
  }
  EXPECT_EQ(differ, 0);
}

}  // namespace
}  // namespace satlab
