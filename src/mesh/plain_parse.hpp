// What satlab's own mesh reader (plain_import.hpp) shares between its formats: the builder
// that joins identical vertices and keeps the limits, the lines and words of a text, and
// numbers read without trusting them. Internal to the mesh library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "mesh/mesh_wire.hpp"

namespace satlab::plain {

/// Longest line of a text format read (an OBJ or ASCII STL line, a PLY header line), in
/// bytes: a polygon of 100,000 corners fits.
inline constexpr std::size_t kMaxLineBytes = 1u << 20;
/// Longest word read as a number.
inline constexpr std::size_t kMaxNumberChars = 128;

/// Triangles gathered into meshes as assimp's JoinIdenticalVertices would leave them: in
/// each mesh, corners at the same position (+0 and -0 alike) share one vertex, numbered in
/// the order the triangles first use them, so no vertex is unused. Keeps the limits of
/// mesh_limits.hpp for the whole file (vertices after joining, triangles, meshes) before it
/// stores anything past them. NaN and out-of-range coordinates are kept as they are (the
/// decoder's checks name them).
class MeshBuilder {
 public:
  MeshBuilder();

  /// Starts a new mesh named `name` (cut to kMaxMeshNameBytes); the one before is kept when
  /// it has triangles (the first triangle past kMaxMeshParts meshes is an error).
  void beginMesh(std::string_view name);
  const std::string& currentName() const { return current_.name; }

  /// A polygon of `n` corners: 1 is a point and 2 a line (dropped and counted); 3 a
  /// triangle; a quad is split along the diagonal that lies inside it (so a concave quad
  /// stays inside its outline); more corners are fanned from the first. False, with
  /// error(), past a limit.
  bool addPolygon(const glm::vec3* corners, std::size_t n);
  bool addTriangle(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c);
  void dropPoints(std::uint64_t n) { out_.droppedPoints += n; }
  void dropLines(std::uint64_t n) { out_.droppedLines += n; }

  std::size_t triangleCount() const { return triangles_; }
  const std::string& error() const { return error_; }

  /// Every mesh with triangles, as mesh_wire.hpp's bytes (or the error's bytes).
  std::string finish();

 private:
  void closeMesh();
  bool vertexIndex(const glm::vec3& p, std::uint32_t& index);
  void rehash(std::size_t capacity);

  WireMeshes out_;
  FileMesh current_;
  // Open addressing over current_'s vertices: 0 is empty, else vertex index + 1.
  std::vector<std::uint32_t> slots_;
  std::uint64_t seed_;
  std::size_t vertices_ = 0;   // all meshes so far, the current one included
  std::size_t triangles_ = 0;  // likewise
  std::string error_;
};

/// The lines of a text, one at a time, numbered from 1.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  /// The next line without its end ("\n" or "\r\n"). False at the end of the text, and when
  /// the line is longer than kMaxLineBytes or holds a NUL byte (error() then says so).
  bool next(std::string_view& line);
  std::size_t number() const { return number_; }
  /// Where the line after the last one returned starts.
  std::size_t offset() const { return pos_; }
  const std::string& error() const { return error_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t number_ = 0;
  std::string error_;
};

/// True for the blanks between words: space, tab, CR, vertical tab, form feed.
inline bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
/// Takes the next word of `rest` into `word` (false when only blanks are left).
bool nextWord(std::string_view& rest, std::string_view& word);
/// `text` without blanks at either end.
std::string_view trimmed(std::string_view text);

/// The whole word as a decimal number, as strtof reads it in the C locale ("nan" and "inf"
/// included: the mesh checks reject them with their field). False for anything else, and
/// for words longer than kMaxNumberChars.
bool parseFloat(std::string_view word, float& out);
/// The whole word as an integer: an optional sign and decimal digits, |value| < 2^62.
bool parseInteger(std::string_view word, std::int64_t& out);

/// A word for an error message: quoted, printable, cut to 40 bytes.
std::string quoted(std::string_view word);
/// "line N: message".
std::string lineError(std::size_t line, const std::string& message);

/// The formats, each from the file's bytes to mesh_wire.hpp's bytes (plain_obj.cpp,
/// plain_stl.cpp, plain_ply.cpp).
std::string importObj(std::string_view bytes);
std::string importStl(std::string_view bytes);
std::string importPly(std::string_view bytes);

/// What a PLY header promises, against the file: `head` is the file's beginning (its
/// header whole), `fileBytes` its size. Every element of the header with properties takes
/// bytes: at least a digit and a blank per property in ASCII, the sizes of its values (a
/// list's count) in binary; "" when the data after the header can hold every element the
/// header declares, else the reason. Nothing of the data is read: the desktop checks this
/// before the importer sees the file, which would otherwise make room for what the header
/// declares.
std::string plyPromiseProblem(std::string_view head, std::uint64_t fileBytes);

}  // namespace satlab::plain
