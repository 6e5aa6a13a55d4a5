/* collect.h: the collect stage: what each run found, into the audit; findings and
 * notes sorted. */
#ifndef FS_COLLECT_H
#define FS_COLLECT_H

#include "audit.h"

/* Adds what one clang-tidy run in directory `dir`, started at `started`
 * (wall-clock time), found, as its --export-fixes YAML `yaml` (`len`
 * bytes) says: the flagspace findings with their notes and fix-its, and
 * the compile errors (collect/tidy_collect.c). Returns 0; 1 when the YAML
 * cannot be read (nothing added, "line:col: what" in `why`); -1 when out
 * of memory. */
struct timespec;
int audit_collect_run(audit *a, const char *yaml, size_t len,
		      const char *dir, const struct timespec *started,
		      char *why, size_t why_size);
/* The same for the YAML at yaml_path; none there: nothing found. */
int audit_collect_run_file(audit *a, const char *yaml_path, const char *dir,
			   const struct timespec *started, char *why,
			   size_t why_size);
/* Notes, as not analysed, the units first .. first+count-1 that a
 * clang-tidy run's stderr `err` says it skipped ("Skipping <file>.
 * Compile command not found."), counting them in *noted. Returns 0, or -1
 * when out of memory (tidy_skipped.c). */
int audit_parse_skipped(audit *a, const char *err, size_t first,
			size_t count, size_t *noted);
/* Sorts the findings and removes repeats (a header included by several
 * units). */
void audit_sort_findings(audit *a);

/* Sorts notes by file and text and drops repeats. */
void audit_sort_notes(audit_notes *notes);

#endif
