#include "document/scene_load.hpp"
#include "document/scene_load_shape.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <new>
#include <unordered_map>
#include <unordered_set>

#include "base/file_name.hpp"
#include "base/progress.hpp"
#include "document/file_reader.hpp"
#include "document/json_fields.hpp"
#include "document/json_path.hpp"
#include "document/json_writer.hpp"
#include "document/motion_json.hpp"
#include "document/rotation.hpp"
#include "document/scene_fast_load.hpp"

namespace satlab {

// A scene's mesh, inline or from a file, passes validateMesh: its coordinate range is the scene's.
static_assert(kMaxMeshCoordinate == kMaxSceneCoordinate, "one coordinate range for meshes and scenes");

namespace {

// Within these, given axes / quaternions are kept bit for bit instead of being
// re-normalised, so load -> save -> load reproduces every float exactly.
constexpr float kAxesKeepAsIs = 1e-6f;
constexpr double kQuaternionKeepAsIs = 1e-6;

constexpr std::array<std::string_view, 4> kRotationKeys = {"axes", "euler_deg", "quaternion", "angle_deg"};

// The fields each shape type reads, besides name, type and color.
std::vector<std::string_view> fieldsOf(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Aabb: return {"center", "half_extents"};
    case ShapeKind::Obb: return {"center", "half_extents", "axes", "euler_deg", "quaternion", "angle_deg"};
    case ShapeKind::Sphere: return {"center", "radius"};
    case ShapeKind::Segment: return {"p0", "p1"};
    case ShapeKind::Triangle: return {"points"};
    case ShapeKind::Capsule: return {"p0", "p1", "radius"};
    case ShapeKind::Mesh:
      return {"file", "vertices", "triangles", "center", "scale", "axes", "euler_deg", "quaternion", "angle_deg"};
    case ShapeKind::Hull: return {"points", "file", "center", "scale", "axes", "euler_deg", "quaternion", "angle_deg"};
  }
  return {};
}

std::string shortNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

bool contains(const std::vector<std::string_view>& list, std::string_view key) {
  for (std::string_view k : list) {
    if (k == key) return true;
  }
  return false;
}

// "title" or "notes": a string (the English text), or an object of languages, each member a
// string read as the string form is ({"en": "...", "ru": "..."}); "en" goes to `english`,
// the others, whatever their code, to `others` in file order.
void readLanguageTexts(const OrderedJson& v, const std::string& path, std::size_t limit, std::string& english,
                       std::vector<LanguageText>& others) {
  if (v.is_string()) {
    english = readText(v, path, limit);
    return;
  }
  if (!v.is_object()) {
    failAt(path, "expected a string or an object of languages such as {\"en\": \"...\", \"ru\": \"...\"} (got " +
                     describeJson(v) + ")");
  }
  if (v.empty()) failAt(path, "an object of languages must have at least one (got {})");
  for (const auto& [code, text] : v.items()) {
    const std::string member = jsonPathKey(path, code);
    if (code.empty()) failAt(member, "a language code must not be empty");
    if (code == "en") {
      english = readText(text, member, limit);
    } else {
      others.push_back(LanguageText{code, readText(text, member, limit)});
    }
  }
}

class SceneParser {
 public:
  SceneParser(const std::string& source, const SceneLoadOptions& options, std::vector<SceneDiagnostic>& warnings)
      : source_(source), options_(options), warnings_(warnings) {}

  Scene parse(const OrderedJson& root) {
    requireObject(root, "");
    Scene scene;
    const OrderedJson& version = requireMember(root, "", "version", "the format version, 1");
    if (!version.is_number_integer()) failAt("version", "expected the integer 1 (got " + describeJson(version) + ")");
    if (version.get<long long>() != kSceneFormatVersion) {
      failAt("version", "unsupported version " + version.dump() + " (this build reads version " +
                            std::to_string(kSceneFormatVersion) + ")");
    }
    if (const OrderedJson* v = findMember(root, "title")) {
      readLanguageTexts(*v, "title", kMaxTitleBytes, scene.title, scene.titleLanguages);
    }
    if (const OrderedJson* v = findMember(root, "notes")) {
      readLanguageTexts(*v, "notes", kMaxNotesBytes, scene.notes, scene.notesLanguages);
    }
    if (const OrderedJson* v = findMember(root, "view")) scene.view = readViewMode(*v, "view");
    view_ = scene.view;

    const OrderedJson& shapes = requireMember(root, "", "shapes", "the list of shapes, may be []");
    requireArray(shapes, "shapes");
    if (shapes.size() > kMaxSceneShapes) failAt("shapes", tooManyShapesMessage(shapes.size()));
    scene.shapes.reserve(shapes.size());
    std::unordered_set<std::string> names;
    std::size_t paletteIndex = 0;
    progressStage("Building the scene from %s", fileNameOf(source_), shapes.size(), ProgressUnit::Shapes);
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      if (i % 1024 == 0) progressAt(i);
      const std::string path = jsonPathIndex("shapes", i);
      SceneShape shape = parseShape(shapes[i], path);
      if (!names.insert(shape.name).second) {
        failAt(path + ".name", duplicateNameMessage(shape.name));
      }
      if (shape.paletteColor) shape.color = paletteColor(paletteIndex++);
      scene.shapes.push_back(std::move(shape));
    }

