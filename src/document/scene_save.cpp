#include "document/scene_save.hpp"

#include <cmath>
#include <limits>
#include <optional>

#include "base/progress.hpp"
#include "document/atomic_file.hpp"
#include "document/json_writer.hpp"
#include "document/motion_json.hpp"
#include "document/rotation.hpp"
#include "document/scene_load.hpp"

namespace satlab {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::size_t kSaveLineWidth = 100;

Json vecJson(const glm::vec3& v, bool allowXy) {
  Json a = Json::array({floatToJson(v.x), floatToJson(v.y)});
  // [x, y] loads as z = +0, so only a z that is exactly +0 may be left out.
  if (!allowXy || v.z != 0.0f || std::signbit(v.z)) a.push_back(floatToJson(v.z));
  return a;
}

Json axesJson(const glm::mat3& m) {
  return Json::array({vecJson(m[0], false), vecJson(m[1], false), vecJson(m[2], false)});
}

// "#rrggbb" (or "#rrggbbaa" when alpha is not 1) when every component is exactly what
// the loader reads for some hex digit pair (n / 255.0f), else nothing.
std::optional<std::string> hexColorText(const glm::vec4& c) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out = "#";
  const int count = c.a == 1.0f ? 3 : 4;
  for (int i = 0; i < count; ++i) {
    const float v = c[i];
    if (!(v >= 0.0f && v <= 1.0f)) return std::nullopt;
    const int n = static_cast<int>(std::lround(v * 255.0f));
    if (static_cast<float>(n) / 255.0f != v) return std::nullopt;
    out += kDigits[n / 16];
    out += kDigits[n % 16];
  }
  return out;
}

Json colorJson(const glm::vec4& c, bool hex) {
  if (hex) {
    if (auto text = hexColorText(c)) return Json(*text);
  }
  Json a = Json::array({floatToJson(c.r), floatToJson(c.g), floatToJson(c.b)});
  if (c.a != 1.0f) a.push_back(floatToJson(c.a));
  return a;
}

Json vec4Json(const glm::vec4& v) {
  return Json::array({floatToJson(v[0]), floatToJson(v[1]), floatToJson(v[2]), floatToJson(v[3])});
}

// Writes the OBB's rotation in the form its file used; see RotationSource.
void writeRotation(const glm::mat3& axes, const RotationSource& src, bool twoD, Json& out) {
  const auto writeAngle = [&](float degrees) {
    if (twoD) {
      out["angle_deg"] = floatToJson(degrees);
    } else {  // angle_deg is not allowed in 3d; this Euler triple gives the same matrix
      out["euler_deg"] = Json::array({floatToJson(0.0f), floatToJson(0.0f), floatToJson(degrees)});
    }
  };
  switch (src.form) {
    case RotationForm::None:
      if (axes == glm::mat3(1.0f)) return;
      if (twoD && isPureZRotation(axes))
        writeAngle(matrixToAngleDeg(axes));
      else
        out["axes"] = axesJson(axes);
      return;
    case RotationForm::Axes:
      // The file's own digits while they still load as these axes.
      out["axes"] = axesJson(src.given && axesFromFile(src.givenAxes) == axes ? src.givenAxes : axes);
      return;
    case RotationForm::Quaternion: {
      if (src.given && quaternionToMatrix(quaternionFromFile(src.givenQuaternion)) == axes) {
        out["quaternion"] = vec4Json(src.givenQuaternion);
        return;
      }
      const glm::quat q = quaternionToMatrix(src.quaternion) == axes ? src.quaternion : matrixToQuaternion(axes);
      out["quaternion"] = Json::array({floatToJson(q.w), floatToJson(q.x), floatToJson(q.y), floatToJson(q.z)});
      return;
    }
    case RotationForm::EulerDeg: {
      const glm::vec3 e = eulerDegToMatrix(src.eulerDeg) == axes ? src.eulerDeg : matrixToEulerDeg(axes);
      out["euler_deg"] = vecJson(e, false);
      return;
    }
    case RotationForm::AngleDeg:
      if (angleDegToMatrix(src.angleDeg) == axes)
        writeAngle(src.angleDeg);
      else if (isPureZRotation(axes))
        writeAngle(matrixToAngleDeg(axes));
      else
        out["axes"] = axesJson(axes);
      return;
  }
}

void meshPoseJson(const MeshShape& m, const SceneShape& shape, bool twoD, Json& out);

