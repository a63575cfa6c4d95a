#include "scene/export_gtest.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "satlab/collide.hpp"
#include "scene/mesh_pairs.hpp"
#include "scene/pair_eval.hpp"

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

/// One argument of the core's test: the value it is called with and the code that builds it.
struct Arg {
  enum class Kind { Aabb, Obb, Sphere, Segment, Triangle, Mesh, Rect, ORect, Circle, Seg } kind;
  Aabb aabb;
  Obb obb;
  Sphere sphere;
  Segment segment;
  Rect2 rect;
  OrientedRect2 orect;
  Circle2 circle;
  Segment2 seg2;
  Triangle triangle;
  MeshShape mesh;
};

/// Builds the argument as pair_eval.cpp does (the 2D ones from the XY part, pair_table.hpp).
Arg makeArg(const SceneShape& s, bool twoD) {
  Arg a{};
  if (const auto* b = std::get_if<Aabb>(&s.geometry)) {
    a.kind = twoD ? Arg::Kind::Rect : Arg::Kind::Aabb;
    a.aabb = *b;
    a.rect = rect2(*b);
  } else if (const auto* o = std::get_if<Obb>(&s.geometry)) {
    a.kind = twoD ? Arg::Kind::ORect : Arg::Kind::Obb;
    a.obb = *o;
    a.orect = orientedRect2(*o);
  } else if (const auto* c = std::get_if<Sphere>(&s.geometry)) {
    a.kind = twoD ? Arg::Kind::Circle : Arg::Kind::Sphere;
    a.sphere = *c;
    a.circle = circle2(*c);
  } else if (const auto* t = std::get_if<Triangle>(&s.geometry)) {
    a.kind = Arg::Kind::Triangle;  // triangles and meshes are never planar pairs
    a.triangle = *t;
  } else if (const auto* m = std::get_if<MeshShape>(&s.geometry)) {
    a.kind = Arg::Kind::Mesh;
    a.mesh = *m;
  } else {
    const auto& g = std::get<Segment>(s.geometry);
    a.kind = twoD ? Arg::Kind::Seg : Arg::Kind::Segment;
    a.segment = g;
    a.seg2 = segment2(g);
  }
  return a;
}

/// A mesh written inline: its triangles, its pose, and `var`, its OBB tree as the app builds
/// it (the scene's mesh pairs walk the OBB tree, mesh_pairs.hpp).
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

