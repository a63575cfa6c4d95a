#include "evaluation/export_gtest.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "evaluation/convex_measure.hpp"
#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_tests.hpp"
#include "satlab/collide.hpp"

namespace satlab {

namespace {

/// Shortest "%.Ng" that reads back as the same float (for the decimal comments).
std::string shortestDecimal(float v) {
  if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
  char buf[40];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
    if (std::strtof(buf, nullptr) == v && std::signbit(std::strtof(buf, nullptr)) == std::signbit(v)) break;
  }
  return buf;
}

/// Text from the scene as a C++ string literal body: quotes, backslashes and control
/// characters escaped, so it is safe inside a // comment (no trailing backslash that
/// would continue the comment) and inside "...".
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string vec3Code(const glm::vec3& v) {
  return "glm::vec3(" + hexFloatLiteral(v.x) + ", " + hexFloatLiteral(v.y) + ", " + hexFloatLiteral(v.z) + ")";
}
std::string vec3Text(const glm::vec3& v) {
  return "(" + shortestDecimal(v.x) + ", " + shortestDecimal(v.y) + ", " + shortestDecimal(v.z) + ")";
}
std::string vec2Code(const glm::vec2& v) {
  return "glm::vec2(" + hexFloatLiteral(v.x) + ", " + hexFloatLiteral(v.y) + ")";
}
std::string vec2Text(const glm::vec2& v) { return "(" + shortestDecimal(v.x) + ", " + shortestDecimal(v.y) + ")"; }

/// A mesh written inline: its triangles, its pose, and `var`, its OBB tree as the app builds
/// it (the scene's mesh pairs walk the OBB tree, pair_tests.hpp).
std::string meshCode(const MeshShape& m, const std::string& var) {
  const TriangleMesh& mesh = m.data->mesh;
  std::string s = "  satlab::TriangleMesh " + var + "_mesh;\n";
  s += "  " + var + "_mesh.vertices = {\n";
  for (const glm::vec3& v : mesh.vertices) s += "      " + vec3Code(v) + ",  // " + vec3Text(v) + "\n";
  s += "  };\n  " + var + "_mesh.indices = {";
  for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
    s += (i % 12 == 0 ? "\n      " : " ") + std::to_string(mesh.indices[i]) + ",";
  }
  s += "\n  };\n";
  s += "  satlab::MeshPose " + var + "_pose;\n";
  s += "  " + var + "_pose.center = " + vec3Code(m.pose.center) + ";  // " + vec3Text(m.pose.center) + "\n";
  s += "  " + var + "_pose.axes = glm::mat3(" + vec3Code(m.pose.axes[0]) + ",\n      " + vec3Code(m.pose.axes[1]) +
       ",\n      " + vec3Code(m.pose.axes[2]) + ");\n";
  s += "  " + var + "_pose.scale = " + vec3Code(m.pose.scale) + ";  // " + vec3Text(m.pose.scale) + "\n";
  s += "  const satlab::BvTree " + var + " = satlab::buildBvTree(" + var + "_mesh, satlab::BvKind::Obb, " + var +
       "_pose.scale);\n";
  return s;
}

