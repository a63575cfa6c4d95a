// Wall sliding (world/character.hpp): a box character pushed into walls keeps the part of
// its move along them, never ends a step inside one by more than the slop, stops in a
// corner without jitter, follows a turned wall's face, and stays finite on zero moves and
// touching starts. The grid returns exactly the walls a test of every wall would.
#include "world/character.hpp"

#include "document/scene_edit.hpp"

#include "../document/scene_test_util.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace satlab::test {
namespace {

// A 1 x 1 x 1 character at the origin and the walls given (JSON shape entries).
std::string level(const std::string& walls, const std::string& character = R"("character": {"shape": "hero"})",
                  const std::string& view = "3d") {
  return R"({"version": 1, "view": ")" + view + R"(", "shapes": [
    {"name": "hero", "type": "aabb", "center": [0, 0, 0], "half_extents": [0.5, 0.5, 0.5]})" +
         (walls.empty() ? "" : ",\n") + walls + "], " + character + "}";
}

struct Driver {
  Scene scene;
  CharacterSpec spec;
  ColliderGrid grid;

  explicit Driver(const std::string& json) : scene(parse(json)) {
    std::string error;
    const std::optional<CharacterSpec> s = characterOf(scene, "inline.json", error);
    EXPECT_TRUE(s.has_value()) << error;
    if (s) spec = *s;
    grid.build(scene, spec.index, 2.0f);
  }
  Aabb& hero() { return std::get<Aabb>(scene.shapes[spec.index].geometry); }
  // One whole step; moves the character to its end.
  SlideTrace step(const glm::vec3& wanted) {
    SlideStep s(scene, spec, wanted);
    s.finish(scene, grid);
    hero().center = s.trace().end;
    return s.trace();
  }
  // The deepest overlap of the character with any wall (0 when it touches or is clear).
  float deepest() {
    float d = 0.0f;
    for (const SlideContact& c : contactsOf(scene, spec.index, hero(), 0.0f)) d = std::max(d, c.contact.depth);
    return d;
  }
};

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

void expectFinite(const SlideTrace& t) {
  EXPECT_TRUE(finite(t.start) && finite(t.wanted) && finite(t.end));
  for (const SlideIteration& it : t.iterations) {
    EXPECT_TRUE(finite(it.move) && finite(it.vn) && finite(it.vt) && finite(it.corrected));
    for (const SlideContact& c : it.contacts) EXPECT_TRUE(finite(c.contact.normal) && std::isfinite(c.contact.depth));
  }
}

// A wall whose -x face touches the character's +x face (x = 0.5), long in y.
const char* kEastWall = R"({"name": "east", "type": "aabb", "center": [1.0, 0, 0], "half_extents": [0.5, 40, 1]})";
// And one whose -y face touches its +y face.
const char* kNorthWall = R"({"name": "north", "type": "aabb", "center": [0, 1.0, 0], "half_extents": [40, 0.5, 1]})";

TEST(CharacterSpec, ReadsShapeSpeedAndIterations) {
  const Scene s = parse(level("", R"("character": {"shape": "hero", "speed": 2.5, "iterations": 6})"));
  std::string error;
  const std::optional<CharacterSpec> spec = characterOf(s, "level.json", error);
  ASSERT_TRUE(spec) << error;
  EXPECT_EQ(spec->shape, "hero");
  EXPECT_EQ(spec->index, 0u);
  EXPECT_FLOAT_EQ(spec->speed, 2.5f);
  EXPECT_EQ(spec->iterations, 6);
}

