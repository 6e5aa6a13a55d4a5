/* strbuf.h: a growable string for building messages and locations. */
#ifndef FS_STRBUF_H
#define FS_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

/* Once an allocation fails, `failed` stays set and appends do nothing, so
 * a message is built without checking each step; fs_buf_take tells. */
typedef struct fs_buf {
	char *data;
	size_t len;
	size_t cap;
	int failed;
} fs_buf;

void fs_buf_putn(fs_buf *buf, const char *s, size_t n);
void fs_buf_puts(fs_buf *buf, const char *s);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void fs_buf_printf(fs_buf *buf, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 0)))
#endif
void fs_buf_vprintf(fs_buf *buf, const char *fmt, va_list ap);
/* The text so far ("" when empty or failed); valid until the next append. */
const char *fs_buf_str(const fs_buf *buf);
/* Returns the malloc'd text and empties the buffer, or NULL if any append
 * failed (the buffer is freed either way). */
char *fs_buf_take(fs_buf *buf);
void fs_buf_free(fs_buf *buf);

#endif
