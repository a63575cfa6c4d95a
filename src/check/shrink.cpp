// `satlab shrink` (shrink.hpp).
#include "check/shrink.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "base/file_name.hpp"
#include "base/printable.hpp"
#include "document/atomic_file.hpp"
#include "document/scene_save.hpp"
#include "world/broad_phase.hpp"
#include "world/recording_exact.hpp"

namespace satlab {
namespace {

// The file's name without its folder.
std::string baseName(const std::string& path) { return std::string(fileNameOf(path)); }

std::string frameWords(const Recording& rec, std::size_t f) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "frame %lld (t = %.6g s)", static_cast<long long>(rec.frameNumber(f)),
                rec.frameTime(f));
  return buf;
}

// The scene index of name `name` in frame `f`, or kNotInFrame.
std::size_t indexIn(const Recording& rec, std::size_t f, std::uint32_t name) {
  const std::size_t n = rec.statics.size() + rec.frameShapeCount(f);
  for (std::size_t i = 0; i < n; ++i) {
    if (rec.sceneName(f, i) == name) return i;
  }
  return static_cast<std::size_t>(-1);
}

bool samePair(std::uint32_t x, std::uint32_t y, std::uint32_t a, std::uint32_t b) {
  return (x == a && y == b) || (x == b && y == a);
}

// The turn-free step of a shape from frame f to f + 1 (its centre's move), or nullopt when it
// turns, changes size or kind, or is a static shape (which does not move: a zero step).
std::optional<glm::vec3> straightStep(const Recording& rec, std::size_t f, std::uint32_t name) {
  const std::size_t i0 = indexIn(rec, f, name), i1 = indexIn(rec, f + 1, name);
  if (i0 < rec.statics.size()) return glm::vec3(0.0f);
  if (i0 == static_cast<std::size_t>(-1) || i1 == static_cast<std::size_t>(-1)) return std::nullopt;
  const ShapeGeometry g0 = recordedGeometry(rec, rec.frameShapes(f)[i0 - rec.statics.size()]);
  const ShapeGeometry g1 = recordedGeometry(rec, rec.frameShapes(f + 1)[i1 - rec.statics.size()]);
  if (g0.index() != g1.index()) return std::nullopt;
  if (const auto* a = std::get_if<Aabb>(&g0)) {
    const Aabb& b = std::get<Aabb>(g1);
    if (a->half != b.half) return std::nullopt;
    return b.center - a->center;
  }
  if (const auto* a = std::get_if<Obb>(&g0)) {
    const Obb& b = std::get<Obb>(g1);
    if (a->half != b.half || a->axes != b.axes) return std::nullopt;
    return b.center - a->center;
  }
  if (const auto* a = std::get_if<Sphere>(&g0)) {
    const Sphere& b = std::get<Sphere>(g1);
    if (a->radius != b.radius) return std::nullopt;
    return b.center - a->center;
  }
  return std::nullopt;
}

bool sweptTypes(const ShapeGeometry& x, const ShapeGeometry& y) {
  const auto box = [](const ShapeGeometry& g) {
    return std::holds_alternative<Aabb>(g) || std::holds_alternative<Obb>(g);
  };
  return (box(x) && box(y)) || (std::holds_alternative<Sphere>(x) && std::holds_alternative<Sphere>(y));
}

// A mesh cut down to its triangles whose bounds come within `reach` of `other`'s.
MeshShape meshNear(const MeshShape& mesh, const SceneShape& other, float reach) {
  if (!mesh.data) return mesh;
  const Bounds near = conservativeBounds(other);
  const glm::vec3 lo = near.lo - glm::vec3(reach), hi = near.hi + glm::vec3(reach);
  const TriangleMesh& m = mesh.data->mesh;
  TriangleMesh kept;
  std::vector<std::uint32_t> remap(m.vertices.size(), 0xffffffffu);
  for (std::size_t t = 0; t < m.triangleCount(); ++t) {
    const Triangle tri = m.triangle(t);
    const glm::vec3 a = mesh.pose.toWorld(tri.a), b = mesh.pose.toWorld(tri.b), c = mesh.pose.toWorld(tri.c);
    const glm::vec3 tlo = glm::min(a, glm::min(b, c)), thi = glm::max(a, glm::max(b, c));
    if (glm::any(glm::lessThan(thi, lo)) || glm::any(glm::greaterThan(tlo, hi))) continue;
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t v = m.indices[3 * t + static_cast<std::size_t>(k)];
      if (remap[v] == 0xffffffffu) {
        remap[v] = static_cast<std::uint32_t>(kept.vertices.size());
        kept.vertices.push_back(m.vertices[v]);
      }
      kept.indices.push_back(remap[v]);
    }
  }
  if (kept.triangleCount() == 0 || kept.triangleCount() == m.triangleCount()) return mesh;
  MeshShape out = mesh;
  out.file.clear();
  out.data = makeMeshData(std::move(kept));
  return out;
}

}  // namespace

