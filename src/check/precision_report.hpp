// What `satlab check --precision` adds to a listed pair (evaluation/pair_margin.hpp's lens):
// its JSON object and its words in the table.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "evaluation/pair_margin.hpp"

namespace satlab {

/// {"float": BOOL, "double": BOOL, "exact": BOOL, "at_origin": BOOL, "margin_ulps": N,
/// "margin": X, "spacing": S}: the verdicts (true: overlap) of the core in float, of the
/// test's formula in double and exactly, and of the core with both shapes moved to the
/// origin; the exact margin and the float spacing at the pair's position. A value the lens
/// has not got (no formula for the test) is null.
nlohmann::ordered_json precisionJson(const PrecisionLens& lens);

/// "float and exact agree" / "FLOAT DECIDED: float separated, exact overlap; double overlap,
/// at the origin overlap; exact margin -0.1 (-0.1 of the float spacing 1 here)", or
/// "no exact formula for capsule_sphere" (English).
std::string precisionText(const PrecisionLens& lens);

}  // namespace satlab
