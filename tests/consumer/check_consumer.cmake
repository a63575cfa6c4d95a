# Builds and runs the project in tests/consumer/ against satlab's collision core and its
# recording library, one way:
#   cmake -DMODE=install|subdirectory -DSATLAB_SOURCE_DIR=... -DSATLAB_BINARY_DIR=...
#         -DWORK_DIR=... -DGENERATOR=... [-DMAKE_PROGRAM=...] -DCXX_COMPILER=...
#         [-DC_COMPILER=...] [-DLAUNCHER=...] [-DBUILD_TYPE=...] [-DEXTRA_FLAGS=...]
#         [-DWERROR=ON] -P check_consumer.cmake
# install       cmake --install of the build tree SATLAB_BINARY_DIR (components "collide"
#               and "record") into WORK_DIR/prefix, then find_package(satlab) from there;
# subdirectory  add_subdirectory(SATLAB_SOURCE_DIR), which must configure the core alone:
#               none of the app's, tests' or benchmarks' dependencies is looked for.
# Either way the consumer must build, its programs (the core's, and a C and a C++ program
# that record two frames each) must exit 0, and a file including
# "document/scene.hpp" must fail to compile for want of that header. Any failure is fatal.
cmake_minimum_required(VERSION 3.22)

foreach(var MODE SATLAB_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "check_consumer.cmake: -D${var}=... is required")
  endif()
endforeach()

set(consumer_src ${SATLAB_SOURCE_DIR}/tests/consumer)
set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs a command; on a non-zero exit prints its output and fails with WHAT.
function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit ${rc}):\n${ARGN}\n${out}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(configure_args -S ${consumer_src} -B ${build} -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
if(C_COMPILER)
  list(APPEND configure_args -DCMAKE_C_COMPILER=${C_COMPILER})  # the consumer's C program, satlab's project()
endif()
if(MAKE_PROGRAM)
  list(APPEND configure_args -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
if(LAUNCHER)
  list(APPEND configure_args -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER} -DCMAKE_C_COMPILER_LAUNCHER=${LAUNCHER})
endif()
if(BUILD_TYPE)
  list(APPEND configure_args -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
endif()
if(EXTRA_FLAGS)
  # The sanitizer build: its core is instrumented, so the consumer compiles and links the same way.
  list(APPEND configure_args "-DCMAKE_CXX_FLAGS=${EXTRA_FLAGS}" "-DCMAKE_C_FLAGS=${EXTRA_FLAGS}"
       "-DCMAKE_EXE_LINKER_FLAGS=${EXTRA_FLAGS}")
endif()

if(MODE STREQUAL "install")
  if(NOT SATLAB_BINARY_DIR)
    message(FATAL_ERROR "check_consumer.cmake: MODE=install needs -DSATLAB_BINARY_DIR=...")
  endif()
  foreach(component collide record)
    run_step("cmake --install of ${SATLAB_BINARY_DIR} (${component})"
             ${CMAKE_COMMAND} --install ${SATLAB_BINARY_DIR} --component ${component} --prefix ${prefix})
  endforeach()
  # The core's headers are installed under satlab/ and nothing else is.
  file(GLOB installed_includes RELATIVE ${prefix}/include ${prefix}/include/*)
  if(NOT installed_includes STREQUAL "satlab")
    message(FATAL_ERROR "expected only include/satlab in the installed prefix, found: ${installed_includes}")
  endif()
  foreach(header collide.hpp record.h record.hpp)
    if(NOT EXISTS ${prefix}/include/satlab/${header})
      message(FATAL_ERROR "the installed prefix has no include/satlab/${header}")
    endif()
  endforeach()
  list(APPEND configure_args -DCMAKE_PREFIX_PATH=${prefix})
elseif(MODE STREQUAL "subdirectory")
  if(WERROR)
    list(APPEND configure_args -DSATLAB_WERROR=ON)
  endif()
  list(APPEND configure_args -DSATLAB_SOURCE=${SATLAB_SOURCE_DIR})
else()
  message(FATAL_ERROR "check_consumer.cmake: MODE must be install or subdirectory, not '${MODE}'")
endif()

run_step("configuring the consumer (${MODE})" ${CMAKE_COMMAND} ${configure_args})
set(configure_log "${step_output}")
file(READ ${build}/CMakeCache.txt cache)

if(MODE STREQUAL "install")
  # The package came from the prefix just installed, not from anywhere else.
  string(REGEX MATCH "satlab_DIR:PATH=[^\n]*" found "${cache}")
  string(FIND "${found}" "=${prefix}/" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "find_package(satlab) did not use ${prefix}: ${found}")
  endif()
else()
  # Nothing beyond GLM was looked for: every find_package and find_program leaves a cache
  # entry, and none of the app's, tests' or benchmarks' may be there.
  foreach(entry nlohmann_json_DIR CLI11_DIR GTest_DIR benchmark_DIR glfw3_DIR OPENGL_INCLUDE_DIR
                PKG_CONFIG_EXECUTABLE GLAD_EXECUTABLE XVFB_RUN)
    string(REGEX MATCH "(^|\n)${entry}:[A-Z]+=[^\n]*" hit "${cache}")
    if(hit)
      message(FATAL_ERROR "satlab added as a subdirectory looked for a dependency of the app or tests:${hit}")
    endif()
  endforeach()
  foreach(option SATLAB_BUILD_APP SATLAB_BUILD_TESTS SATLAB_BUILD_BENCH SATLAB_INSTALL)
    if(NOT cache MATCHES "\n${option}:BOOL=OFF\n")
      message(FATAL_ERROR "satlab added as a subdirectory: ${option} is not OFF by default")
    endif()
  endforeach()
  if(configure_log MATCHES "nlohmann|CLI11|GTest|GoogleTest|glfw|Xvfb|xvfb")
    message(FATAL_ERROR "the configure log names a dependency of the app or tests:\n${configure_log}")
  endif()
endif()

run_step("building the consumer (${MODE})" ${CMAKE_COMMAND} --build ${build})
run_step("running the consumer (${MODE})" ${build}/consumer)
message(STATUS "${step_output}")
foreach(program consumer_record_c consumer_record_cpp)
  run_step("running ${program} (${MODE})" ${build}/${program} ${WORK_DIR}/${program}.jsonl)
  message(STATUS "${step_output}")
endforeach()

# A core user cannot reach the scene layer. The header is there in the checkout, so the
# compile can only fail for want of an include path.
if(NOT EXISTS ${SATLAB_SOURCE_DIR}/src/document/scene.hpp)
  message(FATAL_ERROR "src/document/scene.hpp is gone: tests/consumer/scene_include.cpp must include another scene header")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${build} --target consumer_scene_include
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
  message(FATAL_ERROR "a file including \"document/scene.hpp\" compiled against satlab::collide alone (${MODE})")
endif()
if(NOT out MATCHES "document/scene\\.hpp")
  message(FATAL_ERROR "consumer_scene_include failed, but not for want of document/scene.hpp:\n${out}")
endif()
message(STATUS "satlab::collide and satlab::record (${MODE}): consumers built and right; document/scene.hpp not reachable")
