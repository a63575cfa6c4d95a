#include "model/engine_verdicts.hpp"

#include <cmath>
#include <cstdio>

#include "base/printable.hpp"
#include "i18n/i18n.hpp"

namespace satlab {

namespace {

std::string number(double v) {
  v += 0.0;  // -0 reads as 0
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// The verdicts in the window's language (tr: English on the command line).
std::string engineWords(int engine, const EngineContact* c) {
  // TRANSLATORS: what the engine said of a pair: nothing (no contacts recorded that frame)
  if (engine < 0) return tr("said nothing");
  if (engine == 0) {
    if (c && !std::isnan(c->value)) return formatted(tr("apart, distance %s"), number(c->value).c_str());
    return c ? tr("apart") : tr("apart (not listed)");
  }
  if (c && !std::isnan(c->value)) return formatted(tr("touching, depth %s"), number(c->value).c_str());
  return tr("touching");
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
  if (std::isnan(signedDistance)) return overlap ? tr("overlap") : tr("apart");
  if (overlap) {
    return signedDistance < 0.0 ? formatted(tr("overlap, depth %s"), number(-signedDistance).c_str())
                                : std::string(tr("touching (within the tolerance)"));
  }
  return signedDistance > 0.0 ? formatted(tr("apart, gap %s"), number(signedDistance).c_str())
                              : std::string(tr("apart (within the tolerance)"));
}

std::string EngineVsExactRow::text() const {
  char buf[1024];
  // TRANSLATORS: "engine frame 12: box1 / box2: engine touching; exact test apart, gap 0.01"
  std::snprintf(buf, sizeof buf, tr("engine frame %s: %s / %s: engine %s; exact test %s"),
                std::to_string(engineFrame).c_str(), printable(a, 80).c_str(), printable(b, 80).c_str(), engine.c_str(),
                exact.c_str());
  return buf;
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
  if (!listed) return touching ? tr("touching (not listed)") : tr("apart (not listed)");
  std::string out;
  if (std::isnan(value)) {
    out = touching ? tr("touching") : tr("apart");
  } else {
    out = formatted(touching ? tr("touching, depth %s") : tr("apart, distance %s"), number(value).c_str());
  }
  if (normal != glm::vec3(0.0f)) {
    char buf[512];
    // TRANSLATORS: the verdict so far, then the contact normal's coordinates
    std::snprintf(buf, sizeof buf, tr("%s, normal (%s, %s, %s)"), out.c_str(), number(normal.x).c_str(),
                  number(normal.y).c_str(), number(normal.z).c_str());
    out = buf;
  }
  if (!points.empty()) {
    char buf[512];
    // TRANSLATORS: the verdict so far, then the number of contact points
    std::snprintf(buf, sizeof buf, trn("%s, %zu point", "%s, %zu points", static_cast<long long>(points.size())),
                  out.c_str(), points.size());
    out = buf;
  }
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
