/* fs_platform.h: what the systems a unit's program runs on are known to
 * be (fs_call.platform), and versions as numbers. Part of flagspace.h's
 * API, which includes it. */

#ifndef FLAGSPACE_FS_PLATFORM_H
#define FLAGSPACE_FS_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version X.Y.Z as one number that compares as versions do (each part
 * below 1000); 0: not known. */
#define FS_VERSION_OF(x, y, z) \
	((uint32_t)(x) * 1000000u + (uint32_t)(y) * 1000u + (uint32_t)(z))

/* Reads the `len` bytes at `text` as a version "X", "X.Y" or "X.Y.Z"
 * (decimal parts below 1000, X at least 1) into *version. Returns 0, or -1
 * for anything else (nothing is written). */
int fs_version_parse(const char *text, size_t len, uint32_t *version);

/* What is known of the systems a unit's program runs on, as lower bounds
 * (FS_VERSION_OF; 0: nothing known). A program runs with the glibc it was
 * built against or a newer one, so the unit's __GLIBC__ and
 * __GLIBC_MINOR__ are one; the kernel headers say nothing of the kernel it
 * runs on, so the kernel's is the minimum the user targets (the option
 * flagspace.MinimumKernel). The checks take the worst of what remains
 * possible and name the condition. */
typedef struct fs_platform {
	uint32_t glibc;
	uint32_t kernel;
} fs_platform;

#ifdef __cplusplus
}
#endif

#endif
