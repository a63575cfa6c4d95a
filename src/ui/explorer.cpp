#include "ui/explorer.hpp"

#include "evaluation/pair_margin.hpp"
#include "i18n/i18n.hpp"
#include "ui/item_rects.hpp"
#include "ui/precision_section.hpp"

#include "ui/keys.hpp"
#include "ui/layout.hpp"
#include "ui/lesson_text.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace satlab {

namespace {

/// "1e-6" for 1e-6f (printf's "%g" writes "1e-06").
std::string shortNumber(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(v));
  std::string out = buf;
  if (const size_t e = out.find("e-0"); e != std::string::npos) out.erase(e + 2, 1);
  return out;
}

/// printf into a std::string (a translated format).
std::string format(const char* fmt, ...) IM_FMTARGS(1);
std::string format(const char* fmt, ...) {
  char buf[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

}  // namespace

void Explorer::focus(int a, int b) {
  if ((a == focusA && b == focusB) || (a == focusB && b == focusA)) return;
  focusA = a;
  focusB = b;
  step = 0;
  playing = false;
  landOnAxis_.reset();
  if (predict.enabled()) predict.newQuestion();  // a new pair, a new question
  for (ExplorerView* v : std::initializer_list<ExplorerView*>{&sat_, &slab_, &closest_, &segmentSphere_, &sphereSphere_,
                                                              &segmentSegment_, &mesh_, &capsule_, &gjk_}) {
    v->reset();
  }
}

void Explorer::clearFocus() {
  focusA = focusB = -1;
  trace_ = PairTrace{};
  playing = false;
}

const ExplorerView* Explorer::view() const {
  if (!hasFocus()) return nullptr;
  switch (trace_.kind) {
    case ExplorerKind::Sat: return &sat_;
    case ExplorerKind::Slab: return &slab_;
    case ExplorerKind::Closest: return &closest_;
    case ExplorerKind::SegmentSphere: return &segmentSphere_;
    case ExplorerKind::SphereSphere: return &sphereSphere_;
    case ExplorerKind::SegmentSegment: return &segmentSegment_;
    case ExplorerKind::MeshTree: return &mesh_;
    case ExplorerKind::Capsule: return &capsule_;
    case ExplorerKind::Gjk: return &gjk_;
    case ExplorerKind::None: return nullptr;
  }
  return nullptr;
}

ExplorerView* Explorer::view() { return const_cast<ExplorerView*>(static_cast<const Explorer*>(this)->view()); }

int Explorer::stepCount() const {
  const ExplorerView* v = view();
  return v ? v->stepCount(trace_) : 0;
}

void Explorer::update(const Scene& scene, float dt, bool keyboardFree) {
  const int n = static_cast<int>(scene.shapes.size());
  if (focusA >= n || focusB >= n) clearFocus();
  if (!hasFocus()) return;
  // While a prediction is open every axis is listed: where an early exit stops would give
  // the answer away.
  ExplorerOptions traced = options;
  if (predict.hidesAnswer()) traced.mode = SatMode::Full;
  trace_ = tracePair(scene, focusA, focusB, traced);
  // The pair starts to touch in the step shown: the explorer turns to "Between frames".
  const bool touches = swept.touchesInStep();
  if (touches && !touchedInStep_) {
    betweenTab_ = true;
    selectTabFrames_ = 2;
  }
  touchedInStep_ = touches;
  if (!swept.view()) betweenTab_ = false;
  if (landOnAxis_) {
    // After "Separate": the axis it opened, else the first that separates.
    const SatTrace& t = trace_.sat;
    for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
      if (t.rows[static_cast<size_t>(i)].id == *landOnAxis_ && t.rows[static_cast<size_t>(i)].separating) step = i;
    }
    if ((step >= static_cast<int>(t.rows.size()) || !t.rows[static_cast<size_t>(step)].separating) &&
        t.separatingRow >= 0) {
      step = t.separatingRow;
    }
    landOnAxis_.reset();
  }
  if (showAxis_) {
    const SatTrace& t = trace_.sat;
    for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
      if (t.rows[static_cast<size_t>(i)].id == *showAxis_) {
        step = i;
        playing = false;
      }
    }
    showAxis_.reset();
  }
  const int count = stepCount();
  if (keyboardFree) handlePredictKeys();
  if (keyboardFree && count > 0) {
    if (pressed(Key::RightBracket, Repeat::Yes)) step = std::min(step + 1, count - 1), playing = false;
    if (pressed(Key::LeftBracket, Repeat::Yes)) step = std::max(step - 1, 0), playing = false;
    if (pressed(Key::Space)) {
      playing = !playing;
      if (playing && step >= count - 1) step = 0;
      playClock = 0.0f;
    }
  }
  if (playing && count > 0) {
    playClock += dt * stepsPerSecond;
    while (playClock >= 1.0f) {
      playClock -= 1.0f;
      if (step + 1 < count) {
        ++step;
      } else {
        playing = false;
      }
    }
  }
  step = count > 0 ? std::clamp(step, 0, count - 1) : 0;
}