std::optional<ShrinkCase> findShrinkCase(const Recording& rec, const ShrinkOptions& options, std::string& why) {
  std::uint32_t pa = 0, pb = 0;
  if (options.pair) {
    const auto find = [&](const std::string& name, std::uint32_t& out) {
      const auto it = std::find(rec.names.begin(), rec.names.end(), name);
      if (it == rec.names.end()) {
        why = "no shape is named \"" + printable(name) + "\" in the recording";
        return false;
      }
      out = static_cast<std::uint32_t>(it - rec.names.begin());
      return true;
    };
    if (!find(options.pair->first, pa) || !find(options.pair->second, pb)) return std::nullopt;
    if (pa == pb) {
      why = "--pair names the same shape twice";
      return std::nullopt;
    }
  }
  const auto wanted = [&](std::uint32_t x, std::uint32_t y) { return !options.pair || samePair(x, y, pa, pb); };
  std::optional<ShrinkCase> best;
  double bestTime = std::numeric_limits<double>::infinity();
  const auto offer = [&](ShrinkCase c, double time) {
    if (time < bestTime) {
      bestTime = time;
      best = std::move(c);
    }
  };
  const auto base = [&](std::size_t f, std::uint32_t a, std::uint32_t b) {
    ShrinkCase c;
    c.frame = f;
    c.a = a;
    c.b = b;
    c.claim.tolerance = rec.tolerance;
    c.claim.engine = rec.engine;
    c.claim.marginA = rec.sceneMargin(f, indexIn(rec, f, a));
    c.claim.marginB = rec.sceneMargin(f, indexIn(rec, f, b));
    return c;
  };
  // The engine against the exact test.
  for (const Disagreement& d : disagreements(rec)) {
    if (!wanted(d.pair.a, d.pair.b)) continue;
    ShrinkCase c = base(d.frame, d.pair.a, d.pair.b);
    c.claim.kind = d.pair.engine == 1 ? RecordedClaim::Kind::EngineTouching : RecordedClaim::Kind::EngineApart;
    c.what = (rec.engine.empty() ? std::string("the engine") : rec.engine) + " said " +
             (d.pair.engine == 1 ? "touching" : "apart") + ", the exact test " + (d.pair.exact ? "overlap" : "apart") +
             " (" + signedDistanceText(d.pair.signedDistance) + ")";
    offer(std::move(c), rec.frameTime(d.frame));
    break;
  }
  // Expectations in the frames (with --pair, the pair's own).
  std::vector<std::uint8_t> kept(rec.expect.size(), 0);
  for (std::size_t i = 0; i < rec.expect.size(); ++i) {
    const Expectation& e = rec.expect[i];
    kept[i] = !options.pair || (e.a == options.pair->first && e.b == options.pair->second) ||
              (e.a == options.pair->second && e.b == options.pair->first);
  }
  if (const auto at = firstBrokenExpectation(rec, &kept)) {
    const Expectation& e = rec.expect[at->second];
    const std::uint32_t a =
        static_cast<std::uint32_t>(std::find(rec.names.begin(), rec.names.end(), e.a) - rec.names.begin());
    const std::uint32_t b =
        static_cast<std::uint32_t>(std::find(rec.names.begin(), rec.names.end(), e.b) - rec.names.begin());
    ShrinkCase c = base(at->first, a, b);
    c.claim.kind = e.overlap == true ? RecordedClaim::Kind::ExpectOverlap
                   : e.maxDepth      ? RecordedClaim::Kind::MaxDepth
                                     : RecordedClaim::Kind::ExpectSeparated;
    if (e.maxDepth) c.claim.maxDepth = *e.maxDepth;
    c.what = brokenExpectationMessage(rec, at->first, at->second);
    const std::string said = e.a + " / " + e.b + ": ";
    if (c.what.rfind(said, 0) == 0) c.what.erase(0, said.size());
    offer(std::move(c), rec.frameTime(at->first));
  }
  // Between frames: a pair an expectation forbids to overlap that touches, or a pair that
  // passes through (apart in both frames, touching between them: the engine never saw it).
  for (const BetweenFrames& bf : betweenFrames(rec)) {
    if (!wanted(bf.a, bf.b)) continue;
    bool forbidden = false;
    for (std::size_t i = 0; i < rec.expect.size(); ++i) {
      const Expectation& e = rec.expect[i];
      forbidden |=
          kept[i] && e.overlap == false &&
          ((e.a == rec.names[bf.a] && e.b == rec.names[bf.b]) || (e.a == rec.names[bf.b] && e.b == rec.names[bf.a]));
    }
    if (!forbidden && !bf.through) continue;
    const std::size_t f = bf.frame - 1;
    const std::optional<glm::vec3> sa = straightStep(rec, f, bf.a), sb = straightStep(rec, f, bf.b);
    Scene scene;
    recordingScene(rec, f, scene);
    const std::size_t ia = indexIn(rec, f, bf.a), ib = indexIn(rec, f, bf.b);
    if (!sa || !sb || !sweptTypes(scene.shapes[ia].geometry, scene.shapes[ib].geometry)) continue;
    ShrinkCase c = base(f, bf.a, bf.b);
    c.claim.kind = forbidden ? RecordedClaim::Kind::NoContactBetween : RecordedClaim::Kind::PassedThrough;
    c.claim.stepA = *sa;
    c.claim.stepB = *sb;
    char buf[200];
    std::snprintf(buf, sizeof buf, "%sthey touch at t = %.6g s between frames %lld and %lld%s",
                  forbidden ? "expected never to overlap; " : "", bf.time, static_cast<long long>(rec.frameNumber(f)),
                  static_cast<long long>(rec.frameNumber(bf.frame)),
                  bf.through ? " and pass through (apart in both frames)" : "");
    c.what = buf;
    offer(std::move(c), bf.time);
    break;
  }
  if (best) return best;
  if (options.pair) {
    // Nothing fails: the pair where it first overlaps, else where both first are.
    std::optional<std::size_t> first;
    for (const PairFlips& p : verdictFlips(rec)) {
      if (p.a == rec.names[pa] ? p.b == rec.names[pb] : (p.a == rec.names[pb] && p.b == rec.names[pa])) {
        first = p.overlapAtStart || p.flipFrames.empty() ? 0 : p.flipFrames.front();
      }
    }
    for (std::size_t f = first.value_or(0); f < rec.frameCount(); ++f) {
      if (indexIn(rec, f, pa) != static_cast<std::size_t>(-1) && indexIn(rec, f, pb) != static_cast<std::size_t>(-1)) {
        ShrinkCase c = base(f, pa, pb);
        c.failing = false;
        c.what = "nothing fails for this pair; its first frame" + std::string(first ? " of overlap" : "");
        return c;
      }
    }
    why = "\"" + printable(rec.names[pa]) + "\" and \"" + printable(rec.names[pb]) + "\" are never in one frame";
    return std::nullopt;
  }
  why = "nothing fails: no disagreement with the engine, no broken expectation";
  return std::nullopt;
}

