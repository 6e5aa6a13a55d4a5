/* first_error.h: the first error line of a failed run's output. */
#ifndef FS_FIRST_ERROR_H
#define FS_FIRST_ERROR_H

#include <stddef.h>

/* The first "error: " line of a failed run, in stdout (`out`) then stderr
 * (`err`), either NULL: never clang's count line ("1 error generated."),
 * without clang-tidy's " [clang-diagnostic-...]"; else stderr's first
 * line. */
void audit_first_error(const char *out, const char *err, char *buf,
		       size_t size);

#endif