    if (const OrderedJson* v = findMember(root, "expect")) scene.expect = parseExpectations(*v, names);

    for (const auto& [key, value] : root.items()) {
      static const std::vector<std::string_view> kKnown = {"version", "title", "notes", "view", "shapes", "expect"};
      if (contains(kKnown, key)) continue;
      scene.extras.push_back(ExtraField{key, value.dump()});
      // "lesson", "character" and "frustum" are read by later layers (document/lesson.hpp,
      // world/character.hpp, world/scene_frustum.hpp); anything else may be a typo.
      if (key != "lesson" && key != "character" && key != "frustum") {
        warn(jsonPathKey("", key), "unknown field, kept as it is");
      }
    }
    summariseNumbers();
    return scene;
  }

  // One shape object read on its own (parseSceneShape); the caller keeps the number notes.
  SceneShape parseLoneShape(const OrderedJson& v, const std::string& path, ViewMode view, NumberNotes& notes) {
    view_ = view;
    numbers_ = std::move(notes);
    SceneShape shape = parseShape(v, path);
    notes = std::move(numbers_);
    return shape;
  }

  void warn(const std::string& path, std::string message) {
    warnings_.push_back(SceneDiagnostic{source_, path, 0, 0, std::move(message)});
  }

  // One element of "shapes" read on its own, the number notes kept (SceneElementReader).
  SceneShape parseElement(const OrderedJson& v, const std::string& path, ViewMode view) {
    view_ = view;
    return parseShape(v, path);
  }

  // One warning for each kind of number note, at the first value it is about.
  void summariseNumbers() {
    const auto others = [](std::size_t count) {
      return count == 1 ? std::string(" (the only such value in this file)")
                        : " (" + std::to_string(count) + " such values in this file; this is the first)";
    };
    if (numbers_.tiny > 0) {
      warn(numbers_.tinyPath, printable(numbers_.tinyText) + " is below " + shortNumber(kMinSceneLength) +
                                  ", the smallest length satlab's tests resolve: read as 0" + others(numbers_.tiny));
    }
    if (numbers_.changed > 0) {
      char stored[32];
      std::snprintf(stored, sizeof stored, "%.9g", static_cast<double>(numbers_.changedValue));
      warn(numbers_.changedPath, printable(numbers_.changedText) +
                                     " has more digits than a 32-bit float keeps: stored as " + stored + ", saved as " +
                                     floatToJson(numbers_.changedValue).dump() + others(numbers_.changed));
    }
  }

