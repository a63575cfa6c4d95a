// The engine's own verdicts beside satlab's exact test, as the UI shows them: the rows of the
// Pairs panel's "engine vs exact" list (one a disagreement, world/recording.hpp's
// disagreements), and the engine's verdict on the focused pair in the frame shown (its
// contact points and normal are drawn in the view). Data and words only; src/ui draws them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "world/recording.hpp"

namespace satlab {

/// One disagreement in words.
struct EngineVsExactRow {
  std::size_t frame = 0;         ///< index into the recording's frames
  std::int64_t engineFrame = 0;  ///< the engine's frame number
  std::string a, b;              ///< the pair's names
  std::string engine;            ///< "touching, depth 0.02" / "apart, distance 0.3" / "apart (not listed)"
  std::string exact;             ///< "overlap, depth 0.018" / "apart, gap 0.12"
  /// "engine frame 1003: crate / floor: engine touching (depth 0.02), exact test apart (gap 0.12)"
  std::string text() const;
};

/// The rows of `disagreements` (of `rec`), at most `most` of them, in their order.
std::vector<EngineVsExactRow> engineVsExactRows(const Recording& rec, const std::vector<Disagreement>& disagreements,
                                                std::size_t most = 10000);

/// The engine's verdict on one pair in one frame.
struct EngineVerdict {
  bool touching = false;
  bool listed = false;  ///< the pair is among the frame's contacts (else the engine calls it apart)
  float value = 0.0f;   ///< its depth (touching) or distance (apart); NaN when not given
  glm::vec3 normal{
      0.0f};  ///< from `a` towards `b` as asked (turned round when listed the other way); zero when not given
  std::vector<glm::vec3> points;  ///< its contact points
  /// "touching, depth 0.02, normal (0, 0, 1), 2 points" / "apart (not listed)"
  std::string text() const;
};

/// What the engine said about the pair named `a` and `b` in frame `frame`; nullopt when it
/// said nothing in that frame (no "contacts").
std::optional<EngineVerdict> engineVerdictOn(const Recording& rec, std::size_t frame, const std::string& a,
                                             const std::string& b);

/// The exact test's verdict on a pair in words, from its signed distance with margins
/// (> 0 a gap, < 0 minus the depth): "overlap, depth 0.018" / "apart, gap 0.12" /
/// "touching (within the tolerance)".
std::string exactVerdictText(bool overlap, double signedDistance);

}  // namespace satlab
