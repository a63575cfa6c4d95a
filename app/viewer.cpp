#include "viewer.hpp"

#include "base/file_name.hpp"
#include "mesh_scene/mesh_import.hpp"
#include "ui/lesson_text.hpp"
#include "ui/margin_plot.hpp"
#include "ui/precision_section.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "default_scene.hpp"
#include "document/motion.hpp"
#include "document/scene_edit.hpp"
#include "document/scene_save.hpp"
#include "platform.hpp"
#include "ui/bv_lab_panel.hpp"
#include "ui/character_panel.hpp"
#include "ui/font_atlas.hpp"
#include "ui/frustum_panel.hpp"
#include "ui/help_panel.hpp"
#include "ui/history_panel.hpp"
#include "ui/keys.hpp"
#include "ui/layout.hpp"
#include "ui/legend_panel.hpp"
#include "ui/lesson_panel.hpp"
#include "ui/menu_bar.hpp"
#include "ui/scene_pictures.hpp"
#include "ui/theme.hpp"
#include "ui/time_bar.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

namespace satlab {

bool Viewer::loadInitialScene(const std::string& path, std::string& error) {
  if (!doc_.loadInitial(path, error)) return false;
  followDocument();
  noteSceneText();  // before the window builds the font atlas: the first build has them
  return true;
}

void Viewer::noteSceneText() {
  const Scene& scene = doc_.scene();
  // Text changes with a new scene, an undo, a recorded frame, a paste or an edit that adds
  // or removes shapes; a name or a text typed in a field is noted as it is typed.
  const std::uint64_t stamp =
      (static_cast<std::uint64_t>(static_cast<std::uint32_t>(doc_.sceneGeneration())) * 1000003u) ^
      (static_cast<std::uint64_t>(static_cast<std::uint32_t>(doc_.historyGeneration())) << 20) ^
      (static_cast<std::uint64_t>(static_cast<std::uint32_t>(doc_.frameGeneration())) << 36) ^
      (static_cast<std::uint64_t>(static_cast<std::uint32_t>(pasteCount_)) << 48) ^
      (static_cast<std::uint64_t>(scene.shapes.size()) << 8) ^ scene.title.size() ^ (scene.notes.size() << 4);
  if (const int generation = uiLanguageGeneration(); generation != notedLanguage_) {
    // The catalog's characters at once: a Chinese window draws every label at its first frame.
    notedLanguage_ = generation;
    noteTextInUse(catalogText(uiLanguage()));
    for (Language lang : kLanguages) noteTextInUse(languageName(lang));  // View > Language lists each in its own
    notedSceneStamp_ = ~stamp;  // the lesson's text and the Lessons menu in the new language
  }
  if (stamp == notedSceneStamp_) return;
  notedSceneStamp_ = stamp;
  // The text in the window's language only: an English window loads no Chinese glyphs for a
  // lesson that also has Chinese text (a switch notes the new language's text at once).
  noteTextInUse(shownTitle(scene));
  noteTextInUse(shownNotes(scene));
  noteTextInUse(doc_.name());
  for (const SceneShape& s : scene.shapes) noteTextInUse(s.name);
  for (const std::string& t : doc_.lessonTitles()) noteTextInUse(t);
  for (const std::string& r : doc_.settings().recent) noteTextInUse(r);
}

void Viewer::beforeFrame() {
  noteSceneText();
  // What is typed this frame, and the text field being edited (a paste lands there).
  const ImGuiIO& io = ImGui::GetIO();
  noteCharsInUse(io.InputQueueCharacters.Data, io.InputQueueCharacters.Size);
  if (const ImGuiContext* g = ImGui::GetCurrentContext(); g != nullptr && g->InputTextState.ID != 0) {
    noteCharsInUse(g->InputTextState.TextW.Data, std::min(g->InputTextState.CurLenW, g->InputTextState.TextW.Size));
  }
  view_.beforeFrame(doc_.settings().uiScale);
}

void Viewer::followDocument() {
  // The document replaced its scene (open, lesson, recovery) or rewrote it (undo, redo).
  if (doc_.sceneGeneration() != seenScene_) {
    playback_.reset();  // a new scene starts at t = 0, paused
    seenScene_ = doc_.sceneGeneration();
    seenHistory_ = doc_.historyGeneration();
    view_.reset(doc_.lesson());
    editor_.close();  // a lesson being written belongs to the scene it was written on
  }
  if (doc_.historyGeneration() != seenHistory_) {
    seenHistory_ = doc_.historyGeneration();
    view_.afterHistoryJump(doc_.scene());
  }
  if (doc_.frameGeneration() != seenFrame_) {
    // Another recorded frame: shapes may have come or gone, so the selection is checked again.
    seenFrame_ = doc_.frameGeneration();
    view_.afterHistoryJump(doc_.scene());
  }
  // An edited recorded frame became a scene of its own: its time starts at 0.
  if (hadRecording_ && doc_.recording() == nullptr) playback_.reset();
  hadRecording_ = doc_.recording() != nullptr;
}

Scene& Viewer::shownScene() {
  if (doc_.recording() != nullptr) return doc_.scene();  // a recorded frame is shown as it was recorded
  const std::uint64_t stamp = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(doc_.sceneGeneration())) << 32) ^
                              (static_cast<std::uint64_t>(static_cast<std::uint32_t>(doc_.historyGeneration())) << 12) ^
                              static_cast<std::uint64_t>(static_cast<std::uint32_t>(pasteCount_));
  return playback_.shown(doc_.scene(), stamp);
}

void Viewer::reconcileShown() {
  if (doc_.recording() == nullptr) playback_.reconcile(doc_.scene());
}

std::uint64_t Viewer::sceneStamp() const {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(doc_.sceneGeneration())) << 32) |
         static_cast<std::uint32_t>(doc_.historyGeneration());
}

bool Viewer::timeBarShown() const {
  if (doc_.recording() != nullptr || playback_.active()) return true;
  const std::uint64_t stamp = sceneStamp();
  if (movesFrame_ != ImGui::GetFrameCount() || movesStamp_ != stamp) {
    movesFrame_ = ImGui::GetFrameCount();
    movesStamp_ = stamp;
    moves_ = sceneMoves(doc_.scene());
  }
  return moves_;
}

void Viewer::handleTimeKeys() {
  // P and O as in Box2D's samples. In a scene in motion they are time's keys whether or not
  // a pair is focused, so that one key means one thing and the time bar and the lesson text
  // can name it (Explorer::timeKeys); only while a prediction asks "overlap or separated?"
  // is O the answer, and the bar then names no key for its step.
  if (!timeBarShown()) return;
  // A live recording: J follows the newest frame again; P while following pauses there.
  if (liveReceiving() && plainPressed(Key::J)) doc_.setLiveFollowing(true);
  if (plainPressed(Key::P)) {
    if (liveReceiving() && doc_.liveFollowing()) {
      stopFollowing();
    } else {
      playback_.togglePlay();
    }
  }
  if (!view_.explorer().predictTakesO() && plainPressed(Key::O, Repeat::Yes)) {
    if (const Recording* rec = doc_.recording()) {
      stopFollowing();
      playback_.pause();
      const std::size_t next = std::min(doc_.recordingFrame() + 1, rec->frameCount() - 1);
      doc_.showFrame(next);
      playback_.setTime(rec->frameTime(next) - rec->frameTime(0));
    } else {
      playback_.step();
    }
  }
}

