# The layers above the core, each a static library in a folder of its own, read only the
# layers below them. satlab_layer_refuses(<library> <reason> <prefix>...) makes configuring
# fail when a file of <library>'s folder includes a header whose path starts with one of the
# prefixes ("world/", "GL/"), so that a layer cannot come to depend on one above it without
# the build saying so at once (docs/ARCHITECTURE.md, "Layers").
set(SATLAB_DRAWING_HEADERS GL/ GLFW/ glad/ imgui backends/ KHR/ EGL/ render/ ui/)

function(satlab_layer_refuses dir reason)
  string(REPLACE "/" "\\/" alternatives "${ARGN}")
  list(JOIN alternatives "|" alternatives)
  file(GLOB files ${dir}/*.cpp ${dir}/*.hpp)
  foreach(f ${files})
    file(STRINGS ${f} bad REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](${alternatives})")
    if(bad)
      message(FATAL_ERROR "${reason}: ${f}: ${bad}")
    endif()
  endforeach()
endfunction()
