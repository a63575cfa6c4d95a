// The GLSL sources of shaders/, embedded into the binary at build time.
#pragma once

#include "base/embedded_file.hpp"

#include <string_view>
#include <vector>

namespace satlab {

const std::vector<EmbeddedFile>& embeddedShaders();

/// The embedded shader source named `name`; an empty view when there is none.
std::string_view shaderSource(std::string_view name);

}  // namespace satlab
