// The two-phase pipeline's picture on the canvas (world/pipeline.hpp; the pairs panel's
// Pipeline section has the same numbers and more): the pairs left after each phase, the share
// the AABB test settled alone (the large-scene blog post's claim), the two caches' hits and
// misses and the time they saved against a run without them (the 2010 paper's claim), and
// two plots over the frames kept: that share, and the frame time with and without caches.
#include "i18n/i18n.hpp"
#include "ui/pipeline_panel.hpp"
#include "ui/scene_pictures.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>

namespace satlab {

namespace {

constexpr float kTitleRow = 1.35f;
constexpr float kRow = 1.1f;
constexpr int kNumberRows = 7;  // pairs possible, tree, AABB test, exact, share, the caches twice
constexpr float kCaptionRow = 0.9f;
constexpr float kPlotRows = 2.4f;
constexpr float kWidth = 22.0f;
constexpr size_t kSmoothFrames = 20;  // the frame-time plot's running mean

ImU32 u32(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

/// 98790 -> "98,790".
std::string count(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

/// One line over the frames kept (the whole width is kPipelineHistoryFrames), from 0 at y1 to
/// `top` at y0; values above `top` are drawn at it.
/// With `smooth` > 1 each point is the mean of the last `smooth` frames (frame times jitter
/// with whatever else the machine runs; the two runs' difference is in their means).
template <class Value>
void plotLine(const CanvasPainter& p, const std::deque<PipelineFrameStats>& h, Value value, double top, float x0,
              float x1, float y0, float y1, ImU32 color, size_t smooth = 1) {
  if (h.size() < 2) return;
  double hi = top;
  if (!(hi > 0.0)) hi = 1.0;
  std::vector<glm::vec2> pts;
  pts.reserve(h.size());
  double sum = 0.0;
  for (size_t k = 0; k < h.size(); ++k) {
    sum += static_cast<double>(value(h[k]));
    if (k >= smooth) sum -= static_cast<double>(value(h[k - smooth]));
    const double mean = sum / static_cast<double>(std::min(k + 1, smooth));
    const float x = x0 + (x1 - x0) * static_cast<float>(k) / static_cast<float>(kPipelineHistoryFrames - 1);
    const float y = y1 - (y1 - y0) * static_cast<float>(std::clamp(mean / hi, 0.0, 1.0));
    pts.emplace_back(x, y);
  }
  p.polyline(pts, color, std::max(2.0f, p.style().line * 1.2f));
}

}  // namespace

glm::vec2 pipelinePictureSize(const ScenePictureInput&, const CanvasStyle& st) {
  return glm::vec2(kWidth * st.text,
                   (kTitleRow + kRow * kNumberRows + kCaptionRow + kPlotRows) * st.text + 2.0f * st.pad);
}

PictureWords drawPipelinePicture(const ScenePictureInput& in, const CanvasPainter& p, const ScreenRect& rect) {
  PictureWords words;
  const PipelineFrameStats& s = in.pairs.pipelineFrame();
  const std::deque<PipelineFrameStats>& history = in.pairs.pipelineHistory();
  const PipelineOptions& o = in.pairs.pipelineOptions();
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o0 = rect.lo + glm::vec2(st.pad);
  const float right = rect.hi.x - st.pad;
  char buf[160];
  std::snprintf(buf, sizeof buf, tr("The pipeline, frame %llu"), static_cast<unsigned long long>(s.frame));
  p.text(o0, st.ink, buf);
  words.push_back(buf);
  float y = o0.y + kTitleRow * u;
  // Name on the left, the number right-aligned; `scale` shrinks a long value to the room.
  auto row = [&](const std::string& name, const std::string& value, ImU32 color) {
    p.text(glm::vec2(o0.x, y), color, name);
    const float room = right - o0.x - p.measure(name).x - u;
    const float scale = std::min(1.0f, room / std::max(p.measure(value).x, 1.0f));
    p.text(glm::vec2(right - p.measure(value, scale).x, y), color, value, scale);
    words.push_back(name + " " + value);
    y += kRow * u;
  };
  if (s.refused) {
    row(tr("not run this frame:"), tr("too many pairs"), st.overlap);
  } else {
    row(tr("pairs possible"), count(s.pairsPossible), st.ink);
  }
  row(o.useTree ? tr("after the tree") : tr("candidates (tree off)"), count(s.afterTree), st.ink);
  row(tr("after the AABB test"), count(s.afterAabb), st.ink);
  row(tr("exact tests"), count(s.exactTests), st.ink);
  // Claim 1: the AABB test alone settles most pairs.
  std::uint64_t candidates = 0, exact = 0;
  for (const PipelineFrameStats& f : history) candidates += f.afterTree, exact += f.exactTests;
  const double share = candidates ? 1.0 - static_cast<double>(exact) / static_cast<double>(candidates) : 1.0;
  std::snprintf(
      buf, sizeof buf,
      trn("%d%% (%d%% over %zu frame)", "%d%% (%d%% over %zu frames)", static_cast<long long>(history.size())),
      wholePercent(s.settledByAabbShare()), wholePercent(share), history.size());
  row(tr("AABB test alone settled"), buf, st.gap);
  // Claim 2: the caches, their counts and what they saved against the run without them.
  std::snprintf(buf, sizeof buf, tr("AABB list %s/%s, OBB list %s/%s"), count(s.aabbHits).c_str(),
                count(s.aabbMisses).c_str(), count(s.triangleHits).c_str(), count(s.triangleMisses).c_str());
  row(tr("cache hits/misses"), buf, st.ink);
  const std::deque<PipelineFrameStats>* shadow = in.pairs.shadowHistory();
  std::string saving;
  if (!o.aabbCache && !o.triangleCache) {
    saving = tr("both off");
  } else if (shadow != nullptr && shadow->size() > 1) {
    const CacheSaving c = measureCacheSaving(history, *shadow);
    if (c.verdictsAgree) {
      std::snprintf(buf, sizeof buf,
                    trn("%.1f%% over %zu frame", "%.1f%% over %zu frames", static_cast<long long>(c.frames)),
                    100.0 * c.share, c.frames);
    } else {
      std::snprintf(buf, sizeof buf,
                    trn("%.1f%% over %zu frame, verdicts differ!", "%.1f%% over %zu frames, verdicts differ!",
                        static_cast<long long>(c.frames)),
                    100.0 * c.share, c.frames);
    }
    saving = buf;
  } else {
    saving = tr("measured while playing (P)");
  }
  row(tr("the caches saved"), saving, st.ink);
  // The plots, side by side: the share settled by the AABB test (0 to 100%), and the frame
  // time with the caches (ink) and without them (the dim line).
  const float gapX = 0.8f * u, mid = 0.5f * (o0.x + right);
  const float top = y + kCaptionRow * u, bottom = y + (kCaptionRow + kPlotRows) * u - 0.2f * u;
  const ImU32 grid = u32(currentPalette().panelGrid);
  const float ax0 = o0.x, ax1 = mid - 0.5f * gapX, bx0 = mid + 0.5f * gapX, bx1 = right;
  const bool withShadow = shadow != nullptr && shadow->size() > 1;
  // A caption over each plot, smaller where it would run past the plot's width.
  const auto caption = [&](float x0, float x1, const std::string& text) {
    p.text(glm::vec2(x0, y), st.dim, text, std::min(0.8f, (x1 - x0) / std::max(p.measure(text).x, 1.0f)));
  };
  caption(ax0, ax1, tr("AABB test alone, 0-100%"));
  caption(bx0, bx1, withShadow ? tr("ms (mean), with / without caches") : tr("ms a frame (mean)"));
  p.rectOutline(glm::vec2(ax0, top), glm::vec2(ax1, bottom), grid, 1.0f);
  p.rectOutline(glm::vec2(bx0, top), glm::vec2(bx1, bottom), grid, 1.0f);
  plotLine(
      p, history, [](const PipelineFrameStats& f) { return 100.0 * f.settledByAabbShare(); }, 100.0, ax0, ax1, top,
      bottom, st.gap);
  // The top at the 95th percentile of both runs' times: the first frame, which builds the
  // tree, and a preempted one would flatten the rest (what is above it is drawn at the top).
  std::vector<double> times;
  for (const PipelineFrameStats& f : history) times.push_back(f.totalMs);
  if (withShadow) {
    for (const PipelineFrameStats& f : *shadow) times.push_back(f.totalMs);
  }
  double hi = 0.0;
  if (!times.empty()) {
    const size_t k = times.size() * 95 / 100;
    std::nth_element(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(k), times.end());
    hi = times[k] * 1.15;
  }
  if (withShadow) {
    plotLine(
        p, *shadow, [](const PipelineFrameStats& f) { return f.totalMs; }, hi, bx0, bx1, top, bottom, st.dim,
        kSmoothFrames);
  }
  plotLine(
      p, history, [](const PipelineFrameStats& f) { return f.totalMs; }, hi, bx0, bx1, top, bottom, st.ink,
      kSmoothFrames);
  return words;
}

}  // namespace satlab