void Explorer::handlePredictKeys() {
  if (!timeKeys && !studentView && plainPressed(Key::P)) predict.setEnabled(!predict.enabled());
  if (!predict.enabled()) return;
  if (predict.stage() == Prediction::Stage::AskVerdict) {
    if (plainPressed(Key::O)) predict.answerVerdict(true, trace_);
    if (plainPressed(Key::S)) predict.answerVerdict(false, trace_);
  } else if (predict.stage() == Prediction::Stage::AskAxis) {
    if (plainPressed(Key::Enter)) predict.answerAxis(step, trace_);
  }
  if (plainPressed(Key::Q)) predict.newQuestion();
}

void Explorer::drawPredictControls(bool stepBar, bool fixedWidth) {
  // In a window that sizes itself to its content a row never wraps (it would never grow).
  auto sameLine = [&](float width) {
    if (fixedWidth) {
      sameLineIfFits(width);
    } else {
      ImGui::SameLine();
    }
  };
  if (!stepBar) {
    bool on = predict.enabled();
    ImGui::BeginDisabled(studentView);
    // In a scene in motion P plays the time: the checkbox alone switches this.
    if (ImGui::Checkbox(timeKeys ? L("Predict, then reveal") : L("Predict, then reveal (P)"), &on))
      predict.setEnabled(on);
    ImGui::EndDisabled();
    if (predict.asked() > 0) {
      char score[96];
      std::snprintf(score, sizeof score, tr("score %d / %d"), predict.right(), predict.asked());
      sameLineIfFits(ImGui::CalcTextSize(score).x);
      ImGui::TextUnformatted(score);
    }
  }
  if (!predict.enabled()) return;
  switch (predict.stage()) {
    case Prediction::Stage::AskVerdict:
      textWrapped("%s", tr("Your prediction: do they overlap?"));
      if (ImGui::Button(L("Overlap (O)"))) predict.answerVerdict(true, trace_);
      sameLine(buttonWidth(L("Separated (S)")));
      if (ImGui::Button(L("Separated (S)"))) predict.answerVerdict(false, trace_);
      break;
    case Prediction::Stage::AskAxis: {
      textWrapped("%s", tr("Which axis separates them? Choose it with [ and ] (or a row of the table)."));
      const SatTrace& t = trace_.sat;
      const std::string axis =
          step < static_cast<int>(t.rows.size()) ? std::string(label(t.rows[static_cast<size_t>(step)].id)) : "?";
      char buf[128];
      std::snprintf(buf, sizeof buf, tr("This axis: %s (Enter)"), axis.c_str());
      std::string button = buf;
      if (fixedWidth && buttonWidth(button.c_str()) > ImGui::GetContentRegionAvail().x) button = axis + " (Enter)";
      if (ImGui::Button(button.c_str())) predict.answerAxis(step, trace_);
      break;
    }
    case Prediction::Stage::Revealed: {
      ImGui::PushStyleColor(ImGuiCol_Text, predict.lastRight() ? separatesColor() : penetratesColor());
      textWrapped("%s", predict.feedback().c_str());
      ImGui::PopStyleColor();
      if (stepBar) {
        ImGui::Text(tr("score %d / %d"), predict.right(), predict.asked());
        sameLine(buttonWidth(L("New question (Q)")));
      }
      if (ImGui::Button(L("New question (Q)"))) predict.newQuestion();
      break;
    }
    case Prediction::Stage::Off: break;
  }
}