ShrunkFiles shrinkCase(const Recording& rec, const ShrinkCase& c, const std::string& recordingName) {
  Scene frame;
  recordingScene(rec, c.frame, frame);
  const std::size_t ia = indexIn(rec, c.frame, c.a), ib = indexIn(rec, c.frame, c.b);
  Scene scene;
  scene.view = rec.view;
  scene.shapes = {frame.shapes[ia], frame.shapes[ib]};
  const std::string where = frameWords(rec, c.frame) + " of " + baseName(recordingName);
  // A static mesh keeps only its triangles near the other shape.
  const double known = recordedSignedDistance(frame, ia, ib, c.claim.marginA, c.claim.marginB, rec.tolerance + 1.0f);
  const float reach =
      c.claim.marginA + c.claim.marginB + rec.tolerance + float(std::isnan(known) ? 0.0 : std::abs(known)) + 1e-3f;
  for (int k = 0; k < 2; ++k) {
    if (const auto* m = std::get_if<MeshShape>(&scene.shapes[k].geometry))
      scene.shapes[k].geometry = meshNear(*m, scene.shapes[1 - k], reach);
  }
  scene.title = (rec.title.empty() ? baseName(recordingName) : rec.title) + ": " + frame.shapes[ia].name + " / " +
                frame.shapes[ib].name + ", " + frameWords(rec, c.frame);
  std::string notes = "Shrunk from " + baseName(recordingName) + ", " + frameWords(rec, c.frame) + " (index " +
                      std::to_string(c.frame) + "). " + c.what + ".";
  if (c.claim.marginA > 0.0f || c.claim.marginB > 0.0f) {
    char buf[160];
    std::snprintf(
        buf, sizeof buf, " The engine's margins: %s %.6g, %s %.6g (the engine's shapes are these grown by them).",
        frame.shapes[ia].name.c_str(), double(c.claim.marginA), frame.shapes[ib].name.c_str(), double(c.claim.marginB));
    notes += buf;
  }
  if (c.claim.kind == RecordedClaim::Kind::NoContactBetween) {
    const double step = rec.frameTime(c.frame + 1) - rec.frameTime(c.frame);
    if (step > 0.0) {
      const glm::vec3 steps[2] = {c.claim.stepA, c.claim.stepB};
      for (int k = 0; k < 2; ++k) {
        if (steps[k] == glm::vec3(0.0f)) continue;
        Motion m;
        m.velocity = steps[k] / float(step);
        scene.shapes[static_cast<std::size_t>(k)].motion = m;
      }
      notes += " Each shape moves as it did to the next frame.";
    }
  }
  scene.notes = notes;
  for (const Expectation& e : rec.expect) {
    if ((e.a == scene.shapes[0].name && e.b == scene.shapes[1].name) ||
        (e.a == scene.shapes[1].name && e.b == scene.shapes[0].name))
      scene.expect.push_back(e);
  }

  ShrunkFiles files;
  std::string stem = baseName(recordingName);
  if (const std::size_t dot = stem.rfind('.'); dot != std::string::npos && dot > 0) stem.resize(dot);
  files.stem = cppIdentifier(stem, "recording") + "_frame" + std::to_string(rec.frameNumber(c.frame)) + "_" +
               cppIdentifier(scene.shapes[0].name, "a") + "_" + cppIdentifier(scene.shapes[1].name, "b");
  files.sceneText = sceneToJson(scene, MeshWrite::Inline);
  const std::string header = "// Shrunk by satlab from the recording " + baseName(recordingName) + ", " +
                             frameWords(rec, c.frame) + " (index " + std::to_string(c.frame) +
                             "): " + printable(frame.shapes[ia].name) + " / " + printable(frame.shapes[ib].name) +
                             ".\n// " + printable(c.what, 4096) + ".\n// The pair alone is in " + files.stem +
                             ".json.\n";
  std::string test;
  if (c.failing) {
    RecordedClaim claim = c.claim;
    claim.where = where;
    claim.testName =
        "Frame" + std::to_string(rec.frameNumber(c.frame)) + " " + scene.shapes[0].name + " vs " + scene.shapes[1].name;
    claim.suiteName = "Shrunk " + stem;
    test = exportRecordedPairAsGTest(scene, 0, 1, claim);
  }
  if (test.empty()) test = exportPairAsGTest(scene, 0, 1);
  files.testText = header + test;
  return files;
}

