// A scene written inline in a test, parsed with the real loader; a load error fails the
// test that wrote it (with the loader's message) and gives an empty scene.
#pragma once

#include "scene/scene_load.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {

inline Scene parse(const std::string& json) {
  SceneLoadResult r = parseScene(json, "inline.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

}  // namespace satlab::test