 private:
  SceneShape parseShape(const OrderedJson& v, const std::string& path) {
    requireObject(v, path);
    SceneShape shape;
    shape.name = readName(requireMember(v, path, "name", "every shape needs a unique name"), path + ".name");
    const std::string typePath = path + ".type";
    const std::string type = readString(
        requireMember(v, path, "type", "aabb, obb, sphere, segment, capsule, triangle, mesh or hull"), typePath);
    ShapeKind kind;
    if (type == "aabb")
      kind = ShapeKind::Aabb;
    else if (type == "obb")
      kind = ShapeKind::Obb;
    else if (type == "sphere")
      kind = ShapeKind::Sphere;
    else if (type == "segment")
      kind = ShapeKind::Segment;
    else if (type == "capsule")
      kind = ShapeKind::Capsule;
    else if (type == "triangle")
      kind = ShapeKind::Triangle;
    else if (type == "mesh")
      kind = ShapeKind::Mesh;
    else if (type == "hull")
      kind = ShapeKind::Hull;
    else
      failAt(typePath, "unknown type \"" + printable(type) +
                           "\" (expected aabb, obb, sphere, segment, capsule, triangle, mesh or hull)");

    if (const OrderedJson* c = findMember(v, "color")) {
      shape.color = readColor(*c, path + ".color", &numbers_);
      shape.hexColor = c->is_string();
    } else {
      shape.paletteColor = true;  // the caller assigns the palette entry
    }

    const bool xy = view_ == ViewMode::TwoD;
    const auto vec = [&](std::string_view key, std::string_view what) {
      return readPoint(requireMember(v, path, key, what), jsonPathKey(path, key), xy, numbers_);
    };
    switch (kind) {
      case ShapeKind::Aabb: {
        const char* what = "an aabb needs center and half_extents";
        Aabb box;
        box.center = vec("center", what);
        box.half = readSizes(requireMember(v, path, "half_extents", what), path + ".half_extents", xy, numbers_);
        shape.geometry = box;
        break;
      }
      case ShapeKind::Obb: {
        const char* what = "an obb needs center and half_extents";
        Obb box;
        box.center = vec("center", what);
        box.half = readSizes(requireMember(v, path, "half_extents", what), path + ".half_extents", xy, numbers_);
        parseRotation(v, path, box.axes, shape.rotation);
        shape.geometry = box;
        break;
      }
      case ShapeKind::Sphere: {
        const char* what = "a sphere needs center and radius";
        Sphere ball;
        ball.center = vec("center", what);
        ball.radius = readSize(requireMember(v, path, "radius", what), path + ".radius", numbers_);
        shape.geometry = ball;
        break;
      }
      case ShapeKind::Segment: {
        const char* what = "a segment needs p0 and p1";
        Segment seg;
        seg.p0 = vec("p0", what);
        seg.p1 = vec("p1", what);
        shape.geometry = seg;
        break;
      }
      case ShapeKind::Capsule: {
        const char* what = "a capsule needs p0, p1 and radius";
        Capsule cap;
        cap.p0 = vec("p0", what);
        cap.p1 = vec("p1", what);
        cap.radius = readSize(requireMember(v, path, "radius", what), path + ".radius", numbers_);
        shape.geometry = cap;
        break;
      }
      case ShapeKind::Triangle: {
        const std::string p = path + ".points";
        const OrderedJson& pts =
            requireMember(v, path, "points", "a triangle needs points [[x, y, z], [x, y, z], [x, y, z]]");
        if (!pts.is_array() || pts.size() != 3) {
          failAt(p, "expected three points [[x, y, z], [x, y, z], [x, y, z]] (got " + describeJson(pts) + ")");
        }
        Triangle tri;
        tri.a = readPoint(pts[0], jsonPathIndex(p, 0), xy, numbers_);
        tri.b = readPoint(pts[1], jsonPathIndex(p, 1), xy, numbers_);
        tri.c = readPoint(pts[2], jsonPathIndex(p, 2), xy, numbers_);
        shape.geometry = tri;
        break;
      }
      case ShapeKind::Mesh: shape.geometry = parseMesh(v, path, shape.rotation); break;
      case ShapeKind::Hull: shape.geometry = parseHull(v, path, shape.rotation); break;
    }

    if (const OrderedJson* m = findMember(v, "motion")) {
      shape.motion = readMotion(*m, path + ".motion", kind, view_, numbers_,
                                [this](const std::string& at, std::string message) { warn(at, std::move(message)); });
    }

    const std::vector<std::string_view> own = fieldsOf(kind);
    for (const auto& item : v.items()) {
      const std::string& key = item.key();
      if (key == "name" || key == "type" || key == "color" || key == "motion" || contains(own, key)) continue;
      bool other = false;
      for (ShapeKind k : {ShapeKind::Aabb, ShapeKind::Obb, ShapeKind::Sphere, ShapeKind::Segment, ShapeKind::Triangle,
                          ShapeKind::Mesh, ShapeKind::Capsule, ShapeKind::Hull}) {
        other = other || contains(fieldsOf(k), key);
      }
      warn(jsonPathKey(path, key), other ? "not a field of type " + type + ", ignored" : "unknown field, ignored");
    }
    return shape;
  }

  // One coordinate of an inline mesh's vertex: the common case (a finite number within
  // range, not tiny) without building its path; anything else through readLength, which
  // names the path in its error or notes the tiny value.
  float meshCoordinate(const OrderedJson& x, const std::string& vertexPath, std::size_t k) {
    if (x.is_number()) {
      const double d = x.get<double>();
      const double a = std::abs(d);
      if (a <= static_cast<double>(kMaxSceneCoordinate) && (a == 0.0 || a >= static_cast<double>(kMinSceneLength)) &&
          (x.is_number_integer() || static_cast<double>(static_cast<float>(d)) == d)) {
        return static_cast<float>(d);
      }
    }
    return readLength(x, jsonPathIndex(vertexPath, k), numbers_);
  }

