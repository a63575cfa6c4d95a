# CMake glue for the dependencies. Every one is a Debian 12 package (see tools/setup.sh);
# no third-party source is committed. The glad GL loader is generated into the build tree.
# Included by the top-level CMakeLists.txt when SATLAB_BUILD_APP is on: the collision core
# and the scene layer need none of this.

find_package(CLI11 REQUIRED)
find_package(glfw3 3.3 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
find_package(OpenGL REQUIRED)

find_program(GLAD_EXECUTABLE glad REQUIRED)
set(SATLAB_GLAD_DIR ${PROJECT_BINARY_DIR}/glad)
# --reproducible: use the specs bundled with python3-glad instead of downloading them.
add_custom_command(
  OUTPUT ${SATLAB_GLAD_DIR}/src/gl.c ${SATLAB_GLAD_DIR}/include/glad/gl.h
  COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --api gl:core=3.3 --out-path ${SATLAB_GLAD_DIR} c
  COMMENT "Generating the OpenGL 3.3 core loader with glad"
  VERBATIM)
add_library(satlab_glad STATIC ${SATLAB_GLAD_DIR}/src/gl.c)
target_include_directories(satlab_glad SYSTEM PUBLIC ${SATLAB_GLAD_DIR}/include)
target_link_libraries(satlab_glad PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(satlab_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)

# Debian's libimgui.a carries Dear ImGui 1.86 with its GLFW and OpenGL 3 backends.
add_library(satlab_imgui INTERFACE)
target_link_libraries(satlab_imgui INTERFACE PkgConfig::IMGUI glfw)
