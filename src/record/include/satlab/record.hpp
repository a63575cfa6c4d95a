// satlab::Recorder: the C++ face of <satlab/record.h>, an engine's colliders frame by frame
// as a satlab recording (docs/recording-format.md). Every method mirrors a C call and has
// its contract (order, units, limits); see record.h.
//
//   satlab::Recorder rec("crash.jsonl", "Crates through the floor");
//   rec.setEngine("Bullet 3.24");
//   rec.aabb({"floor"}, {0, 0, -0.01f}, {4, 4, 0.01f});   // before the first frame: static
//   for (int step = 0; step < 100; ++step) {
//     rec.beginFrame(step, step / 60.0);
//     rec.obb({"crate", "", 0.04f}, crateCenter, crateHalf, crateQuaternionWxyz);
//     rec.endFrame();
//   }
//   if (!rec.close()) std::fprintf(stderr, "%s\n", rec.error());
//
// Errors are values, not exceptions (engines often build without them): each method
// returns true when its text was recorded, and false, with error() saying why, when it was
// refused or the output failed (then every later call is false too; ok() tells). The
// destructor closes a recording that close() did not.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "satlab/record.h"

namespace satlab {

class Recorder {
 public:
  using Vec3 = std::array<float, 3>;
  using Quat = std::array<float, 4>;  ///< [w, x, y, z], unit
  using Rgba = std::array<float, 4>;

  /// What every shape takes besides its geometry (satlab_shape_info).
  struct Shape {
    std::string_view name;
    std::string_view group = {};  ///< empty: none
    float margin = 0.0f;          ///< the engine's rounding radius, >= 0
    const float* rgba = nullptr;  ///< 4 numbers in [0, 1], or null: satlab's palette
  };

  /// A recording to the file at `path` (created or truncated).
  Recorder(const std::string& path, std::string_view title)
      : r_(satlab_record_open(path.c_str(), std::string(title).c_str())) {}
  /// A live recording to satlab listening on 127.0.0.1 at `port` (0: 47410).
  static Recorder live(int port, std::string_view title) {
    return Recorder(satlab_record_connect(nullptr, port, std::string(title).c_str()));
  }
  Recorder(Recorder&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
  Recorder& operator=(Recorder&& o) noexcept {
    if (this != &o) {
      satlab_record_close(r_);
      r_ = o.r_;
      o.r_ = nullptr;
    }
    return *this;
  }
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;
  ~Recorder() { satlab_record_close(r_); }

  /// False once the output failed (or never opened): nothing more can be recorded.
  bool ok() const { return r_ && satlab_record_last_status(r_) != SATLAB_RECORD_IO; }
  /// The last error's text ("" when none), naming the C call and the reason.
  const char* error() const { return satlab_record_error(r_); }
  /// The last error's code (satlab_record_status).
  int status() const { return satlab_record_last_status(r_); }

  // Header settings, before the first frame.
  bool setEngine(std::string_view engine) { return done(satlab_record_set_engine(r_, text(a_, engine))); }
  bool setTolerance(float metres) { return done(satlab_record_set_tolerance(r_, metres)); }
  /// `maxDepth` < 0: none.
  bool expect(std::string_view a, std::string_view b, bool overlap, float maxDepth = -1.0f) {
    return done(satlab_record_expect(r_, text(a_, a), text(b_, b), overlap, maxDepth));
  }
  bool setReportsContacts(bool on) { return done(satlab_record_set_reports_contacts(r_, on)); }

  // Shapes: static before the first frame, else in the open frame.
  bool aabb(const Shape& s, const Vec3& center, const Vec3& halfExtents) {
    return done(satlab_record_aabb(r_, info(s), center.data(), halfExtents.data()));
  }
  bool obb(const Shape& s, const Vec3& center, const Vec3& halfExtents, const Quat& rotation) {
    return done(satlab_record_obb(r_, info(s), center.data(), halfExtents.data(), rotation.data()));
  }
  bool sphere(const Shape& s, const Vec3& center, float radius) {
    return done(satlab_record_sphere(r_, info(s), center.data(), radius));
  }
  bool segment(const Shape& s, const Vec3& p0, const Vec3& p1) {
    return done(satlab_record_segment(r_, info(s), p0.data(), p1.data()));
  }
  bool capsule(const Shape& s, const Vec3& p0, const Vec3& p1, float radius) {
    return done(satlab_record_capsule(r_, info(s), p0.data(), p1.data(), radius));
  }
  bool triangle(const Shape& s, const Vec3& a, const Vec3& b, const Vec3& c) {
    const float p[9] = {a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]};
    return done(satlab_record_triangle(r_, info(s), p));
  }
  /// `points`: `count` points, 3 floats each, in the hull's own frame.
  bool hull(const Shape& s, const float* points, std::size_t count, const Vec3& center = {0, 0, 0},
            const Quat& rotation = {1, 0, 0, 0}) {
    return done(satlab_record_hull(r_, info(s), points, count, center.data(), rotation.data()));
  }
  /// Static only. `triangles`: `triangleCount` triples of vertex indices.
  bool mesh(const Shape& s, const float* vertices, std::size_t vertexCount, const std::uint32_t* triangles,
            std::size_t triangleCount, const Vec3& center = {0, 0, 0}, const Quat& rotation = {1, 0, 0, 0}) {
    return done(satlab_record_mesh(r_, info(s), vertices, vertexCount, triangles, triangleCount, center.data(),
                                   rotation.data()));
  }

  // Frames.
  bool beginFrame(std::int64_t number, double time) { return done(satlab_record_begin_frame(r_, number, time)); }
  /// `value`: the depth when touching, else the distance. `points`: `count` (0 to 16)
  /// points, 3 floats each.
  bool contact(std::string_view a, std::string_view b, bool touching, float value, const Vec3& normal,
               const float* points = nullptr, std::size_t count = 0) {
    return done(satlab_record_contact(r_, text(a_, a), text(b_, b), touching, value, normal.data(), points, count));
  }
  bool endFrame() { return done(satlab_record_end_frame(r_)); }

  /// Ends an open frame, writes what is left and closes the file or connection. True when
  /// every line was written; error() says why not. Later calls return false.
  bool close() { return satlab_record_finish(r_) == SATLAB_RECORD_OK; }

 private:
  explicit Recorder(satlab_recorder* r) : r_(r) {}

  bool done(int status) const { return status == SATLAB_RECORD_OK; }
  // The C API takes C strings: each view is copied into a buffer of its own, reused, so a
  // frame allocates nothing once the buffers have grown to its longest name.
  static const char* text(std::string& buffer, std::string_view s) {
    buffer.assign(s.data(), s.size());
    return buffer.c_str();
  }
  const satlab_shape_info* info(const Shape& s) {
    info_.name = text(a_, s.name);
    info_.group = text(b_, s.group);
    info_.margin = s.margin;
    info_.rgba = s.rgba;
    return &info_;
  }

  satlab_recorder* r_ = nullptr;
  std::string a_, b_;
  satlab_shape_info info_{};
};

}  // namespace satlab
