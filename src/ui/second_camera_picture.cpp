// The second camera's picture on the canvas (frustum_panel.hpp; docs/frustum.md): what the
// plane test and the exact SAT test cull of the scene, and for the shape selected its plane
// test plane by plane (s, the centre's distance inside the plane; r, the box's half-width
// along its normal; what the plane says) against the axis SAT separates it on: the table a
// teacher puts beside the wire to show a false positive.
#include "i18n/i18n.hpp"
#include "ui/frustum_panel.hpp"
#include "ui/scene_pictures.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>

namespace satlab {

namespace {

constexpr float kTitleRow = 1.35f;
constexpr float kRow = 1.15f;
constexpr float kWidth = 21.0f;
// Counts, the table's header and six planes, the plane test's word, SAT's, the verdict.
constexpr float kRows = 1.0f + 1.0f + 6.0f + 3.0f;

ImU32 u32(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

std::string num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(v));
  return buf;
}

const char* says(FrustumVerdict v) { return frustumVerdictWord(v); }

}  // namespace

glm::vec2 secondCameraPictureSize(const ScenePictureInput&, const CanvasStyle& st) {
  return glm::vec2(kWidth * st.text, (kTitleRow + kRow * kRows) * st.text + 2.0f * st.pad);
}

PictureWords drawSecondCameraPicture(const ScenePictureInput& in, const CanvasPainter& p, const ScreenRect& rect) {
  PictureWords words;
  const FrustumCulling& c = in.frustum;
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  const float right = rect.hi.x - st.pad;
  const ImU32 falsePositive = u32(currentPalette().falsePositive);
  // Text that keeps to the picture's width.
  auto line = [&](float y, ImU32 color, const std::string& s) {
    p.text(glm::vec2(o.x, y), color, s, std::min(1.0f, (right - o.x) / std::max(p.measure(s).x, 1.0f)));
    words.push_back(s);
  };
  const bool traced = c.focus() >= 0 && c.focus() < static_cast<int>(in.scene.shapes.size());
  const std::string name = traced ? in.scene.shapes[static_cast<size_t>(c.focus())].name : std::string();
  char buf[200];
  if (traced) {
    std::snprintf(buf, sizeof buf, tr("Second camera and %s"), name.c_str());
    line(o.y, st.ink, buf);
  } else {
    line(o.y, st.ink, tr("Second camera"));
  }
  const CullCounts& n = c.cull().counts;
  // The count of false positives picks the plural form: the sentence ends on it.
  std::snprintf(buf, sizeof buf,
                trn("of %d shapes the planes cull %d, SAT %d; %d false positive",
                    "of %d shapes the planes cull %d, SAT %d; %d false positives", n.falsePositives),
                n.shapes, n.culledByPlanes, n.culledBySat, n.falsePositives);
  float y = o.y + kTitleRow * u;
  line(y, n.falsePositives > 0 ? falsePositive : st.ink, buf);
  y += kRow * u;
  if (!traced) {
    line(y + 0.5f * u, st.dim, tr("Select a shape to see its tests."));
    return words;
  }
  // The plane test, plane by plane: it stops at the first plane the box is wholly outside.
  const FrustumTrace& t = c.trace();
  const float xS = o.x + 9.0f * u, xR = o.x + 13.0f * u;
  auto cells = [&](float yy, ImU32 color, const std::string& a, const std::string& s, const std::string& r,
                   const std::string& v) {
    p.text(glm::vec2(o.x, yy), color, a);
    p.text(glm::vec2(xS - p.measure(s).x, yy), color, s);
    p.text(glm::vec2(xR - p.measure(r).x, yy), color, r);
    p.text(glm::vec2(right - p.measure(v).x, yy), color, v);
  };
  cells(y, st.dim, tr("plane"), "s", "r", tr("says"));
  y += kRow * u;
  for (const FrustumPlaneRow& r : t.planes) {
    const std::string plane(frustumPlaneWord(r.plane));
    cells(y, r.verdict == FrustumVerdict::Outside ? st.gap : st.ink, plane, num(r.centerDistance), num(r.radius),
          says(r.verdict));
    words.push_back(plane + " " + says(r.verdict));
    y += kRow * u;
  }
  y = o.y + kTitleRow * u + kRow * u * 8.0f;  // below the six planes' places, traced or not
  const ShapeCull& f = c.focusCull();
  if (t.cullingPlane >= 0) {
    std::snprintf(buf, sizeof buf, tr("plane test: culled by the %s plane"), frustumPlaneWord(t.cullingPlane));
    line(y, st.gap, buf);
  } else {
    line(y, st.ink,
         t.verdict == FrustumVerdict::Inside ? tr("plane test: kept (inside)") : tr("plane test: kept (crosses)"));
  }
  y += kRow * u;
  if (!t.overlap && t.separatingRow >= 0 && t.separatingRow < static_cast<int>(t.axes.size())) {
    // The test stops at the first separating axis (the trace ends there).
    std::snprintf(buf, sizeof buf, tr("SAT: %s separates (axis %d of %d): culled"),
                  frustumAxisWord(t.axes[static_cast<size_t>(t.separatingRow)].id).c_str(), t.separatingRow + 1,
                  kFrustumSatAxes);
    line(y, st.gap, buf);
  } else {
    line(y, st.overlap, tr("SAT: no axis separates: in view"));
  }
  y += kRow * u;
  if (f.falsePositive()) {
    std::snprintf(buf, sizeof buf, tr("%s: a false positive of the plane test"), name.c_str());
    line(y, falsePositive, buf);
  } else {
    std::snprintf(buf, sizeof buf, f.culled() ? tr("%s: culled by both") : tr("%s: in view"), name.c_str());
    line(y, st.ink, buf);
  }
  return words;
}

}  // namespace satlab
