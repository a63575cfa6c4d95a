#include "render/vector_projection.hpp"

#include "render/mesh_batch.hpp"
#include "render/wire_shapes.hpp"

#include <algorithm>
#include <cmath>

namespace satlab {

namespace {

glm::vec4 unpackColor(std::uint32_t c) {
  return glm::vec4(static_cast<float>(c & 0xFFu), static_cast<float>((c >> 8) & 0xFFu),
                   static_cast<float>((c >> 16) & 0xFFu), static_cast<float>((c >> 24) & 0xFFu)) /
         255.0f;
}

bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// The half-Lambert shade the box and mesh shaders give a face of normal `n` (the mesh
/// shader takes |n . light|: its faces have no outside).
glm::vec4 shadedFace(const glm::vec4& color, float nDotLight) {
  const float lambert = 0.5f * nDotLight + 0.5f;
  return glm::min(glm::vec4(glm::vec3(color) * (0.25f + 1.05f * lambert), color.a * (0.6f + 0.7f * lambert)),
                  glm::vec4(1.0f));
}

}  // namespace

glm::vec2 clipToFigure(const glm::vec4& clip, const VectorView& view) {
  const float w = clip.w != 0.0f ? clip.w : 1e-30f;
  return view.offsetPx +
         glm::vec2((clip.x / w * 0.5f + 0.5f) * view.viewportPx.x, (0.5f - clip.y / w * 0.5f) * view.viewportPx.y);
}

void recordLines(VectorFigure& figure, const std::vector<LineInstance>& lines, const VectorView& view) {
  static const glm::vec4 kPlanes[5] = {glm::vec4(0, 0, 1, 1), glm::vec4(-1, 0, 0, 2), glm::vec4(1, 0, 0, 2),
                                       glm::vec4(0, -1, 0, 2), glm::vec4(0, 1, 0, 2)};
  for (const LineInstance& l : lines) {
    if (!finite3(l.a) || !finite3(l.b)) continue;
    glm::vec4 ca = view.viewProj * glm::vec4(l.a, 1.0f);
    glm::vec4 cb = view.viewProj * glm::vec4(l.b, 1.0f);
    // Liang-Barsky in homogeneous clip space, as the line shader clips.
    float t0 = 0.0f, t1 = 1.0f;
    bool visible = true;
    for (const glm::vec4& plane : kPlanes) {
      const float fa = glm::dot(plane, ca), fb = glm::dot(plane, cb);
      if (fa < 0.0f && fb < 0.0f) {
        visible = false;
      } else if (fa < 0.0f) {
        t0 = std::max(t0, fa / (fa - fb));
      } else if (fb < 0.0f) {
        t1 = std::min(t1, fa / (fa - fb));
      }
    }
    if (!visible || t0 > t1) continue;
    const glm::vec4 a0 = ca;
    ca = glm::mix(a0, cb, t0);
    cb = glm::mix(a0, cb, t1);
    const glm::vec2 sa = clipToFigure(ca, view), sb = clipToFigure(cb, view);
    const glm::vec2 d = sb - sa;
    const float len = glm::length(d);
    if (!std::isfinite(len)) continue;
    if (len < 1e-6f || (l.head > 0.0f && len <= 1.0f)) {
      figure.dot(sa, 0.5f * l.width, l.color);
      continue;
    }
    if (l.head > 0.0f) {
      const glm::vec2 dir = d / len, nrm(-dir.y, dir.x);
      const float h = std::min(l.head, 0.6f * len), w = 0.55f * h;
      figure.line(sa, sa + dir * (len - 0.5f * h), l.color, l.width, l.dash);
      figure.polygon({sb, sb - dir * h + nrm * w, sb - dir * h - nrm * w}, l.color);
    } else {
      figure.line(sa, sb, l.color, l.width, l.dash);
    }
  }
}

bool VectorSurfaces::add(const glm::vec3* corners, int count, const glm::vec4& color, const VectorView& view) {
  if (!(color.a > 0.0f)) return false;
  Face f;
  f.points.reserve(static_cast<std::size_t>(count));
  glm::vec3 centroid(0.0f);
  for (int i = 0; i < count; ++i) {
    if (!finite3(corners[i])) return false;
    const glm::vec4 clip = view.viewProj * glm::vec4(corners[i], 1.0f);
    if (!(clip.w > 1e-30f)) return false;  // behind the eye: the view never shows such a face whole
    f.points.push_back(clipToFigure(clip, view));
    centroid += corners[i];
  }
  centroid /= static_cast<float>(count);
  f.color = color;
  f.depth = glm::dot(centroid - view.eye, view.forward);
  faces_.push_back(std::move(f));
  return true;
}

void VectorSurfaces::boxes(const std::vector<BoxInstance>& boxes, const VectorView& view, const glm::vec3& light) {
  for (const BoxInstance& b : boxes) {
    for (int k = 0; k < 3; ++k) {
      const int i = (k + 1) % 3, j = (k + 2) % 3;
      // A face with no area (a flat box's sides) draws nothing.
      if (!(b.half[i] > 0.0f) || !(b.half[j] > 0.0f)) continue;
      for (const float s : {1.0f, -1.0f}) {
        const glm::vec3 n = b.axes[k] * s;
        const glm::vec3 c = b.center + n * b.half[k];
        // Back faces are culled: the face must look towards the eye.
        const glm::vec3 toEye = view.orthographic ? -view.forward : view.eye - c;
        if (!(glm::dot(n, toEye) > 0.0f)) continue;
        const glm::vec3 u = b.axes[i] * b.half[i], v = b.axes[j] * b.half[j];
        const glm::vec3 corners[4] = {c - u - v, c + u - v, c + u + v, c - u + v};
        add(corners, 4, shadedFace(b.color, glm::dot(n, light)), view);
      }
    }
  }
}

void VectorSurfaces::triangles(const std::vector<FillBatch::Vertex>& vertices, const VectorView& view) {
  for (std::size_t t = 0; t + 2 < vertices.size(); t += 3) {
    const glm::vec3 corners[3] = {vertices[t].pos, vertices[t + 1].pos, vertices[t + 2].pos};
    add(corners, 3, unpackColor(vertices[t].color), view);
  }
}

void VectorSurfaces::spheres(const std::vector<SphereInstance>& spheres, const VectorView& view) {
  constexpr int kSegments = 72;
  glm::vec3 ring[kSegments];
  for (const SphereInstance& s : spheres) {
    const Silhouette sil =
        sphereSilhouette(Sphere{glm::vec3(s.sphere), s.sphere.w}, view.eye, view.forward, view.orthographic);
    if (!(sil.radius > 0.0f)) continue;  // the eye inside: the impostor fills nothing
    const glm::vec3 n = glm::normalize(sil.normal);
    const glm::vec3 helper = std::abs(n.z) < 0.9f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
    const glm::vec3 u = glm::normalize(glm::cross(n, helper)), v = glm::cross(n, u);
    for (int k = 0; k < kSegments; ++k) {
      const float a = 6.2831853f * static_cast<float>(k) / kSegments;
      ring[k] = sil.center + (u * std::cos(a) + v * std::sin(a)) * sil.radius;
    }
    // shaders/sphere_fill.frag: rgb * (0.5 + 0.7 lambert), alpha * (0.7 + 0.9 (1 - facing)),
    // here at lambert 0.75 and facing 0.7, between the centre and the rim.
    const glm::vec4 c = glm::min(glm::vec4(glm::vec3(s.color) * 1.025f, s.color.a * 0.97f), glm::vec4(1.0f));
    add(ring, kSegments, c, view);
  }
}

void VectorSurfaces::mesh(const TriangleMesh& mesh, const glm::mat4& model, const glm::vec4& fill,
                          const VectorView& view, const glm::vec3& light) {
  if (!(fill.a > 0.0f)) return;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    const Triangle tri = mesh.triangle(t);
    const glm::vec3 corners[3] = {glm::vec3(model * glm::vec4(tri.a, 1.0f)), glm::vec3(model * glm::vec4(tri.b, 1.0f)),
                                  glm::vec3(model * glm::vec4(tri.c, 1.0f))};
    const glm::vec3 cross = glm::cross(corners[1] - corners[0], corners[2] - corners[0]);
    const float area = glm::length(cross);
    if (!(area > 0.0f)) continue;
    add(corners, 3, shadedFace(fill, std::abs(glm::dot(cross / area, light))), view);
  }
}

void VectorSurfaces::write(VectorFigure& figure) {
  std::stable_sort(faces_.begin(), faces_.end(), [](const Face& a, const Face& b) { return a.depth > b.depth; });
  for (Face& f : faces_) figure.polygon(std::move(f.points), f.color);
  faces_.clear();
}

void recordMeshEdges(VectorFigure& figure, const TriangleMesh& mesh, const glm::mat4& model, const glm::vec4& color,
                     float width, const VectorView& view) {
  if (!(color.a > 0.0f)) return;
  const std::vector<std::uint32_t> edges = meshEdgeIndices(mesh);
  std::vector<LineInstance> lines;
  lines.reserve(edges.size() / 2);
  for (std::size_t k = 0; k + 1 < edges.size(); k += 2) {
    const glm::vec3 a(model * glm::vec4(mesh.vertices[edges[k]], 1.0f));
    const glm::vec3 b(model * glm::vec4(mesh.vertices[edges[k + 1]], 1.0f));
    lines.push_back(LineInstance{a, b, color, width, 0.0f, 0.0f});
  }
  recordLines(figure, lines, view);
}

}  // namespace satlab