/// `const satlab::Type var{...};` with a decimal comment on every line, for each argument
/// type a test takes (pair_tests.hpp).
const std::string kIndent = "      ";
std::string argCode(const Aabb& a, const std::string& var) {
  return "  const satlab::Aabb " + var + "{\n" + kIndent + vec3Code(a.center) + ",  // center " + vec3Text(a.center) +
         "\n" + kIndent + vec3Code(a.half) + "};  // half extents " + vec3Text(a.half) + "\n";
}
std::string argCode(const Obb& o, const std::string& var) {
  std::string s =
      "  const satlab::Obb " + var + "{\n" + kIndent + vec3Code(o.center) + ",  // center " + vec3Text(o.center) + "\n";
  for (int i = 0; i < 3; ++i) {
    s += kIndent + (i == 0 ? "glm::mat3(" : "          ") + vec3Code(o.axes[i]) + (i == 2 ? ")," : ",") + "  // axis " +
         std::to_string(i) + " " + vec3Text(o.axes[i]) + "\n";
  }
  return s + kIndent + vec3Code(o.half) + "};  // half extents " + vec3Text(o.half) + "\n";
}
std::string argCode(const Sphere& c, const std::string& var) {
  return "  const satlab::Sphere " + var + "{\n" + kIndent + vec3Code(c.center) + ",  // center " + vec3Text(c.center) +
         "\n" + kIndent + hexFloatLiteral(c.radius) + "};  // radius " + shortestDecimal(c.radius) + "\n";
}
std::string argCode(const Segment& g, const std::string& var) {
  return "  const satlab::Segment " + var + "{\n" + kIndent + vec3Code(g.p0) + ",  // p0 " + vec3Text(g.p0) + "\n" +
         kIndent + vec3Code(g.p1) + "};  // p1 " + vec3Text(g.p1) + "\n";
}
std::string argCode(const Triangle& t, const std::string& var) {
  return "  const satlab::Triangle " + var + "{\n" + kIndent + vec3Code(t.a) + ",  // a " + vec3Text(t.a) + "\n" +
         kIndent + vec3Code(t.b) + ",  // b " + vec3Text(t.b) + "\n" + kIndent + vec3Code(t.c) + "};  // c " +
         vec3Text(t.c) + "\n";
}
std::string argCode(const Capsule& c, const std::string& var) {
  return "  const satlab::Capsule " + var + "{\n" + kIndent + vec3Code(c.p0) + ",  // p0 " + vec3Text(c.p0) + "\n" +
         kIndent + vec3Code(c.p1) + ",  // p1 " + vec3Text(c.p1) + "\n" + kIndent + hexFloatLiteral(c.radius) +
         "};  // radius " + shortestDecimal(c.radius) + "\n";
}
std::string argCode(const MeshShape& m, const std::string& var) { return meshCode(m, var); }
std::string argCode(const ConvexHull& h, const std::string& var) {
  std::string s = "  const satlab::ConvexHull " + var + "{{\n";
  for (const glm::vec3& p : h.points) s += kIndent + vec3Code(p) + ",  // " + vec3Text(p) + "\n";
  return s + "  }};\n";
}
std::string argCode(const Rect2& r, const std::string& var) {
  return "  const satlab::Rect2 " + var + "{\n" + kIndent + vec2Code(r.center) + ",  // center " + vec2Text(r.center) +
         "\n" + kIndent + vec2Code(r.half) + "};  // half extents " + vec2Text(r.half) + "\n";
}
std::string argCode(const OrientedRect2& r, const std::string& var) {
  return "  const satlab::OrientedRect2 " + var + "{\n" + kIndent + vec2Code(r.center) + ",  // center " +
         vec2Text(r.center) + "\n" + kIndent + vec2Code(r.rotation) + ",  // rotation (cos, sin) " +
         vec2Text(r.rotation) + "\n" + kIndent + vec2Code(r.half) + "};  // half extents " + vec2Text(r.half) + "\n";
}
std::string argCode(const Circle2& c, const std::string& var) {
  return "  const satlab::Circle2 " + var + "{\n" + kIndent + vec2Code(c.center) + ",  // center " +
         vec2Text(c.center) + "\n" + kIndent + hexFloatLiteral(c.radius) + "};  // radius " +
         shortestDecimal(c.radius) + "\n";
}
std::string argCode(const Segment2& g, const std::string& var) {
  return "  const satlab::Segment2 " + var + "{\n" + kIndent + vec2Code(g.p0) + ",  // p0 " + vec2Text(g.p0) + "\n" +
         kIndent + vec2Code(g.p1) + "};  // p1 " + vec2Text(g.p1) + "\n";
}

std::string verdict(bool overlap) { return overlap ? "  EXPECT_TRUE(r.overlap);\n" : "  EXPECT_FALSE(r.overlap);\n"; }

