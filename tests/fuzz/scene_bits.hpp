// A scene load's result as bytes, every float by its bits: two loads are the same when
// their bytes are. The fast path of scene loading (document/scene_fast_load.hpp) must give
// the reference reader's bytes on every file (scene_text_checks.hpp, the scene fuzz target
// and tests/document/test_scene_fast_load.cpp compare them).
#pragma once

#include <cstring>
#include <string>
#include <type_traits>
#include <variant>

#include "document/scene_load.hpp"

namespace satlab::fuzz {

template <class T>
void appendBits(std::string& out, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>, "plain values only");
  char bytes[sizeof(T)];
  std::memcpy(bytes, &v, sizeof(T));
  out.append(bytes, sizeof(T));
}

inline void appendText(std::string& out, const std::string& s) {
  appendBits(out, s.size());
  out += s;
}

inline void appendMeshBody(std::string& out, const MeshShape& m) {
  appendText(out, m.file);
  appendBits(out, m.pose);
  appendBits(out, m.uniformScaleGiven);
  appendBits(out, m.data != nullptr);
  if (m.data) {
    for (const glm::vec3& v : m.data->mesh.vertices) appendBits(out, v);
    for (std::uint32_t i : m.data->mesh.indices) appendBits(out, i);
  }
}

inline std::string sceneBits(const Scene& scene) {
  std::string out;
  appendBits(out, scene.version);
  appendText(out, scene.title);
  appendText(out, scene.notes);
  for (const std::vector<LanguageText>* texts : {&scene.titleLanguages, &scene.notesLanguages}) {
    appendBits(out, texts->size());
    for (const LanguageText& t : *texts) {
      appendText(out, t.language);
      appendText(out, t.text);
    }
  }
  appendBits(out, scene.view);
  for (const SceneShape& s : scene.shapes) {
    appendText(out, s.name);
    appendBits(out, s.geometry.index());
    std::visit(
        [&](const auto& g) {
          using G = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<G, MeshShape>) {
            appendMeshBody(out, g);
          } else if constexpr (std::is_same_v<G, HullShape>) {
            appendMeshBody(out, g.body);
            appendBits(out, g.points != nullptr);
            if (g.points) {
              for (const glm::vec3& p : *g.points) appendBits(out, p);
            }
          } else {
            appendBits(out, g);
          }
        },
        s.geometry);
    appendBits(out, s.color);
    appendBits(out, s.paletteColor);
    appendBits(out, s.hexColor);
    const RotationSource& r = s.rotation;
    appendBits(out, r.form);
    appendBits(out, r.quaternion);
    appendBits(out, r.eulerDeg);
    appendBits(out, r.angleDeg);
    appendBits(out, r.given);
    appendBits(out, r.givenAxes);
    appendBits(out, r.givenQuaternion);
    appendBits(out, s.motion.has_value());
    if (s.motion) {
      appendBits(out, s.motion->velocity);
      appendBits(out, s.motion->angularVelocity);
      appendBits(out, s.motion->loop);
      for (const PathKey& k : s.motion->path) {
        appendBits(out, k.t);
        appendBits(out, k.position);
      }
    }
  }
  for (const Expectation& e : scene.expect) {
    appendText(out, e.a);
    appendText(out, e.b);
    appendBits(out, e.overlap.has_value() ? int(*e.overlap) : -1);
    appendText(out, e.separatingAxis.value_or("(none)"));
    appendBits(out, e.maxDepth.value_or(-1.0f));
  }
  for (const ExtraField& x : scene.extras) {
    appendText(out, x.key);
    appendText(out, x.json);
  }
  return out;
}

/// The whole result: the scene's bytes, every warning and the error, as their text.
inline std::string loadBits(const SceneLoadResult& r) {
  std::string out = sceneBits(r.scene);
  for (const SceneDiagnostic& w : r.warnings) appendText(out, "warning " + w.text());
  appendText(out, r.error ? "error " + r.error->text() : std::string("ok"));
  return out;
}

/// Empty when parseScene (fast path where it applies) and the reference reader give the same
/// result for `text`, else what differs first.
inline std::string compareWithReference(std::string_view text, const std::string& source) {
  SceneLoadOptions options;
  options.baseDirectory = folderOf(source);
  const SceneLoadResult fast = parseScene(text, source, options);
  const SceneLoadResult reference = parseSceneWithReferenceReader(text, source, options);
  if (loadBits(fast) == loadBits(reference)) return {};
  std::string why = "the fast path and the reference reader disagree";
  if (fast.error || reference.error) {
    why += ": " + (fast.error ? fast.error->text() : std::string("ok")) + " against " +
           (reference.error ? reference.error->text() : std::string("ok"));
  }
  if (fast.warnings.size() != reference.warnings.size()) {
    why += " (" + std::to_string(fast.warnings.size()) + " warnings against " +
           std::to_string(reference.warnings.size()) + ")";
  }
  return why;
}

}  // namespace satlab::fuzz
