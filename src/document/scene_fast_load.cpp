#include "document/scene_fast_load.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>
#include <unordered_set>

#include "base/file_name.hpp"
#include "base/progress.hpp"
#include "document/json_fields.hpp"
#include "document/json_path.hpp"
#include "document/motion.hpp"
#include "document/rotation.hpp"
#include "document/scene_load_shape.hpp"

namespace satlab {
namespace {

using Kind = ScanNode::Kind;
using Nodes = std::vector<ScanNode>;

// Each reader below is the json_fields.hpp reader of the same name where that reader says
// nothing: it returns false wherever the reference reader would fail or note the value.

// Whether the float `f` of number `x` keeps the digits written (NumberNotes::changed).
bool keeps(const ScanNode& x, float f) {
  return x.digitsKnown ? keepsDigitsAt(f, x.number, x.exponent, x.decimals) : keepsDigits(f, x.number);
}

// readFloat with notes (the scanner took only numbers within the float range).
bool fastFloat(const ScanNode& x, float& out) {
  if (x.kind != Kind::Number) return false;
  const float f = static_cast<float>(x.number);
  if (!keeps(x, f)) return false;
  out = f;
  return true;
}

// readLength: within the scene's range, not tiny.
bool fastLength(const ScanNode& x, float& out) {
  if (x.kind != Kind::Number) return false;
  const double d = x.number;
  const double a = std::abs(d);
  if (!(a <= static_cast<double>(kMaxSceneCoordinate))) return false;
  if (d != 0.0 && a < static_cast<double>(kMinSceneLength)) return false;
  return fastFloat(x, out);
}

bool fastSize(const ScanNode& x, float& out) { return fastLength(x, out) && out >= 0.0f; }

// readVec3 / readPoint / readSizes: [x, y, z], or [x, y] where allowed (z = 0).
template <class Read>
bool fastVec(const Nodes& n, std::size_t at, bool allowXy, glm::vec3& out, Read read) {
  const ScanNode& v = n[at];
  if (v.kind != Kind::Array || !(v.size == 3 || (allowXy && v.size == 2))) return false;
  out = glm::vec3(0.0f);
  std::size_t c = at + 1;
  for (glm::length_t i = 0; i < static_cast<glm::length_t>(v.size); ++i, c = n[c].end) {
    if (!read(n[c], out[i])) return false;
  }
  return true;
}

bool fastPoint(const Nodes& n, std::size_t at, bool xy, glm::vec3& out) { return fastVec(n, at, xy, out, fastLength); }

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool fastColor(const Nodes& n, std::size_t at, glm::vec4& out) {
  const ScanNode& v = n[at];
  out = glm::vec4(1.0f);
  if (v.kind == Kind::String) {
    const std::string_view s = v.text;
    if (!((s.size() == 7 || s.size() == 9) && s[0] == '#')) return false;
    for (std::size_t i = 1; i < s.size(); i += 2) {
      const int hi = hexValue(s[i]), lo = hexValue(s[i + 1]);
      if (hi < 0 || lo < 0) return false;
      out[static_cast<glm::length_t>(i / 2)] = static_cast<float>(hi * 16 + lo) / 255.0f;
    }
    return true;
  }
  if (v.kind != Kind::Array || (v.size != 3 && v.size != 4)) return false;
  std::size_t c = at + 1;
  for (glm::length_t i = 0; i < static_cast<glm::length_t>(v.size); ++i, c = n[c].end) {
    float f = 0.0f;
    if (!fastFloat(n[c], f) || !(f >= 0.0f && f <= 1.0f)) return false;
    out[i] = f;
  }
  return true;
}

constexpr std::string_view kRotationKeys[] = {"axes", "euler_deg", "quaternion", "angle_deg"};

// parseRotation of the shape object at `at`.
bool fastRotation(const Nodes& n, std::size_t at, bool twoD, glm::mat3& axes, RotationSource& src) {
  std::size_t found[4] = {};
  int count = 0;
  for (int k = 0; k < 4; ++k) {
    found[k] = scanMember(n, at, kRotationKeys[k]);
    if (found[k]) ++count;
  }
  if (count > 1) return false;
  if (const std::size_t a = found[0]) {
    if (n[a].kind != Kind::Array || n[a].size != 3) return false;
    glm::mat3 m;
    std::size_t c = a + 1;
    for (glm::length_t i = 0; i < 3; ++i, c = n[c].end) {
      if (!fastVec(n, c, false, m[i], fastFloat)) return false;
    }
    if (!(orthonormalityError(m) <= kAxesTolerance)) return false;
    if (glm::dot(glm::cross(m[0], m[1]), m[2]) < 0.0f) return false;
    axes = axesFromFile(m);
    src.form = RotationForm::Axes;
    src.given = true;
    src.givenAxes = m;
  } else if (const std::size_t q = found[2]) {
    if (n[q].kind != Kind::Array || n[q].size != 4) return false;
    glm::vec4 c4;
    std::size_t c = q + 1;
    for (glm::length_t i = 0; i < 4; ++i, c = n[c].end) {
      if (!fastFloat(n[c], c4[i])) return false;
    }
    if (!(std::abs(quaternionLength(c4) - 1.0) <= kQuaternionTolerance)) return false;
    src.quaternion = quaternionFromFile(c4);
    axes = quaternionToMatrix(src.quaternion);
    src.form = RotationForm::Quaternion;
    src.given = true;
    src.givenQuaternion = c4;
  } else if (const std::size_t e = found[1]) {
    if (!fastVec(n, e, false, src.eulerDeg, fastFloat)) return false;
    axes = eulerDegToMatrix(src.eulerDeg);
    src.form = RotationForm::EulerDeg;
  } else if (const std::size_t g = found[3]) {
    if (!twoD || !fastFloat(n[g], src.angleDeg)) return false;
    axes = angleDegToMatrix(src.angleDeg);
    src.form = RotationForm::AngleDeg;
  }
  return true;
}

// readMotion, with motionProblem's checks.
bool fastMotion(const Nodes& n, std::size_t at, ShapeKind kind, bool twoD, Motion& m) {
  if (n[at].kind != Kind::Object) return false;
  for (std::size_t c = at + 1; c < n[at].end; c = n[c].end) {
    const std::string_view key = n[c].key;
    if (key == "velocity") {
      if (!fastVec(n, c, twoD, m.velocity, fastFloat)) return false;
    } else if (key == "angular_velocity") {
      if (n[c].kind == Kind::Number) {
        m.angularVelocity = glm::vec3(0.0f);
        if (!fastFloat(n[c], m.angularVelocity.z)) return false;
      } else {
        if (!fastVec(n, c, false, m.angularVelocity, fastFloat)) return false;
        if (twoD && (m.angularVelocity.x != 0.0f || m.angularVelocity.y != 0.0f)) return false;
      }
    } else if (key == "loop") {
      if (n[c].kind != Kind::True && n[c].kind != Kind::False) return false;
      m.loop = n[c].kind == Kind::True;
    } else if (key == "path") {
      const ScanNode& p = n[c];
      if (p.kind != Kind::Array || p.size == 0 || p.size > kMaxPathKeys) return false;
      m.path.reserve(p.size);
      for (std::size_t k = c + 1; k < p.end; k = n[k].end) {
        if (n[k].kind != Kind::Object || n[k].size != 2) return false;
        const std::size_t t = scanMember(n, k, "t"), offset = scanMember(n, k, "offset");
        if (!t || !offset || n[t].kind != Kind::Number) return false;
        PathKey key;
        key.t = n[t].number;  // finite: the scanner takes no other
        if (!fastPoint(n, offset, twoD, key.position)) return false;
        m.path.push_back(key);
      }
    } else {
      return false;
    }
  }
  return !motionProblem(m, static_cast<int>(kind), nullptr).has_value();
}

struct KindFields {
  std::string_view type;
  ShapeKind kind;
  std::string_view fields[6];  // besides name, type, color and motion; the rest empty
};

// The types the fast path takes (a mesh or a hull goes to the reference reader), with the
// fields of each, as scene_load.cpp's fieldsOf lists them.
const KindFields kKinds[] = {
    {"aabb", ShapeKind::Aabb, {"center", "half_extents"}},
    {"obb", ShapeKind::Obb, {"center", "half_extents", "axes", "euler_deg", "quaternion", "angle_deg"}},
    {"sphere", ShapeKind::Sphere, {"center", "radius"}},
    {"segment", ShapeKind::Segment, {"p0", "p1"}},
    {"triangle", ShapeKind::Triangle, {"points"}},
    {"capsule", ShapeKind::Capsule, {"p0", "p1", "radius"}},
};

bool ownField(const KindFields& kind, std::string_view key) {
  for (std::string_view k : kind.fields) {
    if (!k.empty() && k == key) return true;
  }
  return false;
}

bool listed(std::initializer_list<std::string_view> list, std::string_view key) {
  for (std::string_view k : list) {
    if (k == key) return true;
  }
  return false;
}

}  // namespace

bool fastSceneShape(const Nodes& n, std::size_t at, ViewMode view, SceneShape& out,
                    std::initializer_list<std::string_view> alsoKeys) {
  const ScanNode& v = n[at];
  if (v.kind != Kind::Object) return false;
  const std::size_t nameAt = scanMember(n, at, "name"), typeAt = scanMember(n, at, "type");
  if (!nameAt || !typeAt || n[nameAt].kind != Kind::String || n[typeAt].kind != Kind::String) return false;
  const KindFields* kind = nullptr;
  for (const KindFields& k : kKinds) {
    if (n[typeAt].text == k.type) kind = &k;
  }
  if (!kind) return false;
  std::size_t colorAt = 0, motionAt = 0;
  for (std::size_t c = at + 1; c < v.end; c = n[c].end) {
    const std::string_view key = n[c].key;
    if (key == "color") {
      colorAt = c;
    } else if (key == "motion") {
      motionAt = c;
    } else if (key != "name" && key != "type" && !ownField(*kind, key) && !listed(alsoKeys, key)) {
      return false;  // the reference reader warns
    }
  }
  if (shapeNameProblem(n[nameAt].text)) return false;
  out = SceneShape{};
  out.name.assign(n[nameAt].text.data(), n[nameAt].text.size());
  if (colorAt) {
    if (!fastColor(n, colorAt, out.color)) return false;
    out.hexColor = n[colorAt].kind == Kind::String;
  } else {
    out.paletteColor = true;
  }
  const bool xy = view == ViewMode::TwoD;
  const auto point = [&](std::string_view key, glm::vec3& p) {
    const std::size_t c = scanMember(n, at, key);
    return c && fastPoint(n, c, xy, p);
  };
  const auto sizes = [&](glm::vec3& h) {
    const std::size_t c = scanMember(n, at, "half_extents");
    return c && fastVec(n, c, xy, h, fastSize);
  };
  const auto radius = [&](float& r) {
    const std::size_t c = scanMember(n, at, "radius");
    return c && fastSize(n[c], r);
  };
  switch (kind->kind) {
    case ShapeKind::Aabb: {
      Aabb box;
      if (!point("center", box.center) || !sizes(box.half)) return false;
      out.geometry = box;
      break;
    }
    case ShapeKind::Obb: {
      Obb box;
      if (!point("center", box.center) || !sizes(box.half)) return false;
      if (!fastRotation(n, at, xy, box.axes, out.rotation)) return false;
      out.geometry = box;
      break;
    }
    case ShapeKind::Sphere: {
      Sphere ball;
      if (!point("center", ball.center) || !radius(ball.radius)) return false;
      out.geometry = ball;
      break;
    }
    case ShapeKind::Segment: {
      Segment seg;
      if (!point("p0", seg.p0) || !point("p1", seg.p1)) return false;
      out.geometry = seg;
      break;
    }
    case ShapeKind::Capsule: {
      Capsule cap;
      if (!point("p0", cap.p0) || !point("p1", cap.p1) || !radius(cap.radius)) return false;
      out.geometry = cap;
      break;
    }
    case ShapeKind::Triangle: {
      const std::size_t p = scanMember(n, at, "points");
      if (!p || n[p].kind != Kind::Array || n[p].size != 3) return false;
      Triangle tri;
      const std::size_t a = p + 1, b = n[a].end, c = n[b].end;
      if (!fastPoint(n, a, xy, tri.a) || !fastPoint(n, b, xy, tri.b) || !fastPoint(n, c, xy, tri.c)) return false;
      out.geometry = tri;
      break;
    }
    default: return false;
  }
  if (motionAt) {
    Motion m;
    if (!fastMotion(n, motionAt, kind->kind, xy, m)) return false;
    out.motion = std::move(m);
  }
  return true;
}

namespace {

// The text the fast path reads: a whole text in memory, or a file read a chunk at a time
// into a buffer that keeps only what is not yet consumed.
class SceneText {
 public:
  explicit SceneText(std::string_view text) : text_(text), size_(text.size()) {}
  SceneText(std::FILE* file, std::size_t size) : file_(file), size_(size) {}