  MeshShape parseMesh(const OrderedJson& v, const std::string& path, RotationSource& rotation) {
    const bool xy = view_ == ViewMode::TwoD;
    MeshShape mesh;
    const OrderedJson* file = findMember(v, "file");
    const OrderedJson* verts = findMember(v, "vertices");
    const OrderedJson* tris = findMember(v, "triangles");
    if (file && (verts || tris)) {
      failAt(path, "give either \"file\" or \"vertices\" and \"triangles\", not both");
    }
    if (!file && !verts && !tris) {
      failAt(path,
             "a mesh needs \"file\" (a mesh file relative to the scene's folder) or \"vertices\" and \"triangles\"");
    }
    if (file) {
      mesh.data = readMeshFileField(*file, path + ".file", mesh.file);
    } else {
      if (!verts) failAt(path, "an inline mesh needs \"vertices\" with its \"triangles\"");
      if (!tris) failAt(path, "an inline mesh needs \"triangles\" with its \"vertices\"");
      const std::string vp = path + ".vertices", tp = path + ".triangles";
      requireArray(*verts, vp);
      requireArray(*tris, tp);
      if (verts->empty()) failAt(vp, "a mesh needs at least one vertex");
      if (tris->empty()) failAt(tp, "a mesh needs at least one triangle");
      if (verts->size() > kMaxMeshVertices) {
        failAt(vp, "too many vertices (" + std::to_string(verts->size()) + "; the limit is " +
                       std::to_string(kMaxMeshVertices) + ")");
      }
      if (tris->size() > kMaxMeshTriangles) {
        failAt(tp, "too many triangles (" + std::to_string(tris->size()) + "; the limit is " +
                       std::to_string(kMaxMeshTriangles) + ")");
      }
      TriangleMesh m;
      m.vertices.resize(verts->size());
      for (std::size_t i = 0; i < verts->size(); ++i) {
        const OrderedJson& x = (*verts)[i];
        const bool fits = x.is_array() && (x.size() == 3 || (xy && x.size() == 2));
        if (!fits) {
          m.vertices[i] = readPoint(x, jsonPathIndex(vp, i), xy, numbers_);  // fails with the reason
          continue;
        }
        const std::string at = jsonPathIndex(vp, i);
        for (std::size_t k = 0; k < x.size(); ++k) {
          m.vertices[i][static_cast<glm::length_t>(k)] = meshCoordinate(x[k], at, k);
        }
      }
      m.indices.resize(tris->size() * 3);
      const std::size_t n = m.vertices.size();
      for (std::size_t i = 0; i < tris->size(); ++i) {
        const OrderedJson& t = (*tris)[i];
        if (!t.is_array() || t.size() != 3) {
          failAt(jsonPathIndex(tp, i), "expected three vertex indices [i, j, k] (got " + describeJson(t) + ")");
        }
        for (std::size_t k = 0; k < 3; ++k) {
          const OrderedJson& idx = t[k];
          if (!idx.is_number_integer()) {
            failAt(jsonPathIndex(jsonPathIndex(tp, i), k),
                   "expected a vertex index, an integer (got " + describeJson(idx) + ")");
          }
          const bool negative = idx.is_number_integer() && !idx.is_number_unsigned() && idx.get<long long>() < 0;
          if (negative || idx.get<unsigned long long>() >= n) {
            failAt(jsonPathIndex(jsonPathIndex(tp, i), k), "index " + idx.dump() + " is out of range (the mesh has " +
                                                               std::to_string(n) + " vertices, indices 0 to " +
                                                               std::to_string(n - 1) + ")");
          }
          m.indices[3 * i + k] = static_cast<std::uint32_t>(idx.get<unsigned long long>());
        }
      }
      mesh.data = makeMeshData(std::move(m));
    }
    parsePose(v, path, mesh, rotation, "mesh");
    return mesh;
  }

  /// A mesh "file" field: its name as written (into `name`), and its triangles read through
  /// the installed loader (once per file), or null where files are not read.
  std::shared_ptr<const MeshData> readMeshFileField(const OrderedJson& file, const std::string& p, std::string& name) {
    name = readString(file, p);
    if (name.empty()) failAt(p, "must name a mesh file");
    if (name.size() > 4096) failAt(p, "too long (" + std::to_string(name.size()) + " bytes; the limit is 4096)");
    if (name.find('\0') != std::string::npos) failAt(p, "contains a NUL character");
    if (!options_.readMeshFiles) return nullptr;
    const std::string resolved =
        name.front() == '/' || options_.baseDirectory.empty() ? name : options_.baseDirectory + "/" + name;
    auto cached = meshFiles_.find(resolved);
    if (cached == meshFiles_.end()) {
      MeshFileLoad loaded = loadSceneMeshFile(resolved);
      if (!loaded.data) failAt(p, printable(resolved, 200) + ": " + loaded.error);
      cached = meshFiles_.emplace(resolved, std::move(loaded.data)).first;
    }
    return cached->second;
  }

