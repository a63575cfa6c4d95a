// satlab_bullet.hpp: a Bullet world's shapes and contacts through satlab::Recorder.
#include "satlab_bullet.hpp"

#include <algorithm>

namespace satlab {
namespace {

Recorder::Vec3 vec(const btVector3& v) { return {float(v.x()), float(v.y()), float(v.z())}; }

Recorder::Quat quat(const btTransform& t) {
  const btQuaternion q = t.getRotation();
  return {float(q.w()), float(q.x()), float(q.y()), float(q.z())};
}

}  // namespace

bool BulletRecorder::record(const btCollisionWorld& world, std::int64_t frame, double time) {
  error_.clear();
  const btCollisionObjectArray& objects = world.getCollisionObjectArray();
  if (!started_) {
    started_ = true;
    check(rec_.setReportsContacts(true));
    for (int i = 0; i < objects.size(); ++i) {
      const btCollisionObject* o = objects[i];
      if (!o->isStaticObject()) continue;
      Written& w = statics_[o];
      recordObject(*o, nameOf(o, i), true, w);
    }
  }
  if (!check(rec_.beginFrame(frame, time))) return false;
  frame_.clear();
  for (int i = 0; i < objects.size(); ++i) {
    const btCollisionObject* o = objects[i];
    if (statics_.count(o)) continue;
    recordObject(*o, nameOf(o, i), false, frame_[o]);
  }
  recordContacts(world);
  check(rec_.endFrame());
  return error_.empty();
}

void BulletRecorder::recordObject(const btCollisionObject& object, const std::string& name, bool isStatic,
                                  Written& written) {
  const btCollisionShape* shape = object.getCollisionShape();
  written.name = name;
  if (!shape) return;
  const btTransform& at = object.getWorldTransform();
  if (shape->getShapeType() != COMPOUND_SHAPE_PROXYTYPE) {
    if (!recordShape(*shape, at, name, "", isStatic)) written.name.clear();
    return;
  }
  // A compound: each child its own shape, grouped under the object's name.
  const auto& compound = static_cast<const btCompoundShape&>(*shape);
  written.compound = true;
  written.children.assign(std::size_t(compound.getNumChildShapes()), std::string());
  for (int i = 0; i < compound.getNumChildShapes(); ++i) {
    const btCollisionShape* child = compound.getChildShape(i);
    const std::string childName = name + "/child " + std::to_string(i);
    if (child->getShapeType() == COMPOUND_SHAPE_PROXYTYPE) {
      skip(childName, *child, "a compound inside a compound");
      continue;
    }
    if (recordShape(*child, at * compound.getChildTransform(i), childName, name, isStatic)) {
      written.children[std::size_t(i)] = childName;
    }
  }
}

bool BulletRecorder::recordShape(const btCollisionShape& shape, const btTransform& at, const std::string& name,
                                 const std::string& group, bool isStatic) {
  Recorder::Shape s{name, group, float(shape.getMargin())};
  const Recorder::Vec3 center = vec(at.getOrigin());
  switch (shape.getShapeType()) {
    case BOX_SHAPE_PROXYTYPE: {
      const auto& box = static_cast<const btBoxShape&>(shape);
      return check(rec_.obb(s, center, vec(box.getHalfExtentsWithoutMargin()), quat(at)));
    }
    case SPHERE_SHAPE_PROXYTYPE:
      // Bullet's sphere is a point grown by its margin, the radius: the sphere is all of it.
      s.margin = 0.0f;
      return check(rec_.sphere(s, center, float(static_cast<const btSphereShape&>(shape).getRadius())));
    case CAPSULE_SHAPE_PROXYTYPE: {
      // Likewise a segment grown by the radius: the capsule is the engine's whole shape.
      const auto& capsule = static_cast<const btCapsuleShape&>(shape);
      const btVector3 up = at.getBasis().getColumn(capsule.getUpAxis()) * capsule.getHalfHeight();
      s.margin = 0.0f;
      return check(rec_.capsule(s, vec(at.getOrigin() - up), vec(at.getOrigin() + up), float(capsule.getRadius())));
    }
    case CONVEX_HULL_SHAPE_PROXYTYPE: {
      const auto& hull = static_cast<const btConvexHullShape&>(shape);
      const btVector3 scale = hull.getLocalScaling();
      points_.clear();
      for (int i = 0; i < hull.getNumPoints(); ++i) {
        const Recorder::Vec3 p = vec(hull.getUnscaledPoints()[i] * scale);
        points_.insert(points_.end(), p.begin(), p.end());
      }
      return check(rec_.hull(s, points_.data(), std::size_t(hull.getNumPoints()), center, quat(at)));
    }
    case TRIANGLE_MESH_SHAPE_PROXYTYPE:  // btTriangleMeshShape and btBvhTriangleMeshShape
      if (!isStatic) {
        skip(name, shape, "a triangle mesh that is not static");
        return false;
      }
      return recordMesh(static_cast<const btTriangleMeshShape&>(shape), at, s);
    default: skip(name, shape, "no satlab shape of this type"); return false;
  }
}

bool BulletRecorder::recordMesh(const btTriangleMeshShape& shape, const btTransform& at, const Recorder::Shape& s) {
  const btStridingMeshInterface* mesh = shape.getMeshInterface();
  const btVector3 scale = mesh->getScaling();
  points_.clear();
  triangles_.clear();
  for (int part = 0; part < mesh->getNumSubParts(); ++part) {
    const unsigned char *vertexBase = nullptr, *indexBase = nullptr;
    int vertexCount = 0, vertexStride = 0, indexStride = 0, faceCount = 0;
    PHY_ScalarType vertexType, indexType;
    mesh->getLockedReadOnlyVertexIndexBase(&vertexBase, vertexCount, vertexType, vertexStride, &indexBase, indexStride,
                                           faceCount, indexType, part);
    const auto first = std::uint32_t(points_.size() / 3);
    for (int v = 0; v < vertexCount; ++v) {
      const unsigned char* at3 = vertexBase + std::size_t(v) * std::size_t(vertexStride);
      btVector3 p;
      if (vertexType == PHY_DOUBLE) {
        const auto* d = reinterpret_cast<const double*>(at3);
        p.setValue(btScalar(d[0]), btScalar(d[1]), btScalar(d[2]));
      } else {
        const auto* f = reinterpret_cast<const float*>(at3);
        p.setValue(btScalar(f[0]), btScalar(f[1]), btScalar(f[2]));
      }
      const Recorder::Vec3 q = vec(p * scale);
      points_.insert(points_.end(), q.begin(), q.end());
    }
    for (int f = 0; f < faceCount; ++f) {
      const unsigned char* face = indexBase + std::size_t(f) * std::size_t(indexStride);
      for (int k = 0; k < 3; ++k) {
        std::uint32_t index = 0;
        if (indexType == PHY_SHORT) {
          index = reinterpret_cast<const unsigned short*>(face)[k];
        } else if (indexType == PHY_UCHAR) {
          index = face[k];
        } else {
          index = std::uint32_t(reinterpret_cast<const int*>(face)[k]);
        }
        triangles_.push_back(first + index);
      }
    }
    mesh->unLockReadOnlyVertexBase(part);
  }
  return check(rec_.mesh(s, points_.data(), points_.size() / 3, triangles_.data(), triangles_.size() / 3,
                         vec(at.getOrigin()), quat(at)));
}

void BulletRecorder::recordContacts(const btCollisionWorld& world) {
  // The dispatcher gives its manifolds through a non-const call only; they are only read.
  auto* dispatcher = const_cast<btDispatcher*>(world.getDispatcher());
  if (!dispatcher) return;
  for (int m = 0; m < dispatcher->getNumManifolds(); ++m) {
    const btPersistentManifold* manifold = dispatcher->getManifoldByIndexInternal(m);
    const int count = manifold->getNumContacts();
    if (count == 0) continue;
    // Each child pair of a compound has its manifold: the first point says which child.
    const btManifoldPoint& first = manifold->getContactPoint(0);
    const std::string* a = contactName(manifold->getBody0(), first.m_index0);
    const std::string* b = contactName(manifold->getBody1(), first.m_index1);
    if (!a || !b) continue;  // an object (or child) that was not written
    int closest = 0;
    float points[3 * SATLAB_RECORD_MAX_CONTACT_POINTS];
    const int kept = std::min(count, SATLAB_RECORD_MAX_CONTACT_POINTS);
    for (int i = 0; i < count; ++i) {
      const btManifoldPoint& p = manifold->getContactPoint(i);
      if (p.getDistance() < manifold->getContactPoint(closest).getDistance()) closest = i;
      if (i < kept) {
        const Recorder::Vec3 onB = vec(p.getPositionWorldOnB());
        std::copy(onB.begin(), onB.end(), points + 3 * i);
      }
    }
    const btManifoldPoint& c = manifold->getContactPoint(closest);
    const float distance = float(c.getDistance());
    const bool touching = distance <= 0.0f;
    check(rec_.contact(*a, *b, touching, touching ? -distance : distance, vec(-c.m_normalWorldOnB), points,
                       std::size_t(kept)));
  }
}

std::string BulletRecorder::nameOf(const btCollisionObject* object, int index) const {
  const auto it = names_.find(object);
  return it != names_.end() ? it->second : "body " + std::to_string(index);
}

const std::string* BulletRecorder::contactName(const btCollisionObject* object, int child) const {
  auto it = frame_.find(object);
  if (it == frame_.end()) {
    it = statics_.find(object);
    if (it == statics_.end()) return nullptr;
  }
  const Written& w = it->second;
  if (!w.compound) return w.name.empty() ? nullptr : &w.name;
  if (child < 0 || std::size_t(child) >= w.children.size() || w.children[std::size_t(child)].empty()) return nullptr;
  return &w.children[std::size_t(child)];
}

void BulletRecorder::skip(const std::string& name, const btCollisionShape& shape, const char* why) {
  ++skipped_;
  const std::string type = shape.getName();
  if (noted_.insert(type + why).second) {
    notes_.push_back(name + ": " + type + " (shape type " + std::to_string(shape.getShapeType()) +
                     ") not recorded: " + why);
  }
}

bool BulletRecorder::check(bool recorded) {
  if (!recorded && error_.empty()) error_ = rec_.error();
  return recorded;
}

}  // namespace satlab