template <class Sat>
std::string satAsserts(const Sat& s, const std::string& var) {
  std::string out = s.overlap ? "  EXPECT_TRUE(" + var + ".overlap);\n" : "  EXPECT_FALSE(" + var + ".overlap);\n";
  if (!s.overlap)
    out += "  EXPECT_EQ(satlab::label(" + var + ".separating), \"" + std::string(label(s.separating)) + "\");\n";
  return out;
}

template <class Hit>
std::string hitAsserts(const Hit& h) {
  std::string out = verdict(h.overlap);
  if (h.overlap) {
    out += "  EXPECT_FLOAT_EQ(r.tEnter, " + hexFloatLiteral(h.tEnter) + ");  // " + shortestDecimal(h.tEnter) + "\n";
    out += "  EXPECT_FLOAT_EQ(r.tExit, " + hexFloatLiteral(h.tExit) + ");  // " + shortestDecimal(h.tExit) + "\n";
  }
  return out;
}

/// The tolerance of an exported gap or depth: 1e-5 of it relative, at least 1e-5.
std::string signedDistanceTolerance(double d) { return shortestDecimal(float(1e-5 * (1.0 + std::abs(d)))); }

/// The gap or the depth of the code's a and b (scene geometries) by GJK and EPA, asserted to
/// within 1e-5 of itself relative: "signed distance", > 0 a gap, < 0 minus the depth. "" for
/// a shape without a support view (a mesh).
std::string measureAsserts(const ShapeGeometry& a, const ShapeGeometry& b) {
  SceneShape sa, sb;
  sa.geometry = a;
  sb.geometry = b;
  ConvexHull hullA, hullB;
  const std::optional<ConvexShape> ca = convexOfShape(sa, hullA), cb = convexOfShape(sb, hullB);
  if (!ca || !cb) return "";
  const ConvexResult m = convexContact(*ca, *cb);
  const double d = m.overlap ? -double(m.depth) : double(m.distance);
  char value[48];
  std::snprintf(value, sizeof value, "%.9g", d);
  return "  // The gap (> 0) or minus the depth (< 0), by GJK and EPA.\n"
         "  const satlab::ConvexResult m = satlab::convexContact(satlab::convexOf(a), satlab::convexOf(b));\n"
         "  EXPECT_NEAR(m.overlap ? -double(m.depth) : double(m.distance), " +
         std::string(value) + ", " + signedDistanceTolerance(d) + ");  // " + (d < 0 ? "depth " : "gap ") +
         shortestDecimal(float(std::abs(d))) + "\n";
}

/// Row R's call, as the exported test writes it, and its assertions, from the core's own
/// result for exactly these arguments (a, b: the test's A and B). The variables are named
/// in the call's order: `a` is the core's first argument (pairTest writes them so); a mesh
/// query takes the mesh's tree and pose first: `b`, `b_pose`, then `a`.
template <class R>
std::string callAndAsserts(const typename R::A& a, const typename R::B& b) {
  NoTrace none;
  const auto res = R::run(a, b, none, PairTestOptions{});
  const std::string call = "  const satlab::" + std::string(R::result) + " r = satlab::" + std::string(R::call);
  if constexpr (R::family == TestFamily::MeshTree) {
    if (!res) return "  FAIL() << \"satlab: the mesh has no triangles\";\n";
    return call + (R::id == TestId::MeshMesh ? "(a, a_pose, b, b_pose);\n" : "(b, b_pose, a);\n") +
           verdict(res->overlap);
  } else {
    std::string out = call + "(a, b);\n";
    if constexpr (R::family == TestFamily::BoxSat || R::family == TestFamily::TriangleSat) {
      out += satAsserts(res, "r");
    } else if constexpr (R::family == TestFamily::Slab || R::family == TestFamily::SegmentSphere ||
                         R::family == TestFamily::SegmentTriangle) {
      out += hitAsserts(res);
      if constexpr (kHasSatTwin<R>) {
        if (!res.overlap) {
          // The app names the separating axis of a miss with the SAT twin (box first).
          using Twin = typename SatTwinOf<R>::type;
          out += "  const satlab::SatResult sat = satlab::" + std::string(Twin::call) + "(b, a);\n" +
                 satAsserts(Twin::run(a, b, none, PairTestOptions{}), "sat");
        }
      }
    } else {
      out += verdict(res.overlap);
    }
    return out;
  }
}

