#include "check/recording_check.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "base/progress.hpp"
#include "check/output_check.hpp"
#include "check/precision_report.hpp"
#include "document/json_path.hpp"
#include "evaluation/pair_eval.hpp"
#include "world/margin_track.hpp"
#include "world/recording_exact.hpp"

namespace satlab {
namespace {

using Json = nlohmann::ordered_json;

// Flips listed per pair in the table; the JSON lists them all.
constexpr std::size_t kFlipsShown = 12;

std::string term(std::string_view text) { return printable(text, 1u << 16); }

std::string dump(const Json& j, int indent = -1) { return j.dump(indent, ' ', false, Json::error_handler_t::replace); }

// Contacts between frames listed in the table; the JSON lists them all.
constexpr std::size_t kBetweenShown = 40;

std::string frameText(const Recording& rec, std::size_t f) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "frame %lld (t = %.6g s)", static_cast<long long>(rec.frameNumber(f)),
                rec.frameTime(f));
  return buf;
}

// "touches at t = 0.1234 s between frames 41 and 42, passed through"
std::string betweenText(const Recording& rec, const BetweenFrames& c) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "touches at t = %.6g s between frames %lld and %lld%s", c.time,
                static_cast<long long>(rec.frameNumber(c.frame - 1)), static_cast<long long>(rec.frameNumber(c.frame)),
                c.through ? ", passed through" : "");
  return buf;
}

/// What the report says of the pairs without a test between frames.
std::string untestedText(std::size_t untested) {
  return "  (" + std::to_string(untested) + (untested == 1 ? " time" : " times") +
         " a pair near enough had no test between frames: a mesh, a segment against a sphere, a capsule or "
         "a triangle, a shape that changed size or kind; checked at the frames only)";
}

struct Broken {
  std::size_t frame = 0, expectation = 0;
  double time = 0.0;  ///< when it broke: the frame's time, or the contact's between frames
  bool betweenFrames = false;
  std::string message;
};

// The first broken expectation with its message: in a frame, as checkExpectations words it,
// or between two frames (a pair expected never to overlap that touches), whichever is earlier.
std::optional<Broken> firstBroken(const Recording& rec, const std::vector<BetweenFrames>& between) {
  std::optional<Broken> out;
  if (const auto at = firstBrokenExpectation(rec)) {
    out = Broken{at->first, at->second, rec.frameTime(at->first), false,
                 brokenExpectationMessage(rec, at->first, at->second)};
  }
  if (const auto at = firstBrokenBetweenFrames(rec, between)) {
    const BetweenFrames& c = between[at->first];
    // Earlier than the frame that broke it (a contact that goes on into frame f breaks f too).
    if (!out || c.time < out->time || (c.time == out->time && c.frame <= out->frame)) {
      const Expectation& e = rec.expect[at->second];
      out =
          Broken{c.frame, at->second, c.time, true, e.a + " / " + e.b + ": expected separated, " + betweenText(rec, c)};
    }
  }
  return out;
}

// Where an expectation broke, for the messages: "frame 42 (t = 0.7 s)" or "between frames 41 and 42".
std::string brokenWhere(const Recording& rec, const Broken& b) {
  if (!b.betweenFrames) return frameText(rec, b.frame);
  return "between frames " + std::to_string(rec.frameNumber(b.frame - 1)) + " and " +
         std::to_string(rec.frameNumber(b.frame));
}