void Viewer::updateSweptView() {
  // The focused pair's step from the pose shown to the next: the next frame of a recording,
  // the next 1/60 s of a scene in motion.
  Explorer& e = view_.explorer();
  SweptExplorer& swept = e.swept;
  swept.set(std::nullopt);
  if (!e.hasFocus() || !timeBarShown()) return;
  const Scene& shown = shownScene();
  const int n = static_cast<int>(shown.shapes.size());
  if (e.focusA < 0 || e.focusB < 0 || e.focusA >= n || e.focusB >= n || e.focusA == e.focusB) return;
  const std::size_t ia = static_cast<std::size_t>(std::min(e.focusA, e.focusB));
  const std::size_t ib = static_cast<std::size_t>(std::max(e.focusA, e.focusB));
  SweptView v;
  ShapeGeometry a1, b1;
  if (const Recording* rec = doc_.recording()) {
    const std::size_t f = doc_.recordingFrame();
    if (f + 1 >= rec->frameCount()) return;
    // The next frame's shapes of the same names; the step from the pose shown (between
    // frames, the rest of the step).
    const RecordedShape* next = rec->frameShapes(f + 1);
    const std::size_t statics = rec->statics.size();
    bool foundA = false, foundB = false;
    const auto take = [&](std::size_t i, ShapeGeometry& out, bool& found) {
      if (i < statics) {  // a static shape stays where it is
        out = shown.shapes[i].geometry;
        found = true;
        return;
      }
      for (std::size_t k = 0; k < rec->frameShapeCount(f + 1) && !found; ++k) {
        if (next[k].name != rec->sceneName(f, i)) continue;
        out = recordedGeometry(*rec, next[k]);
        found = true;
      }
    };
    take(ia, a1, foundA);
    take(ib, b1, foundB);
    if (!foundA || !foundB) return;
    const double t0 = rec->frameTime(f), t1 = rec->frameTime(f + 1);
    v.t0 = t0 + double(doc_.recordingBetween()) * (t1 - t0);
    v.t1 = t1;
    // The engine's frame numbers, as the time bar names the frames.
    const long long from = rec->frameNumber(f), to = rec->frameNumber(f + 1);
    if (doc_.recordingBetween() > 0.0f) {
      v.step = formatted("from %s to frame %lld", timeText(v.t0).c_str(), to);
      v.stepShown = formatted(tr("from %s to frame %lld"), timeText(v.t0).c_str(), to);
    } else {
      v.step = formatted("between frames %lld and %lld", from, to);
      v.stepShown = formatted(tr("between frames %lld and %lld"), from, to);
    }
  } else {
    // The shapes as shown at t, and at t + 1/60 s by their motion.
    const double t = playback_.time();
    SceneShape pa = shown.shapes[ia], pb = shown.shapes[ib];
    const Scene& base = doc_.scene();
    if (ia < base.shapes.size() && ib < base.shapes.size()) {
      poseShapeAt(base.shapes[ia], t + kTimeStep, pa);
      poseShapeAt(base.shapes[ib], t + kTimeStep, pb);
    }
    a1 = pa.geometry;
    b1 = pb.geometry;
    v.t0 = t;
    v.t1 = t + kTimeStep;
    v.step = formatted("from t = %s to %s", timeText(v.t0).c_str(), timeText(v.t1).c_str());
    v.stepShown = formatted(tr("from t = %s to %s"), timeText(v.t0).c_str(), timeText(v.t1).c_str());
  }
  const SceneShape& sa = shown.shapes[ia];
  const SceneShape& sb = shown.shapes[ib];
  v.record = traceSweep(sa.geometry, a1, sb.geometry, b1, true);
  const bool swapped = v.record.plan.swapped;
  v.colorA = (swapped ? sb : sa).color;
  v.colorB = (swapped ? sa : sb).color;
  swept.set(std::move(v));
}

