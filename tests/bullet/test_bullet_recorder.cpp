// The Bullet adapter of satlab::record (examples/bullet/satlab_bullet.hpp): what it writes
// for each Bullet shape, the static list, Bullet's contacts, the shapes it skips; and the
// tunnelling example's recording (examples/bullet/bullet_tunnelling.cpp), line by line.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <btBulletCollisionCommon.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../record/record_test_util.hpp"
#include "satlab_bullet.hpp"

namespace satlab::test {
namespace {

using nlohmann::json;

std::vector<json> lines(const std::string& path) {
  std::vector<json> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) out.push_back(json::parse(line));
  return out;
}

/// The shape named `name` in a list of shapes, or null.
const json* shapeNamed(const json& shapes, const std::string& name) {
  for (const json& s : shapes)
    if (s["name"] == name) return &s;
  return nullptr;
}

void expectVec(const json& v, float x, float y, float z, const std::string& what) {
  ASSERT_EQ(v.size(), 3u) << what;
  EXPECT_NEAR(v[0].get<double>(), x, 1e-6) << what;
  EXPECT_NEAR(v[1].get<double>(), y, 1e-6) << what;
  EXPECT_NEAR(v[2].get<double>(), z, 1e-6) << what;
}

/// A collision world (no dynamics) that owns its shapes and objects.
class World {
 public:
  World() : dispatcher_(&config_), world_(&dispatcher_, &broadphase_, &config_) {}
  ~World() {
    for (auto& o : objects_) world_.removeCollisionObject(o.get());
  }
  btCollisionObject* add(btCollisionShape* shape, const btTransform& at, bool isStatic) {
    shapes_.emplace_back(shape);
    objects_.push_back(std::make_unique<btCollisionObject>());
    btCollisionObject* o = objects_.back().get();
    o->setCollisionShape(shape);
    o->setWorldTransform(at);
    o->setCollisionFlags(isStatic ? btCollisionObject::CF_STATIC_OBJECT : 0);
    world_.addCollisionObject(o);
    return o;
  }
  btCollisionShape* keep(btCollisionShape* shape) {
    shapes_.emplace_back(shape);
    return shape;
  }
  btCollisionWorld& world() { return world_; }

