# The web page (included by app/CMakeLists.txt when SATLAB_WEB): satlab.js and
# satlab.wasm beside the project's own index.html and page.js in build-web/site/, the
# folder any static web server can host. (emscripten's .html output is not used: Debian's
# emscripten 3.1.6 fails in its final HTML-minify step.)
set(SATLAB_SITE_DIR ${PROJECT_BINARY_DIR}/site)
set_target_properties(satlab PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${SATLAB_SITE_DIR})
target_link_options(satlab PRIVATE
  -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB
  -sMODULARIZE=1 -sEXPORT_NAME=createSatlab -sENVIRONMENT=web
  -sEXPORTED_RUNTIME_METHODS=[ccall,UTF8ToString,FS]
  -sEXPORTED_FUNCTIONS=[_main,_malloc,_free]
  -sFORCE_FILESYSTEM=1
  -sEXIT_RUNTIME=0
  # The UI's font, as on the desktop (Debian's fonts-dejavu-core), at the same path.
  --embed-file /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf@/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)
foreach(f index.html page.js)
  add_custom_command(TARGET satlab POST_BUILD
                     COMMAND ${CMAKE_COMMAND} -E copy_if_different ${PROJECT_SOURCE_DIR}/web/${f} ${SATLAB_SITE_DIR}/${f}
                     VERBATIM)
endforeach()
target_include_directories(satlab PRIVATE ${PROJECT_SOURCE_DIR}/web)