void Viewer::drawTimeBar() {
  if (!timeBarShown()) return;
  TimeBarState s;
  s.stepKey = !view_.explorer().predictTakesO();
  s.playing = playback_.playing();
  s.speed = playback_.speed();
  s.time = playback_.time();
  s.sliderEnd = std::max(10.0, std::ceil(playback_.furthest() * 1.25));
  std::vector<std::uint32_t> none;
  if (const Recording* rec = doc_.recording(); rec != nullptr && rec->frameCount() > 0) {
    s.frameCount = rec->frameCount();
    s.frame = doc_.recordingFrame();
    s.frameNumber = rec->frameNumber(s.frame);
    s.frameTime = rec->frameTime(s.frame);
    s.numberOf = [rec](std::size_t i) { return rec->frameNumber(i); };
    s.timeOf = [rec](std::size_t i) { return rec->frameTime(i); };
    const Explorer& e = view_.explorer();
    if (e.hasFocus() && std::max(e.focusA, e.focusB) < static_cast<int>(doc_.scene().shapes.size()) &&
        std::min(e.focusA, e.focusB) >= 0) {
      const Scene& scene = doc_.scene();
      const std::string& a = scene.shapes[static_cast<std::size_t>(e.focusA)].name;
      const std::string& b = scene.shapes[static_cast<std::size_t>(e.focusB)].name;
      s.flips = &none;  // a pair that never overlaps has no flips
      for (const PairFlips& f : doc_.recordingFlips()) {
        if ((f.a == a && f.b == b) || (f.a == b && f.b == a)) s.flips = &f.flipFrames;
      }
      s.flipsPair = a + " / " + b;
      // Its contacts between frames: marks, and the first in words.
      for (const BetweenFrames& c : doc_.recordingContacts()) {
        const std::string &ca = rec->names[c.a], &cb = rec->names[c.b];
        if (!((ca == a && cb == b) || (ca == b && cb == a))) continue;
        s.contacts.push_back(TimeBarState::ContactMark{static_cast<float>(c.frame - 1) + c.toi, c.through});
        if (s.contactText.empty()) {
          const long long before = static_cast<long long>(rec->frameNumber(c.frame - 1));
          const long long after = static_cast<long long>(rec->frameNumber(c.frame));
          s.contactText =
              c.through ? formatted(tr("touches at t = %.4f s between frames %lld and %lld, passed through"), c.time,
                                    before, after)
                        : formatted(tr("touches at t = %.4f s between frames %lld and %lld"), c.time, before, after);
          s.contactBrief = formatted(tr("touches between frames %lld and %lld"), before, after);
        }
      }
    }
    if (const auto& broken = doc_.firstBrokenFrame()) {
      s.firstBroken = broken->frame;
      s.brokenBetween = broken->between;
      const Expectation& x = rec->expect[broken->expectation];
      s.brokenPair = x.a + " / " + x.b;
    }
    s.showBetween = showBetween_;
    s.between = doc_.recordingBetween();
    for (const EngineVsExactRow& r : engineRows_) {
      // One mark a frame, naming its first few pairs.
      if (!s.disagreements.empty() && s.disagreements.back().frame == r.frame) {
        if (std::count(s.disagreements.back().text.begin(), s.disagreements.back().text.end(), '\n') < 3)
          s.disagreements.back().text += "\n" + r.text();
        continue;
      }
      s.disagreements.push_back(TimeBarState::DisagreementMark{r.frame, r.text()});
    }
    if (doc_.live()) {
      s.liveText = doc_.liveStatus(true);
      s.liveFollowing = doc_.liveFollowing();
      s.liveReceiving = liveReceiving();
      s.liveDropped = doc_.liveDroppedText();
    }
  }
  const bool panels = !view_.panelsHidden();
  const ImGuiIO& io = ImGui::GetIO();
  float left = panels ? currentLayout().freeLeft : 0.0f;
  float right = panels ? currentLayout().freeRight : io.DisplaySize.x;
  float bottom = io.DisplaySize.y;
  bool atTop = false;
  if (!panels) {
    // With the panels hidden: beside the lesson card, at the top (the step bar sits under the
    // card and the explorer's picture at the bottom right); else at the bottom, left of the
    // explorer's picture when that is at the bottom and leaves room.
    const bool card = showLessonCard_ && (doc_.lesson().has_value() || doc_.lessonIndex() >= 0) && cardRight_ > 0.0f;
    if (card) {
      left = cardRight_;
      bottom = 0.0f;  // the top edge: drawn downwards from it
      atTop = true;
    } else if (const std::optional<ScreenRect> pic = canvasPictureRect();
               pic && pic->hi.y > io.DisplaySize.y * 2.0f / 3.0f && pic->lo.x > io.DisplaySize.x * 0.6f) {
      right = pic->lo.x;
    }
  }
  const TimeBarAction act = satlab::drawTimeBar(s, left, right, bottom, view_.presentation(), atTop);
  drawMarginPlot(left, right, atTop);
  if (act.setSpeed) playback_.setSpeed(*act.setSpeed);
  if (s.liveFollowing && (act.togglePlay || act.step || act.rewind || act.setFrame)) {
    // The user took the time: receiving goes on, the view stays where the user is.
    stopFollowing();
  } else if (act.togglePlay) {
    playback_.togglePlay();
  }
  if (act.follow) doc_.setLiveFollowing(true);
  const Recording* rec = doc_.recording();
  if (act.showBetween) showBetween_ = *act.showBetween;
  const auto showFrame = [&](std::size_t f, float between = 0.0f) {
    doc_.showFrame(f, showBetween_ ? between : 0.0f);
    const std::size_t k = doc_.recordingFrame();
    const double next = k + 1 < rec->frameCount() ? rec->frameTime(k + 1) : rec->frameTime(k);
    playback_.setTime(rec->frameTime(k) + double(doc_.recordingBetween()) * (next - rec->frameTime(k)) -
                      rec->frameTime(0));
  };
  if (act.rewind) {
    playback_.rewind();
    if (rec) doc_.showFrame(0);
  }
  if (act.step) {
    playback_.pause();
    if (rec) {
      showFrame(doc_.recordingFrame() + 1);
    } else {
      playback_.step();
    }
  }
  if (act.setTime) playback_.setTime(*act.setTime);
  if (act.setFrame && rec) {
    playback_.pause();
    showFrame(*act.setFrame, act.setBetween.value_or(0.0f));
  } else if (act.showBetween && rec && !showBetween_) {
    showFrame(doc_.recordingFrame());  // back to the frame itself
  }
}

bool Viewer::marginPlotShown() const {
  if (!timeBarShown()) return false;
  const Explorer& e = view_.explorer();
  // Not while a prediction waits: the margin's sign is the verdict.
  if (e.predictHidesAnswer()) return false;
  const int n = static_cast<int>(doc_.scene().shapes.size());
  return e.hasFocus() && e.focusA != e.focusB && std::max(e.focusA, e.focusB) < n && std::min(e.focusA, e.focusB) >= 0;
}

std::optional<std::size_t> Viewer::marginPlotShownSample() const {
  if (!marginPlot_.active()) return std::nullopt;
  if (marginPlot_.isRecording()) return doc_.recordingFrame();
  const double step = marginPlot_.step();
  if (!(step > 0.0)) return std::nullopt;
  const double i = std::round(playback_.time() / step);
  if (i < 0.0 || i >= double(marginPlot_.total())) return std::nullopt;
  return static_cast<std::size_t>(i);
}

void Viewer::drawMarginPlot(float left, float right, bool atTop) {
  if (!marginPlotShown()) {
    marginPlot_.clear();
    return;
  }
  const Explorer& e = view_.explorer();
  const Scene& scene = doc_.scene();
  const std::size_t a = static_cast<std::size_t>(e.focusA), b = static_cast<std::size_t>(e.focusB);
  const Recording* rec = doc_.recording();
  if (rec != nullptr) {
    marginPlot_.showRecording(*rec, scene.shapes[a].name, scene.shapes[b].name);
  } else {
    // The scene at t = 0 and its motion, over the time bar's slider.
    marginPlot_.showMotion(scene, sceneStamp(), a, b, std::max(10.0, std::ceil(playback_.furthest() * 1.25)));
  }
  // A slice a frame: a long recording fills in over a few frames.
  marginPlot_.advance(0.004);
  const std::optional<ScreenRect> bar = timeBarRect();
  if (!bar) return;
  MarginPlotPlace place;
  place.left = left;
  place.right = right;
  place.below = atTop;
  place.y = atTop ? bar->hi.y + 4.0f : bar->lo.y - 4.0f;
  place.presentation = view_.presentation();
  const auto name = [&](std::size_t i) -> std::string {
    if (rec != nullptr && i < rec->frameCount()) {
      return formatted(tr("frame %lld"), static_cast<long long>(rec->frameNumber(i))) + ", " +
             timeText(rec->frameTime(i));
    }
    return "t = " + timeText(double(i) * marginPlot_.step());
  };
  const MarginPlotAction act = satlab::drawMarginPlot(marginPlot_, marginPlotShownSample(), name, place);
  if (!act.goTo || *act.goTo >= marginPlot_.samples().size()) return;
  const std::size_t i = *act.goTo;
  playback_.pause();
  if (rec != nullptr) {
    stopFollowing();
    doc_.showFrame(i);
    playback_.setTime(rec->frameTime(i) - rec->frameTime(0));
  } else {
    playback_.setTime(double(i) * marginPlot_.step());
  }
  // The explorer on the deciding axis, named in the test's roles as its rows are.
  if (const std::optional<PairMargin>& m = marginPlot_.samples()[i].margin; m && m->axis.valid()) {
    const bool swapped = planPair(scene, a, b).swapped;
    view_.explorer().showAxis(swapped ? withRolesSwapped(m->axis) : m->axis);
  }
}

std::optional<std::pair<size_t, size_t>> Viewer::focusedPair() const {
  const Explorer& e = view_.explorer();
  if (!e.hasFocus()) return std::nullopt;
  return std::make_pair(static_cast<size_t>(e.focusA), static_cast<size_t>(e.focusB));
}

void Viewer::exportFocusedOrScene() { doc_.askExport(focusedPair()); }

