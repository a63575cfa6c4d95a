// The colours of the two themes: the everyday dark one and the light presentation one for
// projectors. Every colour the view, the gizmo, the explorers, the labels, the board pictures,
// the legend and the app's messages draw with lives here, once per theme, so that each can be
// checked for contrast against what it is drawn on (contrast.hpp; the table in
// docs/contrast.md is generated from paletteChecks).
//
// Shapes keep the colour their scene gives them; the renderer draws their edges
// legibleOn(colour, background, kMinLineContrast), which leaves a colour that already has
// 3:1 alone and darkens (light theme) or lightens (dark theme) one that has not.
#pragma once

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace satlab {

struct Palette {
  const char* name = "";  ///< "dark" or "light"

  // ---- The view --------------------------------------------------------------------------
  glm::vec3 background{0.0f};  ///< the view's clear colour
  glm::vec4 gridMinor{0.0f};   ///< ground grid (decoration: it may stay faint)
  glm::vec4 gridMajor{0.0f};   ///< every fifth grid line
  /// X, Y, Z (red, green, blue): the axes widget, the gizmo's arrows and rings, the slab
  /// planes and the clamp steps of the explorers, the per-axis labels in the view.
  glm::vec4 axis[3]{};
  glm::vec4 axisText[3]{};  ///< the axes widget's letters X, Y, Z
  /// The thin outline behind the axes widget's letters and behind every label's text.
  glm::vec4 textOutline{0.0f};
  glm::vec4 selectionHalo{0.0f};
  /// A zero-size shape's marker outline (under the marker in the shape's own colour), so
  /// that the marker stands out from a shape of the same colour behind it.
  glm::vec4 markerOutline{0.0f};
  glm::vec4 gizmoActive{0.0f};     ///< the handle under the cursor or being dragged
  glm::vec4 gizmoNeutral{0.0f};    ///< centre, radius and end-point handles
  glm::vec4 gizmoTrackball{0.0f};  ///< the free-rotation circle

  // ---- The explorers' pictures in the view ------------------------------------------------
  glm::vec4 satAxis{0.0f};         ///< the current SAT axis line and its name
  glm::vec4 satAxisPreview{0.0f};  ///< the (dashed) axis of the table row under the cursor
  glm::vec4 gap{0.0f};             ///< a gap: its line, its label, closest points
  glm::vec4 overlap{0.0f};         ///< an overlap: its line, its label, the penetration arrow
  glm::vec4 insideSegment{0.0f};   ///< the part of a segment inside every slab so far

  // ---- Labels in the view (the label layer's and the explorers') ---------------------------
  /// The rounded backing behind a label's text: dark on the dark theme, light on the light
  /// one, nearly opaque, so that its text reads over whatever lies behind (labelInk).
  glm::vec4 labelChip{0.0f};
  glm::vec4 labelBorder{0.0f};  ///< the chip's thin rim (decoration)

  // ---- The board pictures (ui/board_pictures.hpp) -----------------------------------------
  /// The separating plane's outline, the 2D separating line and their name: violet, a hue no
  /// axis, gap or overlap colour uses.
  glm::vec4 separatingPlane{0.0f};
  glm::vec4 separatingPlaneFill{0.0f};  ///< the plane's translucent quad (alpha is its opacity)
  /// Under a highlighted cross-axis edge (drawn in its shape's colour), so that it stands out.
  glm::vec4 edgeHalo{0.0f};

  // ---- The bounding-volume lab (ui/bv_lab_overlay.hpp, ui/bv_lab_panel.hpp) ---------------
  /// Each volume's wire in the view, its legend swatch and its line in the spin plot (on the
  /// panel). "Using AABB"'s figure 2 gives three: the optimal AABB red, the OBB (the mesh's
  /// own box, turned) green, the AABB of that OBB cyan; the others take hues between them.
  glm::vec4 bvAabb{0.0f};             ///< optimal AABB of the world vertices: red
  glm::vec4 bvModelObb{0.0f};         ///< the mesh-frame box turned by the pose: green
  glm::vec4 bvAabbOfObb{0.0f};        ///< the AABB of that box's corners: cyan
  glm::vec4 bvCube{0.0f};             ///< the rotation-invariant cube (drawn dashed): orange
  glm::vec4 bvObbCovariance{0.0f};    ///< the 2010 paper's covariance OBB: magenta
  glm::vec4 bvObbAreaWeighted{0.0f};  ///< the hull's area-weighted OBB: violet
  glm::vec4 bvObbMin{0.0f};           ///< the minimum-volume OBB: white (black on light)
  glm::vec4 bvSphereRitter{0.0f};     ///< Ritter's sphere (drawn dashed): yellow
  glm::vec4 bvSphereMin{0.0f};        ///< the minimum enclosing sphere: blue

  // ---- The second camera's frustum (ui/frustum_overlay.hpp, ui/frustum_panel.hpp) --------
  glm::vec4 frustumWire{0.0f};  ///< the frustum's 12 edges in the view
  /// A shape the plane test keeps and the exact test culls: its outline in the view, its
  /// name on the panel. Raspberry, a hue no other mark of the view uses.
  glm::vec4 falsePositive{0.0f};

  // ---- The explorer panel (ImGui, on panelBackground) --------------------------------------
  glm::vec4 panelBackground{0.0f};  ///< ImGui's WindowBg
  glm::vec4 panelText{0.0f};        ///< plain text drawn by hand (number lines)
  glm::vec4 panelDimText{0.0f};     ///< rows after the current step, after an early exit
  glm::vec4 separates{0.0f};        ///< "separates", "SEPARATED", "misses"
  glm::vec4 penetrates{0.0f};       ///< "OVERLAP", "min. penetration", degenerate lengths
  glm::vec4 earlyExit{0.0f};        ///< "<- early exit stops here"
  glm::vec4 rejects{0.0f};          ///< a slab that empties the t interval
  glm::vec4 panelAxis[3]{};         ///< per-axis text and bars (slab rows, Arvo's sum)
  glm::vec4 panelGrid{0.0f};        ///< number lines and their 0 and 1 markers
  glm::vec4 panelRange{0.0f};       ///< the segment's own t range [0, 1]
  glm::vec4 panelRoots{0.0f};       ///< the roots' interval on the segment-sphere line
  glm::vec4 panelMarker{0.0f};      ///< the r² marker of Arvo's sum and its text
  glm::vec4 currentRow{0.0f};       ///< background of the current step's table row
  /// The legend's example of a shape's own colour, as the view would draw its edges.
  glm::vec4 legendShape{0.0f};

  // ---- The app's messages ------------------------------------------------------------------
  /// The autosave warning, drawn over everything at the top of the window: its box, its rim
  /// (against the view) and its text (on the box).
  glm::vec4 warningBackground{0.0f};
  glm::vec4 warningBorder{0.0f};
  glm::vec4 warningText{0.0f};
  /// The short confirmations ("saved", "copied") in the menu bar, on ImGui's MenuBarBg.
  glm::vec4 toastText{0.0f};
};

/// The everyday theme (dark view, dark panels).
const Palette& darkPalette();
/// The presentation theme (light view, white panels, darker line colours).
const Palette& lightPalette();
/// The palette of the theme whose view background is `background` (light or dark).
const Palette& paletteFor(const glm::vec3& background);

/// What lies behind a label's text at worst: the chip over white (a dark chip) or over
/// black (a light one), i.e. over whatever shape or panel shows through it.
glm::vec3 labelBackdrop(const Palette& p);

/// The colours a label given `color` (a shape's, an explorer's) is drawn in.
struct LabelInk {
  glm::vec4 text{1.0f};    ///< opaque, at least 4.5:1 on labelBackdrop
  glm::vec4 leader{1.0f};  ///< the line from a moved label to its anchor: 3:1 on the view
};
/// `color` made legible (legibleOn) as a label's text on the chip and as its leader line on
/// the view; a colour that already reads keeps its hue and value.
LabelInk labelInk(const Palette& p, const glm::vec4& color);

/// `color` moved as far towards `background` as it can go while keeping `minRatio` contrast
/// on it: for "earlier steps" and other context that should recede yet stay visible (in
/// place of a low alpha, which fades a line below what can be seen). A colour that has less
/// contrast than `minRatio` is raised to it (legibleOn). Alpha is kept.
glm::vec4 recede(const glm::vec4& color, const glm::vec3& background, float minRatio);

/// What a contrast requirement is for.
enum class ContrastNeed { Text, Line, Decoration };

/// One colour checked against what it is drawn on.
struct ContrastCheck {
  std::string color;    ///< the colour's name in code, e.g. "Palette::gap"
  std::string use;      ///< what it draws
  std::string theme;    ///< "dark" or "light"
  std::string against;  ///< what is behind it
  glm::vec4 fg{0.0f};   ///< straight RGBA
  glm::vec3 bg{0.0f};   ///< opaque: what is behind, already composited
  ContrastNeed need = ContrastNeed::Line;

  float ratio() const;
  /// 4.5 for text, 3 for lines, 1 for decoration (listed, not required).
  float minimum() const;
};

/// Every colour of `p` against what it is drawn on (the view background, the label chip,
/// the panel background, the current-row highlight), computed from the constants above.
std::vector<ContrastCheck> paletteChecks(const Palette& p);

/// The checks as a Markdown table (one row each, ratios to two decimals).
std::string contrastTable(const std::vector<ContrastCheck>& checks);

/// "#rrggbb" (and "/aa" with the alpha when it is not 1).
std::string hexColor(const glm::vec4& c);

}  // namespace satlab
