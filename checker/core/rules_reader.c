/* rules_reader.c: diagnostics about rules files, located as file:line:col. */
#include <stdarg.h>
#include <stdio.h>

#include "rules_reader.h"
#include "strbuf.h"

#if defined(__GNUC__)
__attribute__((format(printf, 5, 0)))
#endif
static void report_v(fs_report_fn fn, void *ctx, fs_severity severity,
		     const fs_pos *pos, const char *fmt, va_list ap)
{
	fs_buf where = { 0 }, message = { 0 };

	if (!fn)
		return;
	fs_buf_printf(&where, "%s:%zu:%zu", pos->file, pos->line, pos->col);
	fs_buf_vprintf(&message, fmt, ap);
	/* Out of memory: still say something rather than nothing. */
	fn(ctx, severity, where.failed ? pos->file : fs_buf_str(&where),
	   message.failed ? "out of memory" : fs_buf_str(&message));
	fs_buf_free(&where);
	fs_buf_free(&message);
}

void fs_report_at(fs_report_fn fn, void *ctx, fs_severity severity,
		  const fs_pos *pos, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_v(fn, ctx, severity, pos, fmt, ap);
	va_end(ap);
}

fs_pos fs_reader_pos(const fs_reader *rd, size_t col)
{
	fs_pos pos = { rd->file, rd->line, col };

	return pos;
}

void fs_reader_error(fs_reader *rd, size_t col, const char *fmt, ...)
{
	fs_pos pos = fs_reader_pos(rd, col);
	va_list ap;

	if (!fs_reader_going(rd))
		return;
	rd->errors++;
	va_start(ap, fmt);
	report_v(rd->report, rd->ctx, FS_ERROR, &pos, fmt, ap);
	va_end(ap);
	if (rd->errors == FS_MAX_ERRORS)
		fs_report_at(rd->report, rd->ctx, FS_ERROR, &pos,
			     "too many errors; not reading the rest of '%s'",
			     rd->file);
}

void fs_reader_nomem(fs_reader *rd)
{
	rd->nomem = 1;
}

int fs_reader_going(const fs_reader *rd)
{
	return rd->errors < FS_MAX_ERRORS && !rd->nomem;
}

int fs_quote_len(size_t n)
{
	return n > 80 ? 80 : (int)n;
}