/// `const satlab::Type var{...};` with a decimal comment on every line.
std::string argCode(const Arg& a, const std::string& var) {
  const std::string in = "      ";
  switch (a.kind) {
    case Arg::Kind::Aabb:
      return "  const satlab::Aabb " + var + "{\n" + in + vec3Code(a.aabb.center) + ",  // center " +
             vec3Text(a.aabb.center) + "\n" + in + vec3Code(a.aabb.half) + "};  // half extents " +
             vec3Text(a.aabb.half) + "\n";
    case Arg::Kind::Obb: {
      std::string s = "  const satlab::Obb " + var + "{\n" + in + vec3Code(a.obb.center) + ",  // center " +
                      vec3Text(a.obb.center) + "\n";
      for (int i = 0; i < 3; ++i) {
        s += in + (i == 0 ? "glm::mat3(" : "          ") + vec3Code(a.obb.axes[i]) + (i == 2 ? ")," : ",") +
             "  // axis " + std::to_string(i) + " " + vec3Text(a.obb.axes[i]) + "\n";
      }
      return s + in + vec3Code(a.obb.half) + "};  // half extents " + vec3Text(a.obb.half) + "\n";
    }
    case Arg::Kind::Sphere:
      return "  const satlab::Sphere " + var + "{\n" + in + vec3Code(a.sphere.center) + ",  // center " +
             vec3Text(a.sphere.center) + "\n" + in + hexFloatLiteral(a.sphere.radius) + "};  // radius " +
             shortestDecimal(a.sphere.radius) + "\n";
    case Arg::Kind::Segment:
      return "  const satlab::Segment " + var + "{\n" + in + vec3Code(a.segment.p0) + ",  // p0 " +
             vec3Text(a.segment.p0) + "\n" + in + vec3Code(a.segment.p1) + "};  // p1 " + vec3Text(a.segment.p1) + "\n";
    case Arg::Kind::Triangle:
      return "  const satlab::Triangle " + var + "{\n" + in + vec3Code(a.triangle.a) + ",  // a " +
             vec3Text(a.triangle.a) + "\n" + in + vec3Code(a.triangle.b) + ",  // b " + vec3Text(a.triangle.b) + "\n" +
             in + vec3Code(a.triangle.c) + "};  // c " + vec3Text(a.triangle.c) + "\n";
    case Arg::Kind::Mesh: return meshCode(a.mesh, var);
    case Arg::Kind::Rect:
      return "  const satlab::Rect2 " + var + "{\n" + in + vec2Code(a.rect.center) + ",  // center " +
             vec2Text(a.rect.center) + "\n" + in + vec2Code(a.rect.half) + "};  // half extents " +
             vec2Text(a.rect.half) + "\n";
    case Arg::Kind::ORect:
      return "  const satlab::OrientedRect2 " + var + "{\n" + in + vec2Code(a.orect.center) + ",  // center " +
             vec2Text(a.orect.center) + "\n" + in + vec2Code(a.orect.rotation) + ",  // rotation (cos, sin) " +
             vec2Text(a.orect.rotation) + "\n" + in + vec2Code(a.orect.half) + "};  // half extents " +
             vec2Text(a.orect.half) + "\n";
    case Arg::Kind::Circle:
      return "  const satlab::Circle2 " + var + "{\n" + in + vec2Code(a.circle.center) + ",  // center " +
             vec2Text(a.circle.center) + "\n" + in + hexFloatLiteral(a.circle.radius) + "};  // radius " +
             shortestDecimal(a.circle.radius) + "\n";
    case Arg::Kind::Seg:
      return "  const satlab::Segment2 " + var + "{\n" + in + vec2Code(a.seg2.p0) + ",  // p0 " + vec2Text(a.seg2.p0) +
             "\n" + in + vec2Code(a.seg2.p1) + "};  // p1 " + vec2Text(a.seg2.p1) + "\n";
  }
  return {};
}

/// The core function behind each of evaluatePair's test ids, with its argument kinds.
struct CoreTest {
  const char* id;
  const char* function;
  Arg::Kind first, second;
};

constexpr CoreTest kCoreTests[] = {
    {"sat_aabb_aabb", "satAabbAabb", Arg::Kind::Aabb, Arg::Kind::Aabb},
    {"sat_aabb_obb", "satAabbObb", Arg::Kind::Aabb, Arg::Kind::Obb},
    {"sat_obb_obb", "satObbObb", Arg::Kind::Obb, Arg::Kind::Obb},
    {"slab_segment_aabb", "slabSegmentAabb", Arg::Kind::Segment, Arg::Kind::Aabb},
    {"slab_segment_obb", "slabSegmentObb", Arg::Kind::Segment, Arg::Kind::Obb},
    {"arvo_sphere_aabb", "closestSphereAabb", Arg::Kind::Sphere, Arg::Kind::Aabb},
    {"arvo_sphere_obb", "closestSphereObb", Arg::Kind::Sphere, Arg::Kind::Obb},
    {"sphere_sphere", "sphereSphere", Arg::Kind::Sphere, Arg::Kind::Sphere},
    {"segment_sphere", "segmentSphere", Arg::Kind::Segment, Arg::Kind::Sphere},
    {"segment_segment", "closestSegmentSegment", Arg::Kind::Segment, Arg::Kind::Segment},
    {"sat2d_rect_rect", "satRectRect", Arg::Kind::Rect, Arg::Kind::Rect},
    {"sat2d_rect_orect", "satRectOrientedRect", Arg::Kind::Rect, Arg::Kind::ORect},
    {"sat2d_orect_orect", "satOrientedRectOrientedRect", Arg::Kind::ORect, Arg::Kind::ORect},
    {"slab2d_segment_rect", "slabSegmentRect", Arg::Kind::Seg, Arg::Kind::Rect},
    {"slab2d_segment_orect", "slabSegmentOrientedRect", Arg::Kind::Seg, Arg::Kind::ORect},
    {"arvo2d_circle_rect", "closestCircleRect", Arg::Kind::Circle, Arg::Kind::Rect},
    {"arvo2d_circle_orect", "closestCircleOrientedRect", Arg::Kind::Circle, Arg::Kind::ORect},
    {"circle_circle_2d", "closestCircleCircle", Arg::Kind::Circle, Arg::Kind::Circle},
    {"circle_segment_2d", "closestCircleSegment", Arg::Kind::Circle, Arg::Kind::Seg},
    {"sat_aabb_triangle", "satAabbTriangle", Arg::Kind::Aabb, Arg::Kind::Triangle},
    {"sat_obb_triangle", "satObbTriangle", Arg::Kind::Obb, Arg::Kind::Triangle},
    {"closest_sphere_triangle", "closestSphereTriangle", Arg::Kind::Sphere, Arg::Kind::Triangle},
    {"segment_triangle", "segmentTriangle", Arg::Kind::Segment, Arg::Kind::Triangle},
    {"sat_triangle_triangle", "satTriangleTriangle", Arg::Kind::Triangle, Arg::Kind::Triangle},
    {"tree_mesh_aabb", "meshAabb", Arg::Kind::Aabb, Arg::Kind::Mesh},
    {"tree_mesh_obb", "meshObb", Arg::Kind::Obb, Arg::Kind::Mesh},
    {"tree_mesh_sphere", "meshSphere", Arg::Kind::Sphere, Arg::Kind::Mesh},
    {"tree_mesh_segment", "meshSegment", Arg::Kind::Segment, Arg::Kind::Mesh},
    {"tree_mesh_triangle", "meshTriangle", Arg::Kind::Triangle, Arg::Kind::Mesh},
    {"tree_mesh_mesh", "meshMesh", Arg::Kind::Mesh, Arg::Kind::Mesh},
};

