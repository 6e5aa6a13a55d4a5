/* rules_load.c: loading rules texts, files and the built-in rules into a
 * rule set (and its profiles' views), each load applied whole or not at
 * all. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "builtin_rules.h"
#include "profile.h"
#include "rules_parse.h"
#include "rules_verify.h"
#include "strbuf.h"

/* A rules file this big is not a rules file; refuse before reading it all. */
enum { MAX_FILE_SIZE = 64 << 20 };

static void report_plain(fs_report_fn report, void *ctx, const char *where,
			 const char *message)
{
	if (report)
		report(ctx, FS_ERROR, where, message);
}

/* The problems of a load, kept so that a view's copy of one is not
 * reported again (profile.h), and passed on. */
struct problem_log {
	fs_buf seen;		/* "\nwhere\tmessage\n" ... */
	fs_report_fn report;
	void *ctx;
};

static void log_problem(void *ctx, fs_severity severity, const char *where,
			const char *message)
{
	struct problem_log *log = ctx;

	if (!log->seen.len)
		fs_buf_puts(&log->seen, "\n");
	fs_buf_printf(&log->seen, "%s\t%s\n", where ? where : "",
		      message ? message : "");
	if (log->report)
		log->report(log->ctx, severity, where, message);
}

/* Reads one text into the tables. Returns 0, or -1 once an error has been
 * reported (the caller rolls back). */
static int read_text(fs_rules *rules, const char *name, const char *text,
		     size_t len, fs_report_fn report, void *ctx)
{
	fs_reader rd = { .rules = rules, .report = report, .ctx = ctx };

	rd.file = fs_arena_strndup(&rules->arena, name, strlen(name));
	if (rd.file)
		fs_parse_text(&rd, text, len);
	if (!rd.file || rd.nomem) {
		report_plain(report, ctx, name, "out of memory while reading "
			     "rules");
		return -1;
	}
	return rd.errors ? -1 : 0;
}

/* A view reads the texts its base read, by the same entries
 * (fs_profiles_load). */
static int load_view(fs_rules *view, const char *name, const char *text,
		     size_t len, fs_report_fn report, void *ctx)
{
	if (!text)
		return fs_rules_add_builtin(view, report, ctx);
	return fs_rules_add_text(view, name, text, len, report, ctx);
}

int fs_rules_add_text(fs_rules *rules, const char *file_name,
		      const char *text, size_t len,
		      fs_report_fn report, void *ctx)
{
	const char *name = file_name ? file_name : "<rules>";
	struct problem_log log = { { 0 }, report, ctx };
	fs_checkpoint cp;
	size_t mark;
	int failed;

	if (!rules || (!text && len)) {
		report_plain(report, ctx, name, "no rules text to read");
		return -1;
	}
	cp = fs_model_checkpoint(rules);
	mark = fs_profiles_mark(rules);
	rules->unit++;
	failed = read_text(rules, name, text ? text : "", len, log_problem,
			   &log);
	/* A rule that would check nothing undoes the load too. */
	if (!failed)
		failed = fs_verify_since(rules, &cp, log_problem, &log) != 0;
	if (!failed)
		failed = fs_profiles_load(rules, load_view, name,
					  text ? text : "", len, 0,
					  fs_buf_str(&log.seen), report,
					  ctx) != 0;
	if (failed) {
		fs_model_rollback(rules, &cp);
		fs_profiles_rollback(rules, mark);
	}
	fs_buf_free(&log.seen);
	return failed ? -1 : 0;
}

/* The rules of options, rules/options/NAME.rules: built in, but read only
 * by fs_rules_add_option. */
static const char option_dir[] = "rules/options/";

static int is_option_file(const char *name)
{
	return !strncmp(name, option_dir, sizeof option_dir - 1);
}

