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

struct Broken {
  std::size_t frame = 0, expectation = 0;
  std::string message;
};

// The first broken expectation with its message, as checkExpectations words it.
std::optional<Broken> firstBroken(const Recording& rec) {
  const auto at = firstBrokenExpectation(rec);
  if (!at) return std::nullopt;
  Scene scene;
  recordingScene(rec, at->first, scene);
  scene.expect.assign(1, rec.expect[at->second]);
  const std::vector<ExpectationMismatch> m = checkExpectations(scene);
  return Broken{at->first, at->second, m.empty() ? std::string("not met") : m.front().message};
}

std::string frameText(const Recording& rec, std::size_t f) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "frame %lld (t = %.6g s)", static_cast<long long>(rec.frameNumber(f)),
                rec.frameTime(f));
  return buf;
}

std::size_t largestFrame(const Recording& rec) {
  std::size_t most = 0;
  for (const RecordedFrame& f : rec.frames) most = std::max<std::size_t>(most, f.shapeCount);
  return most;
}

void writeTable(const Recording& rec, const std::string& path, const std::vector<PairFlips>& flips,
                const std::optional<Broken>& broken, std::FILE* out) {
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
  if (rec.expect.empty()) return;
  if (broken) {
    std::fprintf(out, "\nexpectations: %zu; the first broken: expectation %zu in %s (frame index %zu): %s\n",
                 rec.expect.size(), broken->expectation + 1, frameText(rec, broken->frame).c_str(), broken->frame,
                 term(broken->message).c_str());
  } else {
    std::fprintf(out, "\nexpectations: %zu, met in every frame that has both of their shapes\n", rec.expect.size());
  }
}

void writeJson(const Recording& rec, const std::string& path, const std::vector<PairFlips>& flips,
               const std::optional<Broken>& broken, std::FILE* out) {
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
  j["expectations"] = rec.expect.size();
  if (broken) {
    j["first_broken_expectation"] = {{"expectation_index", broken->expectation},
                                     {"index", broken->frame},
                                     {"frame", rec.frameNumber(broken->frame)},
                                     {"time", rec.frameTime(broken->frame)},
                                     {"message", broken->message}};
  } else {
    j["first_broken_expectation"] = nullptr;
  }
  std::fprintf(out, "%s\n", dump(j, 2).c_str());
}

}  // namespace

int writeRecordingReport(const Recording& rec, const std::string& path, const CheckOptions& options, std::FILE* out,
                         std::FILE* err) {
  const std::vector<PairFlips> flips = verdictFlips(rec);
  const std::optional<Broken> broken = firstBroken(rec);
  if (options.json) {
    writeJson(rec, path, flips, broken, out);
  } else {
    writeTable(rec, path, flips, broken, out);
  }
  flushOutput(out);
  if (!broken) return kCheckOk;
  std::fprintf(err, "satlab: %s: expectation %zu failed in %s: %s\n", term(path).c_str(), broken->expectation + 1,
               frameText(rec, broken->frame).c_str(), term(broken->message).c_str());
  return kCheckExpectationFailed;
}

int checkRecordingFile(const std::string& path, const CheckOptions& options, std::FILE* out, std::FILE* err) {
  const RecordingLoadResult loaded = loadRecording(path);
  if (!loaded.ok()) return writeCheckLoadError(*loaded.error, options, out, err);
  for (const SceneDiagnostic& w : loaded.warnings) std::fprintf(err, "satlab: warning: %s\n", term(w.text()).c_str());
  return writeRecordingReport(loaded.recording, path, options, out, err);
}

}  // namespace satlab
