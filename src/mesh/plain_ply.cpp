// PLY (Turk's polygon file format), ascii, binary_little_endian and binary_big_endian: a
// header of "element NAME COUNT" lines, each followed by its "property TYPE NAME" and
// "property list COUNTTYPE ITEMTYPE NAME" lines, then the elements' data in header order.
// Read: the "vertex" element's x, y and z (any numeric type) and the "face" element's
// "vertex_indices" (or "vertex_index") list of any count and index types; every other
// element and property is skipped by its type. Vertices must come before faces. A file
// with vertices and no faces is a point cloud (its points dropped and counted). One mesh,
// without a name, as assimp gives it.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "mesh/mesh_limits.hpp"
#include "mesh/plain_parse.hpp"

namespace satlab::plain {
namespace {

enum class Type { Int8, Uint8, Int16, Uint16, Int32, Uint32, Float32, Float64 };
enum class Encoding { Ascii, LittleEndian, BigEndian };

struct Property {
  std::string name;
  Type type = Type::Float32;  // of the value, or of a list's items
  bool list = false;
  Type countType = Type::Uint8;
};

struct Element {
  std::string name;
  std::uint64_t count = 0;
  std::vector<Property> properties;
};

bool typeOf(std::string_view word, Type& type) {
  static const struct {
    const char* name;
    Type type;
  } kTypes[] = {
      {"char", Type::Int8},     {"int8", Type::Int8},       {"uchar", Type::Uint8},    {"uint8", Type::Uint8},
      {"short", Type::Int16},   {"int16", Type::Int16},     {"ushort", Type::Uint16},  {"uint16", Type::Uint16},
      {"int", Type::Int32},     {"int32", Type::Int32},     {"uint", Type::Uint32},    {"uint32", Type::Uint32},
      {"float", Type::Float32}, {"float32", Type::Float32}, {"double", Type::Float64}, {"float64", Type::Float64}};
  for (const auto& t : kTypes) {
    if (word == t.name) {
      type = t.type;
      return true;
    }
  }
  return false;
}

std::size_t sizeOf(Type t) {
  switch (t) {
    case Type::Int8:
    case Type::Uint8: return 1;
    case Type::Int16:
    case Type::Uint16: return 2;
    case Type::Int32:
    case Type::Uint32:
    case Type::Float32: return 4;
    case Type::Float64: return 8;
  }
  return 1;
}

bool isInteger(Type t) { return t != Type::Float32 && t != Type::Float64; }

// A double that is a whole number within +-2^62 as an integer; false for anything else
// (fractions, NaN, huge values: converting those would be undefined).
bool wholeNumber(double d, std::int64_t& out) {
  if (!(std::fabs(d) < 4.6e18) || d != std::floor(d)) return false;
  out = static_cast<std::int64_t>(d);
  return true;
}

// The header, up to and including its "end_header" line.
struct Header {
  Encoding encoding = Encoding::Ascii;
  std::vector<Element> elements;
  std::size_t dataOffset = 0;
  std::size_t lines = 0;  // the header's line count: the data's first line is lines + 1
};

std::string readHeader(std::string_view bytes, Header& h) {
  Lines lines(bytes);
  std::string_view line;
  if (!lines.next(line) || trimmed(line) != "ply") return "not a PLY file (the first line is not \"ply\")";
  bool format = false;
  while (lines.next(line)) {
    auto fail = [&](const std::string& m) { return lineError(lines.number(), m); };
    std::string_view rest = line, word;
    if (!nextWord(rest, word) || word == "comment" || word == "obj_info") continue;
    if (word == "end_header") {
      if (!trimmed(rest).empty()) return fail("words after end_header");
      if (!format) return fail("end_header before the format line");
      h.dataOffset = lines.offset();
      h.lines = lines.number();
      return "";
    }
    std::string_view a, b, c, extra;
    nextWord(rest, a);
    nextWord(rest, b);
    nextWord(rest, c);
    if (word == "format") {
      if (format) return fail("a second format line");
      if (a == "ascii") {
        h.encoding = Encoding::Ascii;
      } else if (a == "binary_little_endian") {
        h.encoding = Encoding::LittleEndian;
      } else if (a == "binary_big_endian") {
        h.encoding = Encoding::BigEndian;
      } else {
        return fail(quoted(a) + " is not a PLY format (ascii, binary_little_endian, binary_big_endian)");
      }
      if (b != "1.0" && b != "1") return fail("PLY version " + quoted(b) + " (satlab reads 1.0)");
      if (!c.empty()) return fail("words after the format line's version");
      format = true;
    } else if (word == "element") {
      std::int64_t count = 0;
      if (a.empty() || !parseInteger(b, count) || count < 0 || !c.empty()) {
        return fail("an element line is \"element NAME COUNT\" with a count of 0 or more");
      }
      h.elements.push_back(Element{std::string(a), static_cast<std::uint64_t>(count), {}});
    } else if (word == "property") {
      if (h.elements.empty()) return fail("a property before any element");
      Property p;
      if (a == "list") {
        p.list = true;
        nextWord(rest, extra);
        if (!typeOf(b, p.countType) || !isInteger(p.countType)) return fail(quoted(b) + " is not an integer type");
        if (!typeOf(c, p.type)) return fail(quoted(c) + " is not a PLY type");
        if (extra.empty()) return fail("a list property without a name");
        p.name = std::string(extra);
      } else {
        if (!typeOf(a, p.type)) return fail(quoted(a) + " is not a PLY type");
        if (b.empty()) return fail("a property without a name");
        p.name = std::string(b);
      }
      if (nextWord(rest, extra)) return fail("words after the property's name");
      h.elements.back().properties.push_back(std::move(p));
    } else {
      return fail(quoted(word) + " is not a PLY header line (format, element, property, comment, end_header)");
    }
  }
  if (!lines.error().empty()) return lines.error();
  return "the header has no end_header line";
}

// The data after the header, read one value at a time; every read checks what is left.
class Data {
 public:
  Data(std::string_view bytes, const Header& h) : bytes_(bytes), encoding_(h.encoding), line_(h.lines + 1) {
    pos_ = h.dataOffset;
  }

