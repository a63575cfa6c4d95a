#include "render/palette.hpp"

#include "render/contrast.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace satlab {

namespace {

Palette makeDark() {
  Palette p;
  p.name = "dark";
  p.background = {0.13f, 0.14f, 0.16f};
  p.gridMinor = {0.36f, 0.38f, 0.42f, 0.55f};
  p.gridMajor = {0.46f, 0.48f, 0.53f, 0.8f};
  p.axis[0] = {0.93f, 0.25f, 0.25f, 1.0f};
  p.axis[1] = {0.3f, 0.82f, 0.3f, 1.0f};
  p.axis[2] = {0.3f, 0.5f, 1.0f, 1.0f};
  p.axisText[0] = {1.0f, 0.45f, 0.45f, 1.0f};
  p.axisText[1] = {0.45f, 0.9f, 0.45f, 1.0f};
  p.axisText[2] = {0.5f, 0.65f, 1.0f, 1.0f};
  p.textOutline = {0.0f, 0.0f, 0.0f, 0.78f};
  p.selectionHalo = {1.0f, 1.0f, 1.0f, 0.6f};
  p.markerOutline = {0.02f, 0.02f, 0.03f, 0.85f};
  p.gizmoActive = {1.0f, 0.9f, 0.2f, 1.0f};
  p.gizmoNeutral = {0.85f, 0.85f, 0.88f, 0.9f};
  p.gizmoTrackball = {0.8f, 0.8f, 0.85f, 0.5f};
  p.satAxis = {0.95f, 0.95f, 0.7f, 0.95f};
  p.satAxisPreview = {0.95f, 0.95f, 0.7f, 0.5f};
  p.gap = {0.45f, 0.85f, 1.0f, 1.0f};
  p.overlap = {1.0f, 0.55f, 0.25f, 1.0f};
  p.insideSegment = {1.0f, 1.0f, 1.0f, 0.9f};
  p.labelChip = {16.0f / 255.0f, 18.0f / 255.0f, 22.0f / 255.0f, 0.92f};
  p.labelBorder = {1.0f, 1.0f, 1.0f, 0.11f};
  p.separatingPlane = {0.8f, 0.58f, 1.0f, 1.0f};
  p.separatingPlaneFill = {0.8f, 0.58f, 1.0f, 0.16f};
  p.edgeHalo = {1.0f, 1.0f, 1.0f, 0.85f};
  p.panelBackground = {0.06f, 0.06f, 0.06f, 0.94f};  // ImGui's dark WindowBg
  p.panelText = {0.92f, 0.92f, 0.94f, 1.0f};
  p.panelDimText = {0.62f, 0.62f, 0.68f, 1.0f};
  p.separates = {0.45f, 0.85f, 1.0f, 1.0f};
  p.penetrates = {1.0f, 0.6f, 0.3f, 1.0f};
  p.earlyExit = {1.0f, 1.0f, 0.4f, 1.0f};
  p.rejects = {1.0f, 0.47f, 0.35f, 1.0f};
  // Light enough for 4.5:1 on the slab picture's grey [0, 1] band as well as on the panel.
  p.panelAxis[0] = {0.96f, 0.42f, 0.42f, 1.0f};
  p.panelAxis[1] = {0.35f, 0.82f, 0.35f, 1.0f};
  p.panelAxis[2] = {0.4f, 0.6f, 1.0f, 1.0f};
  p.panelGrid = {0.47f, 0.47f, 0.51f, 1.0f};
  p.panelRange = {0.78f, 0.78f, 0.82f, 0.47f};
  p.panelRoots = {1.0f, 0.63f, 0.31f, 0.86f};
  p.panelMarker = {1.0f, 1.0f, 1.0f, 1.0f};
  p.currentRow = {0.2f, 0.24f, 0.42f, 0.8f};
  p.legendShape = {0.35f, 0.6f, 1.0f, 1.0f};
  p.bvAabb = {1.0f, 0.36f, 0.36f, 1.0f};
  p.bvModelObb = {0.36f, 0.86f, 0.36f, 1.0f};
  p.bvAabbOfObb = {0.25f, 0.88f, 0.93f, 1.0f};
  p.bvCube = {1.0f, 0.62f, 0.15f, 1.0f};
  p.bvObbCovariance = {1.0f, 0.42f, 0.86f, 1.0f};
  p.bvObbAreaWeighted = {0.72f, 0.56f, 1.0f, 1.0f};
  p.bvObbMin = {0.95f, 0.95f, 0.95f, 1.0f};
  p.bvSphereRitter = {0.88f, 0.95f, 0.3f, 1.0f};
  p.bvSphereMin = {0.42f, 0.6f, 1.0f, 1.0f};
  p.frustumWire = {0.86f, 0.86f, 1.0f, 1.0f};
  p.falsePositive = {1.0f, 0.3f, 0.55f, 1.0f};
  p.warningBackground = {120.0f / 255.0f, 20.0f / 255.0f, 20.0f / 255.0f, 0.96f};
  p.warningBorder = {1.0f, 120.0f / 255.0f, 100.0f / 255.0f, 1.0f};
  p.warningText = {1.0f, 235.0f / 255.0f, 225.0f / 255.0f, 1.0f};
  p.toastText = {0.5f, 0.9f, 0.6f, 1.0f};
  return p;
}

// On the light projector background, the dark theme's bright colours have 1.1:1 to 2:1
// (a pale yellow axis line, a white segment part, a light green): each hue here is darker,
// chosen for 3:1 as a line on the background and 4.5:1 as text on white.
Palette makeLight() {
  Palette p;
  p.name = "light";
  p.background = {0.96f, 0.96f, 0.95f};
  p.gridMinor = {0.45f, 0.47f, 0.52f, 0.4f};
  p.gridMajor = {0.35f, 0.37f, 0.42f, 0.6f};
  p.axis[0] = {0.8f, 0.1f, 0.1f, 1.0f};
  p.axis[1] = {0.05f, 0.5f, 0.05f, 1.0f};
  p.axis[2] = {0.15f, 0.35f, 0.9f, 1.0f};
  p.axisText[0] = {0.75f, 0.05f, 0.05f, 1.0f};
  p.axisText[1] = {0.0f, 0.42f, 0.0f, 1.0f};
  p.axisText[2] = {0.1f, 0.25f, 0.8f, 1.0f};
  p.textOutline = {1.0f, 1.0f, 1.0f, 0.85f};
  p.selectionHalo = {0.0f, 0.0f, 0.08f, 0.5f};
  p.markerOutline = {1.0f, 1.0f, 1.0f, 0.9f};
  p.gizmoActive = {0.72f, 0.42f, 0.0f, 1.0f};
  p.gizmoNeutral = {0.25f, 0.25f, 0.3f, 0.9f};
  p.gizmoTrackball = {0.2f, 0.2f, 0.25f, 0.6f};
  p.satAxis = {0.55f, 0.42f, 0.0f, 1.0f};
  p.satAxisPreview = {0.55f, 0.42f, 0.0f, 0.85f};
  p.gap = {0.0f, 0.45f, 0.7f, 1.0f};
  p.overlap = {0.75f, 0.28f, 0.0f, 1.0f};
  p.insideSegment = {0.08f, 0.08f, 0.1f, 0.9f};
  p.labelChip = {1.0f, 1.0f, 1.0f, 0.92f};
  p.labelBorder = {0.0f, 0.0f, 0.0f, 0.15f};
  p.separatingPlane = {0.42f, 0.13f, 0.62f, 1.0f};
  p.separatingPlaneFill = {0.42f, 0.13f, 0.62f, 0.16f};
  p.edgeHalo = {0.04f, 0.04f, 0.07f, 0.9f};
  p.panelBackground = {1.0f, 1.0f, 1.0f, 0.97f};
  p.panelText = {0.0f, 0.0f, 0.0f, 1.0f};
  p.panelDimText = {0.38f, 0.38f, 0.42f, 1.0f};
  p.separates = {0.0f, 0.4f, 0.65f, 1.0f};
  p.penetrates = {0.65f, 0.27f, 0.0f, 1.0f};
  p.earlyExit = {0.45f, 0.36f, 0.0f, 1.0f};
  p.rejects = {0.7f, 0.15f, 0.05f, 1.0f};
  p.panelAxis[0] = {0.75f, 0.05f, 0.05f, 1.0f};
  p.panelAxis[1] = {0.0f, 0.42f, 0.0f, 1.0f};
  p.panelAxis[2] = {0.1f, 0.25f, 0.8f, 1.0f};
  p.panelGrid = {0.45f, 0.45f, 0.5f, 1.0f};
  p.panelRange = {0.25f, 0.25f, 0.3f, 0.6f};
  p.panelRoots = {0.8f, 0.4f, 0.1f, 0.85f};
  p.panelMarker = {0.0f, 0.0f, 0.0f, 1.0f};
  p.currentRow = {0.85f, 0.9f, 1.0f, 0.85f};
  p.legendShape = {0.3f, 0.5f, 0.9f, 1.0f};
  p.bvAabb = {0.8f, 0.08f, 0.08f, 1.0f};
  p.bvModelObb = {0.04f, 0.5f, 0.04f, 1.0f};
  p.bvAabbOfObb = {0.0f, 0.47f, 0.55f, 1.0f};
  p.bvCube = {0.7f, 0.34f, 0.0f, 1.0f};
  p.bvObbCovariance = {0.72f, 0.08f, 0.56f, 1.0f};
  p.bvObbAreaWeighted = {0.45f, 0.2f, 0.78f, 1.0f};
  p.bvObbMin = {0.08f, 0.08f, 0.1f, 1.0f};
  p.bvSphereRitter = {0.42f, 0.44f, 0.0f, 1.0f};
  p.bvSphereMin = {0.12f, 0.32f, 0.9f, 1.0f};
  p.frustumWire = {0.2f, 0.2f, 0.55f, 1.0f};
  p.falsePositive = {0.78f, 0.0f, 0.3f, 1.0f};
  // The warning stays a dark red box with light text (as on the dark theme); its rim, pale
  // red there, is dark red here, where a pale one has 2.4:1 on the light view.
  p.warningBackground = {120.0f / 255.0f, 20.0f / 255.0f, 20.0f / 255.0f, 0.96f};
  p.warningBorder = {0.55f, 0.05f, 0.05f, 1.0f};
  p.warningText = {1.0f, 235.0f / 255.0f, 225.0f / 255.0f, 1.0f};
  // The dark theme's pale green has 1.1:1 on the light menu bar.
  p.toastText = {0.0f, 0.38f, 0.12f, 1.0f};
  return p;
}

const char* kAxisName[3] = {"X", "Y", "Z"};

}  // namespace