std::string numberText(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

/// The signed distance of the code's a and b (scene geometries) grown by their margins, as
/// the generated code computes it; `mesh`: b is a mesh (its `b_mesh` and `b_pose`), met
/// triangle by triangle. nullopt for a shape without a support view (a mesh as a, two meshes).
std::optional<double> grownSignedDistance(const ShapeGeometry& a, const ShapeGeometry& b, const RecordedClaim& c,
                                          bool mesh) {
  SceneShape sa, sb;
  sa.geometry = a;
  sb.geometry = b;
  ConvexHull hullA, hullB;
  std::optional<ConvexShape> ga = convexOfShape(sa, hullA);
  if (!ga) return std::nullopt;
  if (mesh) {
    const auto* m = std::get_if<MeshShape>(&b);
    if (!m || !m->data) return std::nullopt;
    ga->radius += c.marginA + c.marginB;
    double best = std::numeric_limits<double>::infinity();
    const TriangleMesh& tm = m->data->mesh;
    for (std::size_t t = 0; t < tm.triangleCount(); ++t) {
      Triangle tri = tm.triangle(t);
      tri.a = m->pose.toWorld(tri.a);
      tri.b = m->pose.toWorld(tri.b);
      tri.c = m->pose.toWorld(tri.c);
      const ConvexResult r = convexContact(*ga, convexOf(tri));
      best = std::min(best, r.overlap ? -double(r.depth) : double(r.distance));
    }
    return best;
  }
  std::optional<ConvexShape> gb = convexOfShape(sb, hullB);
  if (!gb) return std::nullopt;
  ga->radius += c.marginA;
  gb->radius += c.marginB;
  const ConvexResult r = convexContact(*ga, *gb);
  return r.overlap ? -double(r.depth) : double(r.distance);
}

/// The core's swept test for a and b moving straight by da and db, as the generated call and
/// its result here; nullopt for a pair without one (boxes and spheres only).
std::optional<std::pair<std::string, SweptHit>> sweptCall(const ShapeGeometry& a, const glm::vec3& da,
                                                          const ShapeGeometry& b, const glm::vec3& db) {
  const auto* aa = std::get_if<Aabb>(&a);
  const auto* ab = std::get_if<Aabb>(&b);
  const auto* oa = std::get_if<Obb>(&a);
  const auto* ob = std::get_if<Obb>(&b);
  const auto* sa = std::get_if<Sphere>(&a);
  const auto* sb = std::get_if<Sphere>(&b);
  if (aa && ab) return std::make_pair(std::string("sweptAabbAabb(a, da, b, db)"), sweptAabbAabb(*aa, da, *ab, db));
  if (aa && ob) return std::make_pair(std::string("sweptAabbObb(a, da, b, db)"), sweptAabbObb(*aa, da, *ob, db));
  if (oa && ab) return std::make_pair(std::string("sweptAabbObb(b, db, a, da)"), sweptAabbObb(*ab, db, *oa, da));
  if (oa && ob) return std::make_pair(std::string("sweptObbObb(a, da, b, db)"), sweptObbObb(*oa, da, *ob, db));
  if (sa && sb) {
    return std::make_pair(std::string("sweptSphereSphere(a, da, b, db)"), sweptSphereSphere(*sa, da, *sb, db));
  }
  return std::nullopt;
}

/// The claim's assertions on the code's a and b (scene geometries; its margins and steps
/// already in the code's order); "" when these shapes have none.
std::string claimAsserts(const ShapeGeometry& a, const ShapeGeometry& b, const RecordedClaim& c, bool mesh) {
  const std::string engine = c.engine.empty() ? std::string("the engine") : c.engine;
  const std::string where = quoted(c.where);
  if (c.kind == RecordedClaim::Kind::NoContactBetween || c.kind == RecordedClaim::Kind::PassedThrough) {
    const auto call = sweptCall(a, c.stepA, b, c.stepB);
    if (!call) return "";
    const SweptHit& hit = call->second;
    std::string out = "\n  // Over the step to the next frame each shape moves straight by d (it does not turn).\n";
    out += "  const glm::vec3 da = " + vec3Code(c.stepA) + ";  // " + vec3Text(c.stepA) + "\n";
    out += "  const glm::vec3 db = " + vec3Code(c.stepB) + ";  // " + vec3Text(c.stepB) + "\n";
    out += "  const satlab::SweptHit hit = satlab::" + call->first + ";\n";
    if (hit.hit) {
      out += "  ASSERT_TRUE(hit.hit);\n  EXPECT_NEAR(hit.toi, " + hexFloatLiteral(hit.toi) + ", 1e-5f);  // " +
             shortestDecimal(hit.toi) + " of the step\n";
    } else {
      out += "  ASSERT_FALSE(hit.hit);\n";
    }
    if (c.kind == RecordedClaim::Kind::NoContactBetween) {
      out += "  // The recording expects them never to overlap: between the frames they touch (" + engine +
             " let them pass). This fails while the recorded motion does.\n";
      out += "  EXPECT_FALSE(hit.hit) << " + where + " \": expected never to overlap, they touch between frames\";\n";
    } else {
      out += "  // Apart in both frames, they touch between them: they pass through each other, and " + engine +
             "\n  // never saw them meet. This fails while the recorded motion does.\n";
      out += "  EXPECT_FALSE(hit.hit) << " + where + " \": they pass through each other between frames\";\n";
    }
    return out;
  }
  const std::optional<double> d = grownSignedDistance(a, b, c, mesh);
  if (!d) return "";
  const bool margins = c.marginA > 0.0f || c.marginB > 0.0f;
  std::string out = "\n  // The pair as " + engine + " met it" +
                    (margins ? ": each shape grown by its collision margin (a " + shortestDecimal(c.marginA) + ", b " +
                                   shortestDecimal(c.marginB) + ")"
                             : std::string(" (no collision margins)")) +
                    "; its gap (> 0) or minus its depth (< 0), by GJK and EPA.\n";
  if (mesh) {
    out += "  satlab::ConvexShape grownA = satlab::convexOf(a);\n";
    if (margins) out += "  grownA.radius += " + hexFloatLiteral(c.marginA) + " + " + hexFloatLiteral(c.marginB) + ";\n";
    out += "  double signedDistance = std::numeric_limits<double>::infinity();  // the nearest triangle's\n";
    out += "  for (std::size_t t = 0; t < b_mesh.triangleCount(); ++t) {\n";
    out += "    satlab::Triangle tri = b_mesh.triangle(t);\n";
    out +=
        "    tri.a = b_pose.toWorld(tri.a);\n    tri.b = b_pose.toWorld(tri.b);\n    tri.c = b_pose.toWorld(tri.c);\n";
    out += "    const satlab::ConvexResult g = satlab::convexContact(grownA, satlab::convexOf(tri));\n";
    out += "    signedDistance = std::min(signedDistance, g.overlap ? -double(g.depth) : double(g.distance));\n  }\n";
  } else {
    out += "  satlab::ConvexShape grownA = satlab::convexOf(a), grownB = satlab::convexOf(b);\n";
    if (margins) {
      out += "  grownA.radius += " + hexFloatLiteral(c.marginA) + ";  // " + shortestDecimal(c.marginA) + "\n";
      out += "  grownB.radius += " + hexFloatLiteral(c.marginB) + ";  // " + shortestDecimal(c.marginB) + "\n";
    }
    out += "  const satlab::ConvexResult g = satlab::convexContact(grownA, grownB);\n";
    out += "  const double signedDistance = g.overlap ? -double(g.depth) : double(g.distance);\n";
  }
  out += "  EXPECT_NEAR(signedDistance, " + numberText(*d) + ", " + signedDistanceTolerance(*d) + ");  // " +
         (*d < 0 ? "depth " : "gap ") + shortestDecimal(float(std::abs(*d))) + "\n";
  const std::string tol = shortestDecimal(float(c.tolerance));
  switch (c.kind) {
    case RecordedClaim::Kind::EngineTouching:
    case RecordedClaim::Kind::EngineApart: {
      const bool said = c.kind == RecordedClaim::Kind::EngineTouching;
      out += "  // What " + engine + " said in " + c.where +
             ". Put its own test of a and b here, and this is a test\n"
             "  // of the engine: it fails while the engine disagrees with the exact test beyond the tolerance.\n";
      out += std::string("  const bool engineSaysTouching = ") + (said ? "true" : "false") + ";\n";
      out += "  if (std::abs(signedDistance) > " + tol + ") {  // the recording's tolerance\n";
      out += "    EXPECT_EQ(engineSaysTouching, signedDistance < 0.0) << " + where + " \": " + engine + " said " +
             (said ? "touching" : "apart") + "\";\n  }\n";
      break;
    }
    case RecordedClaim::Kind::ExpectSeparated:
      out += "  // The recording expects them never to overlap (beyond its tolerance, " + tol + ").\n";
      out += "  EXPECT_GE(signedDistance, -" + tol + ") << " + where + " \": expected separated\";\n";
      break;
    case RecordedClaim::Kind::ExpectOverlap:
      out += "  // The recording expects them to overlap (within its tolerance, " + tol + ").\n";
      out += "  EXPECT_LE(signedDistance, " + tol + ") << " + where + " \": expected overlap\";\n";
      break;
    case RecordedClaim::Kind::MaxDepth:
      out += "  // The recording allows a depth of " + shortestDecimal(c.maxDepth) + " (resting contact).\n";
      out += "  EXPECT_LE(-signedDistance, " + numberText(double(c.maxDepth)) + " + " + tol + ") << " + where +
             " \": deeper than max_depth\";\n";
      break;
    case RecordedClaim::Kind::NoContactBetween:
    case RecordedClaim::Kind::PassedThrough: break;
  }
  return out;
}

std::string kindName(const SceneShape& s) { return std::string(shapeKindName(s.kind())); }

/// One TEST; `usedNames` keeps test names unique within the file.
std::string pairTest(const Scene& scene, std::size_t i, std::size_t j, std::set<std::string>& usedNames,
                     const std::optional<RecordedFrameOrigin>& origin, const RecordedClaim* claim = nullptr,
                     bool* claimWritten = nullptr) {
  const std::size_t lo = std::min(i, j), hi = std::max(i, j);
  const SceneShape& first = scene.shapes[lo];
  const SceneShape& second = scene.shapes[hi];
  const PairResult pr = evaluatePair(scene, lo, hi);
  const PairPlan plan = planPair(scene, lo, hi);
  const SceneShape& shapeA = scene.shapes[plan.first];  // the test's A and B (pair_table.hpp)
  const SceneShape& shapeB = scene.shapes[plan.second];

  const std::string suite = claim && !claim->suiteName.empty() ? cppIdentifier(claim->suiteName, "Shrunk")
                                                               : cppIdentifier(scene.title, "Scene");
  const std::string base = claim && !claim->testName.empty()
                               ? cppIdentifier(claim->testName, "Shrunk")
                               : cppIdentifier(first.name, "Shape") + "Vs" + cppIdentifier(second.name, "Shape");
  std::string name = base;
  for (int n = 2; usedNames.count(name) != 0; ++n) name = base + std::to_string(n);
  usedNames.insert(name);

  std::string out =
      "// " + quoted(first.name) + " (" + kindName(first) + ") and " + quoted(second.name) + " (" + kindName(second) +
      "): the app decided this pair with " + std::string(pr.code) + " (" + (pr.overlap ? "overlap" : "separated") +
      (pr.separatingAxis ? " on " + std::string(label(inTestRoles(pr, pr.separatingAxis->id))) + " in the pairs panel"
                         : std::string()) +
      ")" + (origin ? " in " + recordedFrameComment(*origin) : std::string()) + ".\n";
  return withPairTest(plan.rule.test, [&](auto row) {
    using R = decltype(row);
    if constexpr (!kIsPairTest<R>) {
      return out + "TEST(" + suite + ", " + name + ") {\n  FAIL() << \"satlab: no exporter for test " +
             std::string(pr.code) + "\";\n}\n";
    } else {
      // The core's first argument is written as `a` (a mesh query's other shape).
      constexpr bool bFirst = R::callTakesBFirst && R::family != TestFamily::MeshTree;
      const SceneShape& sx = bFirst ? shapeB : shapeA;
      const SceneShape& sy = bFirst ? shapeA : shapeB;
      if (&sx != &first)
        out += "// The core takes " + quoted(sx.name) + " first, so here A is " + quoted(sx.name) + ".\n";
      out += "TEST(" + suite + ", " + name + ") {\n";
      for (const SceneShape* s : {&sx, &sy}) {
        if (const auto* h = std::get_if<HullShape>(&s->geometry); h && h->cornerCount() > kMaxExportedMeshTriangles) {
          return out + "  // " + quoted(s->name) + " is a hull of " + std::to_string(h->cornerCount()) +
                 " corners, more than the " + std::to_string(kMaxExportedMeshTriangles) +
                 " the export writes inline.\n  GTEST_SKIP() << \"hull too large to export inline\";\n}\n";
        }
        const auto* m = std::get_if<MeshShape>(&s->geometry);
        if (m && (!m->data || m->triangleCount() > kMaxExportedMeshTriangles)) {
          // Too large to write inline (or not loaded): the test says so rather than test less.
          return out + "  // " + quoted(s->name) + " is a mesh of " + std::to_string(m->triangleCount()) +
                 " triangles" + (m->file.empty() ? std::string() : " from " + quoted(m->file)) + ", more than the " +
                 std::to_string(kMaxExportedMeshTriangles) + " the export writes inline.\n  GTEST_SKIP() << \"mesh " +
                 "too large to export inline\";\n}\n";
        }
      }
      // The arguments as evaluatePair gives them (in the XY plane for a planar rule).
      const ShapeGeometry gx = plan.planar ? inXyPlane(shapeA.geometry) : shapeA.geometry;
      const ShapeGeometry gy = plan.planar ? inXyPlane(shapeB.geometry) : shapeB.geometry;
      const auto& a = R::a(gx);
      const auto& b = R::b(gy);
      out += "  // " + quoted(sx.name) + " (" + kindName(sx) + ")\n";
      if constexpr (bFirst) {
        out += argCode(b, "a") + "  // " + quoted(sy.name) + " (" + kindName(sy) + ")\n" + argCode(a, "b");
      } else {
        out += argCode(a, "a") + "  // " + quoted(sy.name) + " (" + kindName(sy) + ")\n" + argCode(b, "b");
      }
      out += callAndAsserts<R>(a, b);
      // The gap or depth, on the code's a and b as written (a planar rule's are 2D shapes).
      if (!plan.planar && R::family != TestFamily::MeshTree) out += measureAsserts(sx.geometry, sy.geometry);
      if (claim) {
        // The claim's margins follow the scene's shapes to the code's a and b.
        const bool swap = &sx != &scene.shapes[i];
        RecordedClaim c = *claim;
        if (swap) {
          std::swap(c.marginA, c.marginB);
          std::swap(c.stepA, c.stepB);
        }
        // A planar rule's arguments are the 2D shapes: no claim is written for them.
        const std::string extra =
            plan.planar ? std::string() : claimAsserts(sx.geometry, sy.geometry, c, R::family == TestFamily::MeshTree);
        if (claimWritten) *claimWritten = !extra.empty();
        out += extra;
      }
      return out + "}\n";
    }
  });
}

std::string fileHeader(const Scene& scene, const std::optional<RecordedFrameOrigin>& origin) {
  return "// Generated by satlab: a regression test for scene " + quoted(scene.title) +
         (origin ? ", " + recordedFrameComment(*origin) : std::string()) +
         ".\n// Every float is exact (hexadecimal literal, decimal in the comment).\n"
         "// Build against satlab_collide and GTest::gtest_main.\n"
         "#include <algorithm>\n#include <cmath>\n#include <cstddef>\n#include <limits>\n\n"
         "#include <gtest/gtest.h>\n\n"
         "#include <satlab/collide.hpp>\n";
}

}  // namespace