  // The input's size in bytes.
  std::size_t size() const { return size_; }

  std::string_view rest() const { return text_.substr(pos_); }
  void consume(std::size_t n) {
    // Lines are counted as the text is consumed, for where a declined file stopped.
    const char* p = text_.data() + pos_;
    const char* end = p + n;
    while (const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
      p = static_cast<const char*>(nl) + 1;
      ++line_;
      lineStart_ = dropped_ + static_cast<std::size_t>(p - text_.data());
    }
    pos_ += n;
  }
  // The 1-based line and column (in bytes) of the next character.
  int line() const { return static_cast<int>(std::min<std::size_t>(line_, 1u << 30)); }
  int column() const { return static_cast<int>(std::min<std::size_t>(dropped_ + pos_ - lineStart_ + 1, 1u << 30)); }
  // Reads more; false at the end of the input, or when the file cannot be read as stat said.
  bool more() {
    if (!file_ || failed_) return false;
    buffer_.erase(0, pos_);
    dropped_ += pos_;
    pos_ = 0;
    const std::size_t old = buffer_.size();
    buffer_.resize(old + kSceneChunkBytes);
    const std::size_t got = std::fread(&buffer_[old], 1, kSceneChunkBytes, file_);
    buffer_.resize(old + got);
    read_ += got;
    progressAdd(got);
    if (std::ferror(file_) || read_ > size_) failed_ = true;
    text_ = buffer_;
    return got > 0 && !failed_;
  }
  bool failed() const { return failed_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::FILE* file_ = nullptr;
  std::size_t size_ = 0, read_ = 0;
  std::size_t dropped_ = 0;  // bytes consumed and dropped from the buffer
  std::size_t line_ = 1, lineStart_ = 0;
  std::string buffer_;
  bool failed_ = false;
};

// Reads a scene file's top level and its shapes; nullopt for anything the reference reader
// must see: a top-level field other than version, title, notes, view and shapes; a title
// or notes that is not a string (an object of languages); "view"
// or a missing "version" before "shapes"; an element of "shapes" that is not plain JSON;
// any error (the reference reader then finds and words it). An element that is plain JSON
// but not a plain shape (a mesh, a hull, an unknown field, a number it notes) is read by
// the reference reader alone, as parseScene reads it.
class FastSceneReader {
 public:
  FastSceneReader(SceneText& text, const std::string& source, const SceneLoadOptions& options,
                  FastSceneDecline* decline)
      : text_(text), source_(source), options_(options), decline_(decline) {}