  /// A hull: "points" in its frame, or a mesh "file" whose vertices it wraps; placed as a mesh.
  HullShape parseHull(const OrderedJson& v, const std::string& path, RotationSource& rotation) {
    const bool xy = view_ == ViewMode::TwoD;
    HullShape hull;
    const OrderedJson* file = findMember(v, "file");
    const OrderedJson* pts = findMember(v, "points");
    if (file && pts) failAt(path, "give either \"points\" or \"file\", not both");
    if (!file && !pts) {
      failAt(path,
             "a hull needs \"points\" [[x, y, z], ...] or \"file\" (a mesh file relative to the scene's folder, "
             "whose vertices it wraps)");
    }
    if (file) {
      const std::shared_ptr<const MeshData> mesh = readMeshFileField(*file, path + ".file", hull.body.file);
      if (mesh) hull.body.data = makeHullData(mesh->mesh.vertices);
    } else {
      const std::string p = path + ".points";
      if (!pts->is_array()) failAt(p, "expected a list of points [[x, y, z], ...] (got " + describeJson(*pts) + ")");
      if (pts->empty()) failAt(p, "a hull needs at least one point");
      if (pts->size() > kMaxHullPoints) {
        failAt(p, "too many points (" + std::to_string(pts->size()) + "; the limit is " +
                      std::to_string(kMaxHullPoints) + ")");
      }
      std::vector<glm::vec3> points;
      points.reserve(pts->size());
      for (std::size_t i = 0; i < pts->size(); ++i)
        points.push_back(readPoint((*pts)[i], jsonPathIndex(p, i), xy, numbers_));
      hull.body.data = makeHullData(points);
      hull.points = std::make_shared<const std::vector<glm::vec3>>(std::move(points));
    }
    parsePose(v, path, hull.body, rotation, "hull");
    return hull;
  }

  /// A mesh's or a hull's "center", "scale" and rotation; the placed shape must stay within
  /// the scene's range.
  void parsePose(const OrderedJson& v, const std::string& path, MeshShape& mesh, RotationSource& rotation,
                 const char* noun) {
    const bool xy = view_ == ViewMode::TwoD;
    if (const OrderedJson* c = findMember(v, "center"))
      mesh.pose.center = readPoint(*c, path + ".center", xy, numbers_);
    if (const OrderedJson* sc = findMember(v, "scale")) {
      const std::string p = path + ".scale";
      const auto positive = [&](const OrderedJson& x, const std::string& at) {
        const float f = readFloat(x, at, &numbers_);
        if (!(f > 0.0f) || f > kMaxSceneCoordinate) {
          failAt(at, "a scale must be > 0 and at most 1e9 (got " + shortNumber(f) + ")");
        }
        return f;
      };
      if (sc->is_number()) {
        mesh.pose.scale = glm::vec3(positive(*sc, p));
        mesh.uniformScaleGiven = true;
      } else if (sc->is_array() && sc->size() == 3) {
        for (std::size_t k = 0; k < 3; ++k) {
          mesh.pose.scale[static_cast<glm::length_t>(k)] = positive((*sc)[k], jsonPathIndex(p, k));
        }
      } else {
        failAt(p, "expected a number or [x, y, z], each > 0 (got " + describeJson(*sc) + ")");
      }
    }
    parseRotation(v, path, mesh.pose.axes, rotation);
    if (mesh.data) {
      // The mesh in the world stays within the range the tests are exact for.
      glm::vec3 lo, hi;
      meshWorldBounds(mesh, lo, hi);
      if (!(std::max(std::max(std::abs(lo.x), std::abs(hi.x)),
                     std::max(std::max(std::abs(lo.y), std::abs(hi.y)), std::max(std::abs(lo.z), std::abs(hi.z)))) <=
            kMaxSceneCoordinate)) {
        failAt(path, std::string("the placed ") + noun +
                         " reaches beyond the range satlab's tests are exact for (|v| <= 1e9): its scale or centre "
                         "is too large");
      }
    }
  }