bool is2dKind(Arg::Kind k) { return k >= Arg::Kind::Rect; }

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

/// The call and its assertions, from the core's own result for exactly these arguments.
std::string callAndAsserts(const std::string& id, const Arg& x, const Arg& y) {
  auto call = [](const char* type, const char* fn) {
    return std::string("  const satlab::") + type + " r = satlab::" + fn + "(a, b);\n";
  };
  if (id == "sat_aabb_aabb") return call("SatResult", "satAabbAabb") + satAsserts(satAabbAabb(x.aabb, y.aabb), "r");
  if (id == "sat_aabb_obb") return call("SatResult", "satAabbObb") + satAsserts(satAabbObb(x.aabb, y.obb), "r");
  if (id == "sat_obb_obb") return call("SatResult", "satObbObb") + satAsserts(satObbObb(x.obb, y.obb), "r");
  if (id == "slab_segment_aabb") {
    const SegmentHit h = slabSegmentAabb(x.segment, y.aabb);
    std::string out = call("SegmentHit", "slabSegmentAabb") + hitAsserts(h);
    if (!h.overlap) {
      // The app names the separating axis of a miss with the 6-axis SAT (box first).
      out += "  const satlab::SatResult sat = satlab::satAabbSegment(b, a);\n" +
             satAsserts(satAabbSegment(y.aabb, x.segment), "sat");
    }
    return out;
  }
  if (id == "slab_segment_obb")
    return call("SegmentHit", "slabSegmentObb") + hitAsserts(slabSegmentObb(x.segment, y.obb));
  if (id == "arvo_sphere_aabb")
    return call("ClosestResult", "closestSphereAabb") + verdict(closestSphereAabb(x.sphere, y.aabb).overlap);
  if (id == "arvo_sphere_obb")
    return call("ClosestResult", "closestSphereObb") + verdict(closestSphereObb(x.sphere, y.obb).overlap);
  if (id == "sphere_sphere")
    return call("SphereSphereResult", "sphereSphere") + verdict(sphereSphere(x.sphere, y.sphere).overlap);
  if (id == "segment_sphere")
    return call("SegmentHit", "segmentSphere") + hitAsserts(segmentSphere(x.segment, y.sphere));
  if (id == "segment_segment") {
    return call("SegSegResult", "closestSegmentSegment") + verdict(closestSegmentSegment(x.segment, y.segment).overlap);
  }
  if (id == "sat2d_rect_rect") return call("SatResult", "satRectRect") + satAsserts(satRectRect(x.rect, y.rect), "r");
  if (id == "sat2d_rect_orect") {
    return call("SatResult", "satRectOrientedRect") + satAsserts(satRectOrientedRect(x.rect, y.orect), "r");
  }
  if (id == "sat2d_orect_orect") {
    return call("SatResult", "satOrientedRectOrientedRect") +
           satAsserts(satOrientedRectOrientedRect(x.orect, y.orect), "r");
  }
  if (id == "slab2d_segment_rect")
    return call("SegmentHit", "slabSegmentRect") + hitAsserts(slabSegmentRect(x.seg2, y.rect));
  if (id == "slab2d_segment_orect") {
    return call("SegmentHit", "slabSegmentOrientedRect") + hitAsserts(slabSegmentOrientedRect(x.seg2, y.orect));
  }
  if (id == "arvo2d_circle_rect")
    return call("ClosestResult", "closestCircleRect") + verdict(closestCircleRect(x.circle, y.rect).overlap);
  if (id == "arvo2d_circle_orect") {
    return call("ClosestResult", "closestCircleOrientedRect") +
           verdict(closestCircleOrientedRect(x.circle, y.orect).overlap);
  }
  if (id == "circle_circle_2d")
    return call("ClosestResult", "closestCircleCircle") + verdict(closestCircleCircle(x.circle, y.circle).overlap);
  if (id == "circle_segment_2d")
    return call("ClosestResult", "closestCircleSegment") + verdict(closestCircleSegment(x.circle, y.seg2).overlap);
  if (id == "sat_aabb_triangle")
    return call("SatResult", "satAabbTriangle") + satAsserts(satAabbTriangle(x.aabb, y.triangle), "r");
  if (id == "sat_obb_triangle")
    return call("SatResult", "satObbTriangle") + satAsserts(satObbTriangle(x.obb, y.triangle), "r");
  if (id == "sat_triangle_triangle") {
    return call("SatResult", "satTriangleTriangle") + satAsserts(satTriangleTriangle(x.triangle, y.triangle), "r");
  }
  if (id == "closest_sphere_triangle") {
    return call("ClosestResult", "closestSphereTriangle") +
           verdict(closestSphereTriangle(x.sphere, y.triangle).overlap);
  }
  if (id == "segment_triangle")
    return call("SegmentTriangleHit", "segmentTriangle") + hitAsserts(segmentTriangle(x.segment, y.triangle));
  if (id.rfind("tree_mesh_", 0) == 0) {
    // The mesh is b (a too for two meshes): the query takes the tree and its pose first.
    const ShapeGeometry gx = x.kind == Arg::Kind::Mesh      ? ShapeGeometry(x.mesh)
                             : x.kind == Arg::Kind::Aabb    ? ShapeGeometry(x.aabb)
                             : x.kind == Arg::Kind::Obb     ? ShapeGeometry(x.obb)
                             : x.kind == Arg::Kind::Sphere  ? ShapeGeometry(x.sphere)
                             : x.kind == Arg::Kind::Segment ? ShapeGeometry(x.segment)
                                                            : ShapeGeometry(x.triangle);
    MeshQueryResult q;
    if (!runMeshQuery(meshTestFor(gx), gx, ShapeGeometry(y.mesh), MeshQueryOptions{}, NoTrace{}, q)) {
      return "  FAIL() << \"satlab: the mesh has no triangles\";\n";
    }
    const std::string fn = id == "tree_mesh_mesh" ? "meshMesh(a, a_pose, b, b_pose)"
                                                  : std::string(id == "tree_mesh_aabb"      ? "meshAabb"
                                                                : id == "tree_mesh_obb"     ? "meshObb"
                                                                : id == "tree_mesh_sphere"  ? "meshSphere"
                                                                : id == "tree_mesh_segment" ? "meshSegment"
                                                                                            : "meshTriangle") +
                                                        "(b, b_pose, a)";
    return "  const satlab::MeshQueryResult r = satlab::" + fn + ";\n" + verdict(q.overlap);
  }
  return "  FAIL() << \"satlab: no exporter for test " + id + "\";\n";
}

