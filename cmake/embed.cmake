# satlab_embed_files(<output.cpp> FUNCTION <name> HEADER <path.hpp> COMMENT <text> FILES <file>...)
# generates <output.cpp> at build time with tools/embed_files.cmake: the files as {name, text}
# pairs returned by `const std::vector<EmbeddedFile>& <name>()` (base/embedded_file.hpp),
# generated again when one of them changes. The shaders, the built-in scenes and the
# translation catalogs are embedded so; add the output to the library's sources.
function(satlab_embed_files output)
  cmake_parse_arguments(E "" "FUNCTION;HEADER;COMMENT" "FILES" ${ARGN})
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} "-DFILES=${E_FILES}" -DFUNCTION=${E_FUNCTION} -DHEADER=${E_HEADER} -DOUTPUT=${output}
            -P ${PROJECT_SOURCE_DIR}/tools/embed_files.cmake
    DEPENDS ${E_FILES} ${PROJECT_SOURCE_DIR}/tools/embed_files.cmake
    COMMENT "${E_COMMENT}"
    VERBATIM)
endfunction()