void Viewer::handleKeys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;  // typing in a field: the field gets the keys
  if (!student_.on()) documentKeys();
  if (plainPressed(Key::F12)) windowShotPending_ = true;
  if (!student_.on() && ctrlPressed(Key::F12)) openFigureDialog();
  if (plainPressed(Key::F1)) showHelp_ = !showHelp_;
  handleTimeKeys();
}

void Viewer::documentKeys() {
  if (ctrlPressed(Key::Z)) doc_.undo();
  if (ctrlPressed(Key::Y) || ctrlPressed(Key::Z, true)) doc_.redo();
  if (ctrlPressed(Key::N)) doc_.askNewScene();
  if (ctrlPressed(Key::O)) doc_.askOpenDialog();
  if (ctrlPressed(Key::S)) doc_.save();
  if (ctrlPressed(Key::S, true)) doc_.startSaveAs();
  if (ctrlPressed(Key::E)) exportFocusedOrScene();
  if (ctrlPressed(Key::C)) doc_.copy(view_.tools().selection.shapes);
  if (ctrlPressed(Key::V)) {
    ++pasteCount_;
    const std::vector<int> added = doc_.paste();
    if (!added.empty()) view_.tools().selection.shapes = added;
  }
}

void Viewer::layoutPanels() {
  const ImGuiIO& io = ImGui::GetIO();
  LayoutInput& in = layoutIn_;
  in.width = io.DisplaySize.x;
  in.height = io.DisplaySize.y;
  in.top = ImGui::GetFrameHeight() + kPanelMargin;  // below the main menu bar
  in.titleBar = ImGui::GetFrameHeight();
  in.scale = panelScale();
  const bool lesson = isLesson();
  in.twoColumns = view_.presentation() && in.width >= kPresentationTwoColumnsFrom && in.width >= 1.6f * in.height;
  const bool oneColumn = oneColumnLayout(in.width, in.scale, in.twoColumns);
  if (oneColumn != laidOutOneColumn_ || lesson != laidOutLesson_) {
    // Another arrangement: the panels start over with its default collapsed states.
    laidOutOneColumn_ = oneColumn;
    laidOutLesson_ = lesson;
    ++layoutGeneration();
  }
  layoutHasLesson() = lesson;
  const bool panels = !view_.panelsHidden();
  in.shown[static_cast<size_t>(Panel::Lesson)] = panels && lesson;
  in.shown[static_cast<size_t>(Panel::Shapes)] = panels;
  in.shown[static_cast<size_t>(Panel::Pairs)] = panels;
  in.shown[static_cast<size_t>(Panel::Inspector)] = panels;
  // The explorer's place holds the bounding-volume lab while one mesh alone is selected, and
  // the character panel in a scene with a character.
  in.shown[static_cast<size_t>(Panel::Explorer)] = panels && view_.explorerPlaceUsed();
  readCollapsed(in, lesson, oneColumn);
  in.wanted[static_cast<size_t>(Panel::Lesson)] = lessonWanted_;
  currentLayout() = computeLayout(in);
  const Layout& l = currentLayout();
  // The time bar at the bottom, and the focused pair's margin plot beside it.
  const float timeBand = timeBarShown() ? timeBarHeight() + kPanelMargin +
                                              (marginPlotShown() ? marginPlotHeight(view_.presentation()) + 4.0f : 0.0f)
                                        : 0.0f;
  if (panels) {
    view_.setFreeArea(l.freeLeft, l.freeRight, in.top, in.height - timeBand);
  } else {
    // With the panels hidden: beside the lesson card (if shown), below the step bar and above
    // the explorer's picture on the canvas, when they sit at the top and the bottom.
    const Explorer& e = view_.explorer();
    const bool card = showLessonCard_ && lesson && cardRight_ > 0.0f;
    const float left = card ? cardRight_ + kPanelMargin : 0.0f;
    // Beside the lesson card the time bar sits at the top (drawTimeBar), since the step bar
    // and the explorer's picture take the bottom.
    float top = card ? timeBand : 0.0f, bottom = in.height - (card ? 0.0f : timeBand);
    if (const std::optional<ScreenRect> bar = e.stepBarRect(); bar && !card && bar->lo.y < in.height / 3.0f) {
      top = std::max(top, bar->hi.y + kPanelMargin);  // the step bar alone, at the top centre
    }
    float right = in.width;
    if (const std::optional<ScreenRect> pic = canvasPictureRect(); pic && pic->hi.y > in.height * 2.0f / 3.0f) {
      // Above the picture; or, where a tall one leaves too low a band above it (a third of the
      // height, below which the view would ignore the area), beside it.
      const float above = pic->lo.y - kPanelMargin;
      if (above - top < in.height / 3.0f && pic->lo.x - kPanelMargin - left >= in.width / 4.0f) {
        right = pic->lo.x - kPanelMargin;
      } else {
        bottom = std::min(bottom, above);
      }
    }
    view_.setFreeArea(left, right, top, bottom);
  }
}

void Viewer::dropFiles(const std::vector<std::string>& paths) {
  for (const std::string& p : paths) dropped_.push_back(p);
}

void Viewer::importMesh(const std::string& path) {
  ++pasteCount_;
  doc_.importMesh(path, view_.cameraTarget());  // read off the frame; selected once added (update)
}

void Viewer::handleDrops() {
  // A scene opens (asking about unsaved changes first); a mesh file is imported where the
  // view looks; anything else says what satlab reads.
  if (doc_.work()) return;  // what is dropped while work runs waits for it to end
  std::vector<std::string> paths;
  paths.swap(dropped_);
  if (student_.on() && !paths.empty()) {
    doc_.showToastTr(N_("the student view opens no files (F10: the teacher view)"));
    return;
  }
  for (const std::string& p : paths) {
    const std::string lower = lowerExtension(p);
    if (lower == ".json" || lower == ".jsonl") {
      doc_.askToOpen(p);
      break;  // one scene at a time; the rest of the drop would be lost behind its question
    }
    if (isMeshFilePath(p)) {
      importMesh(p);
    } else {
      doc_.showMessagef(
          N_("Could not use the dropped file:\n%s: not a scene (.json), a recording (.jsonl) or a mesh file (.obj .stl "
             ".ply .gltf .glb)"),
          p.c_str());
    }
  }
  if (auto path = doc_.takeMeshToImport()) importMesh(*path);
}