const Palette& darkPalette() {
  static const Palette p = makeDark();
  return p;
}

const Palette& lightPalette() {
  static const Palette p = makeLight();
  return p;
}

const Palette& paletteFor(const glm::vec3& background) {
  return isLightBackground(background) ? lightPalette() : darkPalette();
}

glm::vec3 labelBackdrop(const Palette& p) {
  // A dark chip loses contrast with light text as what shows through it gets lighter; a
  // light chip, with dark text, as it gets darker.
  const bool lightChip = isLightBackground(glm::vec3(p.labelChip));
  return over(p.labelChip, lightChip ? glm::vec3(0.0f) : glm::vec3(1.0f));
}

LabelInk labelInk(const Palette& p, const glm::vec4& color) {
  LabelInk ink;
  ink.text = legibleOn(glm::vec4(glm::vec3(color), 1.0f), labelBackdrop(p), kMinTextContrast);
  ink.leader = legibleOn(glm::vec4(glm::vec3(ink.text), 0.6f), p.background, kMinLineContrast);
  return ink;
}

glm::vec4 recede(const glm::vec4& color, const glm::vec3& background, float minRatio) {
  if (!(contrastOver(color, background) > minRatio)) return legibleOn(color, background, minRatio);
  // Contrast falls steadily as the colour is mixed towards the background.
  auto mixed = [&](float t) { return glm::vec4(glm::mix(glm::vec3(color), background, t), color.a); };
  float lo = 0.0f, hi = 1.0f;
  for (int i = 0; i < 24; ++i) {
    const float mid = 0.5f * (lo + hi);
    (contrastOver(mixed(mid), background) >= minRatio ? lo : hi) = mid;
  }
  return mixed(lo);
}