std::string hexFloatLiteral(float v) {
  if (std::isnan(v)) return "std::numeric_limits<float>::quiet_NaN()";
  if (std::isinf(v))
    return v > 0 ? "std::numeric_limits<float>::infinity()" : "-std::numeric_limits<float>::infinity()";
  char buf[48];
  // %a of the float widened to double is exact; glibc drops trailing zero digits.
  std::snprintf(buf, sizeof buf, "%a", static_cast<double>(v));
  return std::string(buf) + "f";
}

std::string cppIdentifier(const std::string& text, const std::string& fallback) {
  std::string out;
  bool startWord = true;
  for (unsigned char c : text) {
    if (c < 0x80 && std::isalnum(c)) {
      out += static_cast<char>(startWord ? std::toupper(c) : c);
      startWord = false;
    } else {
      startWord = true;
    }
  }
  if (out.empty()) return fallback;
  if (std::isdigit(static_cast<unsigned char>(out[0]))) out = "S" + out;
  return out;
}

std::string recordedFrameComment(const RecordedFrameOrigin& origin) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "frame %lld of recording ", static_cast<long long>(origin.frame));
  std::string out = buf + quoted(origin.recording);
  if (origin.between > 0.0f) {
    std::snprintf(buf, sizeof buf, ", %.4g of the way to frame %lld", static_cast<double>(origin.between),
                  static_cast<long long>(origin.nextFrame));
    out += buf;
  }
  std::snprintf(buf, sizeof buf, " (index %zu, t = %.6g s)", origin.index, origin.time);
  return out + buf;
}

