// The rotation conventions of the scene format, checked against explicit rotated vectors.
#include "document/rotation.hpp"

#include <random>

#include <gtest/gtest.h>

namespace satlab {
namespace {

constexpr float kTol = 1e-6f;

void expectVec(const glm::vec3& got, const glm::vec3& want, float tol = kTol) {
  EXPECT_NEAR(got.x, want.x, tol);
  EXPECT_NEAR(got.y, want.y, tol);
  EXPECT_NEAR(got.z, want.z, tol);
}

TEST(Rotation, QuarterTurnsAreExact) {
  for (double deg : {0.0, 90.0, 180.0, 270.0, 360.0, -90.0, -180.0, 450.0, -720.0}) {
    double s, c;
    sinCosDeg(deg, s, c);
    EXPECT_TRUE((s == 0.0 || s == 1.0 || s == -1.0) && (c == 0.0 || c == 1.0 || c == -1.0)) << deg;
    EXPECT_EQ(s * s + c * c, 1.0) << deg;
  }
  double s, c;
  sinCosDeg(-90.0, s, c);
  EXPECT_EQ(s, -1.0);
  EXPECT_EQ(c, 0.0);
  sinCosDeg(30.0, s, c);
  EXPECT_NEAR(s, 0.5, 1e-15);
}

TEST(Rotation, EulerXAloneTurnsLocalYToWorldZ) {
  const glm::mat3 r = eulerDegToMatrix({90.0f, 0.0f, 0.0f});
  EXPECT_EQ(r * glm::vec3(0, 1, 0), glm::vec3(0, 0, 1));
  EXPECT_EQ(r * glm::vec3(0, 0, 1), glm::vec3(0, -1, 0));
  EXPECT_EQ(r * glm::vec3(1, 0, 0), glm::vec3(1, 0, 0));
}

TEST(Rotation, EulerYAloneTurnsLocalXToWorldMinusZ) {
  const glm::mat3 r = eulerDegToMatrix({0.0f, 90.0f, 0.0f});
  EXPECT_EQ(r * glm::vec3(1, 0, 0), glm::vec3(0, 0, -1));
  EXPECT_EQ(r * glm::vec3(0, 0, 1), glm::vec3(1, 0, 0));
}

TEST(Rotation, EulerZAloneTurnsLocalXToWorldY) {
  const glm::mat3 r = eulerDegToMatrix({0.0f, 0.0f, 90.0f});
  EXPECT_EQ(r * glm::vec3(1, 0, 0), glm::vec3(0, 1, 0));
  EXPECT_EQ(r * glm::vec3(0, 1, 0), glm::vec3(-1, 0, 0));
}

TEST(Rotation, EulerAppliesXFirstThenYThenZAboutWorldAxes) {
  // R = Rz * Ry * Rx. [90, 0, 90]: X turns local +X nowhere, then Z turns it to +Y;
  // local +Y goes to +Z under X, and Z leaves +Z alone. (The other order, Rx * Rz,
  // would send +X to +Z.)
  const glm::mat3 r = eulerDegToMatrix({90.0f, 0.0f, 90.0f});
  EXPECT_EQ(r[0], glm::vec3(0, 1, 0));
  EXPECT_EQ(r[1], glm::vec3(0, 0, 1));
  EXPECT_EQ(r[2], glm::vec3(1, 0, 0));
  // A general triple against the product of single-axis rotations.
  const glm::vec3 e(30.0f, -50.0f, 110.0f);
  const glm::mat3 product =
      eulerDegToMatrix({0, 0, e.z}) * eulerDegToMatrix({0, e.y, 0}) * eulerDegToMatrix({e.x, 0, 0});
  const glm::mat3 m = eulerDegToMatrix(e);
  for (int i = 0; i < 3; ++i) expectVec(m[i], product[i]);
  // And Rx(30) alone, written out: +Y goes to (0, cos 30, sin 30).
  expectVec(eulerDegToMatrix({30, 0, 0}) * glm::vec3(0, 1, 0), {0.0f, 0.8660254f, 0.5f});
}

TEST(Rotation, MatrixToEulerInvertsEulerToMatrix) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> angle(-179.0f, 179.0f), pitch(-89.0f, 89.0f);
  for (int i = 0; i < 500; ++i) {
    const glm::vec3 e(angle(rng), pitch(rng), angle(rng));
    const glm::vec3 back = matrixToEulerDeg(eulerDegToMatrix(e));
    expectVec(back, e, 2e-3f);
  }
}

TEST(Rotation, MatrixToEulerAtGimbalLockGivesTheSameMatrix) {
  for (float y : {90.0f, -90.0f}) {
    const glm::mat3 m = eulerDegToMatrix({20.0f, y, 70.0f});
    const glm::vec3 e = matrixToEulerDeg(m);
    EXPECT_EQ(e.x, 0.0f);
    const glm::mat3 again = eulerDegToMatrix(e);
    for (int i = 0; i < 3; ++i) expectVec(again[i], m[i], 1e-5f);
  }
}

TEST(Rotation, QuaternionAboutZTurnsXToY) {
  const float h = std::sqrt(0.5f);
  const glm::mat3 r = quaternionToMatrix(glm::quat(h, 0.0f, 0.0f, h));  // 90 degrees about +Z
  expectVec(r * glm::vec3(1, 0, 0), {0, 1, 0});
  expectVec(r * glm::vec3(0, 0, 1), {0, 0, 1});
  const glm::quat q = matrixToQuaternion(r);
  EXPECT_NEAR(std::abs(glm::dot(q, glm::quat(h, 0.0f, 0.0f, h))), 1.0f, kTol);
}

TEST(Rotation, AngleDegIsRotationAboutZ) {
  const glm::mat3 r = angleDegToMatrix(90.0f);
  EXPECT_EQ(r[0], glm::vec3(0, 1, 0));
  EXPECT_EQ(r[1], glm::vec3(-1, 0, 0));
  EXPECT_TRUE(isPureZRotation(angleDegToMatrix(33.0f)));
  EXPECT_FALSE(isPureZRotation(eulerDegToMatrix({1.0f, 0.0f, 33.0f})));
  EXPECT_NEAR(matrixToAngleDeg(angleDegToMatrix(-120.0f)), -120.0f, 1e-4f);
  // angle_deg a and euler_deg [0, 0, a] are the same matrix, bit for bit.
  EXPECT_EQ(angleDegToMatrix(37.5f), eulerDegToMatrix({0.0f, 0.0f, 37.5f}));
}

TEST(Rotation, OrthonormalizeRepairsASlightlySkewedFrame) {
  glm::mat3 m = eulerDegToMatrix({10, 20, 30});
  m[1] += glm::vec3(3e-4f, -2e-4f, 1e-4f);
  m[2] *= 1.0005f;
  EXPECT_GT(orthonormalityError(m), 1e-4f);
  const glm::mat3 fixed = orthonormalize(m);
  EXPECT_LT(orthonormalityError(fixed), 1e-6f);
  EXPECT_GT(glm::dot(glm::cross(fixed[0], fixed[1]), fixed[2]), 0.0f);
  expectVec(fixed[0], glm::normalize(m[0]));
}

TEST(Rotation, OrthonormalityErrorOfOverflowingAxesIsNotSmall) {
  glm::mat3 m(1.0f);
  m[0] = glm::vec3(3e38f, -3e38f, 0.0f);
  m[1] = glm::vec3(3e38f, 3e38f, 0.0f);
  EXPECT_FALSE(orthonormalityError(m) <= 1e-3f);
}

}  // namespace
}  // namespace satlab