TEST(CharacterSpec, NoCharacterIsNoErrorAndEveryBadFieldIsNamed) {
  std::string error = "x";
  EXPECT_FALSE(characterOf(parse(level("", R"("title": "no character")")), "level.json", error));
  EXPECT_EQ(error, "");
  const std::pair<const char*, const char*> cases[] = {
      {R"("character": 3)", "level.json: character: must be an object"},
      {R"("character": {"speed": 2})", "level.json: character: needs \"shape\""},
      {R"("character": {"shape": 7})", "level.json: character.shape: must be a shape name"},
      {R"("character": {"shape": "villain"})", "level.json: character.shape: no shape is named \"villain\""},
      {R"("character": {"shape": "ball"})",
       "level.json: character.shape: \"ball\" is a sphere; the character must be an aabb"},
      {R"("character": {"shape": "hero", "speed": 0})", "level.json: character.speed: must be a number above 0"},
      {R"("character": {"shape": "hero", "speed": "fast"})", "level.json: character.speed: must be a number"},
      {R"("character": {"shape": "hero", "iterations": 0})", "level.json: character.iterations: must be a whole"},
      {R"("character": {"shape": "hero", "iterations": 2.5})", "level.json: character.iterations: must be a whole"},
      {R"("character": {"shape": "hero", "jump": 1})", "level.json: character.jump: unknown member"},
      {R"("character": {"shape": "flat"})", "level.json: character.shape: \"flat\" needs half extents x and y"},
  };
  const std::string extra = R"({"name": "ball", "type": "sphere", "center": [5, 5, 0], "radius": 1},
    {"name": "flat", "type": "aabb", "center": [9, 0, 0], "half_extents": [0, 1, 1]})";
  for (const auto& [json, message] : cases) {
    const std::optional<CharacterSpec> spec = characterOf(parse(level(extra, json)), "level.json", error);
    EXPECT_FALSE(spec) << json;
    EXPECT_EQ(error.rfind(message, 0), 0u) << json << "\n got: " << error;
  }
}

TEST(WallSlide, FortyFiveDegreesIntoAWallKeepsTheTangentialPart) {
  Driver d(level(kEastWall));
  const glm::vec3 wanted(0.1f, 0.1f, 0.0f);
  const SlideTrace t = d.step(wanted);
  EXPECT_EQ(t.outcome, SlideOutcome::Slid);
  ASSERT_EQ(t.iterations.size(), 2u);
  const SlideIteration& hit = t.iterations[0];
  ASSERT_EQ(hit.contacts.size(), 1u);
  EXPECT_EQ(d.scene.shapes[hit.contacts[0].shape].name, "east");
  EXPECT_NEAR(hit.contacts[0].contact.normal.x, -1.0f, 1e-6f);
  EXPECT_NEAR(hit.contacts[0].contact.depth, 0.1f, 1e-6f);
  // v_n is the part into the wall, v_t the part along it; the corrected move is v_t.
  EXPECT_NEAR(glm::length(hit.vn - glm::vec3(0.1f, 0, 0)), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(hit.vt - glm::vec3(0, 0.1f, 0)), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(hit.corrected - glm::vec3(0, 0.1f, 0)), 0.0f, 1e-6f);
  EXPECT_TRUE(t.iterations[1].contacts.empty());
  EXPECT_NEAR(glm::length(t.end - glm::vec3(0, 0.1f, 0)), 0.0f, 1e-6f);
  // Along the wall for 200 steps: y keeps every tangential part, x never enters the wall.
  float worst = 0.0f;
  for (int i = 0; i < 200; ++i) {
    d.step(wanted);
    worst = std::max(worst, d.deepest());
  }
  EXPECT_NEAR(d.hero().center.y, 0.1f * 201, 1e-3f);
  EXPECT_NEAR(d.hero().center.x, 0.0f, 1e-5f);
  EXPECT_LE(worst, kSlideSlopRelative * 22.0f);
}

TEST(WallSlide, StartingWithAGapTheMoveEndsTouchingTheWall) {
  Driver d(level(R"({"name": "east", "type": "aabb", "center": [1.04, 0, 0], "half_extents": [0.5, 20, 1]})"));
  const SlideTrace t = d.step(glm::vec3(0.1f, 0.1f, 0.0f));
  EXPECT_EQ(t.outcome, SlideOutcome::Slid);
  EXPECT_NEAR(t.end.x, 0.04f, 1e-5f);  // the gap closed, not more
  EXPECT_NEAR(t.end.y, 0.1f, 1e-6f);
  EXPECT_LE(d.deepest(), t.slop);
}

TEST(WallSlide, ACornerStopsTheCharacterWithoutJitter) {
  Driver d(level(std::string(kEastWall) + ",\n" + kNorthWall));
  const glm::vec3 start = d.hero().center;
  for (int i = 0; i < 100; ++i) {
    const SlideTrace t = d.step(glm::vec3(0.07f, 0.1f, 0.0f));
    EXPECT_LE(static_cast<int>(t.iterations.size()), d.spec.iterations);
    EXPECT_LE(glm::length(d.hero().center - start), 1e-6f) << "step " << i;
  }
  EXPECT_LE(d.deepest(), 1e-5f);
  // Each wall took one iteration: the deeper (north, 0.1) first, then east (0.07).
  SlideStep s(d.scene, d.spec, glm::vec3(0.07f, 0.1f, 0.0f));
  s.finish(d.scene, d.grid);
  ASSERT_EQ(s.trace().iterations.size(), 3u);
  EXPECT_EQ(s.trace().iterations[0].contacts.size(), 2u);
  EXPECT_EQ(
      d.scene.shapes[s.trace().iterations[0].contacts[static_cast<size_t>(s.trace().iterations[0].chosen)].shape].name,
      "north");
  EXPECT_EQ(d.scene.shapes[s.trace().iterations[1].contacts[0].shape].name, "east");
}

