// Wavefront OBJ: "v x y z [w]" positions (colours after them ignored), "f" polygons of
// "v", "v/vt", "v//vn" or "v/vt/vn" references (1-based, negative ones counting back from
// the last position so far), "l" lines and "p" points (dropped and counted), "o" and "g"
// starting a mesh of that name, lines continued by a final backslash. Everything else
// (normals, texture coordinates, materials, smoothing groups, free-form geometry) is
// skipped. Meshes follow assimp's reading of the file: one per "o" or "g" whose name differs
// from the current one ("defaultobject" before the first), those without faces left out;
// assimp also splits a mesh where "usemtl" changes the material, which satlab, reading no
// materials, does not.
#include <string>
#include <vector>

#include "mesh/mesh_limits.hpp"
#include "mesh/plain_parse.hpp"

namespace satlab::plain {
namespace {

bool isIdentifier(std::string_view word) {
  for (char c : word) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

// The position index of a reference "v", "v/vt", "v//vn" or "v/vt/vn" (the texture and
// normal indices must be integers or empty; they are not used).
bool referenceIndex(std::string_view word, std::int64_t& v) {
  const std::size_t slash = word.find('/');
  if (!parseInteger(word.substr(0, slash), v)) return false;
  if (slash == std::string_view::npos) return true;
  std::string_view rest = word.substr(slash + 1);
  for (int part = 0; part < 2; ++part) {
    const std::size_t next = rest.find('/');
    const std::string_view item = rest.substr(0, next);
    std::int64_t ignored = 0;
    if (!item.empty() && !parseInteger(item, ignored)) return false;
    if (next == std::string_view::npos) return true;
    rest = rest.substr(next + 1);
  }
  return false;  // a fourth part
}

class ObjReader {
 public:
  explicit ObjReader(std::string_view text) : lines_(text) {}

  std::string read() {
    builder_.beginMesh("defaultobject");
    std::string_view line;
    while (lines_.next(line)) {
      const std::size_t number = lines_.number();
      if (!line.empty() && line.back() == '\\' && !joinContinued(line)) return encodeMeshWireError(error_);
      if (!statement(line)) return encodeMeshWireError(lineError(number, error_));
    }
    if (!lines_.error().empty()) return encodeMeshWireError(lines_.error());
    return builder_.finish();
  }

 private:
  // A line ending in a backslash goes on with the next one (the backslash a blank).
  bool joinContinued(std::string_view& line) {
    joined_.assign(line.data(), line.size() - 1);
    joined_ += ' ';
    std::string_view next;
    while (lines_.next(next)) {
      if (joined_.size() + next.size() > kMaxLineBytes) {
        error_ =
            lineError(lines_.number(), "the continued line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
        return false;
      }
      const bool more = !next.empty() && next.back() == '\\';
      joined_.append(next.data(), more ? next.size() - 1 : next.size());
      if (!more) break;
      joined_ += ' ';
    }
    if (!lines_.error().empty()) {
      error_ = lines_.error();
      return false;
    }
    line = joined_;
    return true;
  }

  bool statement(std::string_view line) {
    std::string_view rest = line, word;
    if (!nextWord(rest, word) || word[0] == '#') return true;
    rest = rest.substr(0, rest.find('#'));  // a comment after the statement
    if (word == "v") return position(rest);
    if (word == "f" || word == "l" || word == "p") return element(word[0], rest);
    if (word == "o" || word == "g") {
      const std::string_view name = trimmed(rest);
      if (name == builder_.currentName()) return true;
      builder_.beginMesh(name);
      return true;
    }
    if (isIdentifier(word)) return true;  // vt, vn, usemtl, s, mtllib, curves, ...: skipped
    return fail(quoted(word) + " is not an OBJ statement");
  }

  bool position(std::string_view rest) {
    float c[8];
    std::size_t n = 0;
    std::string_view word;
    while (nextWord(rest, word)) {
      if (n == 8) return fail("a vertex has more than 7 numbers (x y z, x y z w, or x y z r g b [a])");
      if (!parseFloat(word, c[n])) return fail(quoted(word) + " is not a number");
      ++n;
    }
    if (n != 3 && n != 4 && n != 6 && n != 7) {
      return fail("a vertex has " + std::to_string(n) + " numbers (x y z, x y z w, or x y z r g b [a])");
    }
    if (positions_.size() >= kMaxMeshVertices) {
      return fail("more than " + std::to_string(kMaxMeshVertices) + " vertices (the limit)");
    }
    glm::vec3 p(c[0], c[1], c[2]);
    if (n == 4) {
      // Homogeneous: the position is (x, y, z) / w.
      if (c[3] == 0.0f) return fail("a vertex with w = 0 (x y z w is the point (x, y, z) / w)");
      p /= c[3];
    }
    positions_.push_back(p);
    return true;
  }

  bool element(char kind, std::string_view rest) {
    corners_.clear();
    std::string_view word;
    while (nextWord(rest, word)) {
      std::int64_t v = 0;
      if (!referenceIndex(word, v))
        return fail(quoted(word) + " is not a vertex reference (v, v/vt, v//vn or v/vt/vn)");
      const auto count = static_cast<std::int64_t>(positions_.size());
      if (v == 0) return fail("index 0 is not a vertex (OBJ counts from 1, and back from the last vertex with -1)");
      const std::int64_t i = v > 0 ? v - 1 : count + v;
      if (i < 0 || i >= count) {
        return fail(std::string(kind == 'f'   ? "face"
                                : kind == 'l' ? "line"
                                              : "point") +
                    " index " + std::to_string(v) + " is out of range (the file has " + std::to_string(count) +
                    " vertices so far)");
      }
      corners_.push_back(positions_[static_cast<std::size_t>(i)]);
    }
    const std::size_t n = corners_.size();
    if (kind == 'p') {
      builder_.dropPoints(n);
    } else if (kind == 'l') {
      if (n == 1) builder_.dropPoints(1);
      if (n >= 2) builder_.dropLines(n - 1);
    } else if (!builder_.addPolygon(corners_.data(), n)) {
      return fail(builder_.error());
    }
    return true;
  }

  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  Lines lines_;
  MeshBuilder builder_;
  std::vector<glm::vec3> positions_;
  std::vector<glm::vec3> corners_;
  std::string joined_;
  std::string error_;
};

}  // namespace

std::string importObj(std::string_view bytes) { return ObjReader(bytes).read(); }

}  // namespace satlab::plain