std::string exportPairAsGTest(const Scene& scene, std::size_t a, std::size_t b,
                              const std::optional<RecordedFrameOrigin>& origin) {
  std::set<std::string> used;
  std::string out = fileHeader(scene, origin) + "\n";
  if (a == b || a >= scene.shapes.size() || b >= scene.shapes.size()) {
    return out + "// satlab: no such pair (" + std::to_string(a) + ", " + std::to_string(b) + ")\n";
  }
  return out + pairTest(scene, a, b, used, origin);
}

std::string exportRecordedPairAsGTest(const Scene& scene, std::size_t a, std::size_t b, const RecordedClaim& claim) {
  if (a == b || a >= scene.shapes.size() || b >= scene.shapes.size()) return "";
  std::set<std::string> used;
  bool written = false;
  std::string test = pairTest(scene, a, b, used, std::nullopt, &claim, &written);
  if (!written) return "";
  return fileHeader(scene, std::nullopt) + "\n" + test;
}

std::string exportSceneAsGTest(const Scene& scene, const std::optional<RecordedFrameOrigin>& origin) {
  std::set<std::string> used;
  std::string out = fileHeader(scene, origin);
  const std::size_t n = scene.shapes.size();
  std::size_t written = 0, skipped = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (written == kMaxExportedPairs) {
        ++skipped;
        continue;
      }
      out += "\n" + pairTest(scene, i, j, used, origin);
      ++written;
    }
  }
  if (skipped > 0) out += "\n// " + std::to_string(skipped) + " more pairs not exported.\n";
  return out;
}

}  // namespace satlab
