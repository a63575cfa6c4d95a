#include "document/rotation.hpp"

#include <cmath>

namespace satlab {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kDegToRad = kPi / 180.0;
constexpr double kRadToDeg = 180.0 / kPi;

// Adding +0 turns -0 into +0: products of exact zeros carry signs that mean nothing and
// would otherwise show up as "-0.0" in saved files and break bitwise comparisons.
float toFloat(double v) { return static_cast<float>(v + 0.0); }

float toDegrees(double radians) { return static_cast<float>(radians * kRadToDeg); }

}  // namespace

void sinCosDeg(double degrees, double& s, double& c) {
  const double r = std::fmod(degrees, 360.0);  // exact, in (-360, 360)
  const double quarter = r / 90.0;
  if (quarter == std::floor(quarter)) {
    // 0, 90, 180 or 270 (or their negatives): exact values instead of cos(pi/2) ~ 6e-17.
    const int q = ((static_cast<int>(quarter) % 4) + 4) % 4;
    static constexpr double kSin[4] = {0.0, 1.0, 0.0, -1.0};
    static constexpr double kCos[4] = {1.0, 0.0, -1.0, 0.0};
    s = kSin[q];
    c = kCos[q];
    return;
  }
  s = std::sin(r * kDegToRad);
  c = std::cos(r * kDegToRad);
}

glm::mat3 eulerDegToMatrix(const glm::vec3& eulerDeg) {
  double sx, cx, sy, cy, sz, cz;
  sinCosDeg(eulerDeg.x, sx, cx);
  sinCosDeg(eulerDeg.y, sy, cy);
  sinCosDeg(eulerDeg.z, sz, cz);
  // Rows of Rz * Ry * Rx, written out; glm stores columns, so m[col][row].
  const double r[3][3] = {
      {cy * cz, sx * sy * cz - cx * sz, cx * sy * cz + sx * sz},
      {cy * sz, sx * sy * sz + cx * cz, cx * sy * sz - sx * cz},
      {-sy, sx * cy, cx * cy},
  };
  glm::mat3 m(1.0f);
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) m[col][row] = toFloat(r[row][col]);
  }
  return m;
}

glm::vec3 matrixToEulerDeg(const glm::mat3& m) {
  // With R = Rz Ry Rx: R20 = -sin y, R21 = sin x cos y, R22 = cos x cos y,
  // R10 = cos y sin z, R00 = cos y cos z.
  const double r20 = m[0][2];
  if (std::abs(r20) >= 1.0 - 1e-7) {
    // Gimbal lock: cos y = 0, only x -/+ z is defined. Take x = 0, then R01 = -sin z and
    // R11 = cos z.
    const double y = r20 < 0.0 ? kPi / 2.0 : -kPi / 2.0;
    const double z = std::atan2(-static_cast<double>(m[1][0]), static_cast<double>(m[1][1]));
    return glm::vec3(0.0f, toDegrees(y), toDegrees(z));
  }
  const double y = std::asin(-r20);
  const double x = std::atan2(static_cast<double>(m[1][2]), static_cast<double>(m[2][2]));
  const double z = std::atan2(static_cast<double>(m[0][1]), static_cast<double>(m[0][0]));
  return glm::vec3(toDegrees(x), toDegrees(y), toDegrees(z));
}

glm::mat3 angleDegToMatrix(float degrees) {
  double s, c;
  sinCosDeg(degrees, s, c);
  glm::mat3 m(1.0f);
  m[0] = glm::vec3(toFloat(c), toFloat(s), 0.0f);
  m[1] = glm::vec3(toFloat(-s), toFloat(c), 0.0f);
  return m;
}

float matrixToAngleDeg(const glm::mat3& r) {
  return toDegrees(std::atan2(static_cast<double>(r[0][1]), static_cast<double>(r[0][0])));
}

bool isPureZRotation(const glm::mat3& r) {
  return r[2] == glm::vec3(0.0f, 0.0f, 1.0f) && r[0].z == 0.0f && r[1].z == 0.0f;
}

glm::mat3 quaternionToMatrix(const glm::quat& q) { return glm::mat3_cast(q); }

glm::quat matrixToQuaternion(const glm::mat3& r) { return glm::normalize(glm::quat_cast(r)); }

float orthonormalityError(const glm::mat3& m) {
  float worst = 0.0f;
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      const float target = i == j ? 1.0f : 0.0f;
      const float e = std::abs(glm::dot(m[i], m[j]) - target);
      if (!(e <= worst)) worst = e;  // NaN (from overflowing products) must win
    }
  }
  return worst;
}

glm::mat3 orthonormalize(const glm::mat3& m) {
  const glm::vec3 x = glm::normalize(m[0]);
  const glm::vec3 y = glm::normalize(m[1] - glm::dot(m[1], x) * x);
  return glm::mat3(x, y, glm::cross(x, y));
}

}  // namespace satlab
