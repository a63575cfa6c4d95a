// The core's umbrella header and the render layer's batches in one file: the names of the
// batch narrow phase (satlab::SphereBatch, ObbBatch, AabbBatch) and of the renderer's
// draw batches (SphereDrawBatch, BoxBatch, LineBatch) must not clash, and the umbrella must
// bring in everything it lists.
#include <satlab/collide.hpp>

#include "render/box_batch.hpp"
#include "render/line_batch.hpp"
#include "render/scene_renderer.hpp"
#include "render/sphere_draw_batch.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <type_traits>

namespace satlab::test {
namespace {

TEST(UmbrellaHeaders, CoreBatchesAndDrawBatchesAreDistinctTypes) {
  static_assert(!std::is_same_v<SphereBatch, SphereDrawBatch>);
  // The draw batch owns GL objects and is not copied; the core's batch is plain data.
  static_assert(!std::is_copy_constructible_v<SphereDrawBatch>);
  static_assert(std::is_copy_constructible_v<SphereBatch>);
  SphereBatch spheres;
  spheres.push(Sphere{glm::vec3(0.0f), 1.0f});
  std::uint8_t verdict = 0;
  sphereVsSpheres(Sphere{glm::vec3(1.5f, 0.0f, 0.0f), 1.0f}, spheres, &verdict);
  EXPECT_EQ(verdict, 1u) << "spheres 1.5 apart with radii 1 overlap";
}

TEST(UmbrellaHeaders, BringsTheBroadPhaseSlidingAndBatchBuilders) {
  DynamicAabbTree tree;
  DynamicPairs pairs;
  // A character box half a unit into a wall on its +X side is pushed back along -X.
  const std::optional<BoxContact> contact =
      boxContact(Aabb{glm::vec3(0.0f), glm::vec3(1.0f)}, Aabb{glm::vec3(1.5f, 0.0f, 0.0f), glm::vec3(1.0f)});
  ASSERT_TRUE(contact.has_value());
  EXPECT_NEAR(contact->depth, 0.5f, 1e-6f);
  EXPECT_NEAR(contact->normal.x, -1.0f, 1e-6f);
  const glm::vec3 points[] = {glm::vec3(-1.0f, 0.0f, 2.0f), glm::vec3(3.0f, -2.0f, 0.0f)};
  const Aabb box = aabbFromPointsBatch(points, 2);
  EXPECT_EQ(box.center, glm::vec3(1.0f, -1.0f, 1.0f));
  EXPECT_EQ(box.half, glm::vec3(2.0f, 1.0f, 1.0f));
  (void)tree;
  (void)pairs;
}

}  // namespace
}  // namespace satlab::test