void Viewer::update(int fbWidth, int fbHeight) {
  // A picture asked for last frame is taken in this one, which draws no toast: the menu or
  // the key that asked is gone, and the toast of a picture just saved is not in the next.
  windowShotRequested_ = windowShotPending_;
  windowShotPending_ = false;
  if (student_.on() && !ImGui::GetIO().WantTextInput && student_.leavePressed(ImGui::GetTime())) {
    setStudentView(false, false);
  }
  view_.explorer().timeKeys = timeBarShown();
  // The pipeline section (open) and its picture give the caches' saving: the run without
  // them steps beside the pipeline.
  view_.pairs().setMeasuringCaches(pictures_.showsPipeline() || view_.pairsPanel().pipelineSection().open);
  {
    // A recording's groups: the pairs filter matches them as it matches names.
    std::vector<std::string_view> groups;
    if (const Recording* rec = doc_.recording(); rec && !rec->groups.empty()) {
      const Scene& shown = shownScene();
      const std::size_t f = doc_.recordingFrame();
      const std::size_t n = std::min(shown.shapes.size(), rec->statics.size() + rec->frameShapeCount(f));
      groups.resize(n);
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t g = rec->sceneGroup(f, i);
        if (g != kNoGroup) groups[i] = rec->groups[g];
      }
    }
    view_.pairs().setShapeGroups(shownScene(), std::move(groups));
  }
  // While work runs off the frame (its indicator up), the keys wait: Esc is its Cancel.
  if (!doc_.work()) handleKeys();
  handleDrops();
  doc_.pollWork();  // work that has finished: the scene it opened, the mesh it read
  if (const int added = doc_.takeImportedShape(); added >= 0) view_.tools().selection.set(added);
  doc_.pollLive();  // a frame that arrived replaces the scene before anything reads it
  followDocument();
  updateEngineVerdicts();
  layoutPanels();
  if (const Recording* rec = doc_.recording(); rec != nullptr && playback_.playing() && rec->frameCount() > 0) {
    // Playing a recording: the last frame recorded at or before the playback time.
    playback_.advance(ImGui::GetIO().DeltaTime);
    const double at = rec->frameTime(0) + playback_.time();
    std::size_t f = doc_.recordingFrame();
    while (f + 1 < rec->frameCount() && rec->frameTime(f + 1) <= at) ++f;
    if (f + 1 >= rec->frameCount()) {
      playback_.pause();
      // Played up to the newest frame of a live recording: it follows the frames from here.
      if (liveReceiving()) doc_.setLiveFollowing(true);
    }
    // With "Between frames" on, the shapes on their way to the next frame, as the tests
    // between frames move them.
    float between = 0.0f;
    if (showBetween_ && f + 1 < rec->frameCount() && rec->frameTime(f + 1) > rec->frameTime(f))
      between = static_cast<float>((at - rec->frameTime(f)) / (rec->frameTime(f + 1) - rec->frameTime(f)));
    doc_.showFrame(f, std::clamp(between, 0.0f, 1.0f));
  } else if (doc_.recording() == nullptr) {
    playback_.advance(ImGui::GetIO().DeltaTime);
  }
  updateSweptView();
  const SceneView::Edits edits = view_.update(shownScene(), doc_.name(), fbWidth, fbHeight);
  if (edits.changed) reconcileShown();
  if (edits.changed || edits.stepFinished) doc_.edited(edits.stepFinished);
  if (student_.on()) {
    // Predict, then reveal, always; the score kept (in the settings) as it changes.
    Explorer& explorer = view_.explorer();
    if (!explorer.predict.enabled()) explorer.predict.setEnabled(true);
    doc_.keepStudentScore(explorer.predictRight(), explorer.predictAsked());
  }
  doc_.frame();
}

void Viewer::setStudentView(bool on, bool openFirstLesson) {
  if (on == student_.on()) return;
  student_.setOn(on);
  view_.setStudentLock(on);
  if (on) {
    // Presentation mode with the panels away, the score as it was left.
    view_.setTheme(true, view_.contentScale());
    view_.setPanelsHidden(true);
    editor_.close();
    startScreen_ = false;
    showHistory_ = false;
    Explorer& explorer = view_.explorer();
    explorer.predict.setScore(doc_.settings().studentRight, doc_.settings().studentAsked);
    explorer.predict.setEnabled(true);
    doc_.putOffRecoveryOffer();
    // The first lesson when none is open (a lesson file of one's own stays).
    if (openFirstLesson && doc_.lessonIndex() < 0 && !doc_.lesson()) doc_.askToOpenLesson(0);
  } else {
    view_.setPanelsHidden(false);
    doc_.showToastTr(N_("teacher view: Tab hides the panels, F5 leaves presentation mode"));
  }
}

void Viewer::setLanguage(Language lang) {
  // Takes effect at the next frame, with no restart; remembered with the settings.
  setUiLanguage(lang);
  doc_.keepLanguage(languageCode(lang));
}

MenuCommands Viewer::drawMenuBar(PanelEdits& edits) {
  if (!ImGui::BeginMainMenuBar()) return {};
  const Session& session = doc_.session();
  MenuState state;
  state.recent = &doc_.settings().recent;
  state.undoLabel = session.history().undoLabel();
  state.redoLabel = session.history().redoLabel();
  state.canUndo = session.history().canUndo();
  state.canRedo = session.history().canRedo();
  state.hasSelection = !view_.tools().selection.shapes.empty();
  state.hasFocusedPair = view_.explorer().hasFocus();
  state.presentation = view_.presentation();
  state.twoD = doc_.scene().view == ViewMode::TwoD;
  state.panelsHidden = view_.panelsHidden();
  state.showHistory = showHistory_;
  state.showHelp = showHelp_;
  state.showLegend = showLegend_;
  state.uiScale = doc_.settings().uiScale;
  state.language = uiLanguage();
  state.lessonTitles = &doc_.lessonTitles();
  state.lessonIndex = doc_.lessonIndex();
  state.inBrowser = inBrowser_;
  state.listening = doc_.listening();
  const MenuCommands c = drawMenus(state);
  if (c.copyLink) shareRequested_ = true;
  if (c.open) doc_.askOpenDialog();
  if (c.importMesh) doc_.askImportMeshDialog();
  if (c.newLevel) levelDialog_.open();
  if (c.listen) listenDialog_.open();
  if (c.save) doc_.save();
  if (c.saveAs) doc_.startSaveAs();
  if (c.exportPair) doc_.askExport(focusedPair());
  if (c.exportScene) doc_.askExport(std::nullopt);
  if (c.screenshot) windowShotPending_ = true;
  if (c.exportFigure) openFigureDialog();
  if (c.quit) doc_.requestClose();
  if (c.copy) doc_.copy(view_.tools().selection.shapes);
  if (c.toggleHistory) showHistory_ = !showHistory_;
  if (c.toggleHelp) showHelp_ = !showHelp_;
  if (c.toggleLegend) showLegend_ = !showLegend_;
  if (c.togglePresentation) view_.setTheme(!view_.presentation(), view_.contentScale());
  if (c.togglePanels) view_.setPanelsHidden(!view_.panelsHidden());
  if (c.uiScaleChanged) doc_.settings().uiScale = c.uiScale;
  if (c.language) setLanguage(*c.language);
  if (c.uiScaleDone) view_.rebuildTheme();
  if (c.frameAll) view_.frameAll(doc_.scene());
  if (c.resetLayout) ++layoutGeneration();
  if (c.writeLesson) editor_.open(doc_.scene());
  if (panels_.drawToolbar(view_.tools().gizmo, doc_.scene().view == ViewMode::TwoD, view_.presentation(), edits)) {
    view_.setTheme(!view_.presentation(), view_.contentScale());
  }
  // TRANSLATORS: in the menu bar while the scene has changes not saved yet
  if (session.dirty()) ImGui::TextDisabled("%s", tr("* unsaved"));
  if (const std::string toast = doc_.shownToast(); !toast.empty() && !windowShotRequested_) {
    const glm::vec4 c = currentPalette().toastText;
    ImGui::TextColored(ImVec4(c.r, c.g, c.b, c.a), "  %s", toast.c_str());
  }
  ImGui::EndMainMenuBar();
  return c;
}

