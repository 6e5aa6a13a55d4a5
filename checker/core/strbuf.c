/* strbuf.c: a growable string for building messages and locations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "vec.h"

static int buf_reserve(fs_buf *buf, size_t extra)
{
	void *data = buf->data;

	if (buf->failed)
		return -1;
	/* +1 keeps room for the terminating NUL. */
	if (extra > (size_t)-1 - buf->len - 1 ||
	    fs_vec_reserve(&data, &buf->cap, buf->len + extra + 1, 1)) {
		buf->failed = 1;
		return -1;
	}
	buf->data = data;
	return 0;
}

void fs_buf_putn(fs_buf *buf, const char *s, size_t n)
{
	if (buf_reserve(buf, n))
		return;
	if (n)
		memcpy(buf->data + buf->len, s, n);
	buf->len += n;
	buf->data[buf->len] = '\0';
}

void fs_buf_puts(fs_buf *buf, const char *s)
{
	fs_buf_putn(buf, s, strlen(s));
}

void fs_buf_vprintf(fs_buf *buf, const char *fmt, va_list ap)
{
	va_list copy;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (n < 0) {
		buf->failed = 1;
		return;
	}
	if (buf_reserve(buf, (size_t)n))
		return;
	vsnprintf(buf->data + buf->len, (size_t)n + 1, fmt, ap);
	buf->len += (size_t)n;
}

void fs_buf_printf(fs_buf *buf, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fs_buf_vprintf(buf, fmt, ap);
	va_end(ap);
}

const char *fs_buf_str(const fs_buf *buf)
{
	return buf->data && !buf->failed ? buf->data : "";
}

char *fs_buf_take(fs_buf *buf)
{
	char *s = buf->failed ? NULL : buf->data;

	if (buf->failed)
		free(buf->data);
	else if (!s)
		s = calloc(1, 1);	/* nothing appended: still a string */
	*buf = (fs_buf){ 0 };
	return s;
}

void fs_buf_free(fs_buf *buf)
{
	free(buf->data);
	*buf = (fs_buf){ 0 };
}