std::string Explorer::statusLine(const Scene& scene, const ViewMapping& view, const OrbitCamera& camera) const {
  const ExplorerView* v = this->view();
  if (v == nullptr) return "explorer: (none)";
  char buf[256];
  const int count = stepCount();
  std::snprintf(buf, sizeof buf, "explorer: A=%s B=%s, %s, %s, step %d of %d", shapeName(scene, trace_.shapeA).c_str(),
                shapeName(scene, trace_.shapeB).c_str(), std::string(testName(trace_.test)).c_str(),
                trace_.overlap ? "overlap" : "separated", count > 0 ? step + 1 : 0, count);
  std::string out = buf + v->statusDetail(input(scene), view, camera);
  // Where the screen-space pictures were drawn (window pixels), for tests and scripts.
  auto where = [&](const char* what, const std::optional<ScreenRect>& r) {
    if (!r) return;
    std::snprintf(buf, sizeof buf, ", %s at %.0f,%.0f to %.0f,%.0f", what, r->lo.x, r->lo.y, r->hi.x, r->hi.y);
    out += buf;
  };
  if (predict.enabled()) {
    const char* stage = predict.stage() == Prediction::Stage::AskVerdict ? "asking overlap or separated"
                        : predict.stage() == Prediction::Stage::AskAxis  ? "asking which axis"
                        : predict.lastRight()                            ? "revealed, right"
                                                                         : "revealed, wrong";
    std::snprintf(buf, sizeof buf, ", predict: %s, score %d of %d", stage, predict.right(), predict.asked());
    out += buf;
  }
  where("canvas picture", canvasOverlayRect());
  if (canvasOverlayRect()) {
    std::snprintf(buf, sizeof buf, " (text %.0f px)", static_cast<double>(canvasRect_.text));
    out += buf;
  }
  where("step bar", stepBarRect());
  // The step bar's buttons for what the panel would do (drawSatExtras), when shown.
  for (const auto& [what, p] :
       {std::make_pair("epsilon button", epsilonButton_), std::make_pair("Side view button", sideViewButton_)}) {
    if (ImGui::GetCurrentContext() == nullptr || p.frame < ImGui::GetFrameCount() - 1) continue;
    std::snprintf(buf, sizeof buf, ", step bar's %s at %.0f,%.0f", what, static_cast<double>(p.at.x),
                  static_cast<double>(p.at.y));
    out += buf;
  }
  if (SatExplorer::epsilonDiffers(trace_, options)) {
    std::snprintf(buf, sizeof buf, ", epsilon %s (the live verdicts' %s)", shortNumber(options.epsilon).c_str(),
                  shortNumber(kDefaultSatEpsilon).c_str());
    out += buf;
  }
  return out;
}

