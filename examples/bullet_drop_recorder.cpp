// A real engine's frames as a satlab recording (docs/recording-format.md): Bullet drops
// three small boxes, a plank, a thin tile and a ball onto a floor 0.02 thick, stepping at
// 1/20 s without continuous collision, as a game with a coarse fixed step would. The bodies
// dropped from low come to rest on the floor; the fast and thin ones cross it between two
// frames without overlapping it in any frame: tunnelling. `satlab check` on the file
// reports each of them, with the two frames and the time of impact between them.
// Usage: bullet_drop_recorder [OUT.jsonl] (default: standard output).
#include <cstdio>
#include <memory>
#include <vector>

#include <btBulletDynamicsCommon.h>

namespace {

struct Body {
  const char* name;
  std::unique_ptr<btCollisionShape> shape;
  std::unique_ptr<btDefaultMotionState> motion;
  std::unique_ptr<btRigidBody> body;
};

void addBody(btDiscreteDynamicsWorld& world, std::vector<Body>& bodies, const char* name, btCollisionShape* shape,
             const btVector3& at, const btQuaternion& turn, float mass, const btVector3& velocity) {
  Body b;
  b.name = name;
  b.shape.reset(shape);
  btVector3 inertia(0, 0, 0);
  if (mass > 0) shape->calculateLocalInertia(mass, inertia);
  b.motion = std::make_unique<btDefaultMotionState>(btTransform(turn, at));
  b.body = std::make_unique<btRigidBody>(btRigidBody::btRigidBodyConstructionInfo(mass, b.motion.get(), shape, inertia));
  b.body->setLinearVelocity(velocity);
  b.body->setActivationState(DISABLE_DEACTIVATION);
  world.addRigidBody(b.body.get());
  bodies.push_back(std::move(b));
}

void writeShape(std::FILE* out, const Body& b) {
  const btTransform& t = b.body->getWorldTransform();
  const btVector3& c = t.getOrigin();
  if (b.shape->getShapeType() == SPHERE_SHAPE_PROXYTYPE) {
    std::fprintf(out, "{\"name\": \"%s\", \"type\": \"sphere\", \"center\": [%.9g, %.9g, %.9g], \"radius\": %.9g}",
                 b.name, double(c.x()), double(c.y()), double(c.z()),
                 double(static_cast<btSphereShape*>(b.shape.get())->getRadius()));
    return;
  }
  const btVector3 h = static_cast<btBoxShape*>(b.shape.get())->getHalfExtentsWithMargin();
  const btQuaternion q = t.getRotation();
  std::fprintf(out,
               "{\"name\": \"%s\", \"type\": \"obb\", \"center\": [%.9g, %.9g, %.9g], \"half_extents\": [%.9g, %.9g, "
               "%.9g], \"quaternion\": [%.9g, %.9g, %.9g, %.9g]}",
               b.name, double(c.x()), double(c.y()), double(c.z()), double(h.x()), double(h.y()), double(h.z()),
               double(q.w()), double(q.x()), double(q.y()), double(q.z()));
}

}  // namespace

int main(int argc, char** argv) {
  std::FILE* out = argc > 1 ? std::fopen(argv[1], "w") : stdout;
  if (!out) return 1;
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher(&config);
  btDbvtBroadphase broadphase;
  btSequentialImpulseConstraintSolver solver;
  btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
  world.setGravity(btVector3(0, 0, -9.81f));  // Z is up, as in satlab's scenes

  std::vector<Body> bodies;
  const btQuaternion level(0, 0, 0, 1);
  // The floor: static, 0.02 thick, its top at z = 0.
  btBoxShape* floorShape = new btBoxShape(btVector3(4, 4, 0.01f));
  addBody(world, bodies, "floor", floorShape, btVector3(0, 0, -0.01f), level, 0, btVector3(0, 0, 0));
  // Dropped from different heights, some thrown down: the faster and thinner, the likelier to tunnel.
  addBody(world, bodies, "box_small", new btBoxShape(btVector3(0.05f, 0.05f, 0.05f)), btVector3(-2, 0, 0.25f), level, 1,
          btVector3(0, 0, 0));
  addBody(world, bodies, "box_medium", new btBoxShape(btVector3(0.1f, 0.1f, 0.1f)), btVector3(-1, 0, 0.4f), level, 1,
          btVector3(0, 0, 0));
  addBody(world, bodies, "box_thrown", new btBoxShape(btVector3(0.05f, 0.05f, 0.05f)), btVector3(0, -2, 3),
          btQuaternion(btVector3(1, 1, 0).normalized(), 0.7f), 1, btVector3(0, 0, -12));
  addBody(world, bodies, "plank", new btBoxShape(btVector3(0.6f, 0.1f, 0.02f)), btVector3(1, 0, 0.4f),
          btQuaternion(btVector3(0, 1, 0), 0.2f), 2, btVector3(0, 0, 0));
  addBody(world, bodies, "tile", new btBoxShape(btVector3(0.2f, 0.2f, 0.008f)), btVector3(0, 2, 5), level, 0.5f,
          btVector3(0, 0, -8));
  addBody(world, bodies, "ball", new btSphereShape(0.04f), btVector3(2, 1, 6), level, 0.3f, btVector3(0, 0, -5));

  std::fprintf(out,
               "{\"recording\": 1, \"title\": \"Bullet: six bodies dropped on a floor 0.02 thick at 1/20 s\", "
               "\"notes\": \"Written by examples/bullet_drop_recorder.cpp (Bullet %d.%02d, no continuous "
               "collision).\"}\n",
               BT_BULLET_VERSION / 100, BT_BULLET_VERSION % 100);
  const btScalar dt = 1.0f / 20.0f;
  for (int frame = 0; frame <= 40; ++frame) {
    std::fprintf(out, "{\"frame\": %d, \"time\": %.9g, \"shapes\": [", frame, double(frame) * double(dt));
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (i) std::fprintf(out, ", ");
      writeShape(out, bodies[i]);
    }
    std::fprintf(out, "]}\n");
    world.stepSimulation(dt, 0);  // one step of dt: no substeps
  }
  for (Body& b : bodies) world.removeRigidBody(b.body.get());
  return out == stdout || std::fclose(out) == 0 ? 0 : 1;
}
