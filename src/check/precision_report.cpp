#include "check/precision_report.hpp"

#include <cstdio>

namespace satlab {

namespace {

using Json = nlohmann::ordered_json;

Json verdict(const std::optional<PairMargin>& m) { return m ? Json(m->overlap) : Json(nullptr); }

const char* word(bool overlap) { return overlap ? "overlap" : "separated"; }

std::string number(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace

nlohmann::ordered_json precisionJson(const PrecisionLens& lens) {
  Json j;
  j["float"] = lens.floatOverlap;
  j["double"] = verdict(lens.inDouble);
  j["exact"] = verdict(lens.exact);
  j["at_origin"] = lens.originOverlap;
  j["margin_ulps"] = lens.marginUlps ? Json(*lens.marginUlps) : Json(nullptr);
  const std::optional<PairMargin>& best = lens.exact ? lens.exact : lens.inDouble;
  j["margin"] = best ? Json(best->value) : Json(nullptr);
  j["spacing"] = lens.spacing;
  return j;
}

std::string precisionText(const PrecisionLens& lens) {
  if (!lens.exact) {
    std::string t = "no exact formula for " + std::string(lens.code.empty() ? "this pair" : lens.code);
    if (lens.originOverlap != lens.floatOverlap)
      t += std::string("; at the origin ") + word(lens.originOverlap) + ", here " + word(lens.floatOverlap);
    return t;
  }
  std::string t;
  if (lens.floatDecided()) {
    t = std::string("FLOAT DECIDED: float ") + word(lens.floatOverlap) + ", exact " + word(lens.exact->overlap);
  } else if (lens.disagree()) {
    t = std::string("float and exact agree (") + word(lens.floatOverlap) + ")";
  } else {
    t = "float, double, exact and at the origin agree";
  }
  if (lens.disagree()) {
    t += std::string("; double ") + (lens.inDouble ? word(lens.inDouble->overlap) : "not computed") +
         ", at the origin " + word(lens.originOverlap);
  }
  t += "; exact margin " + number(lens.exact->value);
  if (lens.marginUlps)
    t += " (" + number(*lens.marginUlps) + " of the float spacing " + number(lens.spacing) + " here)";
  return t;
}

}  // namespace satlab
