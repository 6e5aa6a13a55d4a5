/* fnv.h: FNV-1a, the one hash of names, keys, lines and file contents, for
 * the engine and the command line alike. Not for adversaries: a table keyed
 * by hostile text must still compare whole keys (every user does). */
#ifndef FS_BASE_FNV_H
#define FS_BASE_FNV_H

#include <stddef.h>
#include <stdint.h>

#define FS_FNV64_INIT 14695981039346656037ull
#define FS_FNV32_INIT 2166136261ul

/* The 64-bit hash of data[0..n), and of a NUL-terminated string. */
uint64_t fs_fnv64(const void *data, size_t n);
uint64_t fs_fnv64_str(const char *s);
/* 32 bits, one byte at a time (FS_FNV32_INIT to start): a baseline's and
 * GitLab's line hash, which files written before must still match. */
uint32_t fs_fnv32_byte(uint32_t h, unsigned char c);

#endif