void Viewer::applySceneCommands(const MenuCommands& c) {
  if (c.newScene) doc_.askNewScene();
  if (c.openRecent >= 0) doc_.askToOpen(doc_.settings().recent[static_cast<size_t>(c.openRecent)]);
  if (c.openLesson >= 0) doc_.askToOpenLesson(c.openLesson);
  if (c.toggleTwoD) doc_.setViewMode(doc_.scene().view == ViewMode::TwoD ? ViewMode::ThreeD : ViewMode::TwoD);
  if (c.undo) doc_.undo();
  if (c.redo) doc_.redo();
  if (c.paste) {
    ++pasteCount_;
    const std::vector<int> added = doc_.paste();
    if (!added.empty()) view_.tools().selection.shapes = added;
  }
}

void Viewer::drawUi() {
  view_.drawViewText(pictures_.rect());
  doc_.drawAutosaveWarning();
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantCaptureKeyboard && !doc_.work()) {
    // The student view stays in presentation mode with the panels away.
    if (plainPressed(Key::F5) && !student_.on()) view_.setTheme(!view_.presentation(), view_.contentScale());
    if (plainPressed(Key::Tab) && !student_.on()) view_.setPanelsHidden(!view_.panelsHidden());
    if (plainPressed(Key::G)) showLegend_ = !showLegend_;
    if (plainPressed(Key::N)) showLessonCard_ = !showLessonCard_;
    // Previous and next lesson, with the panels shown or hidden.
    const int index = doc_.lessonIndex(), count = static_cast<int>(doc_.lessonTitles().size());
    if (plainPressed(Key::PageUp) && index > 0) doc_.askToOpenLesson(index - 1);
    if (plainPressed(Key::PageDown) && index >= 0 && index + 1 < count) doc_.askToOpenLesson(index + 1);
  }
  Scene& scene = shownScene();
  Explorer& explorer = view_.explorer();
  drawTimeBar();
  if (showLegend_) {
    const bool panels = !view_.panelsHidden();
    drawLegendPanel(showLegend_, panels ? currentLayout().freeLeft : cardRight_,
                    panels ? currentLayout().freeRight : io.DisplaySize.x);
  }
  if (view_.panelsHidden()) {
    // Only the step bar, the step's picture and the lesson's text: the view is the lesson. A
    // lesson's card at the top left with the step bar under it, as wide (the column of words
    // beside the picture); else the step bar alone at the top centre.
    cardRight_ = 0.0f;
    std::optional<ImVec2> card;
    if (showLessonCard_ && isLesson()) {
      // As tall as the window leaves beside the step bar under it (as tall as last frame).
      const std::optional<ScreenRect> bar = explorer.stepBarRect();
      const float barHeight = bar ? bar->hi.y - bar->lo.y : io.DisplaySize.y * 0.2f;
      const float keyLine = student_.on() ? keyLineHeight_ + kPanelMargin : 0.0f;  // the student view's line below
      const float share =
          (io.DisplaySize.y - barHeight - keyLine - 4.0f * kPanelMargin) / std::max(io.DisplaySize.y, 1.0f);
      card = drawLessonCard(scene, doc_.lessonIndex(), static_cast<int>(doc_.lessonTitles().size()), cardNotes_, 0.34f,
                            std::clamp(share, 0.3f, 0.8f), predictScore(), &cardScrolls_, &cardFit_);
    }
    cardBottom_ = 0.0f;
    std::optional<CameraRequest> stepBarCamera;
    if (card) {
      cardRight_ = card->x;
      cardBottom_ = card->y;
      stepBarCamera = explorer.drawStepBar(
          scene, view_.presentation(),
          Explorer::StepBarPlace{glm::vec2(kPanelMargin, card->y + kPanelMargin), card->x - kPanelMargin});
    } else {
      stepBarCamera = explorer.drawStepBar(scene, view_.presentation());
    }
    if (stepBarCamera) view_.moveCamera(*stepBarCamera);
    if (showHelp_) drawHelpPanel(showHelp_);
    const ScreenRect window{glm::vec2(0.0f), glm::vec2(io.DisplaySize.x, io.DisplaySize.y)};
    explorer.drawCanvasOverlay(scene, window, view_.presentation());
    // Without a pair, the picture of what the lesson is about: the lab's volumes, the
    // second camera's tests, the pipeline's counts.
    if (!explorer.hasFocus()) {
      pictures_.draw(ScenePictureInput{scene, view_.bvLab(), view_.frustum(), view_.pairs(), timeBarShown()}, window,
                     view_.presentation());
    }
    if (student_.on()) {
      // How a teacher leaves it, always on screen: at the bottom of the card's column.
      const float column = card ? card->x - kPanelMargin : io.DisplaySize.x * 0.34f;
      const ScreenRect line = student_.drawKeyLine(column);
      keyLineHeight_ = line.hi.y - line.lo.y;
    }
    drawFigureDialog();
    doc_.drawDialogs();
    return;
  }
  PanelEdits edits;
  // What the menus chose that replaces or rewrites the scene waits until every panel is
  // drawn: the panels below draw this frame's scene (a lesson with fewer shapes opened from
  // the Lessons menu left the pairs panel reading shapes that were gone, and crashed).
  const MenuCommands menu = drawMenuBar(edits);
  const bool isLesson = doc_.lesson().has_value() || doc_.lessonIndex() >= 0;
  panels_.showNotes = !isLesson && !editor_.isOpen();
  panels_.drawShapeList(scene, view_.tools().selection, doc_.name(), view_.placementView(), edits);
  const bool editing = editor_.isOpen();
  if (editing) {
    const LessonState now =
        view_.lessonStateNow(scene, editor_.camera(view_.explorer().hasFocus()) == LessonCamera::OnThePair);
    const LessonEditor::Action act = editor_.draw(now, lessonDraftProblems(scene, editor_.draft(now)));
    if (act.save) doc_.askSaveLesson(editor_.draft(now));
  }
  int lessonNav = 0;  // the lesson panel's previous / next: opened once every panel is drawn
  if (!editing && isLesson) {
    lessonNav = drawLessonPanel(scene, doc_.lessonIndex(), static_cast<int>(doc_.lessonTitles().size()), lessonNotes_,
                                lessonWanted_, predictScore());
  }
  panels_.drawInspector(scene, view_.tools().selection, edits);
  int a = -1, b = -1;
  {
    PairsPanel::EngineSection engine;
    engine.rows = doc_.recording() ? &engineRows_ : nullptr;
    engine.frame = doc_.recordingFrame();
    if (const Recording* rec = doc_.recording(); rec && rec->hasMargins()) {
      engine.note =
          tr("Pairs tested as drawn; the engine grows each shape by its margin (focus a pair: with margins).");
    }
    const Explorer& e = view_.explorer();
    if (const Recording* rec = doc_.recording(); rec && e.hasFocus() &&
                                                 std::max(e.focusA, e.focusB) < static_cast<int>(scene.shapes.size()) &&
                                                 std::min(e.focusA, e.focusB) >= 0) {
      const std::string& na = scene.shapes[static_cast<std::size_t>(e.focusA)].name;
      const std::string& nb = scene.shapes[static_cast<std::size_t>(e.focusB)].name;
      engine.focusedPair = na + " / " + nb;
      if (const std::optional<EngineVerdict> v = engineVerdictOn(*rec, doc_.recordingFrame(), na, nb)) {
        engine.focusedEngine = v->text();
      }
      engine.focusedExact = engineFocusedExact_;
    }
    view_.pairsPanel().setEngineSection(std::move(engine));
  }
  if (view_.pairsPanel().draw(view_.pairs(), scene, explorer.focusA, explorer.focusB, a, b,
                              explorer.predictHidesAnswer())) {
    view_.tools().selection.shapes = {a, b};
    explorer.focus(a, b);
  }
  // A pair focused this frame: its explorer takes its place in the layout at once.
  if (view_.explorerPlaceUsed() != layoutIn_.shown[static_cast<size_t>(Panel::Explorer)]) {
    layoutPanels();
  }
  std::optional<CameraRequest> cameraRequest;
  std::optional<glm::vec3> moveB;
  explorer.drawPanel(scene, cameraRequest, moveB);
  if (!explorer.hasFocus()) drawBvLabPanel(view_.bvLab(), scene);
  if (!explorer.hasFocus() && !view_.bvLab().active()) drawCharacterPanel(view_.character(), scene);
  if (!explorer.hasFocus() && !view_.bvLab().active() && !view_.character().active()) {
    drawFrustumPanel(view_.frustum(), scene);
  }
  if (cameraRequest) view_.moveCamera(*cameraRequest);
  if (moveB) {
    translateShape(scene.shapes[static_cast<size_t>(explorer.trace().shapeB)], *moveB);
    edits.changed = edits.stepFinished = true;
  }
  if (edits.screenshot) windowShotPending_ = true;
  if (edits.importMesh) doc_.askImportMeshDialog();
  if (edits.frameSelection) view_.frameSelection(scene);
  if (edits.changed) reconcileShown();
  if (edits.changed || edits.stepFinished) doc_.edited(edits.stepFinished);
  if (const std::optional<LevelOptions> level = levelDialog_.draw()) doc_.askNewLevel(*level);
  const ListenDialogAction listen = listenDialog_.draw({doc_.listening(), doc_.listenPort(), doc_.liveStatus(true)});
  if (listen.listen) doc_.startListening(listen.port);
  if (listen.stop) doc_.stopListening();
  if (showHistory_) {
    const HistoryAction h = drawHistoryPanel(doc_.session().history(), showHistory_);
    if (h.undo) doc_.undo();
    if (h.redo) doc_.redo();
    if (h.jumpTo) doc_.jumpTo(*h.jumpTo);
  }
  if (showHelp_) drawHelpPanel(showHelp_);
  if (startScreen_) drawStartScreen();
  drawFigureDialog();
  // Another lesson replaces the scene the panels above were drawn from: not before they are.
  if (lessonNav != 0) doc_.askToOpenLesson(doc_.lessonIndex() + lessonNav);
  applySceneCommands(menu);
  // A row of the engine vs exact list: its frame, once every panel is drawn.
  if (const std::optional<std::size_t> row = view_.pairsPanel().takeEngineRowClicked()) showEngineRow(*row);
  doc_.drawDialogs();
  followDocument();
}

