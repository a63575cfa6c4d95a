// The pairs panel's name column: a pair's names whole when they fit, else each cut in its
// middle so that both keep their start and their end (names that differ at their end stay
// apart). Measured here at one pixel per byte.
#include "ui/elide_text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace satlab::test {
namespace {

float bytes(std::string_view text) { return static_cast<float>(text.size()); }

TEST(PairNames, APairThatFitsIsShownWhole) {
  EXPECT_EQ(fitPairNames("box_a", "box_b", 13.0f, bytes), "box_a / box_b");
  EXPECT_EQ(fitPairNames("box_a", "box_b", 200.0f, bytes), "box_a / box_b");
}

TEST(PairNames, LongNamesKeepTheirStartAndTheirEnd) {
  // 18 and 34 bytes in 40: 37 beside " / ", the shorter name fits its half and stays whole,
  // the longer gets the other 19, cut in its middle.
  const std::string shown = fitPairNames("box_thrown/child 0", "static_level/ground/floor_big_100m", 40.0f, bytes);
  EXPECT_LE(shown.size(), 40u) << shown;
  EXPECT_EQ(shown.rfind("box_thrown/child 0 / stat", 0), 0u) << shown;
  EXPECT_NE(shown.find("..."), std::string::npos) << shown;
  EXPECT_EQ(shown.substr(shown.size() - 4), "100m") << shown;
}

TEST(PairNames, TwoLongNamesShareTheRoomAndStayApart) {
  const std::string a = fitPairNames("box_thrown/child 0", "static_level/ground/floor_big_100m", 24.0f, bytes);
  const std::string b = fitPairNames("box_thrown/child 1", "static_level/ground/floor_big_100m", 24.0f, bytes);
  EXPECT_LE(a.size(), 24u) << a;
  EXPECT_NE(a, b) << "the names' ends tell the two pairs apart";
  EXPECT_NE(a.find("0 / "), std::string::npos) << a;
  EXPECT_NE(b.find("1 / "), std::string::npos) << b;
  EXPECT_EQ(a.rfind("box", 0), 0u) << a;
}

TEST(PairNames, ElidingInTheMiddleKeepsWholeCharacters) {
  // "Крышка_ящика" is two bytes a letter: a cut never splits one.
  const std::string shown = elideMiddle("Крышка_ящика_номер_7", 15.0f, bytes);
  EXPECT_LE(shown.size(), 15u) << shown;
  EXPECT_NE(shown.find("..."), std::string::npos);
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const auto c = static_cast<unsigned char>(shown[i]);
    if (c >= 0xC0) {
      ASSERT_LT(i + 1, shown.size()) << "a letter cut at the end";
      EXPECT_EQ(static_cast<unsigned char>(shown[i + 1]) & 0xC0u, 0x80u);
    }
  }
  EXPECT_EQ(shown.substr(shown.size() - 1), "7") << shown;
  EXPECT_EQ(elideMiddle("abcdefgh", 2.0f, bytes), "...") << "too narrow for anything but the dots";
  EXPECT_EQ(elideMiddle("abcdefgh", 8.0f, bytes), "abcdefgh");
  EXPECT_EQ(elideMiddle("abcdefgh", 7.0f, bytes), "ab...gh");
}

}  // namespace
}  // namespace satlab::test
