// Exporting a pair (or every pair) of a scene as a GoogleTest case: C++ source that builds
// the shapes with the collision core's public API and asserts today's verdict, so a bug
// seen in the app becomes a regression test in one step (docs/debugging-workflow.md).
//
// The generated code
//  - includes "satlab/collide.hpp" and <gtest/gtest.h> and links against satlab_collide
//    (plus GTest::gtest_main);
//  - writes every float as an exact hexadecimal literal (0x1.8p+1f) with the shortest
//    decimal that reads back as the same float in a comment beside it, so the test
//    rebuilds exactly the shapes the app had, bit for bit;
//  - calls the very test the app used for the pair (evaluatePair's test id: satObbObb,
//    slabSegmentAabb, closestCircleRect in a 2D scene, ...) with the arguments in the
//    core's order (an OBB before a segment, a sphere before a box), which may be the
//    reverse of the scene's order; it then asserts the core's own result for that call,
//    so box axis labels are the core's (A = its first argument), not the pairs panel's;
//  - asserts: SAT pairs the verdict and, when separated, the separating axis label;
//    segment-box (slab) and segment-sphere pairs the verdict and, when they meet,
//    tEnter/tExit (EXPECT_FLOAT_EQ, 4 ulps); for the AABB-segment slab test, when it
//    misses, also the 6-axis SAT's separating label (the axis the app shows);
//    sphere-box, sphere-sphere, segment-segment and 2D circle-segment the verdict only;
//  - names each TEST after the scene title (suite) and the two shape names (test), as
//    CamelCase identifiers: "Two boxes", A, B -> TEST(TwoBoxes, AVsB).
// The scene must be valid (what the loader accepts); the text is returned, not written.
#pragma once

#include <cstddef>
#include <string>

#include "document/scene.hpp"

namespace satlab {

/// Most pairs exportSceneAsGTest writes (a scene of n shapes has n(n-1)/2 pairs); the
/// rest are listed as skipped in a comment.
inline constexpr std::size_t kMaxExportedPairs = 5000;

/// Largest mesh (in triangles) a test is written for: its vertices and indices go into the
/// test inline, and its OBB tree is built there as the app builds it. A pair with a larger
/// mesh is written as a TEST that says why and calls GTEST_SKIP().
inline constexpr std::size_t kMaxExportedMeshTriangles = 2000;

/// One TEST for shapes a and b of `scene` (indices into Scene::shapes, a != b; the pair is
/// evaluated as evaluatePair(min, max) would, i.e. in file order). A complete source file.
std::string exportPairAsGTest(const Scene& scene, std::size_t a, std::size_t b);

/// What a test shrunk from a recording asserts beyond the exact test's own results (the
/// verdict, the deciding axis, the gap or depth): the pair as the engine met it, each shape
/// grown by its margin, and the claim that failed there, so that the test fails where the
/// engine failed (`satlab shrink`, check/shrink.hpp).
struct RecordedClaim {
  enum class Kind {
    EngineTouching,    ///< the engine said touching; the exact test says apart
    EngineApart,       ///< the engine said apart (or said nothing of the pair); exact: overlap
    ExpectSeparated,   ///< an expectation "overlap": false
    ExpectOverlap,     ///< an expectation "overlap": true
    MaxDepth,          ///< an expectation's "max_depth"
    NoContactBetween,  ///< "overlap": false, but the pair touches between two frames
    PassedThrough      ///< apart in two frames, touching between them: it passed through
  };
  Kind kind = Kind::EngineApart;
  float marginA = 0.0f, marginB = 0.0f;  ///< of the scene's shapes a and b
  double tolerance = 1e-6;               ///< the recording's
  float maxDepth = 0.0f;                 ///< Kind::MaxDepth
  /// Kind::NoContactBetween and PassedThrough: how far each shape moves over the step (no turn).
  glm::vec3 stepA{0.0f}, stepB{0.0f};
  std::string engine;               ///< the engine's name, for the messages ("the engine" when empty)
  std::string where;                ///< "frame 530 of tiles.jsonl", for the messages and the comment
  std::string suiteName, testName;  ///< the TEST's names (empty: from the scene)
};

/// exportPairAsGTest with the claim's assertions added to the TEST: the signed distance of
/// the grown pair by GJK and EPA (a mesh: over its triangles) and the claim, which fails.
/// Returns "" when the pair's types have no such check (two meshes, a 2D pair, a step of a
/// pair without a swept test: boxes and spheres only).
std::string exportRecordedPairAsGTest(const Scene& scene, std::size_t a, std::size_t b, const RecordedClaim& claim);

/// One TEST per pair of the scene, in evaluateAllPairs order, as one source file.
std::string exportSceneAsGTest(const Scene& scene);

/// `text` as a C++ identifier in CamelCase: words are the runs of ASCII letters and
/// digits, each capitalised ("box_a" -> "BoxA", "two boxes" -> "TwoBoxes"); "S" is put in
/// front of a leading digit; `fallback` when nothing is left.
std::string cppIdentifier(const std::string& text, const std::string& fallback);

/// The float as an exact C++ hexadecimal float literal: 3.0f -> "0x1.8p+1f", -0.0f ->
/// "-0x0p+0f". Non-finite values give std::numeric_limits expressions.
std::string hexFloatLiteral(float v);

}  // namespace satlab