  std::size_t left() const { return bytes_.size() - pos_; }
  bool ascii() const { return encoding_ == Encoding::Ascii; }
  // Where the next value starts (its byte, or in ASCII its line), and as words for
  // messages: "line N" or "byte N". Only a message needs the words.
  std::size_t here() {
    if (!ascii()) return pos_;
    skipBlanks();
    return line_;
  }
  std::string where(std::size_t at) const { return (ascii() ? "line " : "byte ") + std::to_string(at); }

  // The fewest bytes `n` values can take: one byte and a blank each in ASCII (bar the last).
  bool room(std::uint64_t n, std::size_t bytesEach) const {
    if (ascii()) return n == 0 || n - 1 <= left() / 2;
    return bytesEach == 0 || n <= left() / bytesEach;
  }

  bool number(Type t, double& out, std::string& error) {
    if (ascii()) {
      std::string_view w;
      if (!word(w, error)) return false;
      if (isInteger(t)) {
        std::int64_t i = 0;
        if (!parseInteger(w, i)) return bad(w, "an integer", error);
        out = static_cast<double>(i);
        return true;
      }
      float f = 0.0f;
      if (!parseFloat(w, f)) return bad(w, "a number", error);
      out = f;
      return true;
    }
    const std::size_t n = sizeOf(t);
    if (left() < n) {
      error = "the data ends at byte " + std::to_string(bytes_.size()) + ", inside a value";
      return false;
    }
    unsigned char b[8];
    std::memcpy(b, bytes_.data() + pos_, n);
    pos_ += n;
    if (encoding_ == Encoding::BigEndian) {
      for (std::size_t i = 0; i < n / 2; ++i) std::swap(b[i], b[n - 1 - i]);
    }
    switch (t) {
      case Type::Int8: out = static_cast<signed char>(b[0]); break;
      case Type::Uint8: out = b[0]; break;
      case Type::Int16: out = load<std::int16_t>(b); break;
      case Type::Uint16: out = load<std::uint16_t>(b); break;
      case Type::Int32: out = load<std::int32_t>(b); break;
      case Type::Uint32: out = load<std::uint32_t>(b); break;
      case Type::Float32: out = load<float>(b); break;
      case Type::Float64: out = load<double>(b); break;
    }
    return true;
  }

  bool integer(Type t, std::int64_t& out, std::string& error) {
    const std::size_t at = here();
    double d = 0.0;
    if (!number(t, d, error)) return false;
    if (!wholeNumber(d, out)) {
      error = where(at) + ": " + std::to_string(d) + " is not a whole number";
      return false;
    }
    return true;
  }

