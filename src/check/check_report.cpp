#include "check/check_report.hpp"

#include "base/progress.hpp"

#include "check/output_check.hpp"
#include "check/precision_report.hpp"
#include "document/json_path.hpp"
#include "document/motion.hpp"
#include "document/scene_load.hpp"
#include "evaluation/convex_measure.hpp"
#include "evaluation/pair_eval.hpp"
#include "world/broad_phase.hpp"
#include "world/pipeline.hpp"
#include "world/swept_pairs.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace satlab {

namespace {

using Json = nlohmann::ordered_json;

/// Text from the file (names, title, messages) for a terminal: control characters escaped,
/// nothing cut that the format allows (names are at most 64 bytes, 4 bytes per escape).
std::string term(std::string_view text) { return printable(text, 1u << 16); }

/// The widest test name of pair_eval ("slab2d_segment_orect"): the test column's width,
/// known before any result.
constexpr int kTestColumnWidth = 20;

std::string dump(const Json& j, int indent = -1) {
  // Invalid UTF-8 (a file name, say) is replaced rather than thrown over.
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

/// A float as JSON, or nothing when it is not finite (never `null` for a number).
void putNumber(Json& j, const char* key, float v) {
  if (std::isfinite(v)) j[key] = v;
}
bool finiteVec(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
Json vec(const glm::vec3& v) { return Json::array({v.x, v.y, v.z}); }
void putVec(Json& j, const char* key, const glm::vec3& v) {
  if (finiteVec(v)) j[key] = vec(v);
}

/// GJK and EPA on a pair of convex shapes (convex_measure.hpp): the distance and the closest
/// points of a separated pair, the depth and the normal of an overlapping one, and how many
/// steps each took.
void putConvex(Json& j, const ConvexResult& m, bool hasDistance) {
  if (!m.overlap) {
    if (!hasDistance) putNumber(j, "distance", m.distance);
    if (finiteVec(m.pointA) && finiteVec(m.pointB)) j["closest"] = {vec(m.pointA), vec(m.pointB)};
  } else {
    putNumber(j, "depth", m.depth);
    putVec(j, "normal", m.normal);
  }
  Json g{{"iterations", m.iterations}, {"end", std::string(label(m.gjkEnd))}};
  if (m.epaEnd != EpaEnd::None) {
    g["expansions"] = m.expansions;
    g["epa_end"] = std::string(label(m.epaEnd));
  }
  j["gjk"] = g;
}

Json toJson(const Scene& scene, const PairResult& r) {
  Json j;
  j["a"] = scene.shapes[r.a].name;
  j["b"] = scene.shapes[r.b].name;
  j["test"] = std::string(r.code);
  j["overlap"] = r.overlap;
  if (r.separatingAxis) {
    Json s{{"label", std::string(label(r.separatingAxis->id))}};
    putVec(s, "axis", r.separatingAxis->axis);
    putNumber(s, "gap", r.separatingAxis->gap);
    j["separating_axis"] = s;
  } else {
    j["separating_axis"] = nullptr;
  }
  if (r.penetration) {
    Json p = Json::object();
    putVec(p, "axis", r.penetration->axis);
    putNumber(p, "depth", r.penetration->depth);
    p["label"] = penetrationLabel(*r.penetration);
    j["penetration"] = p;
  } else {
    j["penetration"] = nullptr;
  }
  if (r.segmentPair) {
    // null: the segment does not meet the other shape (no t-interval), never a NaN.
    const bool hit = r.tEnter && r.tExit && std::isfinite(*r.tEnter) && std::isfinite(*r.tExit);
    j["t_enter"] = hit ? Json(*r.tEnter) : Json(nullptr);
    j["t_exit"] = hit ? Json(*r.tExit) : Json(nullptr);
  }
  if (r.distance) putNumber(j, "distance", *r.distance);
  if (const std::optional<ConvexResult> m = measureConvexPair(scene.shapes[r.a], scene.shapes[r.b], scene.view))
    putConvex(j, *m, r.distance.has_value());
  if (r.closestPoint) putVec(j, "closest_point", *r.closestPoint);
  if (r.closestOnA && r.closestOnB && finiteVec(*r.closestOnA) && finiteVec(*r.closestOnB)) {
    j["closest_points"] = {vec(*r.closestOnA), vec(*r.closestOnB)};
  }
  if (r.mesh) {
    Json m = Json::object();
    if (r.overlap) {
      if (scene.shapes[r.a].kind() == ShapeKind::Mesh) m["triangle_a"] = r.mesh->triangleA;
      if (scene.shapes[r.b].kind() == ShapeKind::Mesh) m["triangle_b"] = r.mesh->triangleB;
    }
    m["node_tests"] = r.mesh->nodeTests;
    m["nodes_rejected"] = r.mesh->nodesRejected;
    m["triangle_tests"] = r.mesh->triangleTests;
    j["tree"] = m;
  }
  return j;
}

std::string fmt(float v) {
  if (!std::isfinite(v)) return "(not computed)";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", static_cast<double>(v));
  return buf;
}

std::string detail(const Scene& scene, const PairResult& r) {
  // GJK/EPA's distance or depth, only where the pair's own test gives none (measured for
  // every listed pair, it was a quarter of checking a level of a million shapes).
  const bool needConvex = r.overlap ? !r.penetration : !r.distance;
  std::optional<ConvexResult> convex;
  if (needConvex) convex = measureConvexPair(scene.shapes[r.a], scene.shapes[r.b], scene.view);
  std::string d;
  auto add = [&](const std::string& part) {
    if (!d.empty()) d += ", ";
    d += part;
  };
  if (r.separatingAxis)
    add("separating axis " + std::string(label(r.separatingAxis->id)) + ", gap " + fmt(r.separatingAxis->gap));
  if (r.penetration) {
    add("penetration " + penetrationLabel(*r.penetration) + " depth " + fmt(r.penetration->depth));
  }
  if (r.tEnter && r.tExit) add("t in [" + fmt(*r.tEnter) + ", " + fmt(*r.tExit) + "]");
  if (r.distance && !r.overlap) add("distance " + fmt(*r.distance));
  if (convex && !convex->overlap && !r.distance) add("distance " + fmt(convex->distance));
  if (convex && convex->overlap && !r.penetration) add("depth " + fmt(convex->depth));
  if (r.segmentPair && !r.overlap && !r.tEnter && d.empty()) add("no part of the segment inside");
  if (r.mesh) {
    add(std::to_string(r.mesh->nodeTests) + " tree nodes tested (" + std::to_string(r.mesh->nodesRejected) +
        " rejected), " + std::to_string(r.mesh->triangleTests) + " triangle tests");
  }
  return d;
}

struct Counts {
  std::uint64_t pairs = 0;
  std::uint64_t overlapping = 0;
  std::uint64_t byBounds = 0;  // separated: padded bounds apart
  std::uint64_t byTest = 0;    // separated: by the exact test
};

/// The pipeline's first frame on the scene as given: the one search of the broad phase
/// that both the pairs below and the pipeline's counts come from.
struct FirstFrame {
  explicit FirstFrame(const Scene& scene) {
    // The broad phase and the exact tests of the first frame: one step, not counted inside.
    progressStage("Testing the pairs", "", 0, ProgressUnit::None);
    pipeline.step(scene);
  }
  bool ran() const { return !pipeline.last().refused; }
  CollisionPipeline pipeline;
};

/// The pairs to `emit` in file order; returns the counts. `emit` gets every overlapping
/// pair, and with allPairs every pair. The overlapping pairs are the pipeline's colliding
/// ones (its verdicts are the exact test's); when its frame was refused (too many
/// candidates to keep), the broad phase's candidates are streamed shape by shape instead.
template <class Emit>
Counts evaluatePairs(const Scene& scene, bool allPairs, const FirstFrame& first, Emit&& emit) {
  Counts c;
  const std::uint64_t n = scene.shapes.size();
  c.pairs = n > 1 ? n * (n - 1) / 2 : 0;
  const BroadPhase& broad = first.pipeline.broadPhase();
  if (allPairs) {
    progressStage("Testing the pairs", "", c.pairs, ProgressUnit::Pairs);
    std::uint64_t done = 0;
    for (size_t a = 0; a < scene.shapes.size(); ++a) {
      for (size_t b = a + 1; b < scene.shapes.size(); ++b) {
        if (done++ % 4096 == 0) progressAt(done);
        const PairResult r = evaluatePair(scene, a, b);
        if (r.overlap) {
          ++c.overlapping;
        } else if (broad.mayOverlap(a, b)) {
          ++c.byTest;
        } else {
          ++c.byBounds;
        }
        emit(r);
      }
    }
    return c;
  }
  if (first.ran()) {
    const PipelineFrameStats& s = first.pipeline.last();
    progressStage("Testing the pairs", "", first.pipeline.colliding().size(), ProgressUnit::Pairs);
    std::uint64_t done = 0;
    for (const auto& [a, b] : first.pipeline.colliding()) {
      if (done++ % 1024 == 0) progressAt(done);
      emit(evaluatePair(scene, a, b));
    }
    c.overlapping = s.colliding;
    c.byTest = s.afterAabb - s.colliding;
    c.byBounds = c.pairs - s.afterAabb;
    return c;
  }
  std::uint64_t candidates = 0;
  progressStage("Testing the pairs", "", 0, ProgressUnit::Pairs);
  broad.forEachCandidate([&](size_t a, size_t b) {
    if (candidates++ % 1024 == 0) progressAt(candidates);
    // Separated pairs are only counted: their verdict is all that is needed.
    if (pairOverlaps(scene, a, b)) {
      ++c.overlapping;
      emit(evaluatePair(scene, a, b));
    } else {
      ++c.byTest;
    }
    return true;
  });
  c.byBounds = c.pairs - candidates;
  return c;
}

constexpr double kFrameDt = 1.0 / 60.0;

/// The pipeline's frames on the scene: frame 0 is the scene as given (`first`); with
/// `frames` > 0, frames 1..N are its motion at t = k / 60 s. Calls report(k, stats, swept)
/// per frame, `swept` the pairs that first touched after frame k - 1 and by frame k (empty
/// for frame 0), read from `posed`, the scene at frame k. False when the first frame had
/// too many candidates to run.
template <class Report>
bool runPipelineFrames(const Scene& scene, FirstFrame& first, int frames, Report&& report) {
  if (!first.ran()) return false;
  CollisionPipeline& pipeline = first.pipeline;
  report(0, pipeline.last(), SweptContacts{}, scene);
  if (frames <= 0) return true;
  // Two poses, the last frame's and this one's, in turn (applyMotion rewrites every moving shape).
  Scene posed[2] = {scene, scene};
  std::vector<glm::vec3> displacement(scene.shapes.size());
  // Only the shapes with a motion change from frame to frame: the pipeline reads those alone.
  std::vector<std::uint32_t> moving;
  for (size_t i = 0; i < scene.shapes.size(); ++i) {
    if (scene.shapes[i].motion) moving.push_back(static_cast<std::uint32_t>(i));
  }
  progressStage("Stepping the frames", "", static_cast<std::uint64_t>(frames), ProgressUnit::Frames);
  for (int k = 1; k <= frames; ++k) {
    progressAt(static_cast<std::uint64_t>(k - 1));
    const double t = k * kFrameDt;
    Scene& now = posed[k % 2];
    const Scene& last = posed[(k + 1) % 2];
    applyMotion(scene, t, now);
    for (size_t i = 0; i < scene.shapes.size(); ++i) displacement[i] = motionDisplacement(scene.shapes[i], t, kFrameDt);
    const PipelineFrameStats& stats = pipeline.step(now, &displacement, &moving);
    report(k, stats, sweptContacts(last, now), now);
  }
  return true;
}

/// The time of a contact between frames k - 1 and k, in seconds.
double contactTime(int k, const SweptContact& c) { return ((k - 1) + double(c.result.toi)) * kFrameDt; }

/// "touches at t = 0.1234 s between frames 41 and 42, passed through"
std::string contactText(int k, const SweptContact& c) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "touches at t = %.6g s between frames %d and %d%s", contactTime(k, c), k - 1, k,
                c.through ? ", passed through" : "");
  return buf;
}

/// Expectations "overlap": false broken between frames: the first contact of each such pair.
void sweptMismatches(const Scene& scene, const Scene& posed, int k, const SweptContacts& swept,
                     std::vector<ExpectationMismatch>& out, std::vector<char>& reported) {
  if (scene.expect.empty()) return;
  reported.resize(scene.expect.size(), 0);
  for (const SweptContact& c : swept.contacts) {
    const std::string& a = posed.shapes[c.a].name;
    const std::string& b = posed.shapes[c.b].name;
    for (size_t e = 0; e < scene.expect.size(); ++e) {
      const Expectation& x = scene.expect[e];
      if (reported[e] || x.overlap != false) continue;
      if (!((x.a == a && x.b == b) || (x.a == b && x.b == a))) continue;
      reported[e] = 1;
      out.push_back(ExpectationMismatch{e, x.a + " / " + x.b + ": expected separated, " + contactText(k, c)});
    }
  }
}

Json pipelineJson(const PipelineFrameStats& s) {
  Json j;
  j["pairs_possible"] = s.pairsPossible;
  j["after_tree"] = s.afterTree;
  j["after_aabb"] = s.afterAabb;
  j["exact_tests"] = s.exactTests;
  j["colliding"] = s.colliding;
  j["settled_by_aabb"] = s.settledByAabbShare();
  j["aabb_cache"] = {{"hits", s.aabbHits}, {"misses", s.aabbMisses}, {"evictions", s.aabbEvictions}};
  j["triangle_cache"] = {{"hits", s.triangleHits}, {"misses", s.triangleMisses}, {"evictions", s.triangleEvictions}};
  j["ms"] = {{"tree", s.treeMs}, {"aabb", s.aabbMs}, {"exact", s.exactMs}, {"total", s.totalMs}};
  return j;
}

/// The expectations broken between frames that the first frame did not break already, in
/// the order of the expectations.
void mergeBetween(std::vector<ExpectationMismatch>& mismatches, const std::vector<ExpectationMismatch>& between) {
  for (const ExpectationMismatch& m : between) {
    const bool known = std::any_of(mismatches.begin(), mismatches.end(),
                                   [&](const ExpectationMismatch& x) { return x.index == m.index; });
    if (!known) mismatches.push_back(m);
  }
  std::stable_sort(mismatches.begin(), mismatches.end(),
                   [](const ExpectationMismatch& x, const ExpectationMismatch& y) { return x.index < y.index; });
}

void writePipelineTable(const Scene& scene, FirstFrame& first, int frames, std::FILE* out,
                        std::vector<ExpectationMismatch>& between) {
  double totalMs = 0;
  int stepped = 0;
  std::vector<std::string> touches;  // the contacts between frames, in words
  std::size_t untested = 0;          // candidate pairs without a test between frames
  std::vector<char> reported;
  const bool ran = runPipelineFrames(
      scene, first, frames, [&](int k, const PipelineFrameStats& s, const SweptContacts& swept, const Scene& posed) {
        untested += swept.untested;
        for (const SweptContact& c : swept.contacts) {
          touches.push_back(term(posed.shapes[c.a].name) + " / " + term(posed.shapes[c.b].name) + ": " +
                            contactText(k, c) + " (" + std::string(c.result.code) + ")");
        }
        sweptMismatches(scene, posed, k, swept, between, reported);
        if (k == 0) {
          std::fprintf(out,
                       "pipeline: %" PRIu64 " pairs possible, %" PRIu64 " after the tree, %" PRIu64
                       " after the AABB test, %" PRIu64 " exact tests, %" PRIu64
                       " colliding; the AABB test alone settled %.1f%% of candidate pairs\n",
                       s.pairsPossible, s.afterTree, s.afterAabb, s.exactTests, s.colliding,
                       100.0 * s.settledByAabbShare());
          if (frames > 0) {
            std::fprintf(out, "\n%6s  %9s  %9s  %9s  %9s  %9s  %11s  %11s  %8s\n", "frame", "moved", "tree", "aabb",
                         "exact", "colliding", "aabb h/m", "tri h/m", "ms");
          }
          return;
        }
        ++stepped;
        totalMs += s.totalMs;
        const std::string aabb = std::to_string(s.aabbHits) + "/" + std::to_string(s.aabbMisses);
        const std::string tri = std::to_string(s.triangleHits) + "/" + std::to_string(s.triangleMisses);
        std::fprintf(
            out, "%6d  %9" PRIu64 "  %9" PRIu64 "  %9" PRIu64 "  %9" PRIu64 "  %9" PRIu64 "  %11s  %11s  %8.3f\n", k,
            s.proxiesMoved, s.afterTree, s.afterAabb, s.exactTests, s.colliding, aabb.c_str(), tri.c_str(), s.totalMs);
      });
  if (!ran) {
    std::fprintf(out, "pipeline: not run (over %" PRIu64 " candidate pairs)\n", defaultPairLimit(scene.shapes.size()));
  } else if (stepped > 0) {
    std::fprintf(out, "%d frames, %.3f ms per frame on average\n", stepped, totalMs / stepped);
    std::fprintf(out, "\npairs that touch between two frames: %zu\n", touches.size());
    for (const std::string& t : touches) std::fprintf(out, "  %s\n", t.c_str());
    if (untested > 0) {
      std::fprintf(out,
                   "  (%zu %s a pair near enough had no test between frames: a mesh, a segment against a sphere, a "
                   "capsule or a triangle, a shape that changed size or kind; checked at the frames only)\n",
                   untested, untested == 1 ? "time" : "times");
    }
  }
}

void writeTable(const Scene& scene, const std::string& path, const CheckOptions& options, std::FILE* out,
                std::vector<ExpectationMismatch>& mismatches) {
  std::fprintf(out, "%s%s%s\n", term(path).c_str(), scene.title.empty() ? "" : ": ", term(scene.title).c_str());
  const std::uint64_t n = scene.shapes.size();
  const std::uint64_t total = n > 1 ? n * (n - 1) / 2 : 0;
  std::fprintf(out, "%zu shapes, %" PRIu64 " pairs (%s view)\n", scene.shapes.size(), total,
               scene.view == ViewMode::TwoD ? "2D" : "3D");
  // Column widths from the names alone: the rows are written as they are found.
  std::vector<std::string> names;
  names.reserve(scene.shapes.size());
  int width = 1;
  for (const SceneShape& s : scene.shapes) {
    names.push_back(term(s.name));
    width = std::max(width, static_cast<int>(std::min<size_t>(names.back().size(), 1u << 16)));
  }
  bool header = false;
  FirstFrame first(scene);
  std::uint64_t lensed = 0, floatDecided = 0;
  const Counts c = evaluatePairs(scene, options.allPairs, first, [&](const PairResult& r) {
    if (!header) {
      std::fprintf(out, "\n%-*s  %-*s  %-*s  %-9s  %s\n", width, "a", width, "b", kTestColumnWidth, "test", "verdict",
                   "detail");
      header = true;
    }
    std::string why = detail(scene, r);
    if (options.precision) {
      const PrecisionLens lens = precisionLens(scene, r.a, r.b);
      ++lensed;
      floatDecided += lens.floatDecided() ? 1 : 0;
      why += (why.empty() ? "" : "; ") + precisionText(lens);
    }
    std::fprintf(out, "%-*s  %-*s  %-*s  %-9s  %s\n", width, names[r.a].c_str(), width, names[r.b].c_str(),
                 kTestColumnWidth, std::string(r.code).c_str(), r.overlap ? "OVERLAP" : "separated", why.c_str());
  });
  const std::uint64_t separated = c.byBounds + c.byTest;
  std::fprintf(out,
               "\n%" PRIu64 " overlapping, %" PRIu64 " separated (%" PRIu64 " by their bounds, %" PRIu64
               " by the exact test)\n",
               c.overlapping, separated, c.byBounds, c.byTest);
  if (!options.allPairs && separated > 0) {
    std::fprintf(out, "separated pairs are counted, not listed (--all-pairs lists every pair)\n");
  }
  if (options.precision) {
    std::fprintf(out,
                 "precision: %" PRIu64 " listed pair%s through the lens, %" PRIu64
                 " decided by float (the core's verdict is not the exact one)\n",
                 lensed, lensed == 1 ? "" : "s", floatDecided);
  }
  std::vector<ExpectationMismatch> between;
  writePipelineTable(scene, first, options.frames, out, between);
  mismatches = checkExpectations(scene);
  mergeBetween(mismatches, between);
  if (!scene.expect.empty()) {
    std::fprintf(out, "\nexpectations: %zu of %zu met\n", scene.expect.size() - mismatches.size(), scene.expect.size());
  }
}

void writeJson(const Scene& scene, const std::string& path, const CheckOptions& options, std::FILE* out,
               std::vector<ExpectationMismatch>& mismatches) {
  const std::uint64_t n = scene.shapes.size();
  Json head;
  head["file"] = path;
  head["title"] = scene.title;
  head["view"] = scene.view == ViewMode::TwoD ? "2d" : "3d";
  head["shapes"] = n;
  head["listed"] = options.allPairs ? "all" : "overlapping";
  // The head object without its closing brace, then the pairs one per line as found.
  std::string text = dump(head, 2);
  text.erase(text.find_last_not_of("}\n") + 1);
  std::fprintf(out, "%s,\n  \"pairs\": [", text.c_str());
  bool none = true;
  FirstFrame first(scene);
  std::uint64_t floatDecided = 0;
  const Counts c = evaluatePairs(scene, options.allPairs, first, [&](const PairResult& r) {
    Json pair = toJson(scene, r);
    if (options.precision) {
      const PrecisionLens lens = precisionLens(scene, r.a, r.b);
      floatDecided += lens.floatDecided() ? 1 : 0;
      pair["precision"] = precisionJson(lens);
    }
    std::fprintf(out, "%s\n    %s", none ? "" : ",", dump(pair).c_str());
    none = false;
  });
  std::fprintf(out, "%s],\n", none ? "" : "\n  ");
  Json tail;
  tail["summary"] = {{"pairs", c.pairs},
                     {"overlapping", c.overlapping},
                     {"separated", c.byBounds + c.byTest},
                     {"separated_by_bounds", c.byBounds},
                     {"separated_by_test", c.byTest}};
  if (options.precision) tail["summary"]["float_decided"] = floatDecided;
  Json frames = Json::array();
  std::vector<ExpectationMismatch> between;
  std::vector<char> reported;
  const bool ran =
      runPipelineFrames(scene, first, options.frames,
                        [&](int k, const PipelineFrameStats& s, const SweptContacts& swept, const Scene& posed) {
                          if (k == 0) {
                            tail["pipeline"] = pipelineJson(s);
                          } else {
                            Json f = pipelineJson(s);
                            f["frame"] = k;
                            f["moved"] = s.proxiesMoved;
                            Json contacts = Json::array();
                            for (const SweptContact& c : swept.contacts) {
                              contacts.push_back({{"a", posed.shapes[c.a].name},
                                                  {"b", posed.shapes[c.b].name},
                                                  {"toi", contactTime(k, c)},
                                                  {"through", c.through},
                                                  {"test", std::string(c.result.code)}});
                            }
                            f["swept"] = std::move(contacts);
                            f["swept_untested"] = swept.untested;
                            frames.push_back(std::move(f));
                            sweptMismatches(scene, posed, k, swept, between, reported);
                          }
                        });
  if (!ran) tail["pipeline"] = nullptr;
  if (options.frames > 0) tail["frames"] = std::move(frames);
  mismatches = checkExpectations(scene);
  mergeBetween(mismatches, between);
  if (!scene.expect.empty()) {
    Json ex = Json::array();
    for (const ExpectationMismatch& m : mismatches) ex.push_back(m.message);
    tail["expectation_failures"] = ex;
  }
  // The tail object's members, after the pairs.
  std::string rest = dump(tail, 2);
  std::fprintf(out, "%s\n", rest.substr(rest.find('\n') + 1).c_str());
}

}  // namespace

