/* rules_reader.h: the state of reading one rules file, and its diagnostics. */
#ifndef FS_RULES_READER_H
#define FS_RULES_READER_H

#include "rules_model.h"

/* More errors than this in one file stop the reading: the rest of a file
 * that bad is noise, and a fuzzed input must not flood the front end. */
enum { FS_MAX_ERRORS = 50 };

typedef struct fs_reader {
	fs_rules *rules;
	const char *file;	/* in the arena: positions point to it */
	fs_report_fn report;
	void *ctx;
	size_t line;
	size_t ns;		/* the open namespace, or FS_NONE */
	size_t arch;		/* the open arch section, or FS_NONE */
	int skip;		/* in a section of a profile this rule set
				   is not (profile.h): lines are skipped */
	size_t errors;
	int nomem;
} fs_reader;

/* How much of a word to quote in a message: at most 80 bytes, so that a
 * huge line cannot make a huge message (and the length fits an int). */
int fs_quote_len(size_t n);

/* Reports through fn (which may be NULL) with where = "file:line:col". */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
void fs_report_at(fs_report_fn fn, void *ctx, fs_severity severity,
		  const fs_pos *pos, const char *fmt, ...);

/* An error at column `col` of the current line. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void fs_reader_error(fs_reader *rd, size_t col, const char *fmt, ...);

/* Records that memory ran out; reported once by the loader. */
void fs_reader_nomem(fs_reader *rd);

/* The position of column `col` on the current line. */
fs_pos fs_reader_pos(const fs_reader *rd, size_t col);

/* Whether reading should go on (not too many errors, memory left). */
int fs_reader_going(const fs_reader *rd);

#endif
