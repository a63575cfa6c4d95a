// satlab collision core: building frustums, the frustum tests' names, their recorder, and
// the untraced tests (see frustum.hpp).
#include "satlab/collide/frustum.hpp"

#include <cmath>

namespace satlab {

namespace {

// The plane through a, b and c, its normal turned towards `inside`.
Plane planeThrough(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& inside) {
  glm::vec3 n = glm::normalize(glm::cross(b - a, c - a));
  if (glm::dot(n, inside - a) < 0.0f) n = -n;
  return Plane{n, -glm::dot(n, a)};
}

// Each plane through three corners, normals towards the corners' centroid (inside the
// convex frustum).
void planesFromCorners(Frustum& f) {
  const std::array<glm::vec3, 8>& k = f.corners;
  glm::vec3 centroid(0.0f);
  for (const glm::vec3& p : k) centroid += p;
  centroid *= 0.125f;
  // Near corners 0 lb, 1 rb, 2 rt, 3 lt; far corners 4..7 in the same order.
  f.planes[static_cast<std::size_t>(FrustumPlaneId::Left)] = planeThrough(k[0], k[3], k[7], centroid);
  f.planes[static_cast<std::size_t>(FrustumPlaneId::Right)] = planeThrough(k[1], k[5], k[6], centroid);
  f.planes[static_cast<std::size_t>(FrustumPlaneId::Bottom)] = planeThrough(k[0], k[4], k[5], centroid);
  f.planes[static_cast<std::size_t>(FrustumPlaneId::Top)] = planeThrough(k[3], k[2], k[6], centroid);
  f.planes[static_cast<std::size_t>(FrustumPlaneId::Near)] = planeThrough(k[0], k[1], k[2], centroid);
  f.planes[static_cast<std::size_t>(FrustumPlaneId::Far)] = planeThrough(k[4], k[5], k[6], centroid);
}

glm::vec3 unitOr(const glm::vec3& v, const glm::vec3& fallback) {
  const float len = glm::length(v);
  return len > 0.0f ? v / len : fallback;
}

}  // namespace

std::array<glm::vec3, 6> Frustum::edgeDirections() const {
  const glm::vec3 h = unitOr(corners[1] - corners[0], glm::vec3(1.0f, 0.0f, 0.0f));
  const glm::vec3 v = unitOr(corners[3] - corners[0], glm::vec3(0.0f, 1.0f, 0.0f));
  std::array<glm::vec3, 6> out{h, v, {}, {}, {}, {}};
  for (std::size_t k = 0; k < 4; ++k) out[2 + k] = unitOr(corners[k + 4] - corners[k], glm::vec3(0.0f, 0.0f, -1.0f));
  return out;
}

Frustum frustumFromCamera(const glm::vec3& eye, const glm::vec3& target, const glm::vec3& up, float fovYDeg,
                          float aspect, float nearDist, float farDist) {
  const glm::vec3 forward = glm::normalize(target - eye);
  const glm::vec3 right = glm::normalize(glm::cross(forward, up));
  const glm::vec3 trueUp = glm::cross(right, forward);
  const float tanHalf = std::tan(glm::radians(fovYDeg) * 0.5f);
  Frustum f;
  const float dist[2] = {nearDist, farDist};
  for (std::size_t end = 0; end < 2; ++end) {
    const float hh = dist[end] * tanHalf;  // half height of the rectangle at that distance
    const float hw = hh * aspect;
    const glm::vec3 mid = eye + forward * dist[end];
    f.corners[end * 4 + 0] = mid - right * hw - trueUp * hh;
    f.corners[end * 4 + 1] = mid + right * hw - trueUp * hh;
    f.corners[end * 4 + 2] = mid + right * hw + trueUp * hh;
    f.corners[end * 4 + 3] = mid - right * hw + trueUp * hh;
  }
  planesFromCorners(f);
  return f;
}

Frustum frustumFromViewProj(const glm::mat4& m) {
  // Row i of the matrix (glm stores columns: m[col][row]).
  auto row = [&](int i) { return glm::vec4(m[0][i], m[1][i], m[2][i], m[3][i]); };
  // A point is inside when -w <= x, y, z <= w in clip space: w + x >= 0 (left), w - x >= 0
  // (right), and so on; each is a plane (row3 +/- row_i) . (x, 1) >= 0.
  const glm::vec4 rows[6] = {row(3) + row(0), row(3) - row(0), row(3) + row(1),
                             row(3) - row(1), row(3) + row(2), row(3) - row(2)};
  Frustum f;
  for (std::size_t i = 0; i < 6; ++i) {
    const glm::vec3 n(rows[i]);
    const float len = glm::length(n);
    f.planes[i] = Plane{n / len, rows[i].w / len};
  }
  const glm::mat4 inv = glm::inverse(m);
  const glm::vec2 ndc[4] = {{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}};
  for (std::size_t end = 0; end < 2; ++end) {
    for (std::size_t k = 0; k < 4; ++k) {
      const glm::vec4 p = inv * glm::vec4(ndc[k], end == 0 ? -1.0f : 1.0f, 1.0f);
      f.corners[end * 4 + k] = glm::vec3(p) / p.w;
    }
  }
  return f;
}

std::string_view frustumVerdictName(FrustumVerdict v) {
  switch (v) {
    case FrustumVerdict::Inside: return "inside";
    case FrustumVerdict::Intersecting: return "intersecting";
    case FrustumVerdict::Outside: return "outside";
  }
  return "?";
}

std::string_view frustumPlaneName(int plane) {
  static constexpr std::string_view kNames[kFrustumPlanes] = {"left", "right", "bottom", "top", "near", "far"};
  return plane >= 0 && plane < kFrustumPlanes ? kNames[plane] : std::string_view("?");
}

std::string label(const FrustumAxis& axis) {
  static constexpr std::string_view kEdges[6] = {"Eh", "Ev", "E0", "E1", "E2", "E3"};
  switch (axis.kind) {
    case FrustumAxis::Kind::None: return {};
    case FrustumAxis::Kind::Face: return std::string(frustumPlaneName(axis.frustum));
    case FrustumAxis::Kind::Box: return "B" + std::to_string(axis.box);
    case FrustumAxis::Kind::Cross:
      if (axis.frustum < 0 || axis.frustum >= 6) return "?";
      return std::string(kEdges[axis.frustum]) + "xB" + std::to_string(axis.box);
  }
  return {};
}

void FrustumTrace::frustumPlanesBegin(bool obb) {
  planesObb = obb;
  planes.clear();
  verdict = FrustumVerdict::Inside;
  cullingPlane = -1;
}

void FrustumTrace::frustumPlane(const FrustumPlaneRow& row) {
  planes.push_back(row);
  if (row.verdict == FrustumVerdict::Outside && cullingPlane < 0) cullingPlane = row.plane;
}

void FrustumTrace::frustumPlanesEnd(FrustumVerdict v) { verdict = v; }

void FrustumTrace::frustumSatBegin(bool obb) {
  satObb = obb;
  axes.clear();
  overlap = false;
  separatingRow = -1;
}

void FrustumTrace::frustumSatAxis(FrustumAxis id, const glm::vec3& rawAxis, float fMin, float fMax, float bMin,
                                  float bMax, bool degenerate, bool separating) {
  FrustumSatRow row;
  row.index = static_cast<int>(axes.size());
  row.id = id;
  row.rawAxis = rawAxis;
  row.length = glm::length(rawAxis);
  row.degenerate = degenerate;
  // The test compares along the raw L; divided by |L| the same comparison reads in world units.
  const float inv = row.length > 0.0f ? 1.0f / row.length : 1.0f;
  row.axis = row.length > 0.0f && !degenerate ? rawAxis * inv : glm::vec3(0.0f);
  row.frustumMin = fMin * inv;
  row.frustumMax = fMax * inv;
  row.boxMin = bMin * inv;
  row.boxMax = bMax * inv;
  row.gap = std::fmax(row.boxMin - row.frustumMax, row.frustumMin - row.boxMax);
  row.separating = separating;
  if (separating && separatingRow < 0) separatingRow = row.index;
  axes.push_back(row);
}

void FrustumTrace::frustumSatEnd(bool overlapResult) { overlap = overlapResult; }

FrustumVerdict frustumAabbPlanes(const Frustum& f, const Aabb& b) {
  NoTrace rec;
  return frustumAabbPlanes(f, b, rec);
}
FrustumVerdict frustumObbPlanes(const Frustum& f, const Obb& b) {
  NoTrace rec;
  return frustumObbPlanes(f, b, rec);
}
FrustumSatResult frustumAabbSat(const Frustum& f, const Aabb& b) {
  NoTrace rec;
  return frustumAabbSat(f, b, rec);
}
FrustumSatResult frustumObbSat(const Frustum& f, const Obb& b) {
  NoTrace rec;
  return frustumObbSat(f, b, rec);
}

}  // namespace satlab
