// A streaming pass over JSON text that rejects what must never reach a JSON tree:
// syntax errors, nesting deeper than kMaxJsonDepth (checked before anything is built, so
// 100000 '[' cost nothing), duplicate keys in one object (JSON leaves their meaning
// open), and numbers outside the float range (1e400, 1e39).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "document/scene_diagnostic.hpp"

namespace satlab {

/// Deepest nesting of arrays and objects accepted; the root container is depth 1.
inline constexpr std::size_t kMaxJsonDepth = 64;

/// The first problem found in `text`, or nullopt when it is well-formed JSON within the
/// limits above. Syntax errors carry line and column; the others carry a JSON path.
/// Never throws.
std::optional<SceneDiagnostic> precheckJson(std::string_view text, const std::string& sourceName);

}  // namespace satlab
