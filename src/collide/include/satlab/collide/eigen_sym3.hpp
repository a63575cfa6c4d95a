// satlab collision core: eigen-decomposition of a symmetric 3x3 matrix (cyclic Jacobi).
//
// Used by the covariance OBB builder (builders.hpp). Double precision throughout.
#pragma once

#include <glm/glm.hpp>

namespace satlab {

struct SymmetricEigen3 {
  /// Eigenvalues, sorted descending: values[0] >= values[1] >= values[2].
  glm::dvec3 values{0.0};
  /// Column i is a unit eigenvector of values[i]. The columns always form a right-handed
  /// orthonormal frame (det = +1), also for repeated eigenvalues, where any orthonormal
  /// basis of the eigenspace is a correct answer and the one returned is whatever the
  /// rotations produced (the identity for an already diagonal matrix).
  glm::dmat3 vectors{1.0};
  /// Jacobi sweeps performed.
  int sweeps = 0;
  /// False when the input was not finite (then values are 0 and vectors the identity) or
  /// the sweep limit was reached before the off-diagonal part vanished.
  bool converged = true;
};

/// Eigenvalues and eigenvectors of the symmetric matrix `a` (only its symmetric part,
/// (a + a^T) / 2, is used). Cyclic Jacobi method with the 2x2 symmetric Schur step:
/// Golub & Van Loan, Matrix Computations, "Jacobi Methods" (section 8.5 of the 4th ed.,
/// 8.4 of the 3rd): algorithm symSchur2 and cyclic-by-row Jacobi; see also Ericson,
/// Real-Time Collision Detection, 4.3.3 (covariance matrix and Jacobi,
/// under "bounding sphere from direction of maximum spread").
/// Stops when the off-diagonal Frobenius norm is below 1e-15 of the whole norm.
SymmetricEigen3 eigenSymmetric3(const glm::dmat3& a);

}  // namespace satlab