void Explorer::drawPanel(const Scene& scene, std::optional<CameraRequest>& camera, std::optional<glm::vec3>& moveB) {
  // The explorer opens when a pair is focused (the pairs panel says how).
  ExplorerView* v = view();
  if (v == nullptr) return;
  placePanel(Panel::Explorer);  // docked: ui/layout.hpp
  ImGui::Begin(panelId(Panel::Explorer).c_str(), nullptr, kDockedPanelFlags);
  // The shapes in the test's roles (pair_table.hpp), as the pairs panel lists them.
  ImGui::Text("A = %s   B = %s", shapeName(scene, trace_.shapeA).c_str(), shapeName(scene, trace_.shapeB).c_str());
  const std::string test = "(" + trCore(testName(trace_.test)) + ")";
  sameLineIfFits(ImGui::CalcTextSize(test.c_str()).x);
  ImGui::TextDisabled("%s", test.c_str());
  const char* verdict = predict.hidesAnswer() ? tr("verdict hidden") : trace_.overlap ? tr("OVERLAP") : tr("SEPARATED");
  sameLineIfFits(ImGui::CalcTextSize(verdict).x);
  if (predict.hidesAnswer()) {
    ImGui::TextDisabled("%s", verdict);
  } else {
    ImGui::TextColored(trace_.overlap ? penetratesColor() : separatesColor(), "%s", verdict);
  }
  drawPredictControls(false, true);
  if (!predict.hidesAnswer()) swept.drawSummary();
  PanelRequests requests;
  if (swept.view() && !predict.hidesAnswer()) {
    // A scene that moves: the test at this pose, and the same pair between this frame and the
    // next, which the panel turns to when the pair first touches there (update()).
    const bool turning = selectTabFrames_ > 0;
    if (turning) --selectTabFrames_;
    if (ImGui::BeginTabBar("##explorerTabs")) {
      const bool thisFrame =
          ImGui::BeginTabItem(L("This frame"), nullptr, turning && !betweenTab_ ? ImGuiTabItemFlags_SetSelected : 0);
      rememberItem("explorer.this_frame");
      if (thisFrame) {
        if (!turning) betweenTab_ = false;
        v->drawPanel(input(scene), *this, requests);
        ImGui::EndTabItem();
      }
      // (Its tab is remembered as it is drawn, open or not.)
      const bool between =
          ImGui::BeginTabItem(L("Between frames"), nullptr, turning && betweenTab_ ? ImGuiTabItemFlags_SetSelected : 0);
      rememberItem("explorer.between_frames");
      if (between) {
        if (!turning) betweenTab_ = true;
        swept.drawSection();
        ImGui::EndTabItem();
      }
      ImGui::EndTabBar();
    }
  } else {
    v->drawPanel(input(scene), *this, requests);
  }
  if (requests.camera) camera = requests.camera;
  if (requests.moveB) moveB = requests.moveB;
  if (requests.landOnAxis) landOnAxis_ = requests.landOnAxis;
  // The precision lens: float, double, exact and at the origin (not while a prediction waits).
  if (!predict.hidesAnswer() && focusA != focusB &&
      hasMarginFormula(scene, static_cast<std::size_t>(focusA), static_cast<std::size_t>(focusB))) {
    const bool open = ImGui::CollapsingHeader(L("Precision: float, double, exact"));
    rememberItem("explorer.precision");
    if (open) drawPrecisionSection(scene, focusA, focusB);
  }
  ImGui::End();
}

std::optional<ScreenRect> Explorer::recent(const DrawnRect& r) {
  if (ImGui::GetCurrentContext() == nullptr || r.frame < ImGui::GetFrameCount() - 1) return std::nullopt;
  return r.rect;
}

std::optional<ScreenRect> Explorer::canvasOverlayRect() const { return recent(canvasRect_); }
std::optional<ScreenRect> Explorer::stepBarRect() const { return recent(stepBarRect_); }

std::optional<CameraRequest> Explorer::drawSatExtras(bool fixedWidth) {
  // What a lesson asks for from the Explorer panel, here too, since presentation mode hides
  // the panels: an epsilon other than the one the shapes' labels and the Pairs panel use
  // is said, with a button back to it (lesson 9); and Side view (lesson 7).
  std::optional<CameraRequest> camera;
  const auto middle = [] {
    return glm::vec2(0.5f * (ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x),
                     0.5f * (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y));
  };
  bool first = true;
  const auto next = [&](const char* label) {
    if (!first) {
      if (fixedWidth) {
        sameLineIfFits(buttonWidth(label));
      } else {
        ImGui::SameLine();
      }
    }
    first = false;
  };
  if (SatExplorer::epsilonDiffers(trace_, options)) {
    ImGui::TextWrapped(tr("epsilon %s (the labels: %s)"), shortNumber(options.epsilon).c_str(),
                       shortNumber(kDefaultSatEpsilon).c_str());
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(tr("The explorer tests with this epsilon; the shapes' labels and the Pairs panel with %s"),
                        shortNumber(kDefaultSatEpsilon).c_str());
    }
    if (ImGui::Button(L("epsilon 1e-6"))) options.epsilon = kDefaultSatEpsilon;
    epsilonButton_ = DrawnPoint{middle(), ImGui::GetFrameCount()};
    first = false;
  }
  const SatTrace& t = trace_.sat;
  if (step >= 0 && step < static_cast<int>(t.rows.size())) {
    if (const std::optional<CameraRequest> side = SatExplorer::sideView(trace_, t.rows[static_cast<size_t>(step)])) {
      next(L("Side view"));
      if (ImGui::Button(L("Side view"))) camera = side;
      sideViewButton_ = DrawnPoint{middle(), ImGui::GetFrameCount()};
    }
  }
  return camera;
}