 private:
  template <class T>
  static double load(const unsigned char* b) {
    T v;
    std::memcpy(&v, b, sizeof v);
    return static_cast<double>(v);
  }

  void skipBlanks() {
    while (pos_ < bytes_.size() && (isBlank(bytes_[pos_]) || bytes_[pos_] == '\n')) {
      if (bytes_[pos_] == '\n') ++line_;
      ++pos_;
    }
  }

  bool word(std::string_view& w, std::string& error) {
    skipBlanks();
    std::size_t end = pos_;
    while (end < bytes_.size() && !isBlank(bytes_[end]) && bytes_[end] != '\n' && end - pos_ <= kMaxNumberChars) ++end;
    if (end == pos_) {
      error = "the data ends at line " + std::to_string(line_) + ", before all the elements the header declares";
      return false;
    }
    w = bytes_.substr(pos_, end - pos_);
    pos_ = end;
    return true;
  }

  bool bad(std::string_view w, const char* what, std::string& error) const {
    error = "line " + std::to_string(line_) + ": " + quoted(w) + " is not " + what;
    return false;
  }

  std::string_view bytes_;
  Encoding encoding_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

class PlyReader {
 public:
  PlyReader(std::string_view bytes, const Header& h) : header_(h), data_(bytes, h) {}

  std::string read() {
    builder_.beginMesh("");
    bool sawVertices = false, sawFaces = false;
    for (const Element& e : header_.elements) {
      if (e.properties.empty()) continue;  // no bytes, whatever its count
      std::size_t minBytes = 0;
      for (const Property& p : e.properties) minBytes += sizeOf(p.list ? p.countType : p.type);
      // Each element takes minBytes at least; in ASCII a word and a blank per property.
      const std::uint64_t fits = data_.ascii() ? (data_.left() / 2 + 1) / e.properties.size() : data_.left() / minBytes;
      if (e.count > fits) {
        return encodeMeshWireError("the header declares " + std::to_string(e.count) + " " + e.name +
                                   " elements, more than the " + std::to_string(data_.left()) +
                                   " bytes of data after it can hold");
      }
      bool ok = true;
      if (e.name == "vertex" && !sawVertices) {
        sawVertices = true;
        ok = vertices(e);
      } else if (e.name == "face" && !sawFaces) {
        if (!sawVertices) return encodeMeshWireError("the face element comes before the vertex element");
        sawFaces = true;
        ok = faces(e);
      } else {
        ok = skip(e);
      }
      if (!ok) return encodeMeshWireError(error_);
    }
    if (sawVertices && !sawFaces) builder_.dropPoints(positions_.size());
    return builder_.finish();
  }

 private:
  bool vertices(const Element& e) {
    if (e.count > kMaxMeshVertices) {
      return fail("the file declares " + std::to_string(e.count) + " vertices; the limit is " +
                  std::to_string(kMaxMeshVertices));
    }
    int axis[3] = {-1, -1, -1};
    for (std::size_t i = 0; i < e.properties.size(); ++i) {
      const Property& p = e.properties[i];
      for (int k = 0; k < 3; ++k) {
        if (!p.list && axis[k] < 0 && p.name == std::string(1, static_cast<char>('x' + k)))
          axis[k] = static_cast<int>(i);
      }
    }
    if (axis[0] < 0 || axis[1] < 0 || axis[2] < 0) return fail("the vertex element has no x, y and z properties");
    positions_.resize(static_cast<std::size_t>(e.count));
    for (glm::vec3& v : positions_) {
      for (std::size_t i = 0; i < e.properties.size(); ++i) {
        const Property& p = e.properties[i];
        if (p.list) {
          if (!skipList(p)) return false;
          continue;
        }
        double d = 0.0;
        if (!data_.number(p.type, d, error_)) return false;
        for (int k = 0; k < 3; ++k) {
          if (axis[k] == static_cast<int>(i)) v[k] = narrow(d);
        }
      }
    }
    return true;
  }