void meshJson(const MeshShape& m, const SceneShape& shape, bool twoD, MeshWrite meshes, Json& out) {
  const bool inlineMesh = m.data && (m.file.empty() || meshes == MeshWrite::Inline);
  if (!inlineMesh) {
    out["file"] = m.file;
  } else {
    const TriangleMesh& mesh = m.data->mesh;
    Json vertices = Json::array();
    vertices.get_ref<Json::array_t&>().reserve(mesh.vertices.size());
    for (const glm::vec3& v : mesh.vertices) vertices.push_back(vecJson(v, twoD));
    Json triangles = Json::array();
    triangles.get_ref<Json::array_t&>().reserve(mesh.triangleCount());
    for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
      triangles.push_back(Json::array({mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]}));
    }
    out["vertices"] = std::move(vertices);
    out["triangles"] = std::move(triangles);
  }
  meshPoseJson(m, shape, twoD, out);
}

/// A mesh's or a hull's pose: the centre and the scale where they are not the defaults, the
/// rotation in the form the file gave it.
void meshPoseJson(const MeshShape& m, const SceneShape& shape, bool twoD, Json& out) {
  if (m.pose.center != glm::vec3(0.0f) || std::signbit(m.pose.center.x) || std::signbit(m.pose.center.y) ||
      std::signbit(m.pose.center.z)) {
    out["center"] = vecJson(m.pose.center, twoD);
  }
  const glm::vec3 sc = m.pose.scale;
  if (m.uniformScaleGiven && sc.x == sc.y && sc.y == sc.z) {
    out["scale"] = floatToJson(sc.x);
  } else if (sc != glm::vec3(1.0f)) {
    out["scale"] = vecJson(sc, false);
  }
  writeRotation(m.pose.axes, shape.rotation, twoD, out);
}

/// A hull: its points as given, or its file (where meshes are written inline, its corners).
void hullJson(const HullShape& h, const SceneShape& shape, bool twoD, MeshWrite meshes, Json& out) {
  const std::vector<glm::vec3>* points = h.points.get();
  if (!points && h.body.data && (h.body.file.empty() || meshes == MeshWrite::Inline))
    points = &h.body.data->mesh.vertices;
  if (!points) {
    out["file"] = h.body.file;
  } else {
    Json list = Json::array();
    list.get_ref<Json::array_t&>().reserve(points->size());
    for (const glm::vec3& v : *points) list.push_back(vecJson(v, twoD));
    out["points"] = std::move(list);
  }
  meshPoseJson(h.body, shape, twoD, out);
}

Json shapeJson(const SceneShape& shape, bool twoD, std::size_t& paletteIndex, MeshWrite meshes) {
  Json out = Json::object();
  out["name"] = shape.name;
  out["type"] = std::string(shapeKindName(shape.kind()));
  // The loader gives uncoloured shapes palette entries 0, 1, 2... in file order; a colour
  // may be left out only if it is exactly the entry it would get back.
  if (shape.paletteColor && shape.color == paletteColor(paletteIndex)) {
    ++paletteIndex;
  } else {
    out["color"] = colorJson(shape.color, shape.hexColor);
  }
  switch (shape.kind()) {
    case ShapeKind::Aabb: {
      const Aabb& b = std::get<Aabb>(shape.geometry);
      out["center"] = vecJson(b.center, twoD);
      out["half_extents"] = vecJson(b.half, twoD);
      break;
    }
    case ShapeKind::Obb: {
      const Obb& b = std::get<Obb>(shape.geometry);
      out["center"] = vecJson(b.center, twoD);
      out["half_extents"] = vecJson(b.half, twoD);
      writeRotation(b.axes, shape.rotation, twoD, out);
      break;
    }
    case ShapeKind::Sphere: {
      const Sphere& s = std::get<Sphere>(shape.geometry);
      out["center"] = vecJson(s.center, twoD);
      out["radius"] = floatToJson(s.radius);
      break;
    }
    case ShapeKind::Segment: {
      const Segment& s = std::get<Segment>(shape.geometry);
      out["p0"] = vecJson(s.p0, twoD);
      out["p1"] = vecJson(s.p1, twoD);
      break;
    }
    case ShapeKind::Triangle: {
      const Triangle& t = std::get<Triangle>(shape.geometry);
      out["points"] = Json::array({vecJson(t.a, twoD), vecJson(t.b, twoD), vecJson(t.c, twoD)});
      break;
    }
    case ShapeKind::Mesh: meshJson(std::get<MeshShape>(shape.geometry), shape, twoD, meshes, out); break;
    case ShapeKind::Hull: hullJson(std::get<HullShape>(shape.geometry), shape, twoD, meshes, out); break;
    case ShapeKind::Capsule: {
      const Capsule& c = std::get<Capsule>(shape.geometry);
      out["p0"] = vecJson(c.p0, twoD);
      out["p1"] = vecJson(c.p1, twoD);
      out["radius"] = floatToJson(c.radius);
      break;
    }
  }
  if (shape.motion) out["motion"] = motionJson(*shape.motion, twoD ? ViewMode::TwoD : ViewMode::ThreeD);
  return out;
}