std::string kindName(const SceneShape& s) { return std::string(shapeKindName(s.kind())); }

/// One TEST; `usedNames` keeps test names unique within the file.
std::string pairTest(const Scene& scene, std::size_t i, std::size_t j, std::set<std::string>& usedNames) {
  const std::size_t lo = std::min(i, j), hi = std::max(i, j);
  const SceneShape& first = scene.shapes[lo];
  const SceneShape& second = scene.shapes[hi];
  const PairResult pr = evaluatePair(scene, lo, hi);

  const CoreTest* core = nullptr;
  for (const CoreTest& t : kCoreTests) {
    if (pr.code == t.id) core = &t;
  }
  const bool twoD = core && is2dKind(core->first);
  const Arg fa = makeArg(first, twoD), sa = makeArg(second, twoD);
  // The core's argument order: same kinds stay in file order.
  const bool swap = core && fa.kind != core->first;
  const Arg& x = swap ? sa : fa;
  const Arg& y = swap ? fa : sa;
  const SceneShape& sx = swap ? second : first;
  const SceneShape& sy = swap ? first : second;

  const std::string suite = cppIdentifier(scene.title, "Scene");
  const std::string base = cppIdentifier(first.name, "Shape") + "Vs" + cppIdentifier(second.name, "Shape");
  std::string name = base;
  for (int n = 2; usedNames.count(name) != 0; ++n) name = base + std::to_string(n);
  usedNames.insert(name);

  std::string out =
      "// " + quoted(first.name) + " (" + kindName(first) + ") and " + quoted(second.name) + " (" + kindName(second) +
      "): the app decided this pair with " + std::string(pr.code) + " (" + (pr.overlap ? "overlap" : "separated") +
      (pr.separatingAxis ? " on " + std::string(label(inTestRoles(pr, pr.separatingAxis->id))) + " in the pairs panel"
                         : std::string()) +
      ").\n";
  if (swap) out += "// The core takes " + quoted(sx.name) + " first, so here A is " + quoted(sx.name) + ".\n";
  out += "TEST(" + suite + ", " + name + ") {\n";
  for (const SceneShape* s : {&sx, &sy}) {
    const auto* m = std::get_if<MeshShape>(&s->geometry);
    if (m && (!m->data || m->triangleCount() > kMaxExportedMeshTriangles)) {
      // Too large to write inline (or not loaded): the test says so rather than test less.
      return out + "  // " + quoted(s->name) + " is a mesh of " + std::to_string(m->triangleCount()) + " triangles" +
             (m->file.empty() ? std::string() : " from " + quoted(m->file)) + ", more than the " +
             std::to_string(kMaxExportedMeshTriangles) + " the export writes inline.\n  GTEST_SKIP() << \"mesh " +
             "too large to export inline\";\n}\n";
    }
  }
  out += "  // " + quoted(sx.name) + " (" + kindName(sx) + ")\n" + argCode(x, "a");
  out += "  // " + quoted(sy.name) + " (" + kindName(sy) + ")\n" + argCode(y, "b");
  out += core ? callAndAsserts(core->id, x, y)
              : "  FAIL() << \"satlab: no exporter for test " + std::string(pr.code) + "\";\n";
  return out + "}\n";
}

