// The rotation forms a scene file may use for an OBB, converted to and from the
// authoritative form, a rotation matrix whose column i is the box's unit local axis i
// in world space (Obb::axes).
//
// Conventions, right-handed throughout; a positive angle turns counter-clockwise when
// looking from the positive end of the axis toward the origin:
//   - Euler angles [x, y, z] in degrees mean R = Rz(z) * Ry(y) * Rx(x): rotate about the
//     world X axis first, then about world Y, then about world Z (extrinsic X-Y-Z, which
//     is the same as intrinsic Z, then the new Y, then the newest X).
//     Example: [90, 0, 0] turns local +Y to world +Z; [0, 0, 90] turns local +X to +Y.
//   - Quaternions are [w, x, y, z], unit length; q and -q are the same rotation.
//   - angle_deg (2D) is a rotation about +Z: local +X goes to (cos a, sin a, 0).
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace satlab {

/// Sine and cosine of an angle in degrees, exact (0, +-1) at multiples of 90 degrees so
/// that axis-aligned rotations give exactly axis-aligned axes.
void sinCosDeg(double degrees, double& s, double& c);

/// R = Rz(z) * Ry(y) * Rx(x), angles in degrees.
glm::mat3 eulerDegToMatrix(const glm::vec3& eulerDeg);
/// Inverse of eulerDegToMatrix for a rotation matrix: y in [-90, 90], x and z in
/// (-180, 180]. At gimbal lock (y = +-90) x is chosen as 0.
glm::vec3 matrixToEulerDeg(const glm::mat3& r);

/// Rotation about +Z by `degrees`.
glm::mat3 angleDegToMatrix(float degrees);
/// The angle about +Z of a rotation that maps +Z to +Z exactly (see isPureZRotation).
float matrixToAngleDeg(const glm::mat3& r);
/// True when r leaves the Z axis exactly where it is (column 2 is (0,0,1) and columns 0
/// and 1 have z == 0): a rotation a 2D scene can write as angle_deg.
bool isPureZRotation(const glm::mat3& r);

/// Rotation matrix of a unit quaternion.
glm::mat3 quaternionToMatrix(const glm::quat& q);
/// A unit quaternion of a rotation matrix.
glm::quat matrixToQuaternion(const glm::mat3& r);

/// The largest |dot(ai, aj) - (i == j ? 1 : 0)| over the columns of m: 0 for an
/// orthonormal matrix; NaN when the products overflow.
float orthonormalityError(const glm::mat3& m);
/// Gram-Schmidt: x = normalize(a0), y = normalize(a1 - (a1.x) x), z = x cross y.
/// The result is right-handed by construction; call it only on a nearly orthonormal,
/// right-handed matrix (determinant > 0), where it moves each axis very little.
glm::mat3 orthonormalize(const glm::mat3& m);

}  // namespace satlab