  std::optional<SceneLoadResult> read() {
    std::optional<SceneLoadResult> result = readAll();
    if (!result && decline_ && decline_->message.empty()) {
      decline_->path = inShapes_ ? jsonPathIndex("shapes", shapeIndex_) : std::string();
      decline_->line = text_.line();
      decline_->column = text_.column();
    }
    return result;
  }

 private:
  std::optional<SceneLoadResult> readAll() {
    SceneLoadResult result;
    SceneElementReader elements(source_, options_, result.warnings);
    Scene& scene = result.scene;
    // Room for the shapes the text may hold (a shape takes 128 bytes or more in the files
    // satlab and its generators write), so that the list is not copied as it grows; room
    // never used is address space, not memory.
    scene.shapes.reserve(std::min(text_.size() / 128 + 16, kMaxSceneShapes));
    if (peek() != '{') return std::nullopt;
    text_.consume(1);
    bool seenVersion = false, seenTitle = false, seenNotes = false, seenView = false, seenShapes = false;
    std::size_t shapeCount = 0;
    for (;;) {
      std::string_view span;
      if (next(span) != ScanStatus::Ok || nodes_[0].kind != Kind::String) return std::nullopt;
      const std::string key(nodes_[0].text);
      if (peek() != ':') return std::nullopt;
      text_.consume(1);
      if (key == "shapes") {
        if (seenShapes || !seenVersion) return std::nullopt;
        seenShapes = true;
        if (!readShapes(scene, elements, shapeCount)) return std::nullopt;
      } else {
        if (next(span) != ScanStatus::Ok) return std::nullopt;
        const ScanNode& v = nodes_[0];
        if (key == "version" && !seenVersion) {
          seenVersion = true;
          if (!(v.kind == Kind::Number && v.integer && v.text == "1")) return std::nullopt;
        } else if (key == "title" && !seenTitle) {
          // A title or notes in several languages (an object) is the reference reader's.
          seenTitle = true;
          if (v.kind != Kind::String || v.text.size() > kMaxTitleBytes) return std::nullopt;
          scene.title = std::string(v.text);
        } else if (key == "notes" && !seenNotes) {
          seenNotes = true;
          if (v.kind != Kind::String || v.text.size() > kMaxNotesBytes) return std::nullopt;
          scene.notes = std::string(v.text);
        } else if (key == "view" && !seenView && !seenShapes) {
          seenView = true;
          if (v.kind != Kind::String || (v.text != "3d" && v.text != "2d")) return std::nullopt;
          scene.view = v.text == "2d" ? ViewMode::TwoD : ViewMode::ThreeD;
        } else {
          return std::nullopt;
        }
      }
      const int c = peek();
      if (c == ',') {
        text_.consume(1);
        continue;
      }
      if (c != '}') return std::nullopt;
      text_.consume(1);
      break;
    }
    if (peek() != -1 || text_.failed() || !seenShapes) return std::nullopt;
    if (shapeCount > kMaxSceneShapes) {
      // What the reference reader says of such a file, before reading any shape.
      SceneLoadResult tooMany;
      tooMany.error = SceneDiagnostic{source_, "shapes", 0, 0, tooManyShapesMessage(shapeCount)};
      return tooMany;
    }
    // Names are unique (else the reference reader names the first repeated one).
    std::unordered_set<std::string_view> names;
    names.reserve(scene.shapes.size());
    progressStage("Checking the names in %s", fileNameOf(source_), scene.shapes.size(), ProgressUnit::Shapes);
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
      if (i % 4096 == 0) progressAt(i);
      if (!names.insert(scene.shapes[i].name).second) {
        if (decline_) {
          decline_->path = jsonPathIndex("shapes", i) + ".name";
          decline_->message = duplicateNameMessage(scene.shapes[i].name);
        }
        return std::nullopt;
      }
    }
    elements.finish();
    return result;
  }

