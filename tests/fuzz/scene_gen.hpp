// Structure-aware inputs for the scene fuzz targets: the fuzz bytes decoded into a scene
// file that the loader accepts (valid JSON, valid fields), with its numbers drawn mostly
// from a table of extreme values, so that byte mutations reach pair evaluation, the
// traces, `check`'s output and the view code instead of dying in the JSON parser.
//
// An input whose first byte starts a JSON text ('{', white space, a byte-order mark) is
// taken as the scene file itself (the byte-level path: every shipped scene and fixture is
// a seed); any other input is decoded by generateSceneJson(). See docs/hardening.md.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace satlab::fuzz {

/// Reads the fuzz bytes front to back; past the end every read gives 0, so every input,
/// even an empty one, decodes to some scene.
class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | byte();
    return v;
  }
  /// 0 .. n-1 (n >= 1).
  unsigned pick(unsigned n) { return n <= 256 ? byte() % n : u32() % n; }
  /// True one time in `outOf`; false past the end, so a short input gives a plain scene.
  bool chance(unsigned outOf) { return pick(outOf) == outOf - 1; }
  bool empty() const { return pos_ >= size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

/// The values that broke satlab before, and their neighbours: zero and signed zero,
/// denormals, the float range's ends, values the float cannot hold closely, sizes that
/// overflow a square or a sum, and everyday values so that pairs also meet.
inline constexpr double kExtremes[] = {0.0,        -0.0,         1e-45,  -1e-45,  1.17549435e-38, 1e-38,
                                       1e-30,      -1e-30,       1e-29,  -1e-29,  1e-10,          1e-9,
                                       -1e-9,      1e-7,         1e-6,   -1e-6,   1e-3,           0.1,
                                       0.5,        -0.5,         1.0,    -1.0,    1.000001,       0.999999,
                                       2.0,        -2.0,         3.0,    10.0,    100.0,          100002.01,
                                       16777217.0, 1e6,          1e9,    -1e9,    1e10,           1e15,
                                       1e18,       1e19,         -1e19,  1e20,    1e30,           -1e30,
                                       1e37,       1.8446744e19, 3.4e38, -3.4e38, 3.4028235e38,   -3.4028235e38,
                                       1e-20,      4.0};
inline constexpr std::size_t kExtremeCount = sizeof(kExtremes) / sizeof(kExtremes[0]);

/// Clamped into the range the format accepts (|v| <= 3.4028235e38, finite).
inline double clampToFloatRange(double v) {
  constexpr double kMax = 3.4028234663852886e38;
  if (!std::isfinite(v)) return v > 0 ? kMax : -kMax;
  return v > kMax ? kMax : v < -kMax ? -kMax : v;
}

inline void appendNumber(std::string& out, double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", clampToFloatRange(v));
  out += buf;
}

/// One number: an extreme, a small integer, a float with arbitrary bits, or an extreme
/// nudged by a relative 1e-7 (the float's resolution: near-touching contacts).
inline double drawNumber(ByteReader& in) {
  switch (in.pick(8)) {
    case 0:
    case 1:
    case 2: return kExtremes[in.pick(kExtremeCount)];
    case 3: return static_cast<double>(static_cast<int>(in.pick(21)) - 10);
    case 4: {
      const std::uint32_t bits = in.u32();
      float f;
      static_assert(sizeof f == sizeof bits);
      std::memcpy(&f, &bits, sizeof f);
      return std::isfinite(f) ? static_cast<double>(f) : 0.0;
    }
    case 5: {
      const double base = kExtremes[in.pick(kExtremeCount)];
      const double rel[] = {1e-7, -1e-7, 6e-8, -6e-8, 1e-6, -1e-6};
      return base * (1.0 + rel[in.pick(6)]);
    }
    default: return static_cast<double>(static_cast<int>(in.pick(2001)) - 1000) / 8.0;
  }
}

inline double drawSize(ByteReader& in) { return std::fabs(drawNumber(in)); }

/// Text for names, titles and notes: plain, with terminal escapes and control characters
/// (written as JSON escapes), with multi-byte UTF-8, or long.
inline void appendText(std::string& out, ByteReader& in, std::size_t maxLong) {
  static const char* const kPieces[] = {"box",
                                        "a",
                                        " ",
                                        "\\u001b[2J",
                                        "\\u001b]0;t\\u0007",
                                        "\\u0000",
                                        "\\n",
                                        "\\t",
                                        "\\r",
                                        "\\\"",
                                        "\\\\",
                                        "\\u007f",
                                        "\\u0085",
                                        "\xc3\xa9",
                                        "\xe2\x80\xae",
                                        "%s%n",
                                        "\xf0\x9f\x98\x80",
                                        "/",
                                        "\\u00a0",
                                        "nan",
                                        "inf",
                                        "-1e999",
                                        "\\b",
                                        "\\f"};
  constexpr unsigned kCount = sizeof(kPieces) / sizeof(kPieces[0]);
  const unsigned pieces = in.pick(6);
  for (unsigned i = 0; i < pieces; ++i) out += kPieces[in.pick(kCount)];
  if (maxLong > 0 && in.chance(8)) {
    const std::size_t n = in.pick(static_cast<unsigned>(maxLong));
    const char fill = static_cast<char>('a' + in.pick(26));
    for (std::size_t i = 0; i < n; ++i) out += (i % 61 == 60) ? ' ' : fill;
  }
}

struct GenShape {
  int kind = 0;             // 0 aabb, 1 obb, 2 sphere, 3 segment, 4 capsule, 5 hull
  double c[3] = {0, 0, 0};  // centre (a segment's or a capsule's p0)
  double e[3] = {0, 0, 0};  // half extents (a hull's reach), radius in e[0], a segment's or a capsule's p1 - p0
  double r = 0;             // a capsule's radius
};

inline void appendVec(std::string& out, const double* v, bool twoD, ByteReader& in) {
  out += '[';
  appendNumber(out, v[0]);
  out += ',';
  appendNumber(out, v[1]);
  if (!twoD || in.chance(4)) {
    out += ',';
    appendNumber(out, twoD && !in.chance(4) ? 0.0 : v[2]);
  }
  out += ']';
}

/// A rotation field for an OBB: every form the format has, with exact, tiny, huge and
/// degenerate (gimbal-locked, nearly parallel) angles.
inline void appendRotation(std::string& out, ByteReader& in, bool twoD) {
  const double kAngles[] = {0, 90, -90, 45, 180, 1e-7, 1e-5, 30, 89.9999, 360, 1e9, 3.4e38, 0.01, 60};
  auto angle = [&] { return in.chance(3) ? drawNumber(in) : kAngles[in.pick(14)]; };
  const unsigned form = in.pick(twoD ? 5 : 4);
  if (form == 0) return;  // identity
  if (form == 4) {
    out += ",\"angle_deg\":";
    appendNumber(out, angle());
    return;
  }
  if (form == 1) {
    out += ",\"euler_deg\":[";
    for (int i = 0; i < 3; ++i) {
      if (i) out += ',';
      appendNumber(out, twoD && i < 2 && !in.chance(4) ? 0.0 : angle());
    }
    out += ']';
    return;
  }
  // A unit quaternion from four drawn components (normalised here; within 1e-3 the
  // loader normalises it again), or a fixed degenerate one.
  double q[4];
  for (double& v : q) v = in.chance(2) ? static_cast<double>(static_cast<int>(in.pick(5)) - 2) : drawNumber(in);
  double n = 0;
  for (double v : q) n += v * v;
  n = std::sqrt(n);
  if (!(n > 1e-12) || !std::isfinite(n)) {
    q[0] = 1;
    q[1] = q[2] = q[3] = 0;
    n = 1;
  }
  for (double& v : q) v /= n;
  if (twoD && !in.chance(4)) {  // keep it a rotation about Z most of the time
    const double a = std::atan2(q[3], q[0]);
    q[0] = std::cos(a);
    q[1] = q[2] = 0;
    q[3] = std::sin(a);
  }
  if (form == 2) {
    out += ",\"quaternion\":[";
    for (int i = 0; i < 4; ++i) {
      if (i) out += ',';
      appendNumber(out, q[i]);
    }
    out += ']';
    return;
  }
  // The same rotation as axes (the columns of its matrix).
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double m[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
                          {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
                          {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)}};
  out += ",\"axes\":[";
  for (int i = 0; i < 3; ++i) {
    if (i) out += ',';
    out += '[';
    for (int k = 0; k < 3; ++k) {
      if (k) out += ',';
      appendNumber(out, m[i][k]);
    }
    out += ']';
  }
  out += ']';
}

/// Decodes `data` into the text of a scene file (see the top of this file).
inline std::string generateSceneJson(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  const bool twoD = in.chance(3);
  std::string out = "{\"version\":1";
  if (in.chance(2)) {
    out += ",\"title\":\"";
    appendText(out, in, 400);
    out += '"';
  }
  if (in.chance(3)) {
    out += ",\"notes\":\"";
    appendText(out, in, 20000);
    out += '"';
  }
  out += twoD ? ",\"view\":\"2d\"" : (in.chance(2) ? ",\"view\":\"3d\"" : "");
  const unsigned count = in.pick(13);
  GenShape shapes[12];
  std::string names[12];  // as written in the file (JSON escapes included)
  out += ",\"shapes\":[";
  for (unsigned i = 0; i < count; ++i) {
    GenShape& s = shapes[i];
    s.kind = static_cast<int>(in.pick(6));
    for (int k = 0; k < 3; ++k) {
      s.c[k] = drawNumber(in);
      s.e[k] = s.kind == 3 || s.kind == 4 ? drawNumber(in) : drawSize(in);
    }
    if (s.kind == 4) s.r = drawSize(in);
    if (s.kind == 2 && in.chance(2)) s.e[0] = std::fabs(kExtremes[in.pick(kExtremeCount)]);  // huge or tiny radii
    if (i > 0 && in.chance(2)) {
      // Near-touching: placed against an earlier shape along one axis, at the sum of the
      // two extents times (1 + a relative nudge of the float's resolution), or at the
      // same centre.
      const GenShape& o = shapes[in.pick(i)];
      const int axis = static_cast<int>(in.pick(3));
      const double rel[] = {0, 1e-7, -1e-7, 1e-6, -1e-6, 1e-3, -1e-3, 6e-8};
      const double reach = (o.kind == 2   ? o.e[0]
                            : o.kind == 3 ? std::fabs(o.e[axis])
                            : o.kind == 4 ? std::fabs(o.e[axis]) + o.r
                                          : o.e[axis]) +
                           (s.kind == 2   ? s.e[0]
                            : s.kind == 3 ? 0.0
                            : s.kind == 4 ? s.r
                                          : s.e[axis]);
      for (int k = 0; k < 3; ++k) s.c[k] = o.c[k];
      if (!in.chance(5)) s.c[axis] = o.c[axis] + reach * (1.0 + rel[in.pick(8)]) * (in.chance(2) ? 1 : -1);
      if (s.kind == 3 && in.chance(2)) {
        // A segment parallel to an axis, a tiny distance off the other shape's face.
        for (int k = 0; k < 3; ++k) s.e[k] = k == axis ? 0.0 : s.e[k];
      }
    }
    if (i) out += ',';
    if (in.chance(10)) {
      appendText(names[i], in, in.chance(2) ? 80 : 0);
    } else {
      names[i] = "s";
    }
    names[i] += std::to_string(i);
    out += "{\"name\":\"" + names[i] + "\",\"type\":\"";
    static const char* const kTypes[] = {"aabb", "obb", "sphere", "segment", "capsule", "hull"};
    out += kTypes[s.kind];
    out += '"';
    if (s.kind == 3 || s.kind == 4) {
      double p1[3];
      for (int k = 0; k < 3; ++k) p1[k] = clampToFloatRange(s.c[k]) + clampToFloatRange(s.e[k]);
      out += ",\"p0\":";
      appendVec(out, s.c, twoD, in);
      out += ",\"p1\":";
      appendVec(out, p1, twoD, in);
      if (s.kind == 4) {
        out += ",\"radius\":";
        appendNumber(out, s.r);
      }
    } else if (s.kind == 5) {
      // Up to 9 points of the box c +- e (corners, middles, the centre: repeated, flat,
      // collinear and one-point hulls among them).
      out += ",\"points\":[";
      const unsigned n = 1 + in.pick(9);
      for (unsigned q = 0; q < n; ++q) {
        double p[3];
        for (int k = 0; k < 3; ++k) {
          static const double kAt[] = {-1.0, -0.5, 0.0, 0.5, 1.0};
          p[k] = clampToFloatRange(s.c[k]) + clampToFloatRange(s.e[k]) * kAt[in.pick(5)];
        }
        if (q) out += ',';
        appendVec(out, p, twoD, in);
      }
      out += ']';
      if (in.chance(3)) appendRotation(out, in, twoD);
    } else {
      out += ",\"center\":";
      appendVec(out, s.c, twoD, in);
      if (s.kind == 2) {
        out += ",\"radius\":";
        appendNumber(out, s.e[0]);
      } else {
        out += ",\"half_extents\":";
        appendVec(out, s.e, twoD, in);
      }
      if (s.kind == 1) appendRotation(out, in, twoD);
    }
    if (in.chance(6)) out += in.chance(2) ? ",\"color\":\"#ff00aa80\"" : ",\"color\":[0,0.5,1]";
    out += '}';
  }
  out += ']';
  if (count >= 2 && in.chance(3)) {
    out += ",\"expect\":[";
    const unsigned n = 1 + in.pick(4);
    static const char* const kLabels[] = {"A0", "B2", "A0xB1", "A2xB2", "X", "Zxd", "B0"};
    for (unsigned e = 0; e < n; ++e) {
      const unsigned a = in.pick(count);
      const unsigned b = (a + 1 + in.pick(count - 1)) % count;
      if (e) out += ',';
      out += "{\"a\":\"" + names[a] + "\",\"b\":\"" + names[b] + "\"";
      if (in.chance(2)) {
        out += in.chance(2) ? ",\"overlap\":true" : ",\"overlap\":false";
      } else {
        out += ",\"separating_axis\":\"";
        out += kLabels[in.pick(7)];
        out += '"';
      }
      out += '}';
    }
    out += ']';
  }
  if (in.chance(3)) {
    out += ",\"lesson\":{";
    bool first = true;
    auto member = [&](const char* key) {
      if (!first) out += ',';
      first = false;
      out += '"';
      out += key;
      out += "\":";
    };
    if (count >= 2 && in.chance(2)) {
      member("focus");
      out += "[\"" + names[0] + "\",\"" + names[1 + in.pick(count - 1)] + "\"]";
    }
    if (in.chance(2)) {
      member("mode");
      out += in.chance(2) ? "\"full\"" : "\"early\"";
    }
    if (in.chance(3)) {
      member("epsilon");
      appendNumber(out, in.chance(2) ? 0.0 : std::fmin(drawSize(in), 1.0));
    }
    if (in.chance(3)) {
      member("explorer");
      out += in.chance(2) ? "\"sat\"" : "\"slab\"";
    }
    if (in.chance(2)) {
      member("camera");
      out += "{\"yaw_deg\":";
      appendNumber(out, drawNumber(in));
      out += ",\"pitch_deg\":";
      appendNumber(out, drawNumber(in));
      if (in.chance(2)) {
        out += ",\"distance\":";
        appendNumber(out, drawSize(in));
      }
      if (in.chance(2)) {
        const double t[3] = {drawNumber(in), drawNumber(in), drawNumber(in)};
        out += ",\"target\":[";
        for (int k = 0; k < 3; ++k) {
          if (k) out += ',';
          appendNumber(out, t[k]);
        }
        out += ']';
      }
      out += '}';
    }
    out += '}';
  }
  out += '}';
  return out;
}

/// True when the input is a scene file's text rather than bytes for generateSceneJson().
inline bool isSceneText(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return false;
  const std::uint8_t c = data[0];
  return c == '{' || c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == 0xEF;
}

/// The scene text an input stands for: itself, or what it decodes to.
inline std::string sceneTextOf(const std::uint8_t* data, std::size_t size) {
  if (isSceneText(data, size)) return std::string(reinterpret_cast<const char*>(data), size);
  return generateSceneJson(data, size);
}

}  // namespace satlab::fuzz
