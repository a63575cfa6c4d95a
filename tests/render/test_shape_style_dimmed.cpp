// A shape culled by the second camera's frustum (ShapeStyle::dimmed): its edges recede
// towards the view's background on both themes but stay visible, its faces nearly vanish.
#include <gtest/gtest.h>

#include "render/contrast.hpp"
#include "render/palette.hpp"
#include "render/shape_style.hpp"

namespace satlab {
namespace {

TEST(DimmedStyle, EdgesRecedeToAContrastOfOnePointSixOnBothThemes) {
  for (const bool light : {false, true}) {
    const glm::vec3 bg = (light ? lightPalette() : darkPalette()).background;
    for (const glm::vec4& c : {glm::vec4(0.95f, 0.55f, 0.2f, 1.0f), glm::vec4(0.3f, 0.6f, 1.0f, 1.0f)}) {
      const glm::vec4 shown = legibleOn(c, bg, kMinLineContrast);
      ShapeStyle dim;
      dim.dimmed = true;
      const EdgeLook normal = edgeLook(shown, ShapeStyle{}, 2.0f, 1.0f, 0.2f, light);
      const EdgeLook faded = edgeLook(shown, dim, 2.0f, 1.0f, 0.2f, light);
      EXPECT_LT(contrastRatio(glm::vec3(faded.color), bg), contrastRatio(glm::vec3(normal.color), bg));
      EXPECT_NEAR(contrastRatio(glm::vec3(faded.color), bg), 1.6f, 0.05f) << (light ? "light" : "dark");
      EXPECT_LT(faded.fillAlpha, normal.fillAlpha * 0.5f);
      EXPECT_EQ(faded.widthPx, normal.widthPx);
    }
  }
}

}  // namespace
}  // namespace satlab