int writeCheckReport(const Scene& scene, const std::string& path, const CheckOptions& options, std::FILE* out,
                     std::FILE* err) {
  std::vector<ExpectationMismatch> mismatches;
  if (options.json) {
    writeJson(scene, path, options, out, mismatches);
  } else {
    writeTable(scene, path, options, out, mismatches);
  }
  flushOutput(out);
  for (const ExpectationMismatch& m : mismatches) {
    std::fprintf(err, "satlab: %s: expectation %zu failed: %s\n", term(path).c_str(), m.index + 1,
                 term(m.message).c_str());
  }
  return mismatches.empty() ? kCheckOk : kCheckExpectationFailed;
}

int writeCheckLoadError(const SceneDiagnostic& e, const CheckOptions& options, std::FILE* out, std::FILE* err) {
  std::fprintf(err, "satlab: %s\n", term(e.text()).c_str());
  if (options.json) {
    // CI tools that read stdout get the same error as data.
    Json j;
    j["error"] = {{"file", e.source},   {"path", e.path},       {"line", e.line},
                  {"column", e.column}, {"message", e.message}, {"text", e.text()}};
    std::fprintf(out, "%s\n", dump(j, 2).c_str());
  }
  return kCheckInvalidScene;
}

int checkSceneFile(const std::string& path, const CheckOptions& options, std::FILE* out, std::FILE* err) {
  const SceneLoadResult loaded = loadScene(path);
  if (!loaded.ok()) return writeCheckLoadError(*loaded.error, options, out, err);
  for (const SceneDiagnostic& w : loaded.warnings) std::fprintf(err, "satlab: warning: %s\n", term(w.text()).c_str());
  return writeCheckReport(loaded.scene, path, options, out, err);
}

}  // namespace satlab