 private:
  btDefaultCollisionConfiguration config_;
  btCollisionDispatcher dispatcher_;
  btDbvtBroadphase broadphase_;
  btCollisionWorld world_;
  std::vector<std::unique_ptr<btCollisionShape>> shapes_;
  std::vector<std::unique_ptr<btCollisionObject>> objects_;
};

// One of each shape the adapter writes, a cylinder it skips, and a ball resting 0.01 deep
// in the floor: the header's static list, the frame's shapes, and Bullet's contact.
TEST(BulletRecorder, EveryShapeTypeAndAContact) {
  RecordDir dir;
  const std::string path = dir.file("world.jsonl");
  World w;
  const btQuaternion none(0, 0, 0, 1);
  w.add(new btBoxShape(btVector3(4, 4, 0.5f)), btTransform(none, btVector3(0, 0, -0.5f)), true);
  // Two triangles of ground, indexed, away from everything else.
  auto* mesh = new btTriangleMesh();
  mesh->addTriangle(btVector3(10, 0, 0), btVector3(11, 0, 0), btVector3(11, 1, 0));
  mesh->addTriangle(btVector3(10, 0, 0), btVector3(11, 1, 0), btVector3(10, 1, 0));
  std::unique_ptr<btStridingMeshInterface> meshData(mesh);
  w.add(new btBvhTriangleMeshShape(mesh, true), btTransform(none, btVector3(0, 0, 0)), true);
  btCollisionObject* ball =
      w.add(new btSphereShape(0.25f), btTransform(none, btVector3(0, 0, 0.24f)), false);  // 0.01 in the floor
  w.add(new btCapsuleShapeX(0.1f, 1.0f),
        btTransform(btQuaternion(btVector3(0, 0, 1), float(M_PI / 2)), btVector3(-2, 0, 3)), false);
  const btScalar corners[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  auto* hull = new btConvexHullShape(corners, 4, 3 * sizeof(btScalar));
  hull->setLocalScaling(btVector3(2, 2, 2));
  w.add(hull, btTransform(none, btVector3(2, 0, 3)), false);
  auto* compound = new btCompoundShape();
  compound->addChildShape(btTransform(none, btVector3(0, 0, 1)), w.keep(new btBoxShape(btVector3(0.5f, 0.5f, 0.5f))));
  compound->addChildShape(btTransform(none, btVector3(0, 0, -1)), w.keep(new btSphereShape(0.5f)));
  w.add(compound, btTransform(none, btVector3(0, 5, 5)), false);
  w.add(new btCylinderShapeZ(btVector3(0.5f, 0.5f, 1.0f)), btTransform(none, btVector3(0, -5, 5)), false);

  BulletNames names;
  names[ball] = "ball";
  w.world().performDiscreteCollisionDetection();
  {
    Recorder rec(path, "shapes");
    BulletRecorder bullet(rec, names);
    ASSERT_TRUE(bullet.record(w.world(), 0, 0.0)) << bullet.error();
    ASSERT_TRUE(bullet.record(w.world(), 1, 0.05)) << bullet.error();
    EXPECT_EQ(bullet.skipped(), 2);  // the cylinder, in each frame
    ASSERT_EQ(bullet.notes().size(), 1u);
    EXPECT_EQ(bullet.notes()[0], "body 6: CylinderZ (shape type 13) not recorded: no satlab shape of this type");
    ASSERT_TRUE(rec.close()) << rec.error();
  }
  const std::vector<json> file = lines(path);
  ASSERT_EQ(file.size(), 3u);
  const json& header = file[0];
  EXPECT_EQ(header["recording"], 2);
  ASSERT_EQ(header["static"].size(), 2u);
  const json& floor = header["static"][0];
  EXPECT_EQ(floor["name"], "body 0");
  EXPECT_EQ(floor["type"], "obb");
  // Bullet keeps a box's margin within its half extents (at most a tenth of the smallest).
  expectVec(floor["half_extents"], 3.96f, 3.96f, 0.46f, "floor half extents without the margin");
  EXPECT_NEAR(floor["margin"].get<double>(), 0.04, 1e-7);
  const json& ground = header["static"][1];
  EXPECT_EQ(ground["type"], "mesh");
  // btTriangleMesh keeps three vertices a triangle unless asked to weld them.
  EXPECT_EQ(ground["vertices"].size(), 6u);
  EXPECT_EQ(ground["triangles"], json::parse("[[0, 1, 2], [3, 4, 5]]"));
  expectVec(ground["vertices"][5], 10, 1, 0, "ground vertex 5");

  for (std::size_t f = 1; f < 3; ++f) {
    const json& frame = file[f];
    const json& shapes = frame["shapes"];
    EXPECT_EQ(shapes.size(), 5u);  // ball, capsule, hull, and the compound's two children
    const json* s = shapeNamed(shapes, "ball");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ((*s)["type"], "sphere");
    expectVec((*s)["center"], 0, 0, 0.24f, "ball centre");
    EXPECT_EQ((*s)["radius"], 0.25);
    EXPECT_FALSE(s->contains("margin"));  // Bullet's sphere margin is its radius
    s = shapeNamed(shapes, "body 3");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ((*s)["type"], "capsule");  // along X, turned a quarter about Z: along Y
    expectVec((*s)["p0"], -2, -0.5f, 3, "capsule p0");
    expectVec((*s)["p1"], -2, 0.5f, 3, "capsule p1");
    EXPECT_NEAR((*s)["radius"].get<double>(), 0.1, 1e-7);
    EXPECT_FALSE(s->contains("margin"));
    s = shapeNamed(shapes, "body 4");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ((*s)["type"], "hull");
    expectVec((*s)["points"][3], 0, 0, 2, "hull point 3, scaled");
    EXPECT_NEAR((*s)["margin"].get<double>(), 0.04, 1e-7);
    s = shapeNamed(shapes, "body 5/child 0");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ((*s)["type"], "obb");
    EXPECT_EQ((*s)["group"], "body 5");
    expectVec((*s)["center"], 0, 5, 6, "compound child 0's centre");
    s = shapeNamed(shapes, "body 5/child 1");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ((*s)["type"], "sphere");
    expectVec((*s)["center"], 0, 5, 4, "compound child 1's centre");

    // Bullet's verdict: the ball is 0.01 into the floor; the normal points from a to b.
    ASSERT_EQ(frame["contacts"].size(), 1u);
    const json& c = frame["contacts"][0];
    const bool floorFirst = c["a"] == "body 0";
    EXPECT_EQ(c[floorFirst ? "b" : "a"], "ball");
    EXPECT_TRUE(c["touching"].get<bool>());
    EXPECT_NEAR(c["depth"].get<double>(), 0.01, 1e-5);
    expectVec(c["normal"], 0, 0, floorFirst ? 1.0f : -1.0f, "contact normal");
    EXPECT_GE(c["points"].size(), 1u);
  }
}

#ifdef SATLAB_BULLET_TUNNELLING
// The example: Bullet drops seven bodies on a floor 0.02 thick at 1/20 s. Every line is a
// whole JSON object; the floor is in the static list; every body is in every frame; the
// contacts name shapes of the recording. The bodies that end on the floor are ones Bullet
// reports touching it. Of those that end below it, the plank sinks through after Bullet saw
// it touch (its contact was not resolved); the fast and thin ones never touch it in any
// frame: Bullet never saw them (tunnelling).
TEST(BulletTunnelling, TheRecordingOfTheExample) {
  RecordDir dir;
  const std::string path = dir.file("tunnelling.jsonl");
  ASSERT_EQ(std::system((std::string("'") + SATLAB_BULLET_TUNNELLING + "' '" + path + "'").c_str()), 0);
  const std::vector<json> file = lines(path);
  ASSERT_EQ(file.size(), 42u);  // the header and frames 0 to 40
  EXPECT_EQ(file[0]["recording"], 2);
  EXPECT_EQ(file[0]["engine"], "Bullet 3.24");
  ASSERT_EQ(file[0]["static"].size(), 1u);
  EXPECT_EQ(file[0]["static"][0]["name"], "floor");

  const std::set<std::string> bodies = {"box_small", "box_medium", "box_thrown", "plank", "tile", "ball", "rock"};
  std::map<std::string, bool> everTouchedFloor;
  for (std::size_t f = 1; f < file.size(); ++f) {
    const json& frame = file[f];
    EXPECT_EQ(frame["frame"], f - 1);
    std::set<std::string> names;
    for (const json& s : frame["shapes"]) names.insert(s["name"].get<std::string>());
    EXPECT_EQ(names, bodies) << "frame " << f - 1;
    ASSERT_TRUE(frame.contains("contacts"));  // the adapter says Bullet reports contacts
    for (const json& c : frame["contacts"]) {
      const std::string a = c["a"], b = c["b"];
      EXPECT_TRUE(a == "floor" || bodies.count(a)) << a;
      EXPECT_TRUE(b == "floor" || bodies.count(b)) << b;
      if (c["touching"].get<bool>() && (a == "floor" || b == "floor")) everTouchedFloor[a == "floor" ? b : a] = true;
    }
  }
  std::set<std::string> resting, unseen;
  for (const json& s : file.back()["shapes"]) {
    const std::string name = s["name"];
    if (s["center"][2].get<double>() > 0.0) {
      resting.insert(name);
      EXPECT_TRUE(everTouchedFloor[name]) << name << " rests on the floor without a contact";
    } else if (!everTouchedFloor[name]) {
      unseen.insert(name);
    }
  }
  EXPECT_EQ(resting, (std::set<std::string>{"box_small", "box_medium"}));
  EXPECT_EQ(unseen, (std::set<std::string>{"box_thrown", "tile", "ball", "rock"}));
}

// `--live PORT` streams the same bytes to satlab's port as the file holds.
TEST(BulletTunnelling, LiveIsTheFileByteForByte) {
  RecordDir dir;
  const std::string path = dir.file("tunnelling.jsonl");
  ASSERT_EQ(std::system((std::string("'") + SATLAB_BULLET_TUNNELLING + "' '" + path + "'").c_str()), 0);
  Server server;
  std::string streamed;
  std::thread reader([&] { streamed = readAll(server.accept()); });
  const int rc =
      std::system((std::string("'") + SATLAB_BULLET_TUNNELLING + "' --live " + std::to_string(server.port())).c_str());
  reader.join();
  EXPECT_EQ(rc, 0);
  EXPECT_EQ(streamed, fileText(path));
}
#endif

}  // namespace
}  // namespace satlab::test
