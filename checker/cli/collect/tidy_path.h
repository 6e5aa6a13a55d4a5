/* tidy_path.h: a path of clang-tidy's YAML back to the file it names.
 * LLVM's YAML writer ends a string at its first byte that is not UTF-8
 * and writes U+FFFD there: "src/b\xffx.c" comes as "src/b\uFFFD", a path
 * that does not exist, whose offsets no file has. */
#ifndef FS_TIDY_PATH_H
#define FS_TIDY_PATH_H

#include "audit.h"

/* Whether `cut` is `path` as LLVM's YAML writer cuts it (path holds a
 * byte that is not UTF-8). */
int tidy_path_is_cut_of(const char *cut, const char *path);
/* The file a cut path (absolute) stands for, malloc'd: the one unit's
 * file or plan's header it is the cut of, else the one file of its folder
 * (when the cut falls in the last name); NULL when `cut` is not cut short
 * (or is a file's real name), or when none or several match. */
char *tidy_path_recover(const audit *a, const char *cut);

#endif
