// Float far from the origin in a real engine, recorded with satlab::record and the Bullet
// adapter (satlab_bullet.hpp): gravity along -X pushes five bodies against a static wall
// whose face is at x = AT, and they come to rest there, 240 frames at 1/60 s. Near the
// origin every verdict is the geometry's; at x = 1e6, where floats are 0.0625 apart, the
// resting bodies' positions land on that grid and some verdicts flip with nothing but the
// rounding: `satlab check --precision` shows each flip moved to the origin beside it.
// Usage: bullet_far_from_origin OUT.jsonl [AT]   (AT: the wall's x, default 0)
#include <cstdio>
#include <cstdlib>
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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bullet_far_from_origin OUT.jsonl [AT]\n");
    return 2;
  }
  const float at = argc > 2 ? static_cast<float>(std::atof(argv[2])) : 0.0f;
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher(&config);
  btDbvtBroadphase broadphase;
  btSequentialImpulseConstraintSolver solver;
  btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
  world.setGravity(btVector3(-9.81f, 0, 0));  // towards the wall
  std::vector<Body> bodies;
  // Out of the world before they are destroyed, on every way out.
  struct Detach {
    btDiscreteDynamicsWorld& world;
    std::vector<Body>& bodies;
    ~Detach() {
      for (Body& b : bodies) world.removeRigidBody(b.body.get());
    }
  } detach{world, bodies};
  satlab::BulletNames names;
  const auto add = [&](const char* name, btCollisionShape* shape, const btVector3& where, float mass,
                       const btQuaternion& turn) {
    Body b;
    b.shape.reset(shape);
    btVector3 inertia(0, 0, 0);
    if (mass > 0) shape->calculateLocalInertia(mass, inertia);
    b.motion = std::make_unique<btDefaultMotionState>(btTransform(turn, where));
    b.body = std::make_unique<btRigidBody>(
        btRigidBody::btRigidBodyConstructionInfo(mass, b.motion.get(), shape, inertia));
    b.body->setActivationState(DISABLE_DEACTIVATION);
    world.addRigidBody(b.body.get());
    names[b.body.get()] = name;
    bodies.push_back(std::move(b));
  };
  const btQuaternion level(0, 0, 0, 1);
  // The wall: static, its face at x = at.
  add("wall", new btBoxShape(btVector3(0.5f, 6, 6)), btVector3(at - 0.5f, 0, 0), 0, level);
  add("crate", new btBoxShape(btVector3(0.5f, 0.5f, 0.5f)), btVector3(at + 0.6f, -2, 0), 1, level);
  add("crate_turned", new btBoxShape(btVector3(0.4f, 0.3f, 0.2f)), btVector3(at + 0.5f, 1, 0.5f), 1,
      btQuaternion(btVector3(0, 0, 1), 0.6f));
  add("small", new btBoxShape(btVector3(0.05f, 0.05f, 0.05f)), btVector3(at + 0.3f, 2, -1), 0.2f, level);
  add("ball", new btSphereShape(0.25f), btVector3(at + 0.4f, -1, -2), 1, level);
  add("stacked", new btBoxShape(btVector3(0.3f, 0.3f, 0.3f)), btVector3(at + 1.5f, -2, 0), 0.5f, level);

  char title[96];
  std::snprintf(title, sizeof title, "Bullet: five bodies resting against a wall at x = %g", double(at));
  satlab::Recorder rec(argv[1], title);
  char engine[32];
  std::snprintf(engine, sizeof engine, "Bullet %d.%02d", BT_BULLET_VERSION / 100, BT_BULLET_VERSION % 100);
  rec.setEngine(engine);
  satlab::BulletRecorder bullet(rec, names);
  const btScalar dt = 1.0f / 60.0f;
  for (int frame = 0; frame <= 240; ++frame) {
    // The manifolds brought up to the poses recorded (as bullet_tunnelling.cpp does).
    world.performDiscreteCollisionDetection();
    if (!bullet.record(world, frame, double(frame) * double(dt))) {
      std::fprintf(stderr, "bullet_far_from_origin: %s\n", bullet.error().c_str());
      return 1;
    }
    world.stepSimulation(dt, 0);
  }
  if (!rec.close()) {
    std::fprintf(stderr, "bullet_far_from_origin: %s\n", rec.error());
    return 1;
  }
  return 0;
}