int fs_rules_add_option(fs_rules *rules, const char *option,
			fs_report_fn report, void *ctx)
{
	char message[160];

	if (!rules || !option)
		return -1;
	for (size_t i = 0; i < fs_builtin_file_count; i++) {
		const struct fs_builtin_file *f = &fs_builtin_files[i];
		const char *rest = f->name + sizeof option_dir - 1;
		size_t n = strlen(option);

		if (is_option_file(f->name) && !strncmp(rest, option, n) &&
		    !strcmp(rest + n, ".rules"))
			return fs_rules_add_text(rules, f->name, f->text,
						 f->size, report, ctx);
	}
	snprintf(message, sizeof message,
		 "no built-in rules for option '%.100s'", option);
	if (report)
		report(ctx, FS_ERROR, "<options>", message);
	return -1;
}

/* All built-in files form one unit: they may refer to each other, and one
 * bad file must not take the others down with it. */
int fs_rules_add_builtin(fs_rules *rules, fs_report_fn report, void *ctx)
{
	struct problem_log log = { { 0 }, report, ctx };
	fs_checkpoint cp;
	int failed = 0;

	if (!rules)
		return -1;
	cp = fs_model_checkpoint(rules);
	rules->unit++;
	for (size_t i = 0; i < fs_builtin_file_count; i++) {
		const struct fs_builtin_file *f = &fs_builtin_files[i];
		fs_checkpoint file_cp;

		if (is_option_file(f->name))
			continue;
		file_cp = fs_model_checkpoint(rules);
		if (read_text(rules, f->name, f->text, f->size, log_problem,
			      &log)) {
			fs_model_rollback(rules, &file_cp);
			failed = 1;
		}
	}
	/* The built-in rules are tested to verify cleanly; were one not to,
	 * the rest still stands. */
	if (fs_verify_since(rules, &cp, log_problem, &log))
		failed = 1;
	failed |= fs_profiles_load(rules, load_view, "<built-in rules>", NULL,
				   0, 1, fs_buf_str(&log.seen), report,
				   ctx) != 0;
	fs_buf_free(&log.seen);
	return failed ? -1 : 0;
}

static void report_errno(fs_report_fn report, void *ctx, const char *path,
			 int err)
{
	fs_buf msg = { 0 };
	const char *reason = err ? strerror(err) : "read error";

	fs_buf_printf(&msg, "cannot read rules file '%s': %s", path, reason);
	/* strerror() starts with a capital; messages are lower case. */
	if (!msg.failed) {
		char *c = msg.data + msg.len - strlen(reason);

		if (*c >= 'A' && *c <= 'Z')
			*c = (char)(*c - 'A' + 'a');
	}
	report_plain(report, ctx, path, fs_buf_str(&msg));
	fs_buf_free(&msg);
}

/* Reads a whole file into buf. Returns 0, or an errno value (-1 when the
 * file is too big). */
static int slurp(FILE *f, fs_buf *buf)
{
	char chunk[65536];
	size_t n;

	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (buf->len + n > MAX_FILE_SIZE)
			return -1;
		fs_buf_putn(buf, chunk, n);
		if (buf->failed)
			return ENOMEM;
	}
	return ferror(f) ? (errno ? errno : EIO) : 0;
}

int fs_rules_add_file(fs_rules *rules, const char *path,
		      fs_report_fn report, void *ctx)
{
	fs_buf text = { 0 };
	FILE *f;
	int err, res;

	if (!rules || !path)
		return -1;
	errno = 0;
	if (!(f = fopen(path, "rb"))) {
		report_errno(report, ctx, path, errno);
		return -1;
	}
	err = slurp(f, &text);
	fclose(f);
	if (err == -1)
		report_plain(report, ctx, path, "rules file is larger than "
			     "64 MiB");
	else if (err)
		report_errno(report, ctx, path, err);
	res = err ? -1 : fs_rules_add_text(rules, path, text.data, text.len,
					    report, ctx);
	fs_buf_free(&text);
	return res;
}