TEST(WallSlide, ATurnedWallDeflectsTheCharacterAlongItsFace) {
  // A wall turned -30 degrees about Z across the character's path along +x: its face
  // towards the character looks along -x turned up, so the slide goes up the face (+y).
  Driver d(level(R"({"name": "ramp", "type": "obb", "center": [3, 0, 0], "half_extents": [0.5, 20, 1],
                     "euler_deg": [0, 0, -30]})"));
  const float c30 = std::cos(glm::radians(30.0f)), s30 = std::sin(glm::radians(30.0f));
  const glm::vec3 face(s30, c30, 0.0f);     // the wall's y axis
  const glm::vec3 normal(-c30, s30, 0.0f);  // its -x axis: out of the face the character meets
  float worst = 0.0f;
  int slid = 0;
  for (int i = 0; i < 300; ++i) {
    const glm::vec3 before = d.hero().center;
    const SlideTrace t = d.step(glm::vec3(0.05f, 0.0f, 0.0f));
    worst = std::max(worst, d.deepest());
    if (t.outcome != SlideOutcome::Slid) continue;
    // The first step that meets the wall closes the gap to it; every later one starts touching.
    if (++slid == 1) continue;
    // A step that met the wall moves along its face: no part along its normal.
    const glm::vec3 moved = d.hero().center - before;
    EXPECT_NEAR(glm::dot(moved, normal), 0.0f, 1e-5f) << "step " << i;
    EXPECT_GT(glm::dot(moved, face), 0.0f) << "step " << i;
    EXPECT_NEAR(
        glm::length(t.iterations[0].contacts[static_cast<size_t>(t.iterations[0].chosen)].contact.normal - normal),
        0.0f, 1e-5f);
  }
  EXPECT_GT(slid, 50);
  EXPECT_GT(d.hero().center.y, 1.0f);  // deflected up the face
  EXPECT_LE(worst, 1e-4f);
}

TEST(WallSlide, IterationsAreBoundedWhenSqueezedBetweenWalls) {
  // Two walls that overlap the character from both sides: every push-out meets the other.
  Driver d(level(R"({"name": "w", "type": "aabb", "center": [-0.9, 0, 0], "half_extents": [0.5, 5, 1]},
                    {"name": "e", "type": "aabb", "center": [0.9, 0, 0], "half_extents": [0.5, 5, 1]})",
                 R"("character": {"shape": "hero", "iterations": 5})"));
  const glm::vec3 start = d.hero().center;
  const SlideTrace t = d.step(glm::vec3(0.1f, 0.0f, 0.0f));
  EXPECT_EQ(t.outcome, SlideOutcome::Blocked);
  EXPECT_EQ(t.iterations.size(), 5u);
  EXPECT_EQ(d.hero().center, start);
  expectFinite(t);
}

TEST(WallSlide, ZeroMovesTouchingStartsAndNonFiniteMovesStayFinite) {
  Driver d(level(std::string(kEastWall) + ",\n" + kNorthWall));
  const SlideTrace still = d.step(glm::vec3(0.0f));
  EXPECT_EQ(still.outcome, SlideOutcome::Free);  // touching is not a contact
  EXPECT_EQ(still.end, glm::vec3(0.0f));
  expectFinite(still);
  const float nan = std::nanf(""), inf = INFINITY;
  const SlideTrace bad = d.step(glm::vec3(nan, inf, -inf));
  EXPECT_EQ(bad.wanted, glm::vec3(0.0f));
  EXPECT_EQ(bad.end, glm::vec3(0.0f));
  expectFinite(bad);
  // Away from both walls, from touching: free.
  const SlideTrace away = d.step(glm::vec3(-0.1f, -0.1f, 0.0f));
  EXPECT_EQ(away.outcome, SlideOutcome::Free);
  expectFinite(away);
}

TEST(WallSlide, ALongMoveIsShortenedToHalfTheSmallerHalfExtent) {
  Driver d(level(""));
  const SlideTrace t = d.step(glm::vec3(10.0f, 0.0f, 0.0f));
  EXPECT_TRUE(t.clamped);
  EXPECT_NEAR(glm::length(t.wanted), 0.25f, 1e-6f);
  EXPECT_EQ(t.outcome, SlideOutcome::Free);
}