std::string fileHeader(const Scene& scene) {
  return "// Generated by satlab: a regression test for scene " + quoted(scene.title) +
         ".\n// Every float is exact (hexadecimal literal, decimal in the comment).\n"
         "// Build against satlab_collide and GTest::gtest_main.\n"
         "#include <limits>\n\n"
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

std::string exportPairAsGTest(const Scene& scene, std::size_t a, std::size_t b) {
  std::set<std::string> used;
  std::string out = fileHeader(scene) + "\n";
  if (a == b || a >= scene.shapes.size() || b >= scene.shapes.size()) {
    return out + "// satlab: no such pair (" + std::to_string(a) + ", " + std::to_string(b) + ")\n";
  }
  return out + pairTest(scene, a, b, used);
}

std::string exportSceneAsGTest(const Scene& scene) {
  std::set<std::string> used;
  std::string out = fileHeader(scene);
  const std::size_t n = scene.shapes.size();
  std::size_t written = 0, skipped = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (written == kMaxExportedPairs) {
        ++skipped;
        continue;
      }
      out += "\n" + pairTest(scene, i, j, used);
      ++written;
    }
  }
  if (skipped > 0) out += "\n// " + std::to_string(skipped) + " more pairs not exported.\n";
  return out;
}

}  // namespace satlab