// Whether `text` matches `pattern`, where '*' matches any run of characters.
bool matches(std::string_view pattern, std::string_view text) {
  std::size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p, ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

// Which pairs the report lists: those with a shape whose name or group matches --only.
class PairFilter {
 public:
  PairFilter(const Recording& rec, const std::vector<std::string>& only) {
    if (only.empty()) return;
    keep_.assign(rec.names.size(), 0);
    std::vector<std::uint32_t> group(rec.names.size(), kNoGroup);
    for (const RecordedStatic& st : rec.statics) group[st.name] = st.group;
    for (const RecordedShape& sh : rec.shapes) {
      if (group[sh.name] == kNoGroup) group[sh.name] = sh.group;
    }
    for (std::size_t n = 0; n < rec.names.size(); ++n) {
      for (const std::string& pattern : only) {
        if (matches(pattern, rec.names[n]) || (group[n] != kNoGroup && matches(pattern, rec.groups[group[n]]))) {
          keep_[n] = 1;
          break;
        }
      }
    }
    byName_.reserve(rec.names.size());
    for (std::size_t n = 0; n < rec.names.size(); ++n) byName_.emplace(rec.names[n], static_cast<std::uint32_t>(n));
  }
  bool keeps(std::uint32_t a, std::uint32_t b) const { return keep_.empty() || keep_[a] || keep_[b]; }
  bool keeps(const std::string& a, const std::string& b) const {
    if (keep_.empty()) return true;
    const auto ia = byName_.find(a), ib = byName_.find(b);
    return (ia != byName_.end() && keep_[ia->second]) || (ib != byName_.end() && keep_[ib->second]);
  }
  bool active() const { return !keep_.empty(); }

 private:
  std::vector<std::uint8_t> keep_;
  std::unordered_map<std::string_view, std::uint32_t> byName_;
};

// One frame's counts (--frames).
struct FrameStats {
  std::size_t index = 0, shapes = 0, pairs = 0, overlapping = 0, engineContacts = 0, disagreements = 0;
  bool engineSpoke = false;
};

// A frame's verdicts (--all-pairs).
struct FrameVerdicts {
  std::size_t index = 0;
  std::vector<FramePairVerdict> pairs;
};

// Everything the report says, computed once.
struct RecordingReport {
  std::vector<PairFlips> flips;
  std::size_t staticPairsSkipped = 0;
  std::vector<std::pair<std::string, std::string>> staticOverlaps;  // --static-pairs
  std::vector<BetweenFrames> between;
  std::size_t untested = 0;
  std::optional<Broken> broken;
  std::vector<Disagreement> disagreements;
  std::size_t framesWithContacts = 0;
  std::vector<FrameStats> frameStats;        // --frames
  std::vector<FrameVerdicts> frameVerdicts;  // --all-pairs
  std::size_t totalFrames = 0;               // the recording's frames before --frames
};

RecordingReport computeReport(const Recording& rec, const CheckOptions& options, std::size_t totalFrames) {
  RecordingReport r;
  r.totalFrames = totalFrames;
  const PairFilter filter(rec, options.only);
  r.flips = verdictFlips(rec, &r.staticPairsSkipped);
  r.flips.erase(
      std::remove_if(r.flips.begin(), r.flips.end(), [&](const PairFlips& p) { return !filter.keeps(p.a, p.b); }),
      r.flips.end());
  r.between = betweenFrames(rec, &r.untested);
  r.broken = firstBroken(rec, r.between);
  r.between.erase(std::remove_if(r.between.begin(), r.between.end(),
                                 [&](const BetweenFrames& c) { return !filter.keeps(c.a, c.b); }),
                  r.between.end());
  for (const RecordedFrame& f : rec.frames) r.framesWithContacts += f.hasContacts ? 1 : 0;
  const bool walk = r.framesWithContacts > 0 || options.frames > 0 || options.allPairs;
  if (walk) {
    FrameVerdictOptions o;
    o.measureAll = options.allPairs;
    progressStage("Stepping the frames", "", rec.frameCount(), ProgressUnit::Frames);
    forEachFrameVerdicts(rec, o, [&](std::size_t f, const std::vector<FramePairVerdict>& pairs) {
      progressAt(f);
      FrameStats st;
      st.index = f;
      st.shapes = rec.statics.size() + rec.frameShapeCount(f);
      st.engineSpoke = rec.frames[f].hasContacts;
      st.engineContacts = rec.frameContactCount(f);
      FrameVerdicts fv;
      fv.index = f;
      for (const FramePairVerdict& p : pairs) {
        if (!filter.keeps(p.a, p.b)) continue;
        ++st.pairs;
        st.overlapping += p.exact ? 1 : 0;
        if (p.disagrees) {
          ++st.disagreements;
          r.disagreements.push_back(Disagreement{static_cast<std::uint32_t>(f), p});
        }
        if (options.allPairs) fv.pairs.push_back(p);
      }
      if (options.frames > 0) r.frameStats.push_back(st);
      if (options.allPairs) r.frameVerdicts.push_back(std::move(fv));
    });
  }
  if (options.staticPairs && rec.statics.size() > 1) {
    Scene scene;
    for (const RecordedStatic& st : rec.statics) scene.shapes.push_back(st.shape);
    scene.view = rec.view;
    for (std::size_t a = 0; a < scene.shapes.size(); ++a) {
      for (std::size_t b = a + 1; b < scene.shapes.size(); ++b) {
        if (!filter.keeps(rec.statics[a].name, rec.statics[b].name)) continue;
        if (recordedRawOverlap(scene, a, b, rec.statics[a].margin, rec.statics[b].margin))
          r.staticOverlaps.emplace_back(scene.shapes[a].name, scene.shapes[b].name);
      }
    }
  }
  return r;
}

std::size_t largestFrame(const Recording& rec) {
  std::size_t most = 0;
  for (const RecordedFrame& f : rec.frames) most = std::max<std::size_t>(most, f.shapeCount);
  return most;
}

void writeTable(const Recording& rec, const std::string& path, const CheckOptions& options,
                const RecordingReport& report, std::FILE* out) {
  const std::vector<PairFlips>& flips = report.flips;
  const std::vector<BetweenFrames>& between = report.between;
  const std::size_t untested = report.untested;
  const std::optional<Broken>& broken = report.broken;
  std::fprintf(out, "recording: %s (version %d)\n", term(path).c_str(), rec.version);
  if (!rec.title.empty()) std::fprintf(out, "title: %s\n", term(rec.title).c_str());
  if (!rec.engine.empty()) std::fprintf(out, "engine: %s\n", term(rec.engine).c_str());
  const std::size_t n = rec.frameCount();
  std::fprintf(out, "view: %s; %zu frames, %s to %s; %zu shape names, at most %zu shapes in a frame\n",
               std::string(viewModeName(rec.view)).c_str(), n, frameText(rec, 0).c_str(), frameText(rec, n - 1).c_str(),
               rec.names.size(), largestFrame(rec));
  if (report.totalFrames > n) {
    std::fprintf(out, "(the first %zu of its %zu frames, as --frames asked)\n", n, report.totalFrames);
  }
  std::fprintf(out, "static shapes: %zu; tolerance %g%s\n", rec.statics.size(), double(rec.tolerance),
               rec.hasMargins() ? "; shapes grown by their margins" : "");
  if (!options.only.empty()) {
    std::fprintf(out, "pairs listed: those with a shape or group matching");
    for (const std::string& o : options.only) std::fprintf(out, " %s", term(o).c_str());
    std::fprintf(out, "\n");
  }
  if (report.staticPairsSkipped > 0) {
    std::fprintf(out, "%zu pair%s of two static shapes near each other not tested (they never move%s)\n",
                 report.staticPairsSkipped, report.staticPairsSkipped == 1 ? "" : "s",
                 options.staticPairs ? "; their overlaps below" : "; --static-pairs lists their overlaps");
  }
  if (options.staticPairs) {
    std::fprintf(out, "\nstatic pairs that overlap: %zu\n", report.staticOverlaps.size());
    for (const auto& [a, b] : report.staticOverlaps) std::fprintf(out, "  %s / %s\n", term(a).c_str(), term(b).c_str());
  }
  std::fprintf(out, "\npairs that overlap in some frame: %zu\n", flips.size());
  for (const PairFlips& p : flips) {
    std::fprintf(out, "  %s / %s: %s in the first frame", term(p.a).c_str(), term(p.b).c_str(),
                 p.overlapAtStart ? "overlap" : "separated");
    if (p.flipFrames.empty()) {
      std::fprintf(out, ", never flips\n");
      continue;
    }
    std::fprintf(out, "; flips %zu time%s, in", p.flipFrames.size(), p.flipFrames.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < p.flipFrames.size() && i < kFlipsShown; ++i) {
      std::fprintf(out, "%s %s", i ? "," : "", frameText(rec, p.flipFrames[i]).c_str());
    }
    if (p.flipFrames.size() > kFlipsShown) std::fprintf(out, ", ... (%zu more)", p.flipFrames.size() - kFlipsShown);
    std::fprintf(out, "\n");
    // What decided each flip: the margin in the frame before and in the frame itself.
    for (std::size_t i = 0; i < p.flipFrames.size() && i < kFlipsShown; ++i) {
      const std::uint32_t f = p.flipFrames[i];
      std::string why = flipCauseText(recordedFlipCause(rec, f, p.a, p.b));
      if (options.precision) {
        if (const std::optional<PrecisionLens> lens = recordedPrecision(rec, f, p.a, p.b))
          why += "; " + precisionText(*lens);
      }
      std::fprintf(out, "    %s: %s\n", frameText(rec, f).c_str(), term(why).c_str());
    }
  }
  const std::size_t through = static_cast<std::size_t>(
      std::count_if(between.begin(), between.end(), [](const BetweenFrames& c) { return c.through; }));
  std::fprintf(out, "\npairs that touch between two frames: %zu (%zu passed through, apart in both frames)\n",
               between.size(), through);
  for (std::size_t i = 0; i < between.size() && i < kBetweenShown; ++i) {
    const BetweenFrames& c = between[i];
    std::fprintf(out, "  %s / %s: %s (%s)\n", term(rec.names[c.a]).c_str(), term(rec.names[c.b]).c_str(),
                 betweenText(rec, c).c_str(), std::string(c.code).c_str());
  }
  if (between.size() > kBetweenShown) std::fprintf(out, "  ... (%zu more)\n", between.size() - kBetweenShown);
  if (untested > 0) std::fprintf(out, "%s\n", untestedText(untested).c_str());
  if (report.framesWithContacts > 0) {
    std::fprintf(out,
                 "\nthe engine's verdicts: %zu frames; disagreements with the exact test beyond the tolerance: %zu\n",
                 report.framesWithContacts, report.disagreements.size());
    for (std::size_t i = 0; i < report.disagreements.size() && i < kBetweenShown; ++i) {
      const Disagreement& d = report.disagreements[i];
      std::fprintf(out, "  %s: %s / %s: engine %s, exact %s (%s)\n", frameText(rec, d.frame).c_str(),
                   term(rec.names[d.pair.a]).c_str(), term(rec.names[d.pair.b]).c_str(),
                   d.pair.engine == 1 ? "touching" : "apart", d.pair.exact ? "overlap" : "apart",
                   signedDistanceText(d.pair.signedDistance).c_str());
    }
    if (report.disagreements.size() > kBetweenShown)
      std::fprintf(out, "  ... (%zu more)\n", report.disagreements.size() - kBetweenShown);
  }
  if (!report.frameStats.empty()) {
    std::fprintf(out, "\nframes (pairs near enough to test, overlapping, the engine's contacts, disagreements):\n");
    for (const FrameStats& st : report.frameStats) {
      std::fprintf(out, "  %s: %zu shapes, %zu pairs, %zu overlapping", frameText(rec, st.index).c_str(), st.shapes,
                   st.pairs, st.overlapping);
      if (st.engineSpoke)
        std::fprintf(out, ", engine %zu contacts, %zu disagreements", st.engineContacts, st.disagreements);
      std::fprintf(out, "\n");
    }
  }
  if (!report.frameVerdicts.empty()) {
    std::fprintf(out, "\nverdicts per frame (pairs near enough to test; the rest are apart):\n");
    for (const FrameVerdicts& fv : report.frameVerdicts) {
      std::fprintf(out, "  %s:%s\n", frameText(rec, fv.index).c_str(), fv.pairs.empty() ? " no pair near" : "");
      for (const FramePairVerdict& p : fv.pairs) {
        std::fprintf(out, "    %s / %s: %s (%s)%s%s\n", term(rec.names[p.a]).c_str(), term(rec.names[p.b]).c_str(),
                     p.exact ? "overlap" : "apart", signedDistanceText(p.signedDistance).c_str(),
                     p.engine < 0 ? ""
                     : p.engine   ? "; engine touching"
                                  : "; engine apart",
                     p.disagrees ? " DISAGREE" : "");
      }
    }
  }
  if (rec.expect.empty()) return;
  if (broken) {
    std::fprintf(out, "\nexpectations: %zu; the first broken: expectation %zu %s%s (frame index %zu): %s\n",
                 rec.expect.size(), broken->expectation + 1, broken->betweenFrames ? "" : "in ",
                 brokenWhere(rec, *broken).c_str(), broken->frame, term(broken->message).c_str());
  } else {
    std::fprintf(out, "\nexpectations: %zu, met in every frame that has both of their shapes and between the frames\n",
                 rec.expect.size());
  }
}

// A deciding margin as JSON: {"axis": LABEL, "gap": X} apart, {"axis": LABEL, "depth": X}
// overlapping, null when not measured.
Json marginJson(const std::optional<PairMargin>& m) {
  if (!m) return nullptr;
  if (m->overlap) return {{"axis", m->label()}, {"depth", -m->value}};
  return {{"axis", m->label()}, {"gap", m->value}};
}

// A signed distance as JSON: the number, or null when not measured.
Json signedJson(double d) { return std::isnan(d) ? Json(nullptr) : Json(d); }

void writeJson(const Recording& rec, const std::string& path, const CheckOptions& options,
               const RecordingReport& report, std::FILE* out) {
  const std::vector<PairFlips>& flips = report.flips;
  const std::vector<BetweenFrames>& between = report.between;
  const std::size_t untested = report.untested;
  const std::optional<Broken>& broken = report.broken;
  Json j;
  j["file"] = path;
  j["kind"] = "recording";
  j["version"] = rec.version;
  j["title"] = rec.title;
  j["engine"] = rec.engine;
  j["view"] = std::string(viewModeName(rec.view));
  j["frames"] = rec.frameCount();
  j["frames_in_file"] = report.totalFrames;
  j["first_frame"] = rec.frameNumber(0);
  j["last_frame"] = rec.frameNumber(rec.frameCount() - 1);
  j["names"] = rec.names.size();
  j["largest_frame"] = largestFrame(rec);
  j["static_shapes"] = rec.statics.size();
  j["tolerance"] = rec.tolerance;
  j["static_pairs_skipped"] = report.staticPairsSkipped;
  if (!options.only.empty()) j["only"] = options.only;
  if (options.staticPairs) {
    Json list = Json::array();
    for (const auto& [a, b] : report.staticOverlaps) list.push_back({{"a", a}, {"b", b}});
    j["static_overlaps"] = std::move(list);
  }
  Json pairs = Json::array();
  for (const PairFlips& p : flips) {
    Json frames = Json::array();
    for (std::uint32_t f : p.flipFrames) {
      const FlipCause cause = recordedFlipCause(rec, f, p.a, p.b);
      Json flip = {{"index", f},
                   {"frame", rec.frameNumber(f)},
                   {"time", rec.frameTime(f)},
                   {"decided_by", {{"before", marginJson(cause.before)}, {"after", marginJson(cause.after)}}}};
      if (options.precision) {
        const std::optional<PrecisionLens> lens = recordedPrecision(rec, f, p.a, p.b);
        flip["precision"] = lens ? precisionJson(*lens) : Json(nullptr);
      }
      frames.push_back(std::move(flip));
    }
    pairs.push_back({{"a", p.a}, {"b", p.b}, {"overlap_at_start", p.overlapAtStart}, {"flips", frames}});
  }
  j["pairs"] = pairs;
  // The frames after which some pair first touched, each with its contacts.
  Json frames = Json::array();
  for (std::size_t i = 0; i < between.size();) {
    const std::uint32_t f = between[i].frame;
    Json swept = Json::array();
    for (; i < between.size() && between[i].frame == f; ++i) {
      const BetweenFrames& c = between[i];
      swept.push_back({{"a", rec.names[c.a]},
                       {"b", rec.names[c.b]},
                       {"toi", c.time},
                       {"through", c.through},
                       {"test", std::string(c.code)}});
    }
    frames.push_back(
        {{"index", f}, {"frame", rec.frameNumber(f)}, {"time", rec.frameTime(f)}, {"swept", std::move(swept)}});
  }
  j["between_frames"] = std::move(frames);
  j["between_frames_untested"] = untested;
  j["frames_with_engine_contacts"] = report.framesWithContacts;
  Json dis = Json::array();
  for (const Disagreement& d : report.disagreements) {
    dis.push_back({{"index", d.frame},
                   {"frame", rec.frameNumber(d.frame)},
                   {"engine_frame", rec.frameNumber(d.frame)},
                   {"time", rec.frameTime(d.frame)},
                   {"a", rec.names[d.pair.a]},
                   {"b", rec.names[d.pair.b]},
                   {"engine", d.pair.engine == 1},
                   {"exact", d.pair.exact},
                   {"gap_or_depth", signedJson(d.pair.signedDistance)}});
  }
  j["disagreements"] = std::move(dis);
  if (options.frames > 0) {
    Json list = Json::array();
    for (const FrameStats& st : report.frameStats) {
      Json item{{"index", st.index},
                {"frame", rec.frameNumber(st.index)},
                {"time", rec.frameTime(st.index)},
                {"shapes", st.shapes},
                {"pairs", st.pairs},
                {"overlapping", st.overlapping}};
      if (st.engineSpoke) {
        item["engine_contacts"] = st.engineContacts;
        item["disagreements"] = st.disagreements;
      }
      list.push_back(std::move(item));
    }
    j["frame_stats"] = std::move(list);
  }
  if (options.allPairs) {
    Json list = Json::array();
    for (const FrameVerdicts& fv : report.frameVerdicts) {
      Json pairs = Json::array();
      for (const FramePairVerdict& p : fv.pairs) {
        pairs.push_back({{"a", rec.names[p.a]},
                         {"b", rec.names[p.b]},
                         {"exact", p.exact},
                         {"engine", p.engine < 0 ? Json(nullptr) : Json(p.engine == 1)},
                         {"gap_or_depth", signedJson(p.signedDistance)},
                         {"disagrees", p.disagrees}});
      }
      list.push_back({{"index", fv.index},
                      {"frame", rec.frameNumber(fv.index)},
                      {"time", rec.frameTime(fv.index)},
                      {"pairs", std::move(pairs)}});
    }
    j["frame_verdicts"] = std::move(list);
  }
  j["expectations"] = rec.expect.size();
  if (broken) {
    j["first_broken_expectation"] = {{"expectation_index", broken->expectation}, {"index", broken->frame},
                                     {"frame", rec.frameNumber(broken->frame)},  {"time", broken->time},
                                     {"between_frames", broken->betweenFrames},  {"message", broken->message}};
  } else {
    j["first_broken_expectation"] = nullptr;
  }
  std::fprintf(out, "%s\n", dump(j, 2).c_str());
}

}  // namespace

