// What satlab::record (src/record, <satlab/record.hpp>) writes, loaded by the recording
// loader (recording.hpp): the header's settings and static list, each frame's shapes with
// their margins and groups, and the engine's contacts, as they were given.
#include <cmath>
#include <string>
#include <variant>

#include <gtest/gtest.h>

#include "../record/record_test_util.hpp"
#include "satlab/record.hpp"
#include "world/recording.hpp"

namespace satlab {
namespace {

/// A static floor (with Bullet's margin, in group "level") and a mesh of ground; then a
/// crate (obb, margin 0.04, group "props") and a rock (a hull) falling over three frames,
/// with the engine's contacts: the crate touching the floor in the last frame only, the
/// engine reporting contacts in every frame.
std::string recordCrates(const std::string& path) {
  Recorder rec(path, "Crates \"on\" a floor");
  rec.setEngine("Test engine 1.0");
  rec.setTolerance(0.001f);
  rec.setReportsContacts(true);
  rec.expect("crate", "floor", true, 0.05f);
  rec.aabb({"floor", "level", 0.04f}, {0, 0, -0.5f}, {10, 10, 0.46f});
  const float ground[] = {20, 0, 0, 21, 0, 0, 21, 1, 0, 20, 1, 0};
  const std::uint32_t triangles[] = {0, 1, 2, 0, 2, 3};
  rec.mesh({"ground"}, ground, 4, triangles, 2);
  const float rock[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int f = 0; f < 3; ++f) {
    rec.beginFrame(10 + f, 0.5 * f);
    const float bottom = 1.0f - 0.5f * float(f);  // the crate's lowest face, margin included
    rec.obb({"crate", "props", 0.04f}, {0, 0, bottom + 0.5f}, {0.46f, 0.46f, 0.46f}, {1, 0, 0, 0});
    rec.hull({"rock"}, rock, 4, {5, 0, 2.0f - float(f)});
    if (f == 2) {
      const float points[] = {-0.5f, -0.5f, 0, 0.5f, 0.5f, 0};
      rec.contact("floor", "crate", true, 0.0f, {0, 0, 1}, points, 2);
    }
    rec.endFrame();
  }
  EXPECT_TRUE(rec.close()) << rec.error();
  return path;
}

TEST(RecordingClient, WhatTheRecorderWritesLoads) {
  test::RecordDir dir;
  const RecordingLoadResult loaded = loadRecording(recordCrates(dir.file("crates.jsonl")));
  ASSERT_TRUE(loaded.ok()) << loaded.error->text();
  // satlab writes floats as it reads them back: no warning about digits or anything else.
  for (const SceneDiagnostic& w : loaded.warnings) ADD_FAILURE() << w.text();
  const Recording& rec = loaded.recording;
  EXPECT_EQ(rec.version, 2);
  EXPECT_EQ(rec.title, "Crates \"on\" a floor");
  EXPECT_EQ(rec.engine, "Test engine 1.0");
  EXPECT_FLOAT_EQ(rec.tolerance, 0.001f);
  ASSERT_EQ(rec.expect.size(), 1u);
  EXPECT_EQ(rec.expect[0].a, "crate");
  EXPECT_EQ(rec.expect[0].overlap, std::optional<bool>(true));
  EXPECT_EQ(rec.expect[0].maxDepth, std::optional<float>(0.05f));

  // The static list: the floor with its margin and group, the ground's mesh.
  ASSERT_EQ(rec.statics.size(), 2u);
  const RecordedStatic& floor = rec.statics[0];
  EXPECT_EQ(rec.names[floor.name], "floor");
  EXPECT_FLOAT_EQ(floor.margin, 0.04f);
  ASSERT_NE(floor.group, kNoGroup);
  EXPECT_EQ(rec.groups[floor.group], "level");
  const Aabb* box = std::get_if<Aabb>(&floor.shape.geometry);
  ASSERT_NE(box, nullptr);
  EXPECT_FLOAT_EQ(box->half.z, 0.46f);
  const RecordedStatic& ground = rec.statics[1];
  EXPECT_EQ(rec.names[ground.name], "ground");
  EXPECT_EQ(ground.group, kNoGroup);
  const MeshShape* mesh = std::get_if<MeshShape>(&ground.shape.geometry);
  ASSERT_NE(mesh, nullptr);
  EXPECT_EQ(mesh->vertexCount(), 4u);
  EXPECT_EQ(mesh->triangleCount(), 2u);

  // The frames: the engine's numbers and times, each with the crate and the rock.
  ASSERT_EQ(rec.frameCount(), 3u);
  for (std::size_t f = 0; f < 3; ++f) {
    EXPECT_EQ(rec.frameNumber(f), std::int64_t(10 + f));
    EXPECT_DOUBLE_EQ(rec.frameTime(f), 0.5 * double(f));
    ASSERT_EQ(rec.frameShapeCount(f), 2u);
    const RecordedShape& crate = rec.frameShapes(f)[0];
    EXPECT_EQ(rec.names[crate.name], "crate");
    EXPECT_FLOAT_EQ(crate.margin, 0.04f);
    ASSERT_NE(crate.group, kNoGroup);
    EXPECT_EQ(rec.groups[crate.group], "props");
    const Obb* obb = std::get_if<Obb>(&crate.geometry);
    ASSERT_NE(obb, nullptr);
    EXPECT_FLOAT_EQ(obb->center.z, 1.5f - 0.5f * float(f));
    const RecordedShape& rock = rec.frameShapes(f)[1];
    EXPECT_EQ(rec.names[rock.name], "rock");
    EXPECT_EQ(rock.margin, 0.0f);
    EXPECT_TRUE(std::holds_alternative<RecordedHull>(rock.geometry));
    // The engine reports its contacts in every frame: an empty list says "all apart".
    EXPECT_TRUE(rec.frames[f].hasContacts);
    EXPECT_EQ(rec.frameContactCount(f), f == 2 ? 1u : 0u);
  }
  const EngineContact& c = rec.frameContacts(2)[0];
  EXPECT_EQ(rec.names[c.a], "floor");
  EXPECT_EQ(rec.names[c.b], "crate");
  EXPECT_TRUE(c.touching);
  EXPECT_EQ(c.value, 0.0f);
  EXPECT_EQ(c.normal, glm::vec3(0, 0, 1));
  ASSERT_EQ(c.pointCount, 2u);
  EXPECT_EQ(rec.contactPoints[c.firstPoint + 1], glm::vec3(0.5f, 0.5f, 0));
}

}  // namespace
}  // namespace satlab
