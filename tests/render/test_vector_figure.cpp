// Figures as vector shapes (docs/figures.md): what the batches hand over lands where their
// shaders put it, and the SVG writer writes what was recorded, as valid XML.
#include "render/figure_options.hpp"
#include "render/svg_writer.hpp"
#include "render/vector_figure.hpp"
#include "render/vector_projection.hpp"
#include "render/view_setup.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace satlab::test {
namespace {

constexpr float kPixel = 1e-3f;
const glm::vec4 kRed(1.0f, 0.0f, 0.0f, 1.0f);

size_t countOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// The 2D view of a 200 x 100 viewport centred on the origin, 10 world units to the top edge:
/// 5 pixels a unit, x right, y up.
VectorView flatView() {
  OrbitCamera cam;
  cam.target = glm::vec3(0.0f);
  cam.distance = 10.0f / std::tan(glm::radians(cam.fovYDeg) * 0.5f);
  const ViewSetup v = makeViewSetup(cam, ViewMode::TwoD, 2.0f);
  return VectorView{v.viewProj, glm::vec2(200.0f, 100.0f), glm::vec2(0.0f), v.eye, v.forward, v.orthographic};
}

TEST(VectorProjection, ALineLandsWhereProjectToPixelPutsItsEnds) {
  const VectorView view = flatView();
  VectorFigure fig(glm::vec2(200.0f, 100.0f));
  recordLines(fig, {LineInstance{glm::vec3(-4, 2, 0), glm::vec3(6, -8, 0), kRed, 3.0f, 0.0f, 0.0f}}, view);
  ASSERT_EQ(fig.items().size(), 1u);
  const VectorItem& l = fig.items()[0];
  glm::vec2 a, b;
  ASSERT_TRUE(projectToPixel(view.viewProj, view.viewportPx, glm::vec3(-4, 2, 0), a));
  ASSERT_TRUE(projectToPixel(view.viewProj, view.viewportPx, glm::vec3(6, -8, 0), b));
  EXPECT_NEAR(l.a.x, a.x, kPixel);
  EXPECT_NEAR(l.a.y, a.y, kPixel);
  EXPECT_NEAR(l.b.x, b.x, kPixel);
  EXPECT_NEAR(l.b.y, b.y, kPixel);
  // 5 pixels a unit, y down.
  EXPECT_NEAR(l.a.x, 80.0f, 1e-2f);
  EXPECT_NEAR(l.a.y, 40.0f, 1e-2f);
  EXPECT_FLOAT_EQ(l.width, 3.0f);
}

TEST(VectorProjection, AnArrowIsAShaftStoppingInsideAHeadWhoseApexIsItsEnd) {
  const VectorView view = flatView();
  VectorFigure fig(glm::vec2(200.0f, 100.0f));
  // 20 units = 100 pixels long, a head of 10 pixels.
  recordLines(fig, {LineInstance{glm::vec3(-10, 0, 0), glm::vec3(10, 0, 0), kRed, 2.0f, 0.0f, 10.0f}}, view);
  ASSERT_EQ(fig.items().size(), 2u);
  EXPECT_EQ(fig.items()[0].kind, VectorItem::Kind::Line);
  EXPECT_NEAR(fig.items()[0].b.x, 150.0f - 5.0f, 1e-2f);  // half the head's length before the apex
  ASSERT_EQ(fig.items()[1].kind, VectorItem::Kind::Polygon);
  const std::vector<glm::vec2>& head = fig.items()[1].points;
  ASSERT_EQ(head.size(), 3u);
  EXPECT_NEAR(head[0].x, 150.0f, 1e-2f);
  EXPECT_NEAR(head[1].x, 140.0f, 1e-2f);
  EXPECT_NEAR(std::abs(head[1].y - head[2].y), 11.0f, 1e-2f);  // 0.55 of the head each side
}

TEST(VectorProjection, APointIsADotAsWideAsTheLine) {
  VectorFigure fig(glm::vec2(200.0f, 100.0f));
  recordLines(fig, {LineInstance{glm::vec3(1, 1, 0), glm::vec3(1, 1, 0), kRed, 8.0f, 0.0f, 0.0f}}, flatView());
  ASSERT_EQ(fig.items().size(), 1u);
  EXPECT_EQ(fig.items()[0].kind, VectorItem::Kind::Dot);
  EXPECT_FLOAT_EQ(fig.items()[0].radius, 4.0f);
}

TEST(VectorProjection, ALinePassingBehindTheEyeIsCutAtTheNearPlane) {
  OrbitCamera cam;
  const ViewSetup v = makeViewSetup(cam, ViewMode::ThreeD, 1.0f);
  const VectorView view{v.viewProj, glm::vec2(100.0f), glm::vec2(0.0f), v.eye, v.forward, v.orthographic};
  VectorFigure fig(glm::vec2(100.0f));
  // From the target, through the eye, to behind it.
  recordLines(fig, {LineInstance{cam.target, v.eye - v.forward * 5.0f, kRed, 1.0f, 0.0f, 0.0f}}, view);
  ASSERT_EQ(fig.items().size(), 1u);
  const VectorItem& l = fig.items()[0];
  EXPECT_TRUE(std::isfinite(l.b.x) && std::isfinite(l.b.y));
  EXPECT_NEAR(l.a.x, 50.0f, 1e-2f);
  EXPECT_NEAR(l.a.y, 50.0f, 1e-2f);
  // A line wholly behind the eye draws nothing.
  VectorFigure behind(glm::vec2(100.0f));
  recordLines(behind, {LineInstance{v.eye - v.forward, v.eye - v.forward * 5.0f, kRed, 1.0f, 0.0f, 0.0f}}, view);
  EXPECT_TRUE(behind.items().empty());
}

TEST(VectorProjection, ABoxSeenFromAboveShowsItsTopFaceAlone) {
  const VectorView view = flatView();
  VectorSurfaces surfaces;
  surfaces.boxes({BoxInstance{glm::vec3(0.0f), glm::mat3(1.0f), glm::vec3(2, 1, 0.5f), glm::vec4(0, 0, 1, 0.2f)}}, view,
                 glm::vec3(0, 0, 1));
  VectorFigure fig(glm::vec2(200.0f, 100.0f));
  surfaces.write(fig);
  ASSERT_EQ(fig.items().size(), 1u);
  const VectorItem& face = fig.items()[0];
  ASSERT_EQ(face.points.size(), 4u);
  glm::vec2 lo(1e9f), hi(-1e9f);
  for (const glm::vec2& p : face.points) lo = glm::min(lo, p), hi = glm::max(hi, p);
  EXPECT_NEAR(lo.x, 90.0f, 1e-2f);
  EXPECT_NEAR(hi.x, 110.0f, 1e-2f);
  EXPECT_NEAR(lo.y, 45.0f, 1e-2f);
  EXPECT_NEAR(hi.y, 55.0f, 1e-2f);
  // Lit from straight above, as shaders/box_fill.vert shades it: 1.3 times the colour and opacity.
  EXPECT_NEAR(face.fill.b, 1.0f, 1e-4f);
  EXPECT_NEAR(face.fill.a, 0.26f, 1e-4f);
}

TEST(VectorProjection, SurfacesAreWrittenFarthestFirst) {
  OrbitCamera cam;
  const ViewSetup v = makeViewSetup(cam, ViewMode::ThreeD, 1.0f);
  const VectorView view{v.viewProj, glm::vec2(100.0f), glm::vec2(0.0f), v.eye, v.forward, v.orthographic};
  VectorSurfaces surfaces;
  const glm::vec3 near = cam.target - v.forward * 1.0f, far = cam.target + v.forward * 1.0f;
  const glm::vec3 side = glm::normalize(glm::cross(v.forward, glm::vec3(0, 0, 1))) * 0.2f;
  std::vector<FillBatch::Vertex> tris = {
      {near, 0xff0000ffu}, {near + side, 0xff0000ffu}, {near + glm::vec3(0, 0, 0.2f), 0xff0000ffu},
      {far, 0xffff0000u},  {far + side, 0xffff0000u},  {far + glm::vec3(0, 0, 0.2f), 0xffff0000u}};
  surfaces.triangles(tris, view);
  VectorFigure fig(glm::vec2(100.0f));
  surfaces.write(fig);
  ASSERT_EQ(fig.items().size(), 2u);
  EXPECT_FLOAT_EQ(fig.items()[0].fill.b, 1.0f);  // the far, blue one first
  EXPECT_FLOAT_EQ(fig.items()[1].fill.r, 1.0f);
}

TEST(SvgWriter, TheDocumentHasItsSizeViewBoxGroupsAndOneShapePerItem) {
  VectorFigure fig(glm::vec2(640.0f, 360.0f));
  fig.beginGroup("view");
  fig.line(glm::vec2(0, 0), glm::vec2(10, 10), kRed, 2.0f);
  fig.line(glm::vec2(20, 0), glm::vec2(30, 10), kRed, 2.0f);  // the same look: one path
  fig.line(glm::vec2(0, 5), glm::vec2(10, 5), kRed, 2.0f, 8.0f);
  fig.polygon({glm::vec2(0, 0), glm::vec2(5, 0), glm::vec2(0, 5)}, glm::vec4(0, 1, 0, 0.5f));
  fig.dot(glm::vec2(3, 3), 2.0f, kRed);
  fig.endGroup();
  fig.pushClip(glm::vec2(100, 100), glm::vec2(200, 150));
  fig.rect(glm::vec2(100, 100), glm::vec2(200, 150), glm::vec4(1.0f), 3.0f);
  fig.text(glm::vec2(110, 110), 16.0f, 12.0f, kRed, "gap 0.5", 50.0f);
  fig.popClip();
  const std::string svg = svgDocument(fig, glm::vec3(1.0f), "Lesson 1");
  EXPECT_EQ(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0), 0u);
  EXPECT_NE(svg.find("width=\"640\" height=\"360\" viewBox=\"0 0 640 360\""), std::string::npos);
  EXPECT_NE(svg.find("<title>Lesson 1</title>"), std::string::npos);
  EXPECT_NE(svg.find("<rect id=\"background\""), std::string::npos);
  EXPECT_NE(svg.find("<g id=\"view\">"), std::string::npos);
  EXPECT_NE(svg.find("d=\"M0 0L10 10M20 0L30 10\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("stroke-dasharray=\"4 4\""), std::string::npos);
  EXPECT_NE(svg.find("fill-opacity=\"0.5\""), std::string::npos);
  EXPECT_NE(svg.find("<circle cx=\"3\" cy=\"3\" r=\"2\""), std::string::npos);
  EXPECT_NE(svg.find("clip-path=\"url(#clip1)\""), std::string::npos);
  // The baseline is the top plus the ascent; as wide as the screen's font drew it.
  EXPECT_NE(svg.find("<text x=\"110\" y=\"122\" font-size=\"16\""), std::string::npos);
  EXPECT_NE(svg.find("textLength=\"50\""), std::string::npos);
  EXPECT_EQ(countOf(svg, "<g"), countOf(svg, "</g>"));
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  // Transparent: no background.
  EXPECT_EQ(svgDocument(fig, std::nullopt, "x").find("id=\"background\""), std::string::npos);
}