int writeRecordingReport(const Recording& rec, const std::string& path, const CheckOptions& options, std::FILE* out,
                         std::FILE* err, std::size_t framesInFile) {
  const RecordingReport report = computeReport(rec, options, std::max(framesInFile, rec.frameCount()));
  const std::optional<Broken>& broken = report.broken;
  if (options.json) {
    writeJson(rec, path, options, report, out);
  } else {
    writeTable(rec, path, options, report, out);
  }
  flushOutput(out);
  if (!broken) return kCheckOk;
  std::fprintf(err, "satlab: %s: expectation %zu failed %s%s: %s\n", term(path).c_str(), broken->expectation + 1,
               broken->betweenFrames ? "" : "in ", brokenWhere(rec, *broken).c_str(), term(broken->message).c_str());
  return kCheckExpectationFailed;
}

int checkRecordingFile(const std::string& path, const CheckOptions& options, std::FILE* out, std::FILE* err) {
  RecordingLoadResult loaded = loadRecording(path);
  if (!loaded.ok()) return writeCheckLoadError(*loaded.error, options, out, err);
  for (const SceneDiagnostic& w : loaded.warnings) std::fprintf(err, "satlab: warning: %s\n", term(w.text()).c_str());
  Recording& rec = loaded.recording;
  const std::size_t framesInFile = rec.frameCount();
  // --frames N: the first N frames only.
  if (options.frames > 0 && static_cast<std::size_t>(options.frames) < rec.frameCount()) {
    rec.frames.resize(static_cast<std::size_t>(options.frames));
  }
  return writeRecordingReport(rec, path, options, out, err, framesInFile);
}

}  // namespace satlab