int runShrink(const std::string& path, const ShrinkOptions& options, std::FILE* out, std::FILE* err) {
  RecordingLoadResult loaded = loadRecording(path);
  if (!loaded.ok()) {
    std::fprintf(err, "satlab: %s\n", printable(loaded.error->text()).c_str());
    return 2;
  }
  for (const SceneDiagnostic& w : loaded.warnings)
    std::fprintf(err, "satlab: warning: %s\n", printable(w.text()).c_str());
  std::string why;
  const std::optional<ShrinkCase> c = findShrinkCase(loaded.recording, options, why);
  if (!c) {
    std::fprintf(err, "satlab: %s: %s\n", printable(path).c_str(), why.c_str());
    return options.pair && why.rfind("nothing fails", 0) != 0 ? 2 : 1;
  }
  const ShrunkFiles files = shrinkCase(loaded.recording, *c, path);
  const std::string dir = options.outputDir.empty() ? std::string(".") : options.outputDir;
  const std::string scenePath = dir + "/" + files.stem + ".json";
  const std::string testPath = dir + "/" + files.stem + "_test.cpp";
  for (const auto& [target, text] :
       {std::pair<const std::string&, const std::string&>{scenePath, files.sceneText}, {testPath, files.testText}}) {
    if (const std::optional<std::string> problem = writeFileAtomically(target, text)) {
      std::fprintf(err, "satlab: %s\n", printable(*problem).c_str());
      return 2;
    }
  }
  std::fprintf(out, "%s: %s: %s / %s: %s\nwrote %s\nwrote %s\n", printable(path, 4096).c_str(),
               frameWords(loaded.recording, c->frame).c_str(), printable(loaded.recording.names[c->a], 4096).c_str(),
               printable(loaded.recording.names[c->b], 4096).c_str(), printable(c->what, 4096).c_str(),
               printable(scenePath, 4096).c_str(), printable(testPath, 4096).c_str());
  return 0;
}

}  // namespace satlab
