// <satlab/record.h>: the shape calls. Each writes one shape in the scene format's syntax
// (docs/scene-format.md, "Shapes") plus the recording's "margin" and "group", to the
// header's static list before the first frame and to the open frame after it.
#include <cstdint>

#include "json_text.hpp"
#include "recorder.hpp"

using satlab::record::Call;

namespace satlab::record {
namespace {

/// The checks and the text common to every shape; `check` returns why the geometry cannot
/// be written ("" when it can, setting `code` for a limit), `write` appends its fields.
template <class Check, class Write>
int recordShape(satlab_recorder* r, const char* callName, const satlab_shape_info* s, const char* type, bool staticOnly,
                Check&& check, Write&& write) {
  Call call(r, callName);
  if (!call.usable()) return call.status();
  return call.guarded([&] {
    if (!s) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "the shape info is missing (a null pointer)");
    if (!s->name) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "the shape's name is missing (a null pointer)");
    const std::string_view name(s->name);
    std::string why = nameProblem(name);
    if (!why.empty()) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, "name " + quoted(name) + " " + why);
    const std::string shape = "shape " + quoted(name) + ": ";
    if (r->started && !r->inFrame) {
      return call.fail(SATLAB_RECORD_OUT_OF_ORDER,
                       shape + "between frames (once a frame began, shapes go between begin_frame and end_frame)");
    }
    const bool isStatic = !r->started;
    if (staticOnly && !isStatic) {
      return call.fail(SATLAB_RECORD_OUT_OF_ORDER,
                       shape + "a " + type + " goes in the static list only (record it before the first frame)");
    }
    const std::string_view group = view(s->group);
    if (!group.empty()) {
      why = nameProblem(group);
      if (!why.empty()) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, shape + "group " + quoted(group) + " " + why);
    }
    why = lengthProblem(s->margin, "margin");
    if (why.empty() && s->rgba) why = colorProblem(s->rgba);
    if (!why.empty()) return call.fail(SATLAB_RECORD_BAD_ARGUMENT, shape + why);
    std::string key(name);
    if (r->staticNames.count(key)) {
      return call.fail(SATLAB_RECORD_BAD_ARGUMENT, shape + "the name is already a static shape's");
    }
    if (!isStatic && r->frameNames.count(key)) {
      return call.fail(SATLAB_RECORD_BAD_ARGUMENT, shape + "the name is already in this frame (names are unique)");
    }
    const std::size_t count = isStatic ? r->staticNames.size() : r->shapeCount;
    if (count >= kMaxShapesPerFrame) {
      return call.fail(SATLAB_RECORD_LIMIT, shape + "more than 100,000 shapes in one frame");
    }
    int code = SATLAB_RECORD_BAD_ARGUMENT;
    why = check(code);
    if (!why.empty()) return call.fail(code, shape + why);

    std::string item = "{\"name\": ";
    appendString(item, name);
    item += ", \"type\": \"";
    item += type;
    item += '"';
    write(item);
    if (s->margin > 0.0f) {
      item += ", \"margin\": ";
      appendFloat(item, s->margin);
    }
    if (!group.empty()) {
      item += ", \"group\": ";
      appendString(item, group);
    }
    if (s->rgba) {
      item += ", \"color\": [";
      for (int i = 0; i < 4; ++i) {
        if (i) item += ", ";
        appendFloat(item, s->rgba[i]);
      }
      item += ']';
    }
    item += '}';
    std::string& list = isStatic ? r->statics : r->shapes;
    const std::size_t lineBytes = isStatic ? headerBytes(*r) : r->shapes.size() + r->contacts.size() + 256;
    if (lineBytes + item.size() > kMaxLineBytes) {
      return call.fail(SATLAB_RECORD_LIMIT, shape + (isStatic ? "the header" : "the frame") +
                                                " would be longer than 16 MiB, the longest line satlab reads");
    }
    if (!list.empty()) list += ", ";
    list += item;
    if (isStatic) {
      r->staticNames.insert(std::move(key));
    } else {
      r->frameNames.insert(std::move(key));
      ++r->shapeCount;
    }
    return int(SATLAB_RECORD_OK);
  });
}

void field(std::string& out, const char* key, const float* v) {
  out += ", \"";
  out += key;
  out += "\": ";
  appendVec3(out, v);
}

void field(std::string& out, const char* key, float v) {
  out += ", \"";
  out += key;
  out += "\": ";
  appendFloat(out, v);
}

void quaternionField(std::string& out, const float* q) {
  out += ", \"quaternion\": [";
  for (int i = 0; i < 4; ++i) {
    if (i) out += ", ";
    appendFloat(out, q[i]);
  }
  out += ']';
}

void pointList(std::string& out, const char* key, const float* v, std::size_t count) {
  out += ", \"";
  out += key;
  out += "\": [";
  for (std::size_t i = 0; i < count; ++i) {
    if (i) out += ", ";
    appendVec3(out, v + 3 * i);
  }
  out += ']';
}

/// The optional pose of a hull or a mesh: center (null: the origin), quaternion (null: none).
std::string poseProblem(const float* center, const float* quaternion) {
  std::string why = center ? pointProblem(center, "center") : std::string();
  if (why.empty() && quaternion) why = quaternionProblem(quaternion, "quaternion");
  return why;
}

void poseFields(std::string& out, const float* center, const float* quaternion) {
  if (center) field(out, "center", center);
  if (quaternion) quaternionField(out, quaternion);
}

std::string halfExtentsProblem(const float* h) {
  if (!h) return "half_extents is missing (a null pointer)";
  for (int i = 0; i < 3; ++i) {
    const std::string f = "half_extents[" + std::to_string(i) + "]";
    std::string why = lengthProblem(h[i], f.c_str());
    if (!why.empty()) return why;
  }
  return {};
}

}  // namespace
}  // namespace satlab::record

