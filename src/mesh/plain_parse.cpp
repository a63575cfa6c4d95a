#include "mesh/plain_parse.hpp"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "base/mesh_validate.hpp"
#include "mesh/mesh_limits.hpp"

namespace satlab::plain {
namespace {

constexpr std::size_t kFirstSlots = 1024;

// The bits a position is joined by: +0 and -0 compare equal, as assimp's comparison of
// positions has them.
std::uint32_t keyBits(float v) {
  if (v == 0.0f) v = 0.0f;
  std::uint32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// A seeded hash of a position: each coordinate folded in by a bijective multiply-xorshift
// step. The seed differs from call to call, so a file cannot be made of positions chosen
// to land in one slot (which would make joining quadratic); the result does not depend on
// it, since vertices are numbered by first use.
std::uint64_t hashOf(const glm::vec3& p, std::uint64_t seed) {
  std::uint64_t h = seed;
  h = (h ^ keyBits(p.x)) * 0x9E3779B97F4A7C15ull;
  h ^= h >> 32;
  h = (h ^ keyBits(p.y)) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 29;
  h = (h ^ keyBits(p.z)) * 0x165667B19E3779F9ull;
  return h ^ (h >> 32);
}

std::uint64_t freshSeed(const void* self) {
  std::uint64_t seed = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  seed ^= static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(self)) * 0xD6E8FEB86659FD93ull;
  return seed;
}

bool samePosition(const glm::vec3& a, const glm::vec3& b) {
  return keyBits(a.x) == keyBits(b.x) && keyBits(a.y) == keyBits(b.y) && keyBits(a.z) == keyBits(b.z);
}

}  // namespace

MeshBuilder::MeshBuilder() : seed_(freshSeed(this)) {}

void MeshBuilder::beginMesh(std::string_view name) {
  closeMesh();
  current_.name = std::string(name.substr(0, kMaxMeshNameBytes));
}

void MeshBuilder::closeMesh() {
  // A mesh without triangles is left out (only triangles add vertices, so it has none).
  if (!current_.mesh.indices.empty()) out_.file.meshes.push_back(std::move(current_));
  current_ = FileMesh{};
  slots_.clear();
}

void MeshBuilder::rehash(std::size_t capacity) {
  slots_.assign(capacity, 0);
  const std::size_t mask = capacity - 1;
  const std::vector<glm::vec3>& v = current_.mesh.vertices;
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::size_t s = static_cast<std::size_t>(hashOf(v[i], seed_)) & mask;
    while (slots_[s] != 0) s = (s + 1) & mask;
    slots_[s] = static_cast<std::uint32_t>(i + 1);
  }
}

bool MeshBuilder::vertexIndex(const glm::vec3& p, std::uint32_t& index) {
  std::vector<glm::vec3>& v = current_.mesh.vertices;
  // At most half full, so that a probe ends soon at an empty slot.
  if (slots_.size() < kFirstSlots || 2 * (v.size() + 1) > slots_.size()) {
    rehash(slots_.size() < kFirstSlots ? kFirstSlots : 2 * slots_.size());
  }
  const std::size_t mask = slots_.size() - 1;
  std::size_t s = static_cast<std::size_t>(hashOf(p, seed_)) & mask;
  while (slots_[s] != 0) {
    if (samePosition(v[slots_[s] - 1], p)) {
      index = slots_[s] - 1;
      return true;
    }
    s = (s + 1) & mask;
  }
  if (vertices_ >= kMaxMeshVertices) {
    error_ = "more than " + std::to_string(kMaxMeshVertices) + " vertices (the limit)";
    return false;
  }
  ++vertices_;
  index = static_cast<std::uint32_t>(v.size());
  v.push_back(p);
  slots_[s] = index + 1;
  return true;
}

bool MeshBuilder::addTriangle(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
  if (triangles_ >= kMaxMeshTriangles) {
    error_ = "more than " + std::to_string(kMaxMeshTriangles) + " triangles (the limit)";
    return false;
  }
  // The mesh's first triangle makes it one of the file's meshes.
  if (current_.mesh.indices.empty() && out_.file.meshes.size() >= kMaxMeshParts) {
    error_ = "more than " + std::to_string(kMaxMeshParts) + " meshes (the limit)";
    return false;
  }
  std::uint32_t ia = 0, ib = 0, ic = 0;
  if (!vertexIndex(a, ia) || !vertexIndex(b, ib) || !vertexIndex(c, ic)) return false;
  ++triangles_;
  std::vector<std::uint32_t>& idx = current_.mesh.indices;
  idx.push_back(ia);
  idx.push_back(ib);
  idx.push_back(ic);
  return true;
}