void Viewer::stopFollowing() {
  const Recording* rec = doc_.recording();
  if (!rec || !doc_.liveFollowing()) return;
  doc_.setLiveFollowing(false);
  // Play goes on from the frame shown, not from the playback's own time.
  playback_.setTime(rec->frameTime(doc_.recordingFrame()) - rec->frameTime(0));
}

void Viewer::showEngineRow(std::size_t row) {
  if (row >= engineRows_.size() || doc_.recording() == nullptr) return;
  const EngineVsExactRow r = engineRows_[row];
  stopFollowing();
  playback_.pause();
  doc_.showFrame(r.frame);
  const Scene& scene = doc_.scene();
  int a = -1, b = -1;
  for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
    if (scene.shapes[i].name == r.a) a = static_cast<int>(i);
    if (scene.shapes[i].name == r.b) b = static_cast<int>(i);
  }
  followDocument();  // the frame's shapes, before the focus names two of them
  if (a >= 0 && b >= 0) {
    view_.tools().selection.shapes = {a, b};
    view_.explorer().focus(a, b);
  }
}

void Viewer::updateEngineVerdicts() {
  const Recording* rec = doc_.recording();
  if (doc_.verdictGeneration() != engineRowsFor_) {
    engineRowsFor_ = doc_.verdictGeneration();
    engineRows_ = rec ? engineVsExactRows(*rec, doc_.recordingDisagreements()) : std::vector<EngineVsExactRow>{};
  }
  // The focused pair in the frame shown: the exact test's verdict with margins (as the
  // disagreements are settled), and the engine's contact drawn in the view.
  const Explorer& e = view_.explorer();
  const Scene& scene = doc_.scene();
  std::optional<SceneView::EngineContactPicture> picture;
  if (!rec || !e.hasFocus() || std::min(e.focusA, e.focusB) < 0 ||
      std::max(e.focusA, e.focusB) >= static_cast<int>(scene.shapes.size())) {
    engineFocusedExact_.reset();
    engineFocusKey_ = ~std::uint64_t{0};
    view_.setEngineContact(std::nullopt);
    return;
  }
  const std::string& na = scene.shapes[static_cast<std::size_t>(e.focusA)].name;
  const std::string& nb = scene.shapes[static_cast<std::size_t>(e.focusB)].name;
  if (const std::optional<EngineVerdict> v = engineVerdictOn(*rec, doc_.recordingFrame(), na, nb); v && v->listed) {
    picture = SceneView::EngineContactPicture{v->points, v->normal};
  }
  view_.setEngineContact(std::move(picture));
  const std::uint64_t key = (static_cast<std::uint64_t>(doc_.recordingFrame()) << 24) ^
                            (static_cast<std::uint64_t>(static_cast<std::uint32_t>(doc_.frameGeneration())) << 8) ^
                            static_cast<std::uint64_t>(e.focusA * 4099 + e.focusB) ^
                            (static_cast<std::uint64_t>(static_cast<std::uint32_t>(uiLanguageGeneration())) << 52);
  if (key == engineFocusKey_) return;  // the same pair, frame and language
  engineFocusKey_ = key;
  // TRANSLATORS: the exact test's verdict on a pair of a recorded frame, after "exact test: "
  engineFocusedExact_ = tr("apart (their bounds do not meet)");
  FrameVerdictOptions options;
  options.from = doc_.recordingFrame();
  options.to = options.from + 1;
  options.measureAll = true;
  forEachFrameVerdicts(*rec, options, [&](std::size_t, const std::vector<FramePairVerdict>& pairs) {
    for (const FramePairVerdict& p : pairs) {
      const std::string &pa = rec->names[p.a], &pb = rec->names[p.b];
      if ((pa == na && pb == nb) || (pa == nb && pb == na)) {
        engineFocusedExact_ = exactVerdictText(p.exact, p.signedDistance);
      }
    }
  });
}