TEST(SvgWriter, TextIsValidXmlWhateverItsBytes) {
  EXPECT_EQ(xmlEscaped("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  EXPECT_EQ(xmlEscaped("Урок 1: 两个盒子"), "Урок 1: 两个盒子");
  EXPECT_EQ(xmlEscaped(std::string("bell\x07tab\t")), "bell tab\t");
  EXPECT_EQ(xmlEscaped(std::string("bad \xff\xfe end")), "bad \xEF\xBF\xBD\xEF\xBF\xBD end");
  EXPECT_EQ(xmlEscaped(std::string("cut \xE4\xB8")), "cut \xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(xmlEscaped(std::string("overlong \xC0\xAF")), "overlong \xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(SvgWriter, NothingTransparentOrNotFiniteIsRecorded) {
  VectorFigure fig(glm::vec2(10.0f));
  fig.line(glm::vec2(0.0f), glm::vec2(NAN, 1.0f), kRed, 1.0f);
  fig.line(glm::vec2(0.0f), glm::vec2(1.0f), glm::vec4(1, 0, 0, 0), 1.0f);
  fig.polygon({glm::vec2(0.0f), glm::vec2(1.0f, INFINITY), glm::vec2(1.0f)}, kRed);
  fig.text(glm::vec2(0.0f), 12.0f, 9.0f, kRed, "");
  EXPECT_TRUE(fig.items().empty());
}

TEST(FigureOptions, FormatFromTheExtensionStepFilesAndBackgrounds) {
  EXPECT_EQ(figureFormatOf("a/b.SVG"), FigureFormat::Svg);
  EXPECT_EQ(figureFormatOf("fig.png"), FigureFormat::Png);
  EXPECT_FALSE(figureFormatOf("fig.jpg").has_value());
  EXPECT_FALSE(figureFormatOf("png").has_value());
  EXPECT_EQ(withFigureExtension("out/fig.png", FigureFormat::Svg), "out/fig.svg");
  EXPECT_EQ(withFigureExtension("fig", FigureFormat::Png), "fig.png");
  EXPECT_EQ(figureStepPath("out/fig.svg", 3, 15), "out/fig-step-03.svg");
  EXPECT_EQ(figureStepPath("fig.png", 7, 120), "fig-step-007.png");
  EXPECT_EQ(figureBackgroundNamed("Transparent"), FigureBackground::Transparent);
  EXPECT_FALSE(figureBackgroundNamed("blue").has_value());
  EXPECT_EQ(figureBackgroundColor(FigureBackground::White, glm::vec3(0.1f)), glm::vec4(1.0f));
  EXPECT_EQ(figureBackgroundColor(FigureBackground::Transparent, glm::vec3(0.1f)).a, 0.0f);
}

}  // namespace
}  // namespace satlab::test