bool MeshBuilder::addPolygon(const glm::vec3* p, std::size_t n) {
  if (n == 1) dropPoints(1);
  if (n == 2) dropLines(1);
  if (n < 3) return true;
  if (n == 4) {
    // The diagonal 0-2 lies inside the quad when corners 1 and 3 are on opposite sides of
    // it; else corner 1 or 3 is the reflex one and the diagonal 1-3 is inside. The sides
    // are the signs of (p2 - p0) x (pk - p0) along the quad's normal, the cross product of
    // its diagonals. In double: no overflow for any float; NaN keeps the diagonal 0-2.
    const glm::dvec3 q0(p[0]), q1(p[1]), q2(p[2]), q3(p[3]);
    const glm::dvec3 d02 = q2 - q0;
    const glm::dvec3 normal = glm::cross(d02, q3 - q1);
    const double side1 = glm::dot(normal, glm::cross(d02, q1 - q0));
    const double side3 = glm::dot(normal, glm::cross(d02, q3 - q0));
    if (side1 * side3 > 0.0) return addTriangle(p[1], p[2], p[3]) && addTriangle(p[1], p[3], p[0]);
    return addTriangle(p[0], p[1], p[2]) && addTriangle(p[0], p[2], p[3]);
  }
  for (std::size_t i = 1; i + 1 < n; ++i) {
    if (!addTriangle(p[0], p[i], p[i + 1])) return false;
  }
  return true;
}

std::string MeshBuilder::finish() {
  if (!error_.empty()) return encodeMeshWireError(error_);
  closeMesh();
  return encodeMeshWire(out_);
}

bool Lines::next(std::string_view& line) {
  if (pos_ >= text_.size() || !error_.empty()) return false;
  ++number_;
  const std::size_t left = text_.size() - pos_;
  const std::size_t scan = left < kMaxLineBytes + 2 ? left : kMaxLineBytes + 2;
  const char* start = text_.data() + pos_;
  const void* nl = std::memchr(start, '\n', scan);
  std::size_t length = nl != nullptr ? static_cast<std::size_t>(static_cast<const char*>(nl) - start) : scan;
  if (nl == nullptr && scan < left) {
    error_ = lineError(number_, "the line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
    return false;
  }
  pos_ += length + (nl != nullptr ? 1 : 0);
  if (length > 0 && start[length - 1] == '\r') --length;
  if (length > kMaxLineBytes) {
    error_ = lineError(number_, "the line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
    return false;
  }
  if (std::memchr(start, '\0', length) != nullptr) {
    error_ = lineError(number_, "a NUL byte: binary data where text belongs");
    return false;
  }
  line = std::string_view(start, length);
  return true;
}

bool nextWord(std::string_view& rest, std::string_view& word) {
  std::size_t i = 0;
  while (i < rest.size() && isBlank(rest[i])) ++i;
  std::size_t j = i;
  while (j < rest.size() && !isBlank(rest[j])) ++j;
  word = rest.substr(i, j - i);
  rest.remove_prefix(j);
  return !word.empty();
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && isBlank(text.front())) text.remove_prefix(1);
  while (!text.empty() && isBlank(text.back())) text.remove_suffix(1);
  return text;
}

bool parseFloat(std::string_view word, float& out) {
  if (word.empty() || word.size() > kMaxNumberChars) return false;
  // strtof skips leading blanks, which a word has none of; it needs the terminating NUL.
  char buffer[kMaxNumberChars + 1];
  std::memcpy(buffer, word.data(), word.size());
  buffer[word.size()] = '\0';
  char* end = nullptr;
  out = std::strtof(buffer, &end);  // ERANGE gives +-inf or a denormal: kept for the checks
  return end == buffer + word.size();
}

bool parseInteger(std::string_view word, std::int64_t& out) {
  std::size_t i = 0;
  const bool negative = !word.empty() && word[0] == '-';
  if (!word.empty() && (word[0] == '-' || word[0] == '+')) i = 1;
  if (i >= word.size()) return false;
  constexpr std::int64_t kMax = (std::int64_t{1} << 62) - 1;
  std::int64_t v = 0;
  for (; i < word.size(); ++i) {
    const char c = word[i];
    if (c < '0' || c > '9') return false;
    const int digit = c - '0';
    if (v > (kMax - digit) / 10) return false;  // checked before it could overflow
    v = v * 10 + digit;
  }
  out = negative ? -v : v;
  return true;
}

std::string quoted(std::string_view word) { return "'" + printable(word, 40) + "'"; }

std::string lineError(std::size_t line, const std::string& message) {
  return "line " + std::to_string(line) + ": " + message;
}

}  // namespace satlab::plain