  bool faces(const Element& e) {
    if (e.count > kMaxMeshTriangles) {
      return fail("the file declares " + std::to_string(e.count) + " faces; the limit is " +
                  std::to_string(kMaxMeshTriangles) + " triangles");
    }
    int indices = -1;
    for (std::size_t i = 0; i < e.properties.size(); ++i) {
      const Property& p = e.properties[i];
      if (indices < 0 && p.list && (p.name == "vertex_indices" || p.name == "vertex_index"))
        indices = static_cast<int>(i);
    }
    if (indices < 0) return fail("the face element has no vertex_indices list");
    for (std::uint64_t f = 0; f < e.count; ++f) {
      for (std::size_t i = 0; i < e.properties.size(); ++i) {
        const Property& p = e.properties[i];
        if (static_cast<int>(i) != indices) {
          if (!(p.list ? skipList(p) : skipValue(p.type))) return false;
          continue;
        }
        const std::size_t at = data_.here();
        std::uint64_t n = 0;
        if (!listLength(p, n)) return false;
        corners_.clear();
        for (std::uint64_t k = 0; k < n; ++k) {
          std::int64_t index = 0;
          if (!data_.integer(p.type, index, error_)) return false;
          if (index < 0 || static_cast<std::uint64_t>(index) >= positions_.size()) {
            return fail(data_.where(at) + ": face " + std::to_string(f) + ": index " + std::to_string(index) +
                        " is out of range (the file has " + std::to_string(positions_.size()) + " vertices)");
          }
          corners_.push_back(positions_[static_cast<std::size_t>(index)]);
        }
        if (!builder_.addPolygon(corners_.data(), corners_.size())) return fail(builder_.error());
      }
    }
    return true;
  }

  bool skip(const Element& e) {
    for (std::uint64_t n = 0; n < e.count; ++n) {
      for (const Property& p : e.properties) {
        if (!(p.list ? skipList(p) : skipValue(p.type))) return false;
      }
    }
    return true;
  }

  // A list's length, checked against the data left before its items are read.
  bool listLength(const Property& p, std::uint64_t& n) {
    const std::size_t at = data_.here();
    std::int64_t count = 0;
    if (!data_.integer(p.countType, count, error_)) return false;
    if (count < 0 || !data_.room(static_cast<std::uint64_t>(count), sizeOf(p.type))) {
      return fail(data_.where(at) + ": a list of " + std::to_string(count) + " items, more than the " +
                  std::to_string(data_.left()) + " bytes of data left can hold");
    }
    n = static_cast<std::uint64_t>(count);
    return true;
  }

  bool skipList(const Property& p) {
    std::uint64_t n = 0;
    if (!listLength(p, n)) return false;
    for (std::uint64_t k = 0; k < n; ++k) {
      if (!skipValue(p.type)) return false;
    }
    return true;
  }

  bool skipValue(Type t) {
    double ignored = 0.0;
    return data_.number(t, ignored, error_);
  }

  // A double as the float a vertex keeps: beyond float's range it is +-inf, which the mesh
  // checks reject (the conversion itself would be undefined).
  static float narrow(double d) {
    if (d > 3.4028234663852886e38) return HUGE_VALF;
    if (d < -3.4028234663852886e38) return -HUGE_VALF;
    return static_cast<float>(d);
  }

  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  const Header& header_;
  Data data_;
  MeshBuilder builder_;
  std::vector<glm::vec3> positions_;
  std::vector<glm::vec3> corners_;
  std::string error_;
};

}  // namespace

std::string plyPromiseProblem(std::string_view head, std::uint64_t fileBytes) {
  Header h;
  if (std::string error = readHeader(head, h); !error.empty()) return error;
  const bool ascii = h.encoding == Encoding::Ascii;
  // In ASCII the last value needs no blank after it: one byte of slack.
  std::uint64_t left = fileBytes - std::min<std::uint64_t>(fileBytes, h.dataOffset) + (ascii ? 1 : 0);
  for (const Element& e : h.elements) {
    if (e.properties.empty()) continue;
    std::uint64_t each = 0;
    for (const Property& p : e.properties) each += ascii ? 2 : sizeOf(p.list ? p.countType : p.type);
    const std::uint64_t fits = left / each;
    if (e.count > fits) {
      return "the header declares " + std::to_string(e.count) + " " + e.name +
             " elements, but the data left for them (" + std::to_string(left - (ascii ? 1 : 0)) +
             " bytes) can hold at most " + std::to_string(fits) +
             " (the file is cut short, or its header claims more than it holds)";
    }
    left -= e.count * each;
  }
  return "";
}

std::string importPly(std::string_view bytes) {
  Header header;
  if (std::string error = readHeader(bytes, header); !error.empty()) return encodeMeshWireError(error);
  return PlyReader(bytes, header).read();
}

}  // namespace satlab::plain
