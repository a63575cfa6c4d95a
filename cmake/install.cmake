# Install rules (SATLAB_INSTALL). Component "collide": the collision core as a CMake
# package, so that another project can write
#   find_package(satlab CONFIG REQUIRED)
#   target_link_libraries(mytarget PRIVATE satlab::collide)
# after `cmake --install BUILD --prefix PREFIX` (docs/embedding.md). Component "record": the
# recording client library, satlab::record, in the same package (its own export file, so
# either component may be installed without the other). Component "app": the
# satlab executable, when it is built (it embeds its shaders and scenes, so the binary is
# all it needs). The scene, render and ui layers, the tests and the benchmarks are not
# installed.
include(CMakePackageConfigHelpers)

set(SATLAB_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/satlab)

install(TARGETS satlab_collide EXPORT satlabTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT collide
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT collide)
# <satlab/collide.hpp> and <satlab/collide/*.hpp>: the core's include tree, nothing else.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/collide/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT collide
        FILES_MATCHING PATTERN "*.hpp")
install(EXPORT satlabTargets NAMESPACE satlab:: DESTINATION ${SATLAB_INSTALL_CMAKEDIR}
        COMPONENT collide)

if(TARGET satlab_record)  # not in the fuzz build
  install(TARGETS satlab_record EXPORT satlabRecordTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT record
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT record)
  # <satlab/record.h> (C) and <satlab/record.hpp> (C++).
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/record/include/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT record
          FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp")
  install(EXPORT satlabRecordTargets NAMESPACE satlab:: DESTINATION ${SATLAB_INSTALL_CMAKEDIR}
          COMPONENT record)
endif()

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/satlabConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/satlabConfig.cmake
                              INSTALL_DESTINATION ${SATLAB_INSTALL_CMAKEDIR})
# 0.x: a minor version may change the API, so only the same major.minor matches.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/satlabConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
# The package files come with either component.
foreach(component collide record)
  install(FILES ${PROJECT_BINARY_DIR}/satlabConfig.cmake ${PROJECT_BINARY_DIR}/satlabConfigVersion.cmake
          DESTINATION ${SATLAB_INSTALL_CMAKEDIR} COMPONENT ${component})
endforeach()

if(SATLAB_BUILD_APP)
  install(TARGETS satlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT app)
endif()