  // The next character after whitespace, not consumed; -1 at the end.
  int peek() {
    for (;;) {
      const std::string_view rest = text_.rest();
      std::size_t i = 0;
      while (i < rest.size() && isJsonSpace(rest[i])) ++i;
      text_.consume(i);
      if (i < rest.size()) return static_cast<unsigned char>(rest[i]);
      if (!text_.more()) return -1;
    }
  }

  // The next value into nodes_, and its text (`span`, valid until the next read).
  ScanStatus next(std::string_view& span) {
    for (;;) {
      std::size_t used = 0;
      const ScanStatus st = scanValue(text_.rest(), used, nodes_);
      if (st == ScanStatus::NeedMore) {
        if (text_.more()) continue;
        return ScanStatus::Unusual;
      }
      if (st == ScanStatus::Ok) {
        span = text_.rest().substr(0, used);
        text_.consume(used);
      }
      return st;
    }
  }

  bool readShapes(Scene& scene, SceneElementReader& elements, std::size_t& count) {
    if (peek() != '[') return false;
    text_.consume(1);
    if (peek() == ']') {
      text_.consume(1);
      return true;
    }
    std::size_t palette = 0;
    inShapes_ = true;
    for (;;) {
      shapeIndex_ = count;
      peek();  // past the whitespace, so that a declined element's line is its own
      std::string_view span;
      if (next(span) != ScanStatus::Ok) return false;
      // Past the limit the elements are only scanned: the file is refused, and the
      // reference reader would refuse it before reading any of them.
      if (count < kMaxSceneShapes) {
        SceneShape shape;
        if (!fastSceneShape(nodes_, 0, scene.view, shape)) {
          const OrderedJson element = OrderedJson::parse(span.begin(), span.end(), nullptr, false);
          if (element.is_discarded()) return false;
          try {
            shape = elements.read(element, jsonPathIndex("shapes", count), scene.view);
          } catch (const FieldError& e) {
            if (decline_) {
              decline_->path = e.path;
              decline_->message = e.message;
            }
            return false;
          }
        }
        if (shape.paletteColor) shape.color = paletteColor(palette++);
        scene.shapes.push_back(std::move(shape));
      }
      ++count;
      const int c = peek();
      if (c == ',') {
        text_.consume(1);
        continue;
      }
      if (c != ']') return false;
      text_.consume(1);
      inShapes_ = false;
      return true;
    }
  }

  SceneText& text_;
  const std::string& source_;
  const SceneLoadOptions& options_;
  FastSceneDecline* decline_;
  bool inShapes_ = false;       // reading the elements of "shapes"
  std::size_t shapeIndex_ = 0;  // the element being read
  Nodes nodes_;
};

}  // namespace

std::optional<SceneLoadResult> fastParseScene(std::string_view text, const std::string& sourceName,
                                              const SceneLoadOptions& options, FastSceneDecline* decline) {
  SceneText source(text);
  return FastSceneReader(source, sourceName, options, decline).read();
}

std::optional<SceneLoadResult> fastLoadScene(std::FILE* file, std::size_t size, const std::string& sourceName,
                                             const SceneLoadOptions& options, FastSceneDecline* decline) {
  SceneText source(file, size);
  return FastSceneReader(source, sourceName, options, decline).read();
}

}  // namespace satlab
