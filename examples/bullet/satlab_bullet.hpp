// Recording a Bullet world with satlab::record (docs/recording-format.md, "Recording from an
// engine"): every collision object's shape and the dispatcher's contacts, one frame a call.
//
//   satlab::Recorder rec("run.jsonl", "My level");
//   satlab::BulletRecorder bullet(rec);         // names: "body N", or a map of your own
//   for (int step = 0; step < steps; ++step) {
//     world.stepSimulation(dt, 0);
//     bullet.record(world, step, step * dt);     // one frame
//   }
//   rec.close();
//
// What is written, per shape type (world transform of the object, times a compound child's):
//   btBoxShape              obb: getHalfExtentsWithoutMargin(), "margin" getMargin()
//   btSphereShape           sphere of getRadius(), no margin (Bullet's margin is the radius)
//   btCapsuleShape (X/Y/Z)  capsule along its up axis: getHalfHeight() each way, getRadius()
//                           (Bullet's margin is the radius: none written)
//   btConvexHullShape       hull of its points times the local scaling, "margin" getMargin()
//   btCompoundShape         each child as its own shape "NAME/child i", "group" NAME
//   btBvhTriangleMeshShape,
//   btTriangleMeshShape     mesh, static objects only: every subpart's vertices (times the
//                           mesh's scaling) and triangles, "margin" getMargin()
// Any other shape (cylinder, cone, plane, heightfield, ...) is skipped and counted, with a
// note saying which; it never stops the recording.
//
// Static objects (isStaticObject) go to the recording's static list, written once, on the
// first call (before the first frame); a static object added later is recorded in each
// frame like a moving one (a mesh then skipped). Contacts: each persistent manifold with
// points between two recorded shapes, A = body 0 and B = body 1: touching when its least
// distance is <= 0 (depth = -distance, else distance = distance), the normal from A to B
// (-m_normalWorldOnB of the closest point) and the points on B. With a compound, the
// contact names the child its points came from. The recorder is told the engine reports
// contacts, so a frame without a manifold says "every pair apart". Bullet computes its
// manifolds at the start of a step, before it moves the bodies: recorded after
// stepSimulation, a frame's contacts are those of the poses one step before its shapes.
// Call world.performDiscreteCollisionDetection() before record() to bring them to the
// frame's own poses (bullet_tunnelling.cpp does).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <btBulletCollisionCommon.h>

#include "satlab/record.hpp"

namespace satlab {

/// A name for each collision object that should not be "body N" (N its index in the world's
/// collision object array).
using BulletNames = std::unordered_map<const btCollisionObject*, std::string>;

class BulletRecorder {
 public:
  explicit BulletRecorder(Recorder& rec, BulletNames names = {}) : rec_(rec), names_(std::move(names)) {}

  /// One frame: the static list on the first call, then begin_frame(frame, time), every
  /// object that is not static, the contacts, end_frame. False when the recorder refused a
  /// call (error() says which and why) or its output failed; skipped shapes are not errors.
  bool record(const btCollisionWorld& world, std::int64_t frame, double time);

  /// Shapes not written because the adapter does not know their type, over all calls.
  int skipped() const { return skipped_; }
  /// One note per kind of skipped shape, naming the first of its kind ("body 3: CylinderZ
  /// (shape type 13) not recorded: no satlab shape of this type").
  const std::vector<std::string>& notes() const { return notes_; }
  /// The first refused call's error, "" when none.
  const std::string& error() const { return error_; }

 private:
  /// What a recorded object is called: its shape's name, or its compound children's
  /// (children[i] "" when child i was not written as one shape).
  struct Written {
    std::string name;
    bool compound = false;
    std::vector<std::string> children;
  };
  void recordObject(const btCollisionObject& object, const std::string& name, bool isStatic, Written& written);
  /// Writes `shape` placed at `at`; false when it was skipped or refused.
  bool recordShape(const btCollisionShape& shape, const btTransform& at, const std::string& name,
                   const std::string& group, bool isStatic);
  bool recordMesh(const btTriangleMeshShape& shape, const btTransform& at, const Recorder::Shape& s);
  void recordContacts(const btCollisionWorld& world);
  std::string nameOf(const btCollisionObject* object, int index) const;
  /// The name a contact gives for `object`'s shape, or null when it has none written: its
  /// own, or (a compound) child `child`'s.
  const std::string* contactName(const btCollisionObject* object, int child) const;
  void skip(const std::string& name, const btCollisionShape& shape, const char* why);  // counts, notes
  bool check(bool recorded);

  Recorder& rec_;
  BulletNames names_;
  bool started_ = false;
  std::unordered_map<const btCollisionObject*, Written> statics_;  // in the static list
  std::unordered_map<const btCollisionObject*, Written> frame_;    // in this frame
  std::unordered_set<std::string> noted_;
  std::vector<std::string> notes_;
  std::vector<float> points_;
  std::vector<std::uint32_t> triangles_;
  int skipped_ = 0;
  std::string error_;
};

}  // namespace satlab
