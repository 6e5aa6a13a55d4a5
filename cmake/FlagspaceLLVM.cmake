# FlagspaceLLVM.cmake: find the Clang/LLVM of one major version and the tools the tests run.
#
# Debian installs each major side by side under /usr/lib/llvm-N, so every search
# here names that directory and nothing else: a build for 14 must never pick up
# the headers, the clang-tidy or the FileCheck of 19.
#
# Input:  FLAGSPACE_LLVM_VERSION (cache; default 14 if installed, else the highest
#         installed major).
# Output: FLAGSPACE_LLVM_MAJOR      the major actually found (equals the input)
#         FLAGSPACE_LLVM_ROOT       /usr/lib/llvm-N
#         LLVM_*, CLANG_*           from find_package(Clang CONFIG), with the
#                                   imported targets (clangTidy, clangAST, ...)
#         FLAGSPACE_CLANG_TIDY      clang-tidy of this major
#         FLAGSPACE_FILECHECK       FileCheck (this major's if installed)
#         FLAGSPACE_LIT             lit's main script, run as `python3 <it>`
#         FLAGSPACE_OTHER_MAJORS    other installed majors that have clang-tidy
#         FLAGSPACE_OTHER_CLANG_TIDY their clang-tidy paths, same order
#         FLAGSPACE_INSTALLED_MAJORS every major with Clang CMake files

set(FLAGSPACE_SUPPORTED_MAJORS 14 19 22)
set(FLAGSPACE_LLVM_PREFIX "/usr/lib" CACHE PATH
    "Directory holding the llvm-N trees (Debian: /usr/lib)")
mark_as_advanced(FLAGSPACE_LLVM_PREFIX)

