#include "model/work_text.hpp"

#include <algorithm>
#include <cmath>

#include "i18n/i18n.hpp"

namespace satlab {

namespace {

// The stages the window's work reports (progressStage's first argument in src/document,
// src/world and src/mesh), marked here for the catalog: the window shows them translated,
// the terminal as they are. tests/i18n fails when a stage is missing here.
[[maybe_unused]] constexpr const char* kStages[] = {
    N_("Opening %s"),
    N_("Reading %s"),
    N_("Building the scene from %s"),
    N_("Finding where verdicts flip"),
    N_("Testing between frames"),
    N_("Comparing with the engine's verdicts"),
    N_("Building the OBB tree of %s"),
    N_("Computing the convex hull"),
    N_("Building the bounding volumes"),
    N_("Generating the level"),
    N_("Testing the pairs"),
    N_("Stepping the frames"),
    N_("Writing %s"),
    N_("Writing the scene as JSON"),
    N_("Laying out the JSON text"),
    N_("Checking the names in %s"),
};

std::string megabytes(unsigned long long bytes) { return formatted("%.1f", static_cast<double>(bytes) / 1e6); }

}  // namespace

std::string workWhatText(const ProgressSnapshot& p) {
  if (p.what == nullptr || *p.what == '\0') return tr("Starting");
  return formatted(tr(p.what), p.subject.c_str());
}

std::string workAmountText(const ProgressSnapshot& p) {
  const unsigned long long done = p.done, total = p.total;
  const std::string d = groupedNumber(done), t = groupedNumber(total);
  switch (p.unit) {
    case ProgressUnit::None: return {};
    case ProgressUnit::Bytes:
      if (total == 0) return formatted(tr("%s MB"), megabytes(done).c_str());
      return formatted(tr("%s of %s MB"), megabytes(done).c_str(), megabytes(total).c_str());
    case ProgressUnit::Shapes:
      if (total == 0) return formatted(trn("%s shape", "%s shapes", done), d.c_str());
      return formatted(trn("%s of %s shape", "%s of %s shapes", total), d.c_str(), t.c_str());
    case ProgressUnit::Triangles:
      if (total == 0) return formatted(trn("%s triangle", "%s triangles", done), d.c_str());
      return formatted(trn("%s of %s triangle", "%s of %s triangles", total), d.c_str(), t.c_str());
    case ProgressUnit::Frames:
      if (total == 0) return formatted(trn("%s frame", "%s frames", done), d.c_str());
      return formatted(trn("%s of %s frame", "%s of %s frames", total), d.c_str(), t.c_str());
    case ProgressUnit::Pairs:
      if (total == 0) return formatted(trn("%s pair", "%s pairs", done), d.c_str());
      return formatted(trn("%s of %s pair", "%s of %s pairs", total), d.c_str(), t.c_str());
    case ProgressUnit::Volumes:
      if (total == 0) return formatted(trn("%s step", "%s steps", done), d.c_str());
      return formatted(trn("%s of %s step", "%s of %s steps", total), d.c_str(), t.c_str());
  }
  return {};
}

std::string workTimeText(const ProgressSnapshot& p) {
  const std::string elapsed = formatted(tr("%.1f s"), p.seconds);
  const double left = p.remainingSeconds();
  if (left < 0.0) return elapsed;
  return formatted(tr("%s, about %s left"), elapsed.c_str(),
                   formatted(tr("%.0f s"), std::max(1.0, std::ceil(left))).c_str());
}

}  // namespace satlab