// A title or notes: the plain string when it is English alone, else the object of its
// languages, "en" first (when it has an English text), then the others in their order;
// null when there is nothing to write.
Json languageTextsJson(const std::string& english, const std::vector<LanguageText>& others) {
  if (others.empty()) return english.empty() ? Json(nullptr) : Json(english);
  Json out = Json::object();
  if (!english.empty()) out["en"] = english;
  for (const LanguageText& t : others) out[t.language] = t.text;
  return out;
}

}  // namespace

std::string sceneToJson(const Scene& scene, MeshWrite meshes) { return sceneToJson(scene, meshes, kMaxSceneFileBytes); }

std::string sceneToJson(const Scene& scene, MeshWrite meshes, std::size_t maxBytes) {
  const bool twoD = scene.view == ViewMode::TwoD;
  Json root = Json::object();
  root["version"] = kSceneFormatVersion;
  if (Json title = languageTextsJson(scene.title, scene.titleLanguages); !title.is_null()) root["title"] = title;
  if (Json notes = languageTextsJson(scene.notes, scene.notesLanguages); !notes.is_null()) root["notes"] = notes;
  root["view"] = std::string(viewModeName(scene.view));
  Json shapes = Json::array();
  std::size_t paletteIndex = 0;
  progressStage("Writing the scene as JSON", "", scene.shapes.size(), ProgressUnit::Shapes);
  for (const SceneShape& shape : scene.shapes) {
    if (shapes.size() % 4096 == 0) progressAt(shapes.size());
    shapes.push_back(shapeJson(shape, twoD, paletteIndex, meshes));
  }
  root["shapes"] = std::move(shapes);
  if (!scene.expect.empty()) {
    Json list = Json::array();
    for (const Expectation& e : scene.expect) {
      Json item = Json::object();
      item["a"] = e.a;
      item["b"] = e.b;
      if (e.overlap) item["overlap"] = *e.overlap;
      if (e.separatingAxis) item["separating_axis"] = *e.separatingAxis;
      if (e.maxDepth) item["max_depth"] = *e.maxDepth;
      if (e.exact) item["exact"] = true;
      list.push_back(std::move(item));
    }
    root["expect"] = std::move(list);
  }
  for (const ExtraField& extra : scene.extras) {
    if (root.contains(extra.key)) continue;  // never let an extra shadow a known field
    Json value = Json::parse(extra.json, nullptr, false);
    root[extra.key] = value.is_discarded() ? Json(nullptr) : std::move(value);
  }
  // Shapes that fit on one line get one line each. If that is still over the loader's
  // size limit, a line per shape whatever its length is the most compact readable form.
  progressStage("Laying out the JSON text", "", scene.shapes.size(), ProgressUnit::Shapes);
  std::string text = prettyJson(root, kSaveLineWidth);
  if (text.size() > maxBytes) text = prettyJson(root, std::numeric_limits<std::size_t>::max());
  if (text.size() > maxBytes) {
    // Still too large: no whitespace, the shortest text of every number, and no "view"
    // where it is the default. A loaded scene that was not edited is then no longer than
    // its file (see scene_save.hpp), so what loaded always saves and loads again.
    if (!twoD) root.erase("view");
    text = compactJson(root);
  }
  return text;
}

std::optional<std::string> saveScene(const Scene& scene, const std::string& path, NonRegularTarget nonRegular) {
  try {
    const std::string text = sceneToJson(scene, kSavedMeshes);
    SceneLoadOptions checkOnly;
    checkOnly.readMeshFiles = false;  // the scene's meshes are loaded already; their files are not read again
    const SceneLoadResult check = parseScene(text, path, checkOnly);
    if (!check.ok()) return "not saved, the scene would not load back: " + check.error->text();
    return writeFileAtomically(path, text, nonRegular);
  } catch (const std::exception& e) {
    return path + ": cannot save: " + e.what();
  }
}

}  // namespace satlab