# Returns in `out` the majors N, ascending, for which `pattern` (with @N@ standing
# for the major) names an existing file.
function(flagspace_installed_majors out pattern)
  string(REPLACE "@N@" "*" glob "${pattern}")
  file(GLOB hits LIST_DIRECTORIES false "${glob}")
  string(REPLACE "@N@" "([0-9]+)" regex "${pattern}")
  set(majors "")
  foreach(hit IN LISTS hits)
    if(hit MATCHES "^${regex}$")
      list(APPEND majors "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  list(SORT majors COMPARE NATURAL)
  set(${out} "${majors}" PARENT_SCOPE)
endfunction()

flagspace_installed_majors(FLAGSPACE_INSTALLED_MAJORS
  "${FLAGSPACE_LLVM_PREFIX}/llvm-@N@/lib/cmake/clang/ClangConfig.cmake")

# The default is decided once, on the first configure; the cache keeps it.
if(NOT DEFINED CACHE{FLAGSPACE_LLVM_VERSION})
  set(default_major "")
  if("14" IN_LIST FLAGSPACE_INSTALLED_MAJORS)
    set(default_major 14)
  elseif(FLAGSPACE_INSTALLED_MAJORS)
    list(GET FLAGSPACE_INSTALLED_MAJORS -1 default_major)
  endif()
  if(default_major STREQUAL "")
    message(FATAL_ERROR
      "flagspace: no Clang development files found under ${FLAGSPACE_LLVM_PREFIX}/llvm-N\n"
      "Install them, e.g. `sh cmake/setup.sh demo` (or apt-get install libclang-14-dev "
      "llvm-14-dev llvm-14-tools clang-tidy-14 clang-14), or pass -DFLAGSPACE_LLVM_VERSION=N.")
  endif()
  set(FLAGSPACE_LLVM_VERSION "${default_major}" CACHE STRING
      "LLVM/Clang major to build the clang-tidy module for (14, 19 or 22)")
endif()
set_property(CACHE FLAGSPACE_LLVM_VERSION PROPERTY STRINGS ${FLAGSPACE_SUPPORTED_MAJORS})

set(V "${FLAGSPACE_LLVM_VERSION}")
if(NOT V MATCHES "^[0-9]+$")
  message(FATAL_ERROR
    "flagspace: FLAGSPACE_LLVM_VERSION must be a major version such as 14, 19 or 22, "
    "not '${V}'")
endif()
if(NOT V IN_LIST FLAGSPACE_SUPPORTED_MAJORS)
  message(WARNING
    "flagspace: LLVM ${V} is not one of the tested majors (${FLAGSPACE_SUPPORTED_MAJORS})")
endif()
set(FLAGSPACE_LLVM_ROOT "${FLAGSPACE_LLVM_PREFIX}/llvm-${V}")

# Changing FLAGSPACE_LLVM_VERSION in an existing build directory must not keep
# the package directories and tool paths cached for the old major.
if(DEFINED CACHE{FLAGSPACE_LLVM_CACHED_FOR} AND
   NOT FLAGSPACE_LLVM_CACHED_FOR STREQUAL V)
  message(STATUS "flagspace: LLVM major changed from ${FLAGSPACE_LLVM_CACHED_FOR} to ${V}; "
                 "forgetting the old paths")
  foreach(var Clang_DIR LLVM_DIR FLAGSPACE_CLANG_TIDY FLAGSPACE_FILECHECK FLAGSPACE_LIT)
    unset(${var} CACHE)
  endforeach()
endif()
set(FLAGSPACE_LLVM_CACHED_FOR "${V}" CACHE INTERNAL "major the cached LLVM paths belong to")

find_package(Clang CONFIG QUIET
  HINTS "${FLAGSPACE_LLVM_ROOT}/lib/cmake/clang"
  NO_DEFAULT_PATH)
if(NOT Clang_FOUND)
  if(FLAGSPACE_INSTALLED_MAJORS)
    set(have "installed majors: ${FLAGSPACE_INSTALLED_MAJORS}")
  else()
    set(have "no major is installed")
  endif()
  message(FATAL_ERROR
    "flagspace: Clang ${V} development files not found in ${FLAGSPACE_LLVM_ROOT}/lib/cmake/clang "
    "(${have})\n"
    "Install them with `sh cmake/setup.sh` or apt-get install libclang-${V}-dev llvm-${V}-dev, "
    "or choose another major with -DFLAGSPACE_LLVM_VERSION=N.")
endif()
if(NOT LLVM_VERSION_MAJOR STREQUAL V)
  message(FATAL_ERROR
    "flagspace: asked for LLVM ${V} but ${Clang_DIR} belongs to LLVM ${LLVM_PACKAGE_VERSION} "
    "(LLVM_DIR=${LLVM_DIR}). Remove the build directory or set -DFLAGSPACE_LLVM_VERSION="
    "${LLVM_VERSION_MAJOR}.")
endif()
set(FLAGSPACE_LLVM_MAJOR "${LLVM_VERSION_MAJOR}")
message(STATUS "flagspace: Clang ${LLVM_PACKAGE_VERSION} from ${Clang_DIR}")

# ---- tools ----------------------------------------------------------------

# Returns in `out` the major of the LLVM tool `exe` from its --version output,
# or an empty string when it cannot be run.
function(flagspace_tool_major out exe)
  execute_process(COMMAND "${exe}" --version
                  OUTPUT_VARIABLE text ERROR_VARIABLE text RESULT_VARIABLE rc)
  set(major "")
  if(rc EQUAL 0 AND text MATCHES "LLVM version ([0-9]+)")
    set(major "${CMAKE_MATCH_1}")
  endif()
  set(${out} "${major}" PARENT_SCOPE)
endfunction()

find_program(FLAGSPACE_CLANG_TIDY NAMES clang-tidy
  HINTS "${LLVM_TOOLS_BINARY_DIR}" "${FLAGSPACE_LLVM_ROOT}/bin"
  NO_DEFAULT_PATH
  DOC "clang-tidy of the LLVM major flagspace-tidy is built for")
if(FLAGSPACE_CLANG_TIDY)
  flagspace_tool_major(tidy_major "${FLAGSPACE_CLANG_TIDY}")
  if(NOT tidy_major STREQUAL V)
    message(FATAL_ERROR
      "flagspace: ${FLAGSPACE_CLANG_TIDY} reports LLVM major '${tidy_major}', expected ${V}")
  endif()
endif()

# FileCheck's behaviour hardly changes between majors, but this major's comes first.
set(filecheck_hints "${LLVM_TOOLS_BINARY_DIR}" "${FLAGSPACE_LLVM_ROOT}/bin")
set(lit_hints
  "${FLAGSPACE_LLVM_ROOT}/build/utils/lit/lit.py"   # Debian llvm-N-tools up to 19
  "${FLAGSPACE_LLVM_ROOT}/bin/lit")                 # Debian llvm-N-tools from 20 on
flagspace_installed_majors(tool_majors "${FLAGSPACE_LLVM_PREFIX}/llvm-@N@/bin/FileCheck")
list(REVERSE tool_majors)
foreach(m IN LISTS tool_majors)
  list(APPEND filecheck_hints "${FLAGSPACE_LLVM_PREFIX}/llvm-${m}/bin")
  list(APPEND lit_hints "${FLAGSPACE_LLVM_PREFIX}/llvm-${m}/build/utils/lit/lit.py"
                        "${FLAGSPACE_LLVM_PREFIX}/llvm-${m}/bin/lit")
endforeach()

find_program(FLAGSPACE_FILECHECK NAMES FileCheck
  HINTS ${filecheck_hints}
  NO_DEFAULT_PATH
  DOC "FileCheck used by the lit tests")
if(NOT FLAGSPACE_FILECHECK)
  find_program(FLAGSPACE_FILECHECK NAMES FileCheck FileCheck-${V})
endif()

if(NOT FLAGSPACE_LIT)
  foreach(candidate IN LISTS lit_hints)
    if(EXISTS "${candidate}")
      set(FLAGSPACE_LIT "${candidate}" CACHE FILEPATH "lit's main script (a Python file)")
      break()
    endif()
  endforeach()
endif()
if(NOT FLAGSPACE_LIT)
  find_program(FLAGSPACE_LIT NAMES lit llvm-lit DOC "lit's main script (a Python file)")
endif()

# Other installed majors' clang-tidy, for the test that loads the plugin into
# the wrong clang-tidy. Not cached: it follows what is installed.
flagspace_installed_majors(tidy_majors "${FLAGSPACE_LLVM_PREFIX}/llvm-@N@/bin/clang-tidy")
set(FLAGSPACE_OTHER_MAJORS "")
set(FLAGSPACE_OTHER_CLANG_TIDY "")
foreach(m IN LISTS tidy_majors)
  if(NOT m STREQUAL V)
    list(APPEND FLAGSPACE_OTHER_MAJORS "${m}")
    list(APPEND FLAGSPACE_OTHER_CLANG_TIDY "${FLAGSPACE_LLVM_PREFIX}/llvm-${m}/bin/clang-tidy")
  endif()
endforeach()

message(STATUS "flagspace: clang-tidy ${FLAGSPACE_CLANG_TIDY}")
message(STATUS "flagspace: FileCheck  ${FLAGSPACE_FILECHECK}")
message(STATUS "flagspace: lit        ${FLAGSPACE_LIT}")
message(STATUS "flagspace: clang-tidy of other majors: ${FLAGSPACE_OTHER_MAJORS}")


# ---- compile settings for code that includes Clang headers -----------------

# flagspace_llvm_headers: what a translation unit including clang-tidy's and
# Clang's headers needs (include directories, LLVM's definitions, RTTI as LLVM
# was built). It links nothing: in a clang-tidy plugin every LLVM/Clang symbol
# comes from the clang-tidy process that loads it.
add_library(flagspace_llvm_headers INTERFACE)
target_include_directories(flagspace_llvm_headers SYSTEM INTERFACE
  ${LLVM_INCLUDE_DIRS}
  ${CLANG_INCLUDE_DIRS})
separate_arguments(flagspace_llvm_defs UNIX_COMMAND "${LLVM_DEFINITIONS}")
target_compile_options(flagspace_llvm_headers INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:${flagspace_llvm_defs}>)
if(NOT LLVM_ENABLE_RTTI)
  target_compile_options(flagspace_llvm_headers INTERFACE
    $<$<COMPILE_LANGUAGE:CXX>:-fno-rtti>)
endif()
target_compile_features(flagspace_llvm_headers INTERFACE cxx_std_17)

# Clang's built-in headers (stddef.h, ...): a tool linked from Clang's
# libraries looks for them at <its directory>/../lib/clang/N, which is right
# for Debian's own binaries in /usr/lib/llvm-N/bin only. flagspace-clangd and
# flagspace-runner pass this directory (libclang-common-N-dev) instead.
# LLVM 15 and older name it by the full version (lib/clang/14.0.6).
set(flagspace_resource_dir "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}")
if(NOT EXISTS "${flagspace_resource_dir}")
  set(flagspace_resource_dir "${LLVM_LIBRARY_DIR}/clang/${LLVM_PACKAGE_VERSION}")
endif()
set(FLAGSPACE_CLANG_RESOURCE_DIR "${flagspace_resource_dir}"
  CACHE PATH "Clang resource directory flagspace-clangd and flagspace-runner pass")
# Stops the configuration when that directory has no built-in headers.
function(flagspace_check_resource_dir)
  if(NOT EXISTS "${FLAGSPACE_CLANG_RESOURCE_DIR}/include/stddef.h")
    message(FATAL_ERROR
      "flagspace: Clang's resource directory '${FLAGSPACE_CLANG_RESOURCE_DIR}' has no "
      "include/stddef.h; install libclang-common-${LLVM_VERSION_MAJOR}-dev or set "
      "-DFLAGSPACE_CLANG_RESOURCE_DIR=<dir>")
  endif()
endfunction()

# A program of ours linked with Clang's libraries (flagspace-clangd-N,
# flagspace-runner-N): named Name, C++17, warnings on, told its name, the
# flagspace version and the resource directory above.
function(flagspace_llvm_program target name)
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME "${name}"
    CXX_STANDARD 17
    CXX_STANDARD_REQUIRED ON
    CXX_EXTENSIONS OFF)
  string(MAKE_C_IDENTIFIER "${target}" macro)
  string(TOUPPER "${macro}" macro)
  target_compile_definitions(${target} PRIVATE
    "FLAGSPACE_VERSION=\"${PROJECT_VERSION}\""
    "${macro}_NAME=\"${name}\""
    "FLAGSPACE_CLANG_RESOURCE_DIR=\"${FLAGSPACE_CLANG_RESOURCE_DIR}\"")
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra)
  endif()
endfunction()

# Installs it into bindir with its manual page, made from Page (in the
# calling folder; CMake's @VARIABLES@ filled in) as <its name>.1, both in
# Component.
function(flagspace_install_program target page component)
  get_target_property(name ${target} OUTPUT_NAME)
  install(TARGETS ${target} RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
    COMPONENT ${component})
  configure_file(${page} "${CMAKE_CURRENT_BINARY_DIR}/${name}.1" @ONLY)
  flagspace_install_gzipped("${CMAKE_CURRENT_BINARY_DIR}/${name}.1"
    DESTINATION "${CMAKE_INSTALL_MANDIR}/man1"
    COMPONENT ${component})
endfunction()

unset(V)