  void parseRotation(const OrderedJson& v, const std::string& path, glm::mat3& axes, RotationSource& src) {
    std::string given;
    int count = 0;
    for (std::string_view key : kRotationKeys) {
      if (!findMember(v, key)) continue;
      given += (count++ ? " and " : "") + std::string(key);
    }
    if (count > 1) failAt(path, "give at most one rotation (axes, euler_deg, quaternion or angle_deg), got " + given);

    if (const OrderedJson* a = findMember(v, "axes")) {
      const std::string p = path + ".axes";
      if (!a->is_array() || a->size() != 3) {
        failAt(p, "expected three axes [[x, y, z], [x, y, z], [x, y, z]] (got " + describeJson(*a) + ")");
      }
      glm::mat3 m;
      for (std::size_t i = 0; i < 3; ++i)
        m[static_cast<glm::length_t>(i)] = readVec3((*a)[i], jsonPathIndex(p, i), false, &numbers_);
      const float err = orthonormalityError(m);
      if (!(err <= kAxesTolerance)) {
        failAt(p, "axes must be orthonormal unit vectors (off by " + shortNumber(err) + "; the tolerance is " +
                      shortNumber(kAxesTolerance) + ")");
      }
      if (glm::dot(glm::cross(m[0], m[1]), m[2]) < 0.0f) {
        failAt(p, "axes form a left-handed (mirrored) frame; the third axis must be the first cross the second");
      }
      axes = axesFromFile(m);
      src.form = RotationForm::Axes;
      src.given = true;
      src.givenAxes = m;
    } else if (const OrderedJson* q = findMember(v, "quaternion")) {
      const std::string p = path + ".quaternion";
      if (!q->is_array() || q->size() != 4) failAt(p, "expected [w, x, y, z] (got " + describeJson(*q) + ")");
      glm::vec4 c;
      for (std::size_t i = 0; i < 4; ++i)
        c[static_cast<glm::length_t>(i)] = readFloat((*q)[i], jsonPathIndex(p, i), &numbers_);
      const double len = quaternionLength(c);
      if (!(std::abs(len - 1.0) <= kQuaternionTolerance)) {
        failAt(p, "quaternion must have unit length (got length " + shortNumber(len) + "; the tolerance is " +
                      shortNumber(kQuaternionTolerance) + ")");
      }
      src.quaternion = quaternionFromFile(c);
      axes = quaternionToMatrix(src.quaternion);
      src.form = RotationForm::Quaternion;
      src.given = true;
      src.givenQuaternion = c;
    } else if (const OrderedJson* e = findMember(v, "euler_deg")) {
      src.eulerDeg = readVec3(*e, path + ".euler_deg", false, &numbers_);
      axes = eulerDegToMatrix(src.eulerDeg);
      src.form = RotationForm::EulerDeg;
    } else if (const OrderedJson* g = findMember(v, "angle_deg")) {
      if (view_ != ViewMode::TwoD) {
        failAt(path + ".angle_deg", "angle_deg is for 2d scenes (\"view\": \"2d\"); use euler_deg, quaternion or axes");
      }
      src.angleDeg = readFloat(*g, path + ".angle_deg", &numbers_);
      axes = angleDegToMatrix(src.angleDeg);
      src.form = RotationForm::AngleDeg;
    }
  }

  std::vector<Expectation> parseExpectations(const OrderedJson& list, const std::unordered_set<std::string>& names) {
    requireArray(list, "expect");
    std::vector<Expectation> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string path = jsonPathIndex("expect", i);
      const OrderedJson& v = list[i];
      requireObject(v, path);
      Expectation e;
      e.a = readName(requireMember(v, path, "a", "the first shape's name"), path + ".a");
      e.b = readName(requireMember(v, path, "b", "the second shape's name"), path + ".b");
      if (!names.count(e.a)) failAt(path + ".a", "no shape is named \"" + printable(e.a) + "\"");
      if (!names.count(e.b)) failAt(path + ".b", "no shape is named \"" + printable(e.b) + "\"");
      if (e.a == e.b) failAt(path + ".b", "a and b name the same shape");
      if (const OrderedJson* o = findMember(v, "overlap")) e.overlap = readBool(*o, path + ".overlap");
      if (const OrderedJson* s = findMember(v, "separating_axis")) {
        e.separatingAxis = readName(*s, path + ".separating_axis");
        if (e.overlap == true) failAt(path + ".separating_axis", "a separating axis contradicts \"overlap\": true");
      }
      if (const OrderedJson* d = findMember(v, "max_depth")) e.maxDepth = readMaxDepth(*d, path + ".max_depth", e);
      if (const OrderedJson* x = findMember(v, "exact")) e.exact = readBool(*x, path + ".exact");
      if (!e.overlap && !e.separatingAxis && !e.maxDepth && !e.exact)
        warn(path, "checks nothing (give overlap, separating_axis, max_depth and/or exact)");
      for (const auto& item : v.items()) {
        const std::string& key = item.key();
        if (key != "a" && key != "b" && key != "overlap" && key != "separating_axis" && key != "max_depth" &&
            key != "exact") {
          warn(jsonPathKey(path, key), "unknown field, ignored");
        }
      }
      out.push_back(std::move(e));
    }
    return out;
  }

  const std::string& source_;
  const SceneLoadOptions& options_;
  std::vector<SceneDiagnostic>& warnings_;
  std::unordered_map<std::string, std::shared_ptr<const MeshData>> meshFiles_;  // one read per file
  ViewMode view_ = ViewMode::ThreeD;
  NumberNotes numbers_;
};