std::optional<CameraRequest> Explorer::drawStepBar(const Scene& scene, bool presentation,
                                                   std::optional<StepBarPlace> place) {
  std::optional<CameraRequest> camera;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float margin = 8.0f;
  if (place) {
    ImGui::SetNextWindowPos(ImVec2(place->topLeft.x, place->topLeft.y), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(place->width, 0.0f), ImVec2(place->width, vp->WorkSize.y));
  } else {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + margin), ImGuiCond_Always,
                            ImVec2(0.5f, 0.0f));
  }
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##stepbar", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  if (presentation) {
    // Readable from the back of the room: the font scaled up to a share of the window height.
    const float want = vp->Size.y * kCanvasPresentationText;
    ImGui::SetWindowFontScale(1.0f);  // the size to scale from, not last frame's
    ImGui::SetWindowFontScale(std::max(1.0f, want / std::max(ImGui::GetFontSize(), 1.0f)));
  }
  const int count = stepCount();
  if (place) ImGui::PushTextWrapPos(0.0f);  // as wide as it was placed: the lines wrap
  if (const std::string& title = shownTitle(scene); !title.empty() && !place) ImGui::TextUnformatted(title.c_str());
  const ExplorerView* v = view();
  if (v != nullptr && count > 0 && swept.view() && !predict.hidesAnswer()) {
    // A scene that moves: which of the pair's two tests the picture shows, and the other.
    const char* other = showsBetweenFrames() ? L("This frame") : L("Between frames");
    if (showsBetweenFrames()) {
      char buf[256];
      std::snprintf(buf, sizeof buf, tr("%s / %s   between frames"), shapeName(scene, trace_.shapeA).c_str(),
                    shapeName(scene, trace_.shapeB).c_str());
      const std::string line = buf;
      if (place) {
        textWrapped("%s", line.c_str());
      } else {
        ImGui::TextUnformatted(line.c_str());
      }
    } else if (swept.touchesInStep()) {
      ImGui::TextColored(penetratesColor(), "%s", tr("Between frames: a contact"));
    }
    const bool pressed = ImGui::SmallButton(other);
    rememberItem("stepbar.other_test");
    if (pressed) {
      betweenTab_ = !betweenTab_;
      selectTabFrames_ = 2;
    }
  }
  if (v == nullptr || count == 0) {
    ImGui::TextDisabled("%s", studentView ? tr("PgUp / PgDn: another lesson") : tr("Tab: show the panels"));
  } else if (showsBetweenFrames()) {
    // (The step and its record are the picture's.)
  } else {
    const std::string current = v->stepText(input(scene));
    if (place) {
      textWrapped(tr("%s / %s   step %d of %d"), shapeName(scene, trace_.shapeA).c_str(),
                  shapeName(scene, trace_.shapeB).c_str(), step + 1, count);
      textWrapped("%s", current.c_str());
    } else {
      ImGui::Text(tr("%s / %s   step %d of %d   %s"), shapeName(scene, trace_.shapeA).c_str(),
                  shapeName(scene, trace_.shapeB).c_str(), step + 1, count, current.c_str());
    }
    drawStepButtons(*this, count, place.has_value());
    if (trace_.kind == ExplorerKind::Sat && !predict.hidesAnswer()) camera = drawSatExtras(place.has_value());
  }
  if (place) ImGui::PopTextWrapPos();
  if (v != nullptr) drawPredictControls(true, place.has_value());
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  stepBarRect_ =
      DrawnRect{ScreenRect{glm::vec2(pos.x, pos.y), glm::vec2(pos.x + size.x, pos.y + size.y)}, ImGui::GetFrameCount()};
  ImGui::End();
  return camera;
}

