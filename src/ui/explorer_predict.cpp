#include "ui/explorer_predict.hpp"

#include "i18n/i18n.hpp"

#include <cstdio>

namespace satlab {

namespace {

/// The first separating axis of a SAT trace, by name; empty when none.
std::string firstSeparating(const PairTrace& trace) {
  const SatTrace& t = trace.sat;
  if (t.separatingRow < 0 || t.separatingRow >= static_cast<int>(t.rows.size())) return {};
  return std::string(label(t.rows[static_cast<size_t>(t.separatingRow)].id));
}

/// The reveal's words: a translated format around axis names and a number.
std::string say(const char* format, const std::string& a, const std::string& b = {}) {
  char buf[512];
  std::snprintf(buf, sizeof buf, format, a.c_str(), b.c_str());
  return buf;
}

std::string number(float v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(v));
  return buf;
}

}  // namespace

void Prediction::setEnabled(bool on) {
  if (on == enabled()) return;
  if (on) {
    newQuestion();
  } else {
    stage_ = Stage::Off;
    feedback_.clear();
  }
}

void Prediction::newQuestion() {
  stage_ = Stage::AskVerdict;
  feedback_.clear();
  lastRight_ = false;
}

void Prediction::reveal(bool right, std::string feedback) {
  ++asked_;
  if (right) ++right_;
  lastRight_ = right;
  feedback_ = std::move(feedback);
  stage_ = Stage::Revealed;
}

void Prediction::answerVerdict(bool overlap, const PairTrace& trace) {
  if (stage_ != Stage::AskVerdict) return;
  const bool sat = trace.kind == ExplorerKind::Sat && !trace.sat.rows.empty();
  if (!overlap && sat) {
    stage_ = Stage::AskAxis;
    return;
  }
  if (overlap == trace.overlap) {
    reveal(true, overlap ? tr("Right: they overlap.") : tr("Right: they are separated."));
  } else if (trace.overlap) {
    reveal(false, tr("Not quite: they overlap."));
  } else {
    const std::string axis = sat ? firstSeparating(trace) : std::string();
    reveal(false, axis.empty() ? std::string(tr("Not quite: they are separated."))
                               : say(tr("Not quite: they are separated; %s separates them."), axis));
  }
}

void Prediction::answerAxis(int row, const PairTrace& trace) {
  if (stage_ != Stage::AskAxis) return;
  const SatTrace& t = trace.sat;
  if (trace.kind != ExplorerKind::Sat || row < 0 || row >= static_cast<int>(t.rows.size())) return;
  const SatAxisRow& r = t.rows[static_cast<size_t>(row)];
  const std::string chosen(label(r.id));
  if (trace.overlap) {
    reveal(false, say(tr("Not quite: they overlap, on every axis; on %s they would have to be pushed %s apart."),
                      chosen, number(-r.gap)));
  } else if (r.separating) {
    reveal(true, say(tr("Right: %s separates them, with a gap of %s."), chosen, number(r.gap)));
  } else {
    reveal(false, say(tr("Half right: they are separated, but on %s the intervals overlap; %s separates them."), chosen,
                      firstSeparating(trace)));
  }
}

}  // namespace satlab