SceneLoadResult failure(const std::string& source, std::string message) {
  SceneLoadResult r;
  r.error = SceneDiagnostic{source, "", 0, 0, std::move(message)};
  return r;
}

std::string sizeText(std::size_t bytes) { return std::to_string(bytes) + " bytes"; }

}  // namespace

double quaternionLength(const glm::vec4& c) {
  double len2 = 0.0;
  for (glm::length_t i = 0; i < 4; ++i) len2 += static_cast<double>(c[i]) * static_cast<double>(c[i]);
  return std::sqrt(len2);
}

std::string duplicateNameMessage(const std::string& name) {
  return "duplicate name \"" + printable(name) + "\" (names must be unique)";
}

std::string tooManyShapesMessage(std::size_t count) {
  return "too many shapes (" + std::to_string(count) + "; the limit is " + std::to_string(kMaxSceneShapes) + ")";
}

struct SceneElementReader::Impl {
  Impl(const std::string& source, const SceneLoadOptions& options, std::vector<SceneDiagnostic>& warnings)
      : parser(source, options, warnings) {}
  SceneParser parser;
};

SceneElementReader::SceneElementReader(const std::string& source, const SceneLoadOptions& options,
                                       std::vector<SceneDiagnostic>& warnings)
    : impl_(std::make_unique<Impl>(source, options, warnings)) {}
SceneElementReader::~SceneElementReader() = default;

SceneShape SceneElementReader::read(const OrderedJson& v, const std::string& path, ViewMode view) {
  return impl_->parser.parseElement(v, path, view);
}

void SceneElementReader::finish() { impl_->parser.summariseNumbers(); }

SceneShape parseSceneShape(const OrderedJson& v, const std::string& path, ViewMode view, const std::string& source,
                           const SceneLoadOptions& options, NumberNotes& notes,
                           std::vector<SceneDiagnostic>& warnings) {
  return SceneParser(source, options, warnings).parseLoneShape(v, path, view, notes);
}

glm::mat3 axesFromFile(const glm::mat3& given) {
  return orthonormalityError(given) <= kAxesKeepAsIs ? given : orthonormalize(given);
}

glm::quat quaternionFromFile(const glm::vec4& c) {
  const double len = quaternionLength(c);
  const double s = std::abs(len - 1.0) <= kQuaternionKeepAsIs ? 1.0 : 1.0 / len;
  const auto at = [&](glm::length_t i) { return static_cast<float>(static_cast<double>(c[i]) * s); };
  return glm::quat(at(0), at(1), at(2), at(3));
}

namespace {
MeshFileLoader& installedMeshLoader() {
  static MeshFileLoader loader;
  return loader;
}
}  // namespace

void setMeshFileLoader(MeshFileLoader loader) { installedMeshLoader() = std::move(loader); }

MeshFileLoader meshFileLoader() { return installedMeshLoader(); }

MeshFileLoad loadSceneMeshFile(const std::string& path) {
  const MeshFileLoader& loader = installedMeshLoader();
  MeshFileLoad out;
  if (!loader) {
    out.error = "this program cannot read mesh files";
    return out;
  }
  out = loader(path);
  if (out.data) {
    if (std::optional<MeshDiagnostic> problem = validateMesh(out.data->mesh.vertices, out.data->mesh.indices)) {
      out.data.reset();
      out.error = "not a valid mesh: " + problem->message;
    }
  } else if (out.error.empty()) {
    out.error = "cannot read the mesh";
  }
  return out;
}

