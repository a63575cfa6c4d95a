#include "model/engine_verdicts.hpp"

#include <cmath>
#include <cstdio>

#include "base/printable.hpp"

namespace satlab {

namespace {

std::string number(double v) {
  v += 0.0;  // -0 reads as 0
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string engineWords(int engine, const EngineContact* c) {
  if (engine < 0) return "said nothing";
  if (engine == 0) {
    if (c && !std::isnan(c->value)) return "apart, distance " + number(c->value);
    return c ? "apart" : "apart (not listed)";
  }
  if (c && !std::isnan(c->value)) return "touching, depth " + number(c->value);
  return "touching";
}

const EngineContact* findContact(const Recording& rec, std::size_t frame, std::uint32_t a, std::uint32_t b) {
  const EngineContact* c = rec.frameContacts(frame);
  for (std::size_t i = 0; i < rec.frameContactCount(frame); ++i) {
    if ((c[i].a == a && c[i].b == b) || (c[i].a == b && c[i].b == a)) return &c[i];
  }
  return nullptr;
}

}  // namespace

std::string exactVerdictText(bool overlap, double signedDistance) {
  if (std::isnan(signedDistance)) return overlap ? "overlap" : "apart";
  if (overlap)
    return signedDistance < 0.0 ? "overlap, depth " + number(-signedDistance) : "touching (within the tolerance)";
  return signedDistance > 0.0 ? "apart, gap " + number(signedDistance) : "apart (within the tolerance)";
}

std::string EngineVsExactRow::text() const {
  return "engine frame " + std::to_string(engineFrame) + ": " + printable(a, 80) + " / " + printable(b, 80) +
         ": engine " + engine + "; exact test " + exact;
}

std::vector<EngineVsExactRow> engineVsExactRows(const Recording& rec, const std::vector<Disagreement>& disagreements,
                                                std::size_t most) {
  std::vector<EngineVsExactRow> rows;
  for (const Disagreement& d : disagreements) {
    if (rows.size() >= most) break;
    if (d.frame >= rec.frameCount() || d.pair.a >= rec.names.size() || d.pair.b >= rec.names.size()) continue;
    EngineVsExactRow row;
    row.frame = d.frame;
    row.engineFrame = rec.frameNumber(d.frame);
    row.a = rec.names[d.pair.a];
    row.b = rec.names[d.pair.b];
    row.engine = engineWords(d.pair.engine, findContact(rec, d.frame, d.pair.a, d.pair.b));
    row.exact = exactVerdictText(d.pair.exact, d.pair.signedDistance);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string EngineVerdict::text() const {
  std::string out = touching ? "touching" : "apart";
  if (!listed) return out + " (not listed)";
  if (!std::isnan(value)) out += touching ? ", depth " + number(value) : ", distance " + number(value);
  if (normal != glm::vec3(0.0f)) {
    out += ", normal (" + number(normal.x) + ", " + number(normal.y) + ", " + number(normal.z) + ")";
  }
  if (!points.empty()) out += ", " + std::to_string(points.size()) + (points.size() == 1 ? " point" : " points");
  return out;
}

std::optional<EngineVerdict> engineVerdictOn(const Recording& rec, std::size_t frame, const std::string& a,
                                             const std::string& b) {
  if (frame >= rec.frameCount() || !rec.frames[frame].hasContacts) return std::nullopt;
  EngineVerdict v;
  const EngineContact* c = rec.frameContacts(frame);
  for (std::size_t i = 0; i < rec.frameContactCount(frame); ++i) {
    const std::string &ca = rec.names[c[i].a], &cb = rec.names[c[i].b];
    const bool same = ca == a && cb == b, turned = ca == b && cb == a;
    if (!same && !turned) continue;
    v.listed = true;
    v.touching = c[i].touching;
    v.value = c[i].value;
    v.normal = turned ? -c[i].normal : c[i].normal;
    for (std::uint32_t p = 0; p < c[i].pointCount; ++p) v.points.push_back(rec.contactPoints[c[i].firstPoint + p]);
    break;
  }
  return v;
}

}  // namespace satlab
