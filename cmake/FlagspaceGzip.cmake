# FlagspaceGzip.cmake: installs a file gzip'd as Debian wants man pages and
# changelogs (gzip -9n: best compression, no name or time stamp, so that two
# builds of one source give the same bytes).
#
#   flagspace_install_gzipped(<file> DESTINATION <dir> COMPONENT <component>
#                             [RENAME <name>])
#
# installs <dir>/<name>.gz (<name> defaults to the file's own name).

find_program(FLAGSPACE_GZIP gzip REQUIRED)

function(flagspace_install_gzipped file)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "DESTINATION;COMPONENT;RENAME" "")
  get_filename_component(file "${file}" ABSOLUTE)
  if(NOT arg_RENAME)
    get_filename_component(arg_RENAME "${file}" NAME)
  endif()
  # One folder per component: the changelog goes to each package under its
  # own name, and the build directory must not hold two changelog.gz.
  set(out "${PROJECT_BINARY_DIR}/gzipped/${arg_COMPONENT}/${arg_RENAME}.gz")
  file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/gzipped/${arg_COMPONENT}")
  add_custom_command(OUTPUT "${out}"
    COMMAND "${FLAGSPACE_GZIP}" -9n -c "${file}" > "${out}"
    DEPENDS "${file}"
    COMMENT "gzip ${arg_RENAME}"
    VERBATIM)
  string(MAKE_C_IDENTIFIER "gzip_${arg_COMPONENT}_${arg_DESTINATION}_${arg_RENAME}" target)
  add_custom_target(${target} ALL DEPENDS "${out}")
  install(FILES "${out}" DESTINATION "${arg_DESTINATION}" COMPONENT "${arg_COMPONENT}")
endfunction()