void Explorer::drawQuestionCard(const Scene& scene, const CanvasPainter& p, const ScreenRect& rect) const {
  // In the picture's place while the question is open, as large as the picture, so that the
  // framing around it does not move when the answer is revealed.
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  const std::string a = shapeName(scene, trace_.shapeA), b = shapeName(scene, trace_.shapeB);
  std::vector<std::pair<std::string, ImU32>> lines;
  if (predict.stage() == Prediction::Stage::AskVerdict) {
    lines = {{format(tr("Predict: do %s and %s overlap?"), a.c_str(), b.c_str()), st.ink},
             {tr("O: overlap"), st.overlap},
             {tr("S: separated"), st.gap}};
  } else {
    const SatTrace& t = trace_.sat;
    const std::string axis =
        step < static_cast<int>(t.rows.size()) ? std::string(label(t.rows[static_cast<size_t>(step)].id)) : "?";
    lines = {{format(tr("Which axis separates %s and %s?"), a.c_str(), b.c_str()), st.ink},
             {format(tr("[ and ]: choose (now %s)"), axis.c_str()), st.ink},
             {tr("Enter: this axis"), st.gap}};
  }
  // Each line at the picture's text size, smaller where it would not fit the width.
  float y = o.y;
  for (const auto& [text, color] : lines) {
    const float w = p.measure(text).x;
    const float scale = std::min(1.0f, (rectWidth(rect) - 2.0f * st.pad) / std::max(w, 1.0f));
    p.text(glm::vec2(o.x, y), color, text, scale);
    y += u * 1.35f * scale;
  }
}

std::optional<ScreenRect> Explorer::canvasPictureRect(const Scene& scene, const ScreenRect& area, bool presentation,
                                                      float windowHeight) const {
  const ExplorerView* v = view();
  if (v == nullptr) return std::nullopt;
  const CanvasStyle style = CanvasStyle::current(windowHeight, presentation);
  const std::optional<glm::vec2> size =
      showsBetweenFrames() ? swept.canvasSize(style) : v->canvasSize(input(scene), style);
  if (!size) return std::nullopt;
  const ScreenRect rect = placeBottomRight(area, *size, style.pad);
  if (rectWidth(rect) < style.text * 4.0f || rectHeight(rect) < style.text * 2.0f) return std::nullopt;  // no room
  return rect;
}

std::optional<ScreenRect> Explorer::drawCanvasPicture(const Scene& scene, const ScreenRect& area, bool presentation,
                                                      float windowHeight, ImDrawList* list,
                                                      VectorFigure* recorder) const {
  const std::optional<ScreenRect> rect = canvasPictureRect(scene, area, presentation, windowHeight);
  if (!rect || list == nullptr) return std::nullopt;
  const CanvasPainter painter(list, CanvasStyle::current(windowHeight, presentation), recorder);
  painter.pushClip(*rect);
  painter.backing(*rect);
  if (predict.hidesAnswer()) {
    drawQuestionCard(scene, painter, *rect);
  } else if (showsBetweenFrames()) {
    swept.drawCanvas(painter, *rect);
  } else {
    view()->drawCanvas(input(scene), painter, *rect);
  }
  painter.popClip();
  return rect;
}

void Explorer::drawCanvasOverlay(const Scene& scene, const ScreenRect& area, bool presentation) {
  const float height = ImGui::GetIO().DisplaySize.y;
  if (const std::optional<ScreenRect> rect =
          drawCanvasPicture(scene, area, presentation, height, ImGui::GetBackgroundDrawList(), nullptr)) {
    canvasRect_ = DrawnRect{*rect, ImGui::GetFrameCount(), CanvasStyle::current(height, presentation).text};
  }
}

void Explorer::drawOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view, const OrbitCamera& camera,
                           const glm::vec2& fbPerWindow, LabelLayer* labels) const {
  if (showsBetweenFrames()) {
    swept.drawOverlay(lines, camera, fbPerWindow.x);
  } else if (const ExplorerView* v = this->view()) {
    v->drawOverlay(input(scene), OverlayTarget{lines, view, camera, fbPerWindow, labels});
  }
  // Zoomed in far enough (or far enough out from the origin), the floats around the pair.
  const int n = static_cast<int>(scene.shapes.size());
  if (hasFocus() && focusA != focusB && focusA < n && focusB < n && !predict.hidesAnswer() &&
      drawFloatGrid(lines, scene, focusA, focusB, view, camera, fbPerWindow, labels))
    floatGridFrame_ = ImGui::GetCurrentContext() != nullptr ? ImGui::GetFrameCount() : 0;
}

bool Explorer::floatGridShown() const {
  return ImGui::GetCurrentContext() != nullptr && floatGridFrame_ >= ImGui::GetFrameCount() - 1;
}

}  // namespace satlab