void Viewer::openFigureDialog() {
  const std::string stem = std::filesystem::path(doc_.name()).stem().string();
  figureDialog_.open(
      (std::filesystem::path("figures") / ((stem.empty() ? std::string("figure") : stem) + ".png")).string());
}

void Viewer::drawFigureDialog() {
  if (!figureDialog_.shown()) return;
  const ImGuiIO& io = ImGui::GetIO();
  FigureDialogView v;
  v.windowWidth = io.DisplaySize.x;
  v.windowHeight = io.DisplaySize.y;
  const Explorer& e = view_.explorer();
  v.steps = e.hasFocus() ? e.stepCount() : 0;
  v.hasPicture =
      e.canvasPictureRect(shownScene(), ScreenRect{glm::vec2(0.0f), glm::vec2(v.windowWidth, v.windowHeight)},
                          view_.presentation(), v.windowHeight)
          .has_value();
  v.twoD = doc_.scene().view == ViewMode::TwoD;
  if (std::optional<FigureDialog::Request> r = figureDialog_.draw(v)) askedFigure_ = std::move(r);
}

void Viewer::exportAskedFigure() {
  if (!askedFigure_) return;
  FigureRequest request;
  request.path = askedFigure_->path;
  request.options = askedFigure_->options;
  request.everyStep = askedFigure_->everyStep;
  request.windowSize = glm::vec2(ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y);
  askedFigure_.reset();
  // In the page: its memory, then a download for each file (the browser asks where it goes).
  if (std::optional<std::string> path = platform::savePathWithoutDialog(request.path)) request.path = std::move(*path);
  const FigureOutcome out = exportFigure(request, NonRegularTarget::Refuse);
  for (const std::string& f : out.written) platform::offerDownload(f);
  if (!out.ok) {
    doc_.showMessagef(N_("Figure not written:\n%s"), out.error.c_str());
  } else if (out.written.size() == 1) {
    doc_.showToastf(N_("figure saved to %s"), out.written.front().c_str());
  } else if (!out.written.empty()) {
    // Two or more: "%zu figures saved: FIRST ... LAST".
    const std::string last = std::filesystem::path(out.written.back()).filename().string();
    const long long n = static_cast<long long>(out.written.size());
    doc_.showToast(formatted("%lld figures saved: %s ... %s", n, out.written.front().c_str(), last.c_str()),
                   formatted(trn("%lld figure saved: %s ... %s", "%lld figures saved: %s ... %s", n), n,
                             out.written.front().c_str(), last.c_str()));
  }
}

void Viewer::saveWindowScreenshot(const std::vector<std::uint8_t>& rgba, int width, int height) {
  windowShotRequested_ = false;
  doc_.saveWindowScreenshot(rgba, width, height);
}

std::string Viewer::predictScore() const {
  const Explorer& e = view_.explorer();
  if (e.predictAsked() == 0) return {};
  return formatted(tr("Predictions: %d of %d right"), e.predictRight(), e.predictAsked());
}

std::string Viewer::selectionText() const {
  std::string out;
  const Scene& scene = doc_.scene();
  for (int i : view_.tools().selection.shapes) {
    if (i < 0 || i >= static_cast<int>(scene.shapes.size())) continue;
    if (!out.empty()) out += ", ";
    out += scene.shapes[static_cast<size_t>(i)].name;
  }
  return out.empty() ? "(none)" : out;
}

std::optional<std::string> Viewer::saveScene(const std::string& path) const {
  return satlab::saveScene(doc_.scene(), path, NonRegularTarget::WriteInPlace);
}

std::string Viewer::timeBarStatus() const {
  const std::optional<ScreenRect> r = timeBarRect();
  if (!r) return {};
  char buf[96];
  std::snprintf(buf, sizeof buf, "time bar at %.0f,%.0f to %.0f,%.0f", static_cast<double>(r->lo.x),
                static_cast<double>(r->lo.y), static_cast<double>(r->hi.x), static_cast<double>(r->hi.y));
  return buf;
}

std::string Viewer::marginPlotStatus() const { return satlab::marginPlotStatus(marginPlot_, marginPlotShownSample()); }

std::string Viewer::precisionStatus() {
  const Explorer& e = view_.explorer();
  const Scene& scene = shownScene();
  const int n = static_cast<int>(scene.shapes.size());
  if (!e.hasFocus() || e.focusA == e.focusB || e.focusA >= n || e.focusB >= n) return {};
  if (e.predictHidesAnswer()) return "precision: hidden until the prediction is answered";
  return satlab::precisionStatus(scene, e.focusA, e.focusB) + (e.floatGridShown() ? "; float grid drawn" : "");
}

std::string Viewer::lessonCardStatus() const {
  if (cardRight_ <= 0.0f) return {};
  char buf[128];
  std::snprintf(buf, sizeof buf, "lesson card: right edge %.0f, bottom %.0f, text %s", static_cast<double>(cardRight_),
                static_cast<double>(cardBottom_), cardScrolls_ ? "scrolls" : "fits");
  return buf;
}

std::string Viewer::timeStatus() const {
  char buf[160];
  if (const Recording* rec = doc_.recording()) {
    // The engine's frame numbers; the index (from 0) labelled as one.
    const std::size_t f = doc_.recordingFrame();
    const std::string frame = recordedFrameText(rec->frameNumber(f), f, rec->frameCount());
    if (doc_.recordingBetween() > 0.0f) {
      std::snprintf(buf, sizeof buf, "time: %s and %.4f of the way to the next, %s", frame.c_str(),
                    static_cast<double>(doc_.recordingBetween()), playback_.playing() ? "playing" : "paused");
    } else {
      std::snprintf(buf, sizeof buf, "time: %s, %s", frame.c_str(), playback_.playing() ? "playing" : "paused");
    }
    const auto& broken = doc_.firstBrokenFrame();
    const auto number = [&](std::size_t i) {
      return std::to_string(rec->frameNumber(std::min(i, rec->frameCount() - 1)));
    };
    return std::string(buf) + (broken ? ", first broken expectation " +
                                            std::string(broken->between ? "between frames " + number(broken->frame) +
                                                                              " and " + number(broken->frame + 1)
                                                                        : "at frame " + number(broken->frame))
                                      : ", every expectation holds");
  } else if (!timeBarShown()) {
    return "time: still";
  } else {
    std::snprintf(buf, sizeof buf, "time: t = %.4f s, %s", playback_.time(),
                  playback_.playing() ? "playing" : "paused");
  }
  return buf;
}

std::string Viewer::expectationStatus() const {
  const Scene& scene = doc_.scene();
  if (scene.expect.empty()) return "expectations: none";
  const size_t bad = view_.pairs().mismatches().size();
  return bad == 0 ? "expectations: all " + std::to_string(scene.expect.size()) + " met"
                  : "expectations: " + std::to_string(bad) + " of " + std::to_string(scene.expect.size()) + " NOT met";
}

}  // namespace satlab