std::string folderOf(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

SceneLoadResult parseScene(std::string_view text, const std::string& sourceName) {
  SceneLoadOptions options;
  options.baseDirectory = folderOf(sourceName);
  return parseScene(text, sourceName, options);
}

namespace {

// The reference reader: the whole text checked (precheckJson), parsed into a tree and read
// field by field; every diagnostic comes from here.
SceneLoadResult parseSceneReference(std::string_view text, const std::string& sourceName,
                                    const SceneLoadOptions& options) {
  SceneLoadResult result;
  try {
    if (text.size() > kMaxSceneFileBytes) {
      return failure(sourceName,
                     "file too large (" + sizeText(text.size()) + "; the limit is " + kMaxSceneFileText + ")");
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
      return failure(sourceName, "the file is empty");
    }
    CheckedJson json = parseCheckedJson(text, sourceName);
    if (json.error) {
      result.error = std::move(json.error);
      return result;
    }
    result.scene = SceneParser(sourceName, options, result.warnings).parse(json.root);
  } catch (const FieldError& e) {
    result.scene = Scene{};
    result.error = SceneDiagnostic{sourceName, e.path, 0, 0, e.message};
  } catch (const std::bad_alloc&) {
    throw;  // out of memory is not a property of the file: the caller's top level reports it
  } catch (const Cancelled&) {
    throw;  // stopped by whoever asked for it (base/progress.hpp)
  } catch (const std::exception& e) {
    result.scene = Scene{};
    result.error = SceneDiagnostic{sourceName, "", 0, 0, std::string("internal error: ") + printable(e.what(), 200)};
  } catch (...) {
    result.scene = Scene{};
    result.error = SceneDiagnostic{sourceName, "", 0, 0, "internal error"};
  }
  return result;
}

// A file over kMaxFullReaderBytes that the fast path did not take: the error it found in a
// shape, with the reference reader's words, or where it stopped and what it takes.
SceneLoadResult declinedLargeFile(const std::string& source, const FastSceneDecline& decline) {
  SceneLoadResult r;
  if (!decline.message.empty()) {
    r.error = SceneDiagnostic{source, decline.path, 0, 0, decline.message};
    return r;
  }
  r.error = SceneDiagnostic{source, decline.path, decline.line, decline.column,
                            std::string("a scene file over ") + kMaxFullReaderText +
                                " is read only as plain JSON (strings of printable ASCII without escapes, "
                                "\"view\" before \"shapes\", no lessons or expectations), and the text here is "
                                "not; a smaller file is read whole and any error in it named"};
  return r;
}

// The fast path's result, or nullopt where the reference reader is to read the file (an
// exception other than running out of memory included: the reference reader reports it).
template <class Read>
std::optional<SceneLoadResult> tryFast(Read read) {
  try {
    return read();
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const Cancelled&) {
    throw;
  } catch (...) {
    return std::nullopt;
  }
}

}  // namespace

SceneLoadResult parseSceneWithReferenceReader(std::string_view text, const std::string& sourceName,
                                              const SceneLoadOptions& options) {
  return parseSceneReference(text, sourceName, options);
}

SceneLoadResult parseScene(std::string_view text, const std::string& sourceName, const SceneLoadOptions& options) {
  if (text.size() <= kMaxSceneFileBytes && text.find_first_not_of(" \t\r\n") != std::string_view::npos) {
    FastSceneDecline decline;
    if (auto fast = tryFast([&] { return fastParseScene(text, sourceName, options, &decline); })) {
      return std::move(*fast);
    }
    if (text.size() > kMaxFullReaderBytes) return declinedLargeFile(sourceName, decline);
  }
  return parseSceneReference(text, sourceName, options);
}

SceneLoadResult loadScene(const std::string& path) {
  try {
    const FileKind kind{kMaxSceneFileBytes, kMaxSceneFileText, "a scene file"};
    SceneLoadOptions options;
    options.baseDirectory = folderOf(path);
    std::size_t size = 0;
    {
      FilePtr file(nullptr, &std::fclose);
      if (!openFileChecked(path, kind, file, size)) {
        progressStage("Opening %s", fileNameOf(path), size, ProgressUnit::Bytes);
        FastSceneDecline decline;
        if (auto fast = tryFast([&] { return fastLoadScene(file.get(), size, path, options, &decline); })) {
          return std::move(*fast);
        }
        if (size > kMaxFullReaderBytes) return declinedLargeFile(path, decline);
      }
    }
    std::string text;
    progressStage("Reading %s", fileNameOf(path), size, ProgressUnit::Bytes);
    if (auto error = readWholeFile(path, kind, text)) {
      SceneLoadResult r;
      r.error = std::move(error);
      return r;
    }
    return parseSceneReference(text, path, options);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const Cancelled&) {
    throw;
  } catch (const std::exception& e) {
    return failure(path, std::string("cannot read: ") + printable(e.what(), 200));
  } catch (...) {
    return failure(path, "cannot read");
  }
}

float readMaxDepth(const OrderedJson& v, const std::string& path, const Expectation& e) {
  const float depth = readFloat(v, path);
  if (!(depth >= 0.0f)) failAt(path, "must be >= 0 (got " + printable(v.dump()) + ")");
  if (e.overlap == false) failAt(path, "a depth bound contradicts \"overlap\": false (which allows none)");
  if (e.separatingAxis) failAt(path, "a depth bound contradicts a separating axis");
  return depth;
}

}  // namespace satlab
