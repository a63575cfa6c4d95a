// Cyclic Jacobi eigen-solver for symmetric 3x3 matrices.
//
// Golub & Van Loan, Matrix Computations, "Jacobi Methods" (4th ed. 8.5, 3rd ed. 8.4):
// repeatedly pick an off-diagonal pair (p, q) and apply the plane rotation J(p, q, theta)
// that zeroes a_pq in J^T A J (the 2x2 symmetric Schur decomposition, symSchur2). The
// off-diagonal norm falls at every step and, cyclically, quadratically in the end. The
// accumulated product V = J1 J2 ... is orthogonal by construction, so the eigenvectors form
// an orthonormal frame even when eigenvalues repeat (a cube mesh's covariance is c I).
#include "satlab/collide/eigen_sym3.hpp"

#include <cmath>
#include <utility>

namespace satlab {
namespace {

using Mat = double[3][3];  // m[row][col]

constexpr int kMaxSweeps = 32;
constexpr double kRelativeOff = 1e-15;

double offNormSq(const Mat& a) { return 2.0 * (a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2]); }

// symSchur2: (c, s) such that [c s; -s c]^T [app apq; apq aqq] [c s; -s c] is diagonal.
// tau = (aqq - app) / (2 apq); t = tan(theta) is the smaller root of t^2 + 2 tau t - 1 = 0,
// so |theta| <= pi/4 (the choice that makes the method converge). hypot avoids overflow.
void symSchur2(double app, double apq, double aqq, double& c, double& s) {
  const double tau = (aqq - app) / (2.0 * apq);
  const double t = tau >= 0.0 ? 1.0 / (tau + std::hypot(1.0, tau)) : -1.0 / (-tau + std::hypot(1.0, tau));
  c = 1.0 / std::sqrt(1.0 + t * t);
  s = t * c;
}

// A <- J^T A J and V <- V J for J = J(p, q, theta): the identity except
// J[p][p] = c, J[p][q] = s, J[q][p] = -s, J[q][q] = c.
void rotate(Mat& a, Mat& v, int p, int q, double c, double s) {
  // A J: columns p and q change.
  for (int k = 0; k < 3; ++k) {
    const double akp = a[k][p], akq = a[k][q];
    a[k][p] = c * akp - s * akq;
    a[k][q] = s * akp + c * akq;
  }
  // J^T (A J): rows p and q change.
  for (int k = 0; k < 3; ++k) {
    const double apk = a[p][k], aqk = a[q][k];
    a[p][k] = c * apk - s * aqk;
    a[q][k] = s * apk + c * aqk;
  }
  // The rotation was chosen to make these exactly zero; store that, not the rounding.
  a[p][q] = 0.0;
  a[q][p] = 0.0;
  for (int k = 0; k < 3; ++k) {
    const double vkp = v[k][p], vkq = v[k][q];
    v[k][p] = c * vkp - s * vkq;
    v[k][q] = s * vkp + c * vkq;
  }
}

glm::dvec3 column(const Mat& v, int c) { return glm::dvec3(v[0][c], v[1][c], v[2][c]); }

}  // namespace

SymmetricEigen3 eigenSymmetric3(const glm::dmat3& m) {
  SymmetricEigen3 out;
  Mat a;
  Mat v = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  double frobSq = 0.0;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      a[r][c] = 0.5 * (m[c][r] + m[r][c]);  // glm is m[col][row]; symmetric part
      frobSq += a[r][c] * a[r][c];
    }
  }
  if (!std::isfinite(frobSq)) {
    out.converged = false;
    return out;
  }

  // Cyclic-by-row sweeps over (0,1), (0,2), (1,2).
  const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
  out.converged = false;
  for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
    if (offNormSq(a) <= kRelativeOff * kRelativeOff * frobSq) {
      out.converged = true;
      break;
    }
    ++out.sweeps;
    for (const auto& pq : pairs) {
      const int p = pq[0], q = pq[1];
      if (a[p][q] == 0.0) continue;
      double c = 1.0, s = 0.0;
      symSchur2(a[p][p], a[p][q], a[q][q], c, s);
      rotate(a, v, p, q, c, s);
    }
  }
  if (!out.converged && offNormSq(a) <= kRelativeOff * kRelativeOff * frobSq) out.converged = true;

  // Sort descending (three elements: a small exchange sort keeps value/vector pairs).
  int order[3] = {0, 1, 2};
  for (int i = 0; i < 2; ++i)
    for (int j = i + 1; j < 3; ++j)
      if (a[order[j]][order[j]] > a[order[i]][order[i]]) std::swap(order[i], order[j]);

  // Re-orthonormalise against rounding (Gram-Schmidt), and take the third axis as the
  // cross product so the frame is right-handed; an eigenvector's sign is free.
  glm::dvec3 e0 = glm::normalize(column(v, order[0]));
  glm::dvec3 e1 = column(v, order[1]);
  e1 = glm::normalize(e1 - glm::dot(e0, e1) * e0);
  const glm::dvec3 e2 = glm::cross(e0, e1);
  out.values = glm::dvec3(a[order[0]][order[0]], a[order[1]][order[1]], a[order[2]][order[2]]);
  out.vectors = glm::dmat3(e0, e1, e2);
  return out;
}

}  // namespace satlab
