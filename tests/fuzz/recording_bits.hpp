// A recording load's result as bytes, every float by its bits: the fast path of a frame
// line and the reference reader must give the same bytes (the recording fuzz target and
// tests/world/test_recording_fast_load.cpp compare them).
#pragma once

#include <string>
#include <variant>

#include "scene_bits.hpp"
#include "world/recording.hpp"

namespace satlab::fuzz {

// Everything a load gives, every float by its bits.
inline std::string recordingBits(const RecordingLoadResult& r) {
  std::string out;
  const Recording& rec = r.recording;
  appendBits(out, rec.version);
  appendText(out, rec.title);
  appendText(out, rec.notes);
  appendText(out, rec.engine);
  appendBits(out, rec.view);
  appendBits(out, rec.tolerance);
  appendBits(out, rec.anyMargin);
  for (const std::string& s : rec.names) appendText(out, s);
  out += "|";
  for (const std::string& s : rec.groups) appendText(out, s);
  out += "|";
  for (const glm::vec4& c : rec.colors) appendBits(out, c);
  out += "|";
  for (const RecordedStatic& s : rec.statics) {
    appendBits(out, s.name);
    appendBits(out, s.margin);
    appendBits(out, s.group);
    Scene one;
    one.shapes.push_back(s.shape);
    out += sceneBits(one);
  }
  for (const RecordedFrame& f : rec.frames) {
    appendBits(out, f.number);
    appendBits(out, f.time);
    appendBits(out, f.firstShape);
    appendBits(out, f.shapeCount);
    appendBits(out, f.firstContact);
    appendBits(out, f.contactCount);
    appendBits(out, f.hasContacts);
  }
  for (const RecordedShape& s : rec.shapes) {
    appendBits(out, s.name);
    appendBits(out, s.color);
    appendBits(out, s.margin);
    appendBits(out, s.group);
    appendBits(out, s.geometry.index());
    std::visit([&](const auto& g) { appendBits(out, g); }, s.geometry);
  }
  for (const EngineContact& c : rec.contacts) {  // member by member: the struct has padding
    appendBits(out, c.a);
    appendBits(out, c.b);
    appendBits(out, c.touching);
    appendBits(out, c.value);
    appendBits(out, c.normal);
    appendBits(out, c.firstPoint);
    appendBits(out, c.pointCount);
  }
  for (const glm::vec3& p : rec.contactPoints) appendBits(out, p);
  appendBits(out, rec.hulls.size());
  for (const SceneDiagnostic& w : r.warnings) appendText(out, "warning " + w.text());
  appendText(out, r.error ? "error " + r.error->text() : std::string("ok"));
  return out;
}

}  // namespace satlab::fuzz
