# CMake glue for the browser build (emscripten; tools/web.sh). Nothing here is committed
# third-party source: Dear ImGui 1.86, Qhull and GMP's mini-gmp are compiled from Debian's
# source packages (`apt-get source imgui qhull gmp`, unpacked by tools/web.sh into
# build-web/deps/), GLM,
# nlohmann-json and stb are Debian's headers, and GLFW and OpenGL ES 3 (WebGL 2) are
# emscripten's own (-sUSE_GLFW=3, -sMIN_WEBGL_VERSION=2).
set(SATLAB_DEPS_DIR "${PROJECT_BINARY_DIR}/deps" CACHE PATH "Where tools/web.sh unpacked Debian's imgui and qhull sources")
file(GLOB SATLAB_IMGUI_SOURCE_DIR LIST_DIRECTORIES true "${SATLAB_DEPS_DIR}/imgui-1.86*")
file(GLOB SATLAB_QHULL_SOURCE_DIR LIST_DIRECTORIES true "${SATLAB_DEPS_DIR}/qhull-*")
file(GLOB SATLAB_GMP_SOURCE_DIR LIST_DIRECTORIES true "${SATLAB_DEPS_DIR}/gmp-*")
if(NOT EXISTS "${SATLAB_IMGUI_SOURCE_DIR}/imgui.cpp" OR NOT EXISTS "${SATLAB_QHULL_SOURCE_DIR}/src/libqhull_r/libqhull_r.c"
   OR NOT EXISTS "${SATLAB_GMP_SOURCE_DIR}/mini-gmp/mini-mpq.c")
  message(FATAL_ERROR "The browser build needs Debian's imgui 1.86, qhull and gmp sources in ${SATLAB_DEPS_DIR} "
                      "(run bash tools/web.sh, which fetches them with apt-get source)")
endif()

# C++ exceptions are part of satlab's error handling (nlohmann-json's parse errors, a
# failed allocation): WebAssembly's own exception handling, in every target.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

# Debian's headers, seen through a folder of their own: /usr/include itself holds glibc's
# headers, which must never mix with emscripten's.
set(SATLAB_WEB_INCLUDE "${PROJECT_BINARY_DIR}/debian-include")
file(MAKE_DIRECTORY "${SATLAB_WEB_INCLUDE}")
foreach(dir glm nlohmann stb)
  if(NOT EXISTS "/usr/include/${dir}")
    message(FATAL_ERROR "/usr/include/${dir} is missing: tools/setup.sh installs the Debian package that holds it")
  endif()
  file(CREATE_LINK "/usr/include/${dir}" "${SATLAB_WEB_INCLUDE}/${dir}" SYMBOLIC)
endforeach()

add_library(satlab_debian_headers INTERFACE)
target_include_directories(satlab_debian_headers SYSTEM INTERFACE "${SATLAB_WEB_INCLUDE}")
add_library(glm::glm ALIAS satlab_debian_headers)
add_library(nlohmann_json::nlohmann_json ALIAS satlab_debian_headers)

# Dear ImGui with its GLFW backend and std::string widgets (its OpenGL backend reads GL state
# back every frame, which a browser makes slow: the page draws the UI itself, web/imgui_webgl.hpp).
add_library(satlab_imgui STATIC
  ${SATLAB_IMGUI_SOURCE_DIR}/imgui.cpp ${SATLAB_IMGUI_SOURCE_DIR}/imgui_draw.cpp
  ${SATLAB_IMGUI_SOURCE_DIR}/imgui_tables.cpp ${SATLAB_IMGUI_SOURCE_DIR}/imgui_widgets.cpp
  ${SATLAB_IMGUI_SOURCE_DIR}/backends/imgui_impl_glfw.cpp
  ${SATLAB_IMGUI_SOURCE_DIR}/misc/cpp/imgui_stdlib.cpp)
target_include_directories(satlab_imgui SYSTEM PUBLIC ${SATLAB_IMGUI_SOURCE_DIR} ${SATLAB_IMGUI_SOURCE_DIR}/misc/cpp
                                                      ${SATLAB_IMGUI_SOURCE_DIR}/backends)
# The desktop includes <backends/imgui_impl_glfw.h> (Debian's layout): the source tree has the same.
target_include_directories(satlab_imgui SYSTEM PUBLIC ${SATLAB_IMGUI_SOURCE_DIR}/..)
target_compile_definitions(satlab_imgui PUBLIC GLFW_INCLUDE_NONE)
target_link_options(satlab_imgui PUBLIC -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)

# Qhull's reentrant library (the convex hull of a mesh, src/mesh/convex_hull.cpp).
file(GLOB SATLAB_QHULL_C ${SATLAB_QHULL_SOURCE_DIR}/src/libqhull_r/*.c)
list(FILTER SATLAB_QHULL_C EXCLUDE REGEX "(rboxlib_r|userprintf_rbox_r)\\.c$")
add_library(satlab_qhull STATIC ${SATLAB_QHULL_C})
target_include_directories(satlab_qhull SYSTEM PUBLIC ${SATLAB_QHULL_SOURCE_DIR}/src)
target_compile_options(satlab_qhull PRIVATE -w)
add_library(Qhull::qhull_r ALIAS satlab_qhull)

# GMP's mini-gmp and mini-mpq (the exact rationals of the precision lens,
# src/evaluation/rational.hpp): a gmp.h of our own that includes mini-mpq.h, so that the
# same code compiles against Debian's libgmp on the desktop.
add_library(satlab_gmp STATIC ${SATLAB_GMP_SOURCE_DIR}/mini-gmp/mini-gmp.c ${SATLAB_GMP_SOURCE_DIR}/mini-gmp/mini-mpq.c)
set(SATLAB_GMP_INCLUDE "${PROJECT_BINARY_DIR}/gmp-include")
file(WRITE "${SATLAB_GMP_INCLUDE}/gmp.h" "#include \"mini-mpq.h\"\n")
target_include_directories(satlab_gmp SYSTEM PUBLIC "${SATLAB_GMP_INCLUDE}" ${SATLAB_GMP_SOURCE_DIR}/mini-gmp)
target_compile_options(satlab_gmp PRIVATE -w)
# mini-mpq.c reads mini-gmp.c's GMP_LIMB_MAX, which that file keeps to itself.
set_source_files_properties(${SATLAB_GMP_SOURCE_DIR}/mini-gmp/mini-mpq.c PROPERTIES COMPILE_DEFINITIONS
                            "GMP_LIMB_MAX=((mp_limb_t) ~ (mp_limb_t) 0)")

# stb_image_write (window pictures as PNG): on the desktop its implementation comes
# compiled in Debian's libstb; here it is compiled from Debian's header (web/stb_impl.c).
add_library(satlab_stb STATIC ${PROJECT_SOURCE_DIR}/web/stb_impl.c)
target_link_libraries(satlab_stb PUBLIC satlab_debian_headers)
add_library(PkgConfig::STB ALIAS satlab_stb)

# The GL header the renderer includes (render/gl.hpp picks GLES3 under emscripten).
add_library(satlab_glad INTERFACE)
