// Tunnelling in a real engine, recorded with satlab::record and the Bullet adapter
// (satlab_bullet.hpp): Bullet drops three small boxes, a plank, a thin tile, a ball and a
// rock (a convex hull) onto a static floor 0.02 thick, stepping at 1/20 s without
// continuous collision, as a game with a coarse fixed step would. The bodies dropped from
// low come to rest on the floor; the plank touches it and sinks through; the fast and thin
// ones cross it between two frames without overlapping it in any frame. `satlab check` on the file reports each of
// them, with the two frames and the time of impact between them; each frame also carries Bullet's own contacts, so the
// engine's verdict stands beside satlab's. Usage: bullet_tunnelling OUT.jsonl      write the recording to a file
//        bullet_tunnelling --live [PORT]  stream it to satlab on 127.0.0.1 (default 47410)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include <btBulletDynamicsCommon.h>

#include "satlab_bullet.hpp"

namespace {

struct Body {
  std::unique_ptr<btCollisionShape> shape;
  std::unique_ptr<btDefaultMotionState> motion;
  std::unique_ptr<btRigidBody> body;
};

class Scene {
 public:
  Scene() : dispatcher_(&config_), world_(&dispatcher_, &broadphase_, &solver_, &config_) {
    world_.setGravity(btVector3(0, 0, -9.81f));  // Z is up, as in satlab's scenes
  }
  ~Scene() {
    for (Body& b : bodies_) world_.removeRigidBody(b.body.get());
  }

  void add(const char* name, btCollisionShape* shape, const btVector3& at, const btQuaternion& turn, float mass,
           const btVector3& velocity) {
    Body b;
    b.shape.reset(shape);
    btVector3 inertia(0, 0, 0);
    if (mass > 0) shape->calculateLocalInertia(mass, inertia);
    b.motion = std::make_unique<btDefaultMotionState>(btTransform(turn, at));
    b.body =
        std::make_unique<btRigidBody>(btRigidBody::btRigidBodyConstructionInfo(mass, b.motion.get(), shape, inertia));
    b.body->setLinearVelocity(velocity);
    b.body->setActivationState(DISABLE_DEACTIVATION);
    world_.addRigidBody(b.body.get());
    names_[b.body.get()] = name;
    bodies_.push_back(std::move(b));
  }

  btDiscreteDynamicsWorld& world() { return world_; }
  const satlab::BulletNames& names() const { return names_; }

 private:
  btDefaultCollisionConfiguration config_;
  btCollisionDispatcher dispatcher_;
  btDbvtBroadphase broadphase_;
  btSequentialImpulseConstraintSolver solver_;
  btDiscreteDynamicsWorld world_;
  std::vector<Body> bodies_;
  satlab::BulletNames names_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bullet_tunnelling OUT.jsonl | --live [PORT]\n");
    return 2;
  }
  const char* title = "Bullet: seven bodies dropped on a floor 0.02 thick at 1/20 s";
  satlab::Recorder rec = std::strcmp(argv[1], "--live") == 0
                             ? satlab::Recorder::live(argc > 2 ? std::atoi(argv[2]) : 0, title)
                             : satlab::Recorder(argv[1], title);
  char engine[32];
  std::snprintf(engine, sizeof engine, "Bullet %d.%02d", BT_BULLET_VERSION / 100, BT_BULLET_VERSION % 100);
  rec.setEngine(engine);

  Scene scene;
  const btQuaternion level(0, 0, 0, 1);
  // The floor: static, 0.02 thick, its top at z = 0. Bullet keeps a box's margin within its
  // half extents (here 0.001): the recorded obb is the box less the margin, and its
  // "margin" grows it back.
  scene.add("floor", new btBoxShape(btVector3(4, 4, 0.01f)), btVector3(0, 0, -0.01f), level, 0, btVector3(0, 0, 0));
  // Dropped from different heights, some thrown down: the faster and thinner, the likelier to tunnel.
  scene.add("box_small", new btBoxShape(btVector3(0.05f, 0.05f, 0.05f)), btVector3(-2, 0, 0.25f), level, 1,
            btVector3(0, 0, 0));
  scene.add("box_medium", new btBoxShape(btVector3(0.1f, 0.1f, 0.1f)), btVector3(-1, 0, 0.4f), level, 1,
            btVector3(0, 0, 0));
  scene.add("box_thrown", new btBoxShape(btVector3(0.05f, 0.05f, 0.05f)), btVector3(0, -2, 3),
            btQuaternion(btVector3(1, 1, 0).normalized(), 0.7f), 1, btVector3(0, 0, -12));
  scene.add("plank", new btBoxShape(btVector3(0.6f, 0.1f, 0.02f)), btVector3(1, 0, 0.4f),
            btQuaternion(btVector3(0, 1, 0), 0.2f), 2, btVector3(0, 0, 0));
  scene.add("tile", new btBoxShape(btVector3(0.2f, 0.2f, 0.008f)), btVector3(0, 2, 5), level, 0.5f,
            btVector3(0, 0, -8));
  scene.add("ball", new btSphereShape(0.04f), btVector3(2, 1, 6), level, 0.3f, btVector3(0, 0, -5));
  // A rock: a small squat pyramid, thrown down hard.
  const btScalar rock[] = {-0.06f, -0.06f, 0, 0.06f, -0.06f, 0, 0.06f, 0.06f, 0, -0.06f, 0.06f, 0, 0, 0, 0.05f};
  scene.add("rock", new btConvexHullShape(rock, 5, 3 * sizeof(btScalar)), btVector3(-1, 2, 2), level, 0.4f,
            btVector3(0, 0, -15));

  satlab::BulletRecorder bullet(rec, scene.names());
  const btScalar dt = 1.0f / 20.0f;
  for (int frame = 0; frame <= 40; ++frame) {
    // Bullet's manifolds are those of the last step's start, before it moved the bodies:
    // brought up to the poses recorded, so that each frame's contacts are its own. The step
    // does the same on the same poses first thing, so the run is the run without this line.
    scene.world().performDiscreteCollisionDetection();
    if (!bullet.record(scene.world(), frame, double(frame) * double(dt))) {
      std::fprintf(stderr, "bullet_tunnelling: %s\n", bullet.error().c_str());
      return 1;
    }
    scene.world().stepSimulation(dt, 0);  // one step of dt: no substeps
  }
  for (const std::string& note : bullet.notes()) std::fprintf(stderr, "bullet_tunnelling: %s\n", note.c_str());
  if (!rec.close()) {
    std::fprintf(stderr, "bullet_tunnelling: %s\n", rec.error());
    return 1;
  }
  return 0;
}