using namespace satlab::record;

extern "C" {

int satlab_record_aabb(satlab_recorder* r, const satlab_shape_info* s, const float center[3],
                       const float half_extents[3]) {
  return recordShape(
      r, "satlab_record_aabb", s, "aabb", false,
      [&](int&) {
        std::string why = pointProblem(center, "center");
        return why.empty() ? halfExtentsProblem(half_extents) : why;
      },
      [&](std::string& out) {
        field(out, "center", center);
        field(out, "half_extents", half_extents);
      });
}

int satlab_record_obb(satlab_recorder* r, const satlab_shape_info* s, const float center[3],
                      const float half_extents[3], const float quaternion[4]) {
  return recordShape(
      r, "satlab_record_obb", s, "obb", false,
      [&](int&) {
        std::string why = pointProblem(center, "center");
        if (why.empty()) why = halfExtentsProblem(half_extents);
        return why.empty() ? quaternionProblem(quaternion, "quaternion") : why;
      },
      [&](std::string& out) {
        field(out, "center", center);
        field(out, "half_extents", half_extents);
        quaternionField(out, quaternion);
      });
}

int satlab_record_sphere(satlab_recorder* r, const satlab_shape_info* s, const float center[3], float radius) {
  return recordShape(
      r, "satlab_record_sphere", s, "sphere", false,
      [&](int&) {
        std::string why = pointProblem(center, "center");
        return why.empty() ? lengthProblem(radius, "radius") : why;
      },
      [&](std::string& out) {
        field(out, "center", center);
        field(out, "radius", radius);
      });
}

int satlab_record_segment(satlab_recorder* r, const satlab_shape_info* s, const float p0[3], const float p1[3]) {
  return recordShape(
      r, "satlab_record_segment", s, "segment", false,
      [&](int&) {
        std::string why = pointProblem(p0, "p0");
        return why.empty() ? pointProblem(p1, "p1") : why;
      },
      [&](std::string& out) {
        field(out, "p0", p0);
        field(out, "p1", p1);
      });
}

int satlab_record_capsule(satlab_recorder* r, const satlab_shape_info* s, const float p0[3], const float p1[3],
                          float radius) {
  return recordShape(
      r, "satlab_record_capsule", s, "capsule", false,
      [&](int&) {
        std::string why = pointProblem(p0, "p0");
        if (why.empty()) why = pointProblem(p1, "p1");
        return why.empty() ? lengthProblem(radius, "radius") : why;
      },
      [&](std::string& out) {
        field(out, "p0", p0);
        field(out, "p1", p1);
        field(out, "radius", radius);
      });
}

int satlab_record_triangle(satlab_recorder* r, const satlab_shape_info* s, const float points[9]) {
  return recordShape(
      r, "satlab_record_triangle", s, "triangle", false, [&](int&) { return pointsProblem(points, 3, "points"); },
      [&](std::string& out) { pointList(out, "points", points, 3); });
}

int satlab_record_hull(satlab_recorder* r, const satlab_shape_info* s, const float* points, size_t count,
                       const float center[3], const float quaternion[4]) {
  return recordShape(
      r, "satlab_record_hull", s, "hull", false,
      [&](int& code) {
        if (count == 0) return std::string("a hull needs at least one point");
        if (count > kMaxHullPoints) {
          code = SATLAB_RECORD_LIMIT;
          return std::to_string(count) + " points (at most 100,000)";
        }
        std::string why = pointsProblem(points, count, "points");
        return why.empty() ? poseProblem(center, quaternion) : why;
      },
      [&](std::string& out) {
        pointList(out, "points", points, count);
        poseFields(out, center, quaternion);
      });
}

int satlab_record_mesh(satlab_recorder* r, const satlab_shape_info* s, const float* vertices, size_t vertex_count,
                       const uint32_t* triangles, size_t triangle_count, const float center[3],
                       const float quaternion[4]) {
  return recordShape(
      r, "satlab_record_mesh", s, "mesh", true,
      [&](int& code) {
        if (vertex_count == 0 || triangle_count == 0) {
          return std::string("a mesh needs at least one vertex and one triangle");
        }
        // At 8 bytes a vertex or a triangle at the least, more would not fit in a line.
        if (vertex_count > kMaxMeshVertices || triangle_count > kMaxMeshTriangles ||
            (vertex_count + triangle_count) * 8 > kMaxLineBytes) {
          code = SATLAB_RECORD_LIMIT;
          return std::to_string(vertex_count) + " vertices and " + std::to_string(triangle_count) +
                 " triangles do not fit in a line of 16 MiB";
        }
        if (!triangles) return std::string("triangles is missing (a null pointer)");
        for (std::size_t i = 0; i < 3 * triangle_count; ++i) {
          if (triangles[i] >= vertex_count) {
            return "triangles[" + std::to_string(i / 3) + "][" + std::to_string(i % 3) + "] is " +
                   std::to_string(triangles[i]) + ", not a vertex (" + std::to_string(vertex_count) + " vertices)";
          }
        }
        std::string why = pointsProblem(vertices, vertex_count, "vertices");
        return why.empty() ? poseProblem(center, quaternion) : why;
      },
      [&](std::string& out) {
        pointList(out, "vertices", vertices, vertex_count);
        out += ", \"triangles\": [";
        for (std::size_t i = 0; i < triangle_count; ++i) {
          if (i) out += ", ";
          out += '[';
          for (int k = 0; k < 3; ++k) {
            if (k) out += ", ";
            appendInteger(out, triangles[3 * i + k]);
          }
          out += ']';
        }
        out += ']';
        poseFields(out, center, quaternion);
      });
}

}  // extern "C"
