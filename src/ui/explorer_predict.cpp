#include "ui/explorer_predict.hpp"

#include <cstdio>

namespace satlab {

namespace {

/// The first separating axis of a SAT trace, by name; empty when none.
std::string firstSeparating(const PairTrace& trace) {
  const SatTrace& t = trace.sat;
  if (t.separatingRow < 0 || t.separatingRow >= static_cast<int>(t.rows.size())) return {};
  return std::string(label(t.rows[static_cast<size_t>(t.separatingRow)].id));
}

std::string number(const char* format, float v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, static_cast<double>(v));
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
    reveal(true, overlap ? "Right: they overlap." : "Right: they are separated.");
  } else if (trace.overlap) {
    reveal(false, "Not quite: they overlap.");
  } else {
    const std::string axis = sat ? firstSeparating(trace) : std::string();
    reveal(false, axis.empty() ? "Not quite: they are separated."
                               : "Not quite: they are separated; " + axis + " separates them.");
  }
}

void Prediction::answerAxis(int row, const PairTrace& trace) {
  if (stage_ != Stage::AskAxis) return;
  const SatTrace& t = trace.sat;
  if (trace.kind != ExplorerKind::Sat || row < 0 || row >= static_cast<int>(t.rows.size())) return;
  const SatAxisRow& r = t.rows[static_cast<size_t>(row)];
  const std::string chosen(label(r.id));
  if (trace.overlap) {
    reveal(false, "Not quite: they overlap, on every axis; on " + chosen + " they would have to be pushed " +
                      number("%.3g", -r.gap) + " apart.");
  } else if (r.separating) {
    reveal(true, "Right: " + chosen + " separates them, with a gap of " + number("%.3g", r.gap) + ".");
  } else {
    reveal(false, "Half right: they are separated, but on " + chosen + " the intervals overlap; " +
                      firstSeparating(trace) + " separates them.");
  }
}

}  // namespace satlab