TEST(WallSlide, TwoDScenesSlideInThePlane) {
  // Flat shapes (no z extent) in a 2D scene: the 3D test would push out along z.
  Driver d(R"({"version": 1, "view": "2d", "shapes": [
    {"name": "hero", "type": "aabb", "center": [0, 0, 0], "half_extents": [0.5, 0.5, 0]},
    {"name": "slope", "type": "obb", "center": [1.2, 0, 0], "half_extents": [0.5, 5, 0], "angle_deg": -20}],
    "character": {"shape": "hero"}})");
  float worst = 0.0f;
  for (int i = 0; i < 100; ++i) {
    const SlideTrace t = d.step(glm::vec3(0.05f, 0.0f, 0.0f));
    for (const SlideIteration& it : t.iterations)
      for (const SlideContact& c : it.contacts) EXPECT_EQ(c.contact.normal.z, 0.0f);
    worst = std::max(worst, d.deepest());
  }
  EXPECT_GT(d.hero().center.y, 0.5f);  // up the slope's face
  EXPECT_LE(worst, 1e-4f);
}

TEST(ColliderGrid, ReturnsExactlyTheWallsEveryWallTestFinds) {
  // A level of 3000 walls (a third turned) and a floor, queried at 300 places.
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> pos(-60.0f, 60.0f), size(0.1f, 2.0f), angle(0.0f, 90.0f);
  std::string walls = R"({"name": "floor", "type": "aabb", "center": [0, 0, -1], "half_extents": [80, 80, 0.5]})";
  for (int i = 0; i < 3000; ++i) {
    char buf[256];
    if (i % 3 == 0) {
      std::snprintf(buf, sizeof buf,
                    R"(,{"name": "w%d", "type": "obb", "center": [%g, %g, 0], "half_extents": [%g, %g, 1],
                    "euler_deg": [0, 0, %g]})",
                    i, pos(rng), pos(rng), size(rng), size(rng), angle(rng));
    } else {
      std::snprintf(buf, sizeof buf,
                    R"(,{"name": "w%d", "type": "aabb", "center": [%g, %g, 0], "half_extents": [%g, %g, 1]})", i,
                    pos(rng), pos(rng), size(rng), size(rng));
    }
    walls += buf;
  }
  Driver d(level(walls));
  EXPECT_EQ(d.grid.walls(), 3001u);
  EXPECT_FALSE(d.grid.stale(d.scene, d.spec.index));
  std::vector<std::uint32_t> got;
  size_t total = 0;
  for (int q = 0; q < 300; ++q) {
    const glm::vec3 c(pos(rng), pos(rng), 0.0f);
    Bounds box{c - glm::vec3(0.6f), c + glm::vec3(0.6f)};
    d.grid.query(box, got);
    std::vector<std::uint32_t> want;
    for (size_t i = 1; i < d.scene.shapes.size(); ++i) {
      const Bounds b = conservativeBounds(d.scene.shapes[i]);
      if (b.lo.x <= box.hi.x && box.lo.x <= b.hi.x && b.lo.y <= box.hi.y && box.lo.y <= b.hi.y && b.lo.z <= box.hi.z &&
          box.lo.z <= b.hi.z) {
        want.push_back(static_cast<std::uint32_t>(i));
      }
    }
    EXPECT_EQ(got, want) << "query " << q;
    total += got.size();
    // And the step's contacts are those of every wall.
    d.hero().center = c;
    SlideStep s(d.scene, d.spec, glm::vec3(0.0f));
    s.iterate(d.scene, d.grid);
    const std::vector<SlideContact> all = contactsOf(d.scene, d.spec.index, d.hero(), s.trace().slop);
    ASSERT_EQ(s.trace().iterations.size(), 1u);
    ASSERT_EQ(s.trace().iterations[0].contacts.size(), all.size()) << "query " << q;
    for (size_t k = 0; k < all.size(); ++k) EXPECT_EQ(s.trace().iterations[0].contacts[k].shape, all[k].shape);
  }
  EXPECT_LT(total, 300u * 20u);  // a handful near each place, not the level
  // Moving a wall makes the grid stale.
  translateShape(d.scene.shapes[5], glm::vec3(1.0f, 0.0f, 0.0f));
  EXPECT_TRUE(d.grid.stale(d.scene, d.spec.index));
}

}  // namespace
}  // namespace satlab::test
