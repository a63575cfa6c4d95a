#include "check/recording_check.hpp"

#include <algorithm>
#include <optional>

#include <nlohmann/json.hpp>

#include "check/output_check.hpp"
#include "document/json_path.hpp"
#include "evaluation/pair_eval.hpp"

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
    Scene scene;
    recordingScene(rec, at->first, scene);
    scene.expect.assign(1, rec.expect[at->second]);
    const std::vector<ExpectationMismatch> m = checkExpectations(scene);
    out = Broken{at->first, at->second, rec.frameTime(at->first), false,
                 m.empty() ? std::string("not met") : m.front().message};
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

std::size_t largestFrame(const Recording& rec) {
  std::size_t most = 0;
  for (const RecordedFrame& f : rec.frames) most = std::max<std::size_t>(most, f.shapeCount);
  return most;
}

void writeTable(const Recording& rec, const std::string& path, const std::vector<PairFlips>& flips,
                const std::vector<BetweenFrames>& between, std::size_t untested, const std::optional<Broken>& broken,
                std::FILE* out) {
  std::fprintf(out, "recording: %s\n", term(path).c_str());
  if (!rec.title.empty()) std::fprintf(out, "title: %s\n", term(rec.title).c_str());
  const std::size_t n = rec.frameCount();
  std::fprintf(out, "view: %s; %zu frames, %s to %s; %zu shape names, at most %zu shapes in a frame\n",
               std::string(viewModeName(rec.view)).c_str(), n, frameText(rec, 0).c_str(), frameText(rec, n - 1).c_str(),
               rec.names.size(), largestFrame(rec));
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

void writeJson(const Recording& rec, const std::string& path, const std::vector<PairFlips>& flips,
               const std::vector<BetweenFrames>& between, std::size_t untested, const std::optional<Broken>& broken,
               std::FILE* out) {
  Json j;
  j["file"] = path;
  j["kind"] = "recording";
  j["title"] = rec.title;
  j["view"] = std::string(viewModeName(rec.view));
  j["frames"] = rec.frameCount();
  j["names"] = rec.names.size();
  j["largest_frame"] = largestFrame(rec);
  Json pairs = Json::array();
  for (const PairFlips& p : flips) {
    Json frames = Json::array();
    for (std::uint32_t f : p.flipFrames)
      frames.push_back({{"index", f}, {"frame", rec.frameNumber(f)}, {"time", rec.frameTime(f)}});
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
                         std::FILE* err) {
  const std::vector<PairFlips> flips = verdictFlips(rec);
  std::size_t untested = 0;
  const std::vector<BetweenFrames> between = betweenFrames(rec, &untested);
  const std::optional<Broken> broken = firstBroken(rec, between);
  if (options.json) {
    writeJson(rec, path, flips, between, untested, broken, out);
  } else {
    writeTable(rec, path, flips, between, untested, broken, out);
  }
  flushOutput(out);
  if (!broken) return kCheckOk;
  std::fprintf(err, "satlab: %s: expectation %zu failed %s%s: %s\n", term(path).c_str(), broken->expectation + 1,
               broken->betweenFrames ? "" : "in ", brokenWhere(rec, *broken).c_str(), term(broken->message).c_str());
  return kCheckExpectationFailed;
}

int checkRecordingFile(const std::string& path, const CheckOptions& options, std::FILE* out, std::FILE* err) {
  const RecordingLoadResult loaded = loadRecording(path);
  if (!loaded.ok()) return writeCheckLoadError(*loaded.error, options, out, err);
  for (const SceneDiagnostic& w : loaded.warnings) std::fprintf(err, "satlab: warning: %s\n", term(w.text()).c_str());
  return writeRecordingReport(loaded.recording, path, options, out, err);
}

}  // namespace satlab
