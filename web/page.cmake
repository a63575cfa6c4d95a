# The web page (included by app/CMakeLists.txt when SATLAB_WEB): satlab.js and
# satlab.wasm beside the project's own index.html and page.js in build-web/site/, the
# folder any static web server can host. (emscripten's .html output is not used: Debian's
# emscripten 3.1.6 fails in its final HTML-minify step.)
set(SATLAB_SITE_DIR ${PROJECT_BINARY_DIR}/site)
set_target_properties(satlab PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${SATLAB_SITE_DIR})

# The CJK font of the page, cut at build time from Debian's fonts-wqy-microhei (5 MB, 21,000
# glyphs) to GB2312's characters and those of the shipped scenes and lessons (their Chinese
# titles and notes), the tests' lessons and the catalogs (po/*.po: every translated message
# of the window, and of the page) (tools/cjk_subset_text.py), so that a Chinese page draws
# every glyph it shows, by pyftsubset (Debian's python3-fonttools, run by Debian's own
# Python, which has it): about 1.25 MB, 0.66 MB gzipped. No font file is committed.
set(SATLAB_CJK_FONT_SOURCE /usr/share/fonts/truetype/wqy/wqy-microhei.ttc)
set(SATLAB_CJK_SUBSET ${PROJECT_BINARY_DIR}/fonts/wqy-microhei-subset.ttf)
find_program(SATLAB_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
file(GLOB SATLAB_SUBSET_SCENES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/scenes/*.json
     ${PROJECT_SOURCE_DIR}/scenes/*/*.json ${PROJECT_SOURCE_DIR}/tests/app/data/*.json
     ${PROJECT_SOURCE_DIR}/po/*.po)
add_custom_command(
  OUTPUT ${SATLAB_CJK_SUBSET}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/fonts
  COMMAND ${SATLAB_DEBIAN_PYTHON} ${PROJECT_SOURCE_DIR}/tools/cjk_subset_text.py
          ${PROJECT_BINARY_DIR}/fonts/cjk-subset.txt ${SATLAB_SUBSET_SCENES}
  COMMAND ${SATLAB_DEBIAN_PYTHON} -m fontTools.subset ${SATLAB_CJK_FONT_SOURCE} --font-number=0
          --text-file=${PROJECT_BINARY_DIR}/fonts/cjk-subset.txt --no-hinting --output-file=${SATLAB_CJK_SUBSET}
  DEPENDS ${SATLAB_CJK_FONT_SOURCE} ${PROJECT_SOURCE_DIR}/tools/cjk_subset_text.py ${SATLAB_SUBSET_SCENES}
  COMMENT "Cutting the page's CJK font to GB2312 and the scenes' and catalogs' characters"
  VERBATIM)
add_custom_target(satlab_cjk_subset DEPENDS ${SATLAB_CJK_SUBSET})
add_dependencies(satlab satlab_cjk_subset)
set_property(TARGET satlab APPEND PROPERTY LINK_DEPENDS ${SATLAB_CJK_SUBSET})
target_link_options(satlab PRIVATE
  -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB
  -sMODULARIZE=1 -sEXPORT_NAME=createSatlab -sENVIRONMENT=web
  -sEXPORTED_RUNTIME_METHODS=[ccall,UTF8ToString,FS]
  -sEXPORTED_FUNCTIONS=[_main,_malloc,_free]
  -sFORCE_FILESYSTEM=1
  -sEXIT_RUNTIME=0
  # The UI's font, as on the desktop (Debian's fonts-dejavu-core), at the same path.
  # (SHELL: keeps each option with its file: CMake drops a repeated option.)
  "SHELL:--embed-file /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf@/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  # Its CJK glyphs: a subset of WenQuanYi Micro Hei (below), where ui/font_atlas.cpp looks.
  "SHELL:--embed-file ${SATLAB_CJK_SUBSET}@/fonts/wqy-microhei-subset.ttf")
# The page's own text in its languages (web/page_text.py): page_text.js, the catalogs'
# translations of page.js's messages, which the page loads before page.js; and index.html,
# its <noscript> text in every language. The catalogs stay the one place of translations.
set(SATLAB_PAGE_CATALOGS ${PROJECT_SOURCE_DIR}/po/ru.po ${PROJECT_SOURCE_DIR}/po/zh_CN.po)
add_custom_command(
  OUTPUT ${SATLAB_SITE_DIR}/page_text.js ${SATLAB_SITE_DIR}/index.html
  COMMAND ${SATLAB_DEBIAN_PYTHON} ${PROJECT_SOURCE_DIR}/web/page_text.py ${PROJECT_SOURCE_DIR}/web/page.js
          ${PROJECT_SOURCE_DIR}/web/index.html ${SATLAB_SITE_DIR}
          ru=${PROJECT_SOURCE_DIR}/po/ru.po zh=${PROJECT_SOURCE_DIR}/po/zh_CN.po
  DEPENDS ${PROJECT_SOURCE_DIR}/web/page_text.py ${PROJECT_SOURCE_DIR}/web/page.js ${PROJECT_SOURCE_DIR}/web/index.html
          ${SATLAB_PAGE_CATALOGS}
  COMMENT "Writing the page's text in its languages (page_text.js, index.html)"
  VERBATIM)
add_custom_target(satlab_page_text DEPENDS ${SATLAB_SITE_DIR}/page_text.js ${SATLAB_SITE_DIR}/index.html)
add_dependencies(satlab satlab_page_text)
add_custom_command(TARGET satlab POST_BUILD
                   COMMAND ${CMAKE_COMMAND} -E copy_if_different ${PROJECT_SOURCE_DIR}/web/page.js ${SATLAB_SITE_DIR}/page.js
                   VERBATIM)
target_include_directories(satlab PRIVATE ${PROJECT_SOURCE_DIR}/web)