float ContrastCheck::ratio() const { return contrastOver(fg, bg); }

float ContrastCheck::minimum() const {
  switch (need) {
    case ContrastNeed::Text: return kMinTextContrast;
    case ContrastNeed::Line: return kMinLineContrast;
    case ContrastNeed::Decoration: return 1.0f;
  }
  return 1.0f;
}

std::vector<ContrastCheck> paletteChecks(const Palette& p) {
  std::vector<ContrastCheck> out;
  const std::string theme = p.name;
  auto add = [&](std::string color, std::string use, std::string against, const glm::vec4& fg, const glm::vec3& bg,
                 ContrastNeed need) {
    out.push_back(ContrastCheck{std::move(color), std::move(use), theme, std::move(against), fg, bg, need});
  };
  const glm::vec3 view = p.background;
  const glm::vec3 chip = over(p.labelChip, view);
  const glm::vec3 panel = over(p.panelBackground, view);
  const glm::vec3 row = over(p.currentRow, panel);
  const ContrastNeed line = ContrastNeed::Line, text = ContrastNeed::Text;

  add("gridMinor", "ground grid", "view", p.gridMinor, view, ContrastNeed::Decoration);
  add("gridMajor", "ground grid, every fifth line", "view", p.gridMajor, view, ContrastNeed::Decoration);
  for (int k = 0; k < 3; ++k) {
    add(std::string("axis[") + kAxisName[k] + "]", "axes widget, gizmo, slab planes, clamp steps", "view", p.axis[k],
        view, line);
  }
  for (int k = 0; k < 3; ++k) {
    add(std::string("axisText[") + kAxisName[k] + "]", "axes widget letter", "view", p.axisText[k], view, text);
  }
  add("selectionHalo", "rim around a selected shape's edges", "view", p.selectionHalo, view, line);
  add("markerOutline", "rim of a zero-size shape's marker", "view", p.markerOutline, view, ContrastNeed::Decoration);
  add("gizmoActive", "gizmo handle under the cursor or dragged", "view", p.gizmoActive, view, line);
  add("gizmoNeutral", "gizmo centre, radius and end handles", "view", p.gizmoNeutral, view, line);
  add("gizmoTrackball", "gizmo free-rotation circle", "view", p.gizmoTrackball, view, line);
  add("satAxis", "current SAT axis line", "view", p.satAxis, view, line);
  add("satAxisPreview", "axis of the hovered table row", "view", p.satAxisPreview, view, line);
  add("gap", "gap line, closest points", "view", p.gap, view, line);
  add("overlap", "overlap line, penetration arrow", "view", p.overlap, view, line);
  add("insideSegment", "part of a segment inside every slab so far", "view", p.insideSegment, view, line);

  add("satAxis", "axis name label, without the label layer", "label chip", p.satAxis, chip, text);
  add("gap", "gap / distance label, without the label layer", "label chip", p.gap, chip, text);
  add("overlap", "overlap / separate label, without the label layer", "label chip", p.overlap, chip, text);
  for (int k = 0; k < 3; ++k) {
    add(std::string("axis[") + kAxisName[k] + "]", "slab name, t1 / t2 label, without the label layer", "label chip",
        p.axis[k], chip, text);
  }

  const std::pair<const char*, const glm::vec4*> panelText[] = {
      {"panelText", &p.panelText},    {"panelDimText", &p.panelDimText}, {"separates", &p.separates},
      {"penetrates", &p.penetrates},  {"earlyExit", &p.earlyExit},       {"rejects", &p.rejects},
      {"panelMarker", &p.panelMarker}};
  for (const auto& [name, c] : panelText) add(name, "explorer panel text", "panel", *c, panel, text);
  for (int k = 0; k < 3; ++k) {
    add(std::string("panelAxis[") + kAxisName[k] + "]", "slab row text, Arvo sum text", "panel", p.panelAxis[k], panel,
        text);
  }
  for (int k = 0; k < 3; ++k) {
    add(std::string("panelAxis[") + kAxisName[k] + "]", "slab bar, Arvo sum bar", "panel", p.panelAxis[k], panel, line);
  }
  add("panelGrid", "number line, 0 and 1 markers", "panel", p.panelGrid, panel, line);
  add("panelRange", "segment's t range [0, 1] bar", "panel", p.panelRange, panel, line);
  add("panelRoots", "roots' t interval bar", "panel", p.panelRoots, panel, line);
  add("panelMarker", "r² marker line", "panel", p.panelMarker, panel, line);
  for (const auto& [name, c] : panelText) {
    if (c != &p.panelMarker) add(name, "text in the current step's row", "current row", *c, row, text);
  }

  // The label layer: every label's text is labelInk's, on the chip over whatever is behind.
  const glm::vec3 backdrop = labelBackdrop(p);
  const char* worst = isLightBackground(glm::vec3(p.labelChip)) ? "label chip over black" : "label chip over white";
  add("labelChip", "backing of every label", "view", p.labelChip, view, ContrastNeed::Decoration);
  add("labelBorder", "rim of a label's backing", "label chip", p.labelBorder, chip, ContrastNeed::Decoration);
  add("textOutline", "outline behind a label's text", "label chip", p.textOutline, chip, ContrastNeed::Decoration);
  const LabelInk planeInk = labelInk(p, p.separatingPlane);
  add("labelInk(separatingPlane).text", "separating plane / line name", worst, planeInk.text, backdrop, text);
  const std::pair<std::string, const glm::vec4*> explorerLabels[] = {{"satAxis", &p.satAxis}, {"gap", &p.gap},
                                                                     {"overlap", &p.overlap}, {"axis[X]", &p.axis[0]},
                                                                     {"axis[Y]", &p.axis[1]}, {"axis[Z]", &p.axis[2]}};
  for (const auto& [name, c] : explorerLabels) {
    add("labelInk(" + name + ").text", "explorer's label in the view, on the label layer", worst, labelInk(p, *c).text,
        backdrop, text);
  }
  add("labelInk(separatingPlane).leader", "line from a moved plane name to its place", "view", planeInk.leader, view,
      line);

  // The board pictures.
  add("separatingPlane", "separating plane's outline, separating line (2D)", "view", p.separatingPlane, view, line);
  add("separatingPlaneFill", "separating plane's translucent quad", "view", p.separatingPlaneFill, view,
      ContrastNeed::Decoration);
  add("edgeHalo", "halo under a highlighted cross-axis edge", "view", p.edgeHalo, view, line);

  // The explorer's picture on the canvas (ui/canvas_overlay.hpp): the panel colours on a
  // backing of the panel background at 95% over the view; numbers written in the backing's
  // colour inside a bar (Arvo's shares, "parallel: all t"); the slab picture's [0, 1] band,
  // the dim colour at 0x30 alpha, behind its rows.
  const glm::vec4 canvasInk(glm::vec3(p.panelBackground), 0.95f);
  const glm::vec3 canvas = over(canvasInk, view);
  const glm::vec3 band = over(glm::vec4(glm::vec3(p.panelDimText), 48.0f / 255.0f), canvas);
  for (int k = 0; k < 3; ++k) {
    const glm::vec3 bar = over(p.panelAxis[k], canvas);
    add("panelBackground", std::string("canvas number inside a ") + kAxisName[k] + " bar",
        std::string("panelAxis[") + kAxisName[k] + "] bar", canvasInk, bar, text);
  }
  add("panelBackground", "canvas \"parallel: all t\" inside a bar not reached", "panelDimText bar", canvasInk,
      over(p.panelDimText, canvas), text);
  add("panelDimText", "canvas slab [0, 1] band (at 0x30 alpha)", "canvas",
      glm::vec4(glm::vec3(p.panelDimText), 48.0f / 255.0f), canvas, ContrastNeed::Decoration);
  for (int k = 0; k < 3; ++k) {
    add(std::string("panelAxis[") + kAxisName[k] + "]", "canvas slab bar and its t values", "canvas band",
        p.panelAxis[k], band, text);
  }
  add("panelDimText", "canvas slab not reached yet, 0 and 1 lines", "canvas band", p.panelDimText, band, text);
  add("panelMarker", "canvas slab running interval", "canvas band", p.panelMarker, band, line);
  add("panelText", "canvas slab interval's numbers", "canvas band", p.panelText, band, text);

  // The legend (G): the view's marks drawn as swatches on the panel, its text the panel's.
  const std::pair<const char*, const glm::vec4*> swatches[] = {{"legendShape", &p.legendShape},
                                                               {"selectionHalo", &p.selectionHalo},
                                                               {"axis[X]", &p.axis[0]},
                                                               {"satAxis", &p.satAxis},
                                                               {"satAxisPreview", &p.satAxisPreview},
                                                               {"gap", &p.gap},
                                                               {"overlap", &p.overlap},
                                                               {"separatingPlane", &p.separatingPlane},
                                                               {"axis[Y]", &p.axis[1]},
                                                               {"insideSegment", &p.insideSegment},
                                                               {"panelMarker", &p.panelMarker}};
  for (const auto& [name, c] : swatches) add(name, "legend swatch", "panel", *c, panel, line);
  add("currentRow", "legend swatch of the current step's row", "panel", p.currentRow, panel, ContrastNeed::Decoration);

  // The bounding-volume lab: each volume's wire on the view; its legend swatch and its line
  // in the spin plot on the panel.
  const std::pair<const char*, const glm::vec4*> volumes[] = {
      {"bvAabb", &p.bvAabb},     {"bvModelObb", &p.bvModelObb},           {"bvAabbOfObb", &p.bvAabbOfObb},
      {"bvCube", &p.bvCube},     {"bvObbCovariance", &p.bvObbCovariance}, {"bvObbAreaWeighted", &p.bvObbAreaWeighted},
      {"bvObbMin", &p.bvObbMin}, {"bvSphereRitter", &p.bvSphereRitter},   {"bvSphereMin", &p.bvSphereMin}};
  for (const auto& [name, c] : volumes) add(name, "bounding-volume lab: the volume's wire", "view", *c, view, line);
  for (const auto& [name, c] : volumes) {
    add(name, "bounding-volume lab: legend swatch, spin plot line", "panel", *c, panel, line);
  }

  // The second camera's frustum: its wire and the false positives' outline on the view, their
  // names on the panel and on the label layer.
  add("frustumWire", "second camera's frustum wire", "view", p.frustumWire, view, line);
  add("falsePositive", "outline of a false positive of the frustum plane test", "view", p.falsePositive, view, line);
  add("falsePositive", "frustum panel: a false positive's name", "panel", p.falsePositive, panel, text);
  add("labelInk(falsePositive).text", "\"false positive\" label in the view", worst, labelInk(p, p.falsePositive).text,
      backdrop, text);

  // The app's messages.
  const glm::vec3 warning = over(p.warningBackground, view);
  add("warningBackground", "autosave warning's box", "view", p.warningBackground, view, ContrastNeed::Decoration);
  add("warningBorder", "autosave warning's rim", "view", p.warningBorder, view, line);
  add("warningText", "autosave warning's text", "warning box", p.warningText, warning, text);
  return out;
}

std::string hexColor(const glm::vec4& c) {
  auto byte = [](float v) { return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  char buf[16];
  if (byte(c.a) == 255) {
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  } else {
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x/%02x", byte(c.r), byte(c.g), byte(c.b), byte(c.a));
  }
  return buf;
}

std::string contrastTable(const std::vector<ContrastCheck>& checks) {
  std::string out = "| colour | use | theme | against | ratio | minimum |\n|---|---|---|---|---|---|\n";
  char buf[64];
  for (const ContrastCheck& c : checks) {
    const float ratio = c.ratio();
    const float minimum = c.minimum();
    if (c.need == ContrastNeed::Decoration) {
      std::snprintf(buf, sizeof buf, "%.2f | none (decoration)", static_cast<double>(ratio));
    } else {
      std::snprintf(buf, sizeof buf, "%.2f | %.1f", static_cast<double>(ratio), static_cast<double>(minimum));
    }
    out += "| `" + c.color + "` " + hexColor(c.fg) + " | " + c.use + " | " + c.theme + " | " + c.against + " " +
           hexColor(glm::vec4(c.bg, 1.0f)) + " | " + buf + " |\n";
  }
  return out;
}

}  // namespace satlab
