# FlagspacePackaging.cmake: the Debian packages of a build, with CPack's DEB
# generator (checker/docs/packaging.md):
#
#   flagspace            the command, its man page, the rules, flagspaceConfig.cmake
#   flagspace-tidy-N     the clang-tidy plugin of LLVM major N (flagspace-tidy-N.cmake)
#   flagspace-clangd-N   flagspace-clangd-N, where this build has it
#
#   cmake -S . -B build/llvm-19 -G Ninja -DFLAGSPACE_LLVM_VERSION=19 -DCMAKE_INSTALL_PREFIX=/usr
#   cmake --build build/llvm-19 --target package      # build/llvm-19/packages/*.deb
#
# The prefix must be /usr: it decides the Debian library folder
# (lib/x86_64-linux-gnu) and the path from bin to the plugins that the
# command carries; packaging another prefix's build is an error.

set(FLAGSPACE_PACKAGE_CONTACT
  "flagspace maintainers <maintainers@users.noreply.a-seed-677aecdf.example>"
  CACHE STRING "Maintainer field of the Debian packages")

# Every package carries the copyright file and the changelog under its own
# name.
set(flagspace_packages flagspace)
set(flagspace_components flagspace)
if(TARGET flagspace-tidy)
  list(APPEND flagspace_packages "flagspace-tidy-${FLAGSPACE_LLVM_MAJOR}")
  list(APPEND flagspace_components tidy)
endif()
if(TARGET flagspace-clangd)
  list(APPEND flagspace_packages "flagspace-clangd-${FLAGSPACE_LLVM_MAJOR}")
  list(APPEND flagspace_components clangd)
endif()

# The changelog's newest entry is the package version: a new version needs
# an entry (Debian's rule).
file(STRINGS "${PROJECT_SOURCE_DIR}/cmake/packaging/changelog" flagspace_changelog_top
  LIMIT_COUNT 1)
if(NOT flagspace_changelog_top MATCHES "^flagspace \\(${PROJECT_VERSION}\\) ")
  message(FATAL_ERROR "flagspace: cmake/packaging/changelog begins with "
    "'${flagspace_changelog_top}', not with version ${PROJECT_VERSION}: add an entry "
    "for it (the Debian packages take their version from the project)")
endif()

foreach(package component IN ZIP_LISTS flagspace_packages flagspace_components)
  install(FILES "${PROJECT_SOURCE_DIR}/cmake/packaging/copyright"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/${package}"
    COMPONENT ${component})
  flagspace_install_gzipped("${PROJECT_SOURCE_DIR}/cmake/packaging/changelog"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/${package}"
    COMPONENT ${component})
endforeach()

set(N "${FLAGSPACE_LLVM_MAJOR}")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME flagspace)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "${FLAGSPACE_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# CPack would put the project's DESCRIPTION in front of each package's own
# synopsis (CPackDeb.cmake): each package has its own below.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL ${flagspace_components})
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_DEBIAN_FLAGSPACE_PACKAGE_NAME flagspace)
# The prefilter asks clang-N for its include folders and macros
# (checker/cli/plan/prefilter.c); flagspace-pre-commit is Python; audit
# needs a plugin, and `audit -- <build>` bear (checker/cli/build/), which
# `audit -p` does without.
set(CPACK_DEBIAN_FLAGSPACE_PACKAGE_DEPENDS "clang-${N}, python3")
set(CPACK_DEBIAN_FLAGSPACE_PACKAGE_RECOMMENDS "flagspace-tidy-${N}, bear")
set(CPACK_DEBIAN_FLAGSPACE_DESCRIPTION
"static checker for Linux flag arguments passed to the wrong call
flagspace type-checks the untyped flag arguments of the Linux API: open(),
the *at() calls, openat2(), fcntl() and more take flags from namespaces
(O_*, AT_*, RESOLVE_*, FD_*...) that share one C type and whose values
collide, so the compiler accepts AT_SYMLINK_NOFOLLOW where open() reads
O_NOCTTY.

This package holds the flagspace command (audit a whole compile database,
explain a flag, decode a value, check a rules file), its rules and the
CMake package configuration. The checks themselves run in clang-tidy:
install flagspace-tidy-N for clang-tidy of LLVM major N.")

set(CPACK_DEBIAN_TIDY_PACKAGE_NAME "flagspace-tidy-${N}")
# flagspace-runner-N finds Clang's built-in headers there, as clang-tidy-N.
set(CPACK_DEBIAN_TIDY_PACKAGE_DEPENDS "clang-tidy-${N}, libclang-common-${N}-dev")
# flagspace audit shares headers through PCHs built by clang-N, with the
# files each unit opens listed by clang-scan-deps-N (clang-tools-N).
set(CPACK_DEBIAN_TIDY_PACKAGE_RECOMMENDS
  "flagspace (= ${PROJECT_VERSION}), clang-${N}, clang-tools-${N}")
set(CPACK_DEBIAN_TIDY_DESCRIPTION
"flagspace checks as a plugin for clang-tidy ${N}
flagspace type-checks the untyped flag arguments of the Linux API: open(),
the *at() calls, openat2(), fcntl() and more take flags from namespaces
(O_*, AT_*, RESOLVE_*, FD_*...) that share one C type and whose values
collide.

This package holds the flagspace-* checks as a module for clang-tidy of
LLVM ${N} (clang-tidy-${N} --load=.../flagspace-tidy-${N}.so), used by
builds that run clang-tidy, and flagspace-runner-${N}: clang-tidy ${N} with
the checks built in, which parses only the function bodies that can hold a
finding, used by flagspace audit. The packages of several LLVM majors
install side by side.")

set(CPACK_DEBIAN_CLANGD_PACKAGE_NAME "flagspace-clangd-${N}")
# Clang's built-in headers (stddef.h...), which clangd does not find beside
# the binary as it does for /usr/lib/llvm-N/bin/clangd.
set(CPACK_DEBIAN_CLANGD_PACKAGE_DEPENDS "libclang-common-${N}-dev")
set(CPACK_DEBIAN_CLANGD_DESCRIPTION
"clangd ${N} with the flagspace checks built in, for editors
flagspace type-checks the untyped flag arguments of the Linux API: open(),
the *at() calls, openat2(), fcntl() and more take flags from namespaces
(O_*, AT_*, RESOLVE_*, FD_*...) that share one C type and whose values
collide.

Stock clangd cannot load clang-tidy plugins. This package holds
flagspace-clangd-${N}: Debian's clangd of LLVM ${N} with the flagspace-*
checks compiled in, their diagnostics and fix-its shown in the editor.")

# Refuse to package a build whose layout is not Debian's.
set(CPACK_PROJECT_CONFIG_FILE "${PROJECT_BINARY_DIR}/FlagspaceCPackCheck.cmake")
file(WRITE "${CPACK_PROJECT_CONFIG_FILE}"
"# Written by cmake/FlagspacePackaging.cmake.
if(NOT \"${CMAKE_INSTALL_PREFIX}\" STREQUAL \"/usr\")
  message(FATAL_ERROR \"flagspace: Debian packages need a build configured with \"
    \"-DCMAKE_INSTALL_PREFIX=/usr (this one has ${CMAKE_INSTALL_PREFIX})\")
endif()
")

include(CPack)
