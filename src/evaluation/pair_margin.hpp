// What a pair's verdict turns on, and whether float precision decided it.
//
// The deciding margin: one signed number per pair, > 0 the shapes are apart by that much, <= 0
// they overlap that deep, with the axis (or what it is measured along) that gives it. For
// the separating-axis tests it is the largest signed gap over the test's axes (the widest
// gap while apart, the least depth while overlapping); for a segment against a box, the
// slabs' t-interval times the segment's length; for a sphere against a box, Arvo's sum
// against r squared, as a distance; for the tests without such a formula, GJK and EPA's
// distance or depth. A verdict flips where its margin crosses zero, so a track of it frame by
// frame shows a flip coming (world/margin_track.hpp).
//
// The precision lens: the same formula computed in float, in double and exactly (rational
// arithmetic on the float inputs, rational.hpp), beside the core's own verdict, and the
// core's verdict again with both shapes moved to the origin. Where they disagree, the
// numbers decided the verdict, not the geometry. The exact path runs only when asked.
//
// Everything reads the pair table (pair_table.hpp) and the rows of pair_tests.hpp: a pair's
// formula is chosen by its test's row, so a new row is covered once its formula is written
// (pair_margin.cpp), and until then reports none (std::nullopt), never a wrong one.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "document/scene.hpp"
#include "evaluation/pair_eval.hpp"

namespace satlab {

enum class Arithmetic { Float, Double, Exact };

struct PairMargin {
  bool overlap = false;  ///< the verdict this margin gives: value <= 0 (touching overlaps)
  double value = 0.0;    ///< > 0 apart by this much, <= 0 overlapping -value deep
  AxisId axis{};         ///< the axis that gives it, named for the pair's order (A = a)
  /// Where no axis is named: what it is measured along (pair_eval.hpp's kAlong* names, or
  /// "segment" for a segment wholly inside a box).
  std::string_view along{};

  /// "A2", "A0xB1", "X", "centres", "nearest point", ...: never empty.
  std::string label() const;
};

/// The margin of scene shapes a and b (a != b) by their test's formula, computed in
/// `arithmetic`; nullopt when the test has none here (segment-segment, segment- and
/// sphere-triangle, capsules, hulls, meshes, a triangle without area). `marginA` and
/// `marginB` grow the shapes (a recording's collision margins): the pairs with a sphere take
/// them into its radius, exactly; the others have no formula with margins.
std::optional<PairMargin> formulaMargin(const Scene& scene, std::size_t a, std::size_t b, Arithmetic arithmetic,
                                        float marginA = 0.0f, float marginB = 0.0f);

/// Whether the pair's test has a formula (formulaMargin gives a value for its shapes but
/// for a triangle without area).
bool hasMarginFormula(const Scene& scene, std::size_t a, std::size_t b);

/// The deciding margin as explanations and tracks use it: the formula in double, else GJK
/// and EPA on the two convex shapes ("GJK" apart, kAlongEpaNormal in). nullopt for a pair
/// with a mesh, or one that is not tested.
std::optional<PairMargin> decidingMargin(const Scene& scene, std::size_t a, std::size_t b);

/// "apart by 0.0021 on A2" / "overlapping 0.0629 on A2", and where no axis is named "apart
/// by 0.5 (nearest point)" (English, for terminals and JSON).
std::string marginInWords(const PairMargin& m);

struct PrecisionLens {
  TestId test = TestId::None;
  std::string_view code{};  ///< the test's name in `satlab check`
  /// The core's verdict (float, with its epsilon), as everywhere; with collision margins, the
  /// verdict a recording gives them: GJK and EPA's distance of the grown shapes, in float.
  bool floatOverlap = false;
  bool withMargins = false;  ///< the shapes were grown by collision margins
  /// The formula's margin (and verdict) in float, in double and exact; nullopt when the
  /// test has no formula (the exact verdict is then unknown).
  std::optional<PairMargin> inFloat, inDouble, exact;
  /// Both shapes moved by `shift` (float), the pair's middle to the origin: the core's
  /// verdict, and the formula in float there.
  bool originOverlap = false;
  std::optional<PairMargin> atOrigin;
  glm::vec3 shift{0.0f};
  /// The spacing of floats at the pair's largest coordinate: the smallest step a position
  /// there can take.
  double spacing = 0.0;
  /// The exact margin (the double one without an exact) in units of `spacing`.
  std::optional<double> marginUlps;

  /// The exact verdict is known and the core's differs from it: float decided the verdict.
  bool floatDecided() const { return exact && exact->overlap != floatOverlap; }
  /// Any two of the verdicts differ (the core's, the double and exact formulas', at the origin).
  bool disagree() const;
};

/// The lens on shapes a and b (a != b), grown by `marginA` and `marginB` (a recording's
/// collision margins). Runs the exact formula: for one pair at a time (the focused pair,
/// `satlab check --precision`), never on the default path.
PrecisionLens precisionLens(const Scene& scene, std::size_t a, std::size_t b, float marginA = 0.0f,
                            float marginB = 0.0f);

/// What breaks an expectation "exact": true on the pair `pair` ("a / b") seen through `lens`:
/// "a / b: float decided the verdict: float separated, exact overlap (exact margin -0.1,
/// -0.1 of the float spacing 1 there)", or that its test has no exact formula; nullopt when
/// float and exact agree.
std::optional<std::string> exactExpectationFailure(const PrecisionLens& lens, const std::string& pair);

/// The spacing of floats at magnitude |v|: the distance from |v| to the next float up.
double floatSpacing(float v);

}  // namespace satlab
