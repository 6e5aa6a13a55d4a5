/* html_finding.c: one finding of the HTML report: where and what, the
 * source lines around it with the flag marked, what the flag's bits mean,
 * and the fix-it as a diff of the lines it changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consequences.h"
#include "fileio.h"
#include "finding_key.h"
#include "fix.h"
#include "html.h"

enum { CONTEXT_LINES = 2 };

static int is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* The start of line `n` (from 1) of text, or NULL past its end. */
static const char *line_start(const char *text, unsigned n)
{
	for (unsigned at = 1; at < n; at++) {
		text = strchr(text, '\n');
		if (!text)
			return NULL;
		text++;
	}
	return *text ? text : NULL;
}

/* Line `n` with the word at column `col` marked (a single byte when the
 * column is not on a word); its length in *word. */
static void put_marked_line(const char *line, size_t len, unsigned col,
			    size_t *word)
{
	size_t at = col ? col - 1 : 0, end = at;

	if (at > len)
		at = end = len;
	while (end < len && is_word(line[end]))
		end++;
	if (end == at && at < len)
		end++;
	html_put_n(line, at);
	printf("<mark class=\"flag\">");
	html_put_n(line + at, end - at);
	printf("</mark>");
	html_put_n(line + end, len - end);
	*word = end - at;
}

/* The source lines around the finding; the flag's spelling into `flag`
 * (empty when the file cannot be read). */
static void put_source(const audit_finding *f, const char *text, char *flag,
		       size_t cap)
{
	unsigned first = f->line > CONTEXT_LINES ? f->line - CONTEXT_LINES : 1;
	const char *line = text ? line_start(text, first) : NULL;

	flag[0] = '\0';
	if (!line)
		return;
	printf("<pre class=\"source\">");
	for (unsigned n = first; line && n <= f->line + CONTEXT_LINES; n++) {
		size_t len = strcspn(line, "\n"), word = 0;

		printf("<span class=\"line%s\"><span class=\"ln\">%u</span>",
		       n == f->line ? " at" : "", n);
		if (n == f->line) {
			put_marked_line(line, len, f->col, &word);
			snprintf(flag, cap, "%.*s", (int)word,
				 line + (f->col ? f->col - 1 : 0));
		} else {
			html_put_n(line, len);
		}
		printf("</span>\n");
		line = line[len] ? line + len + 1 : NULL;
	}
	printf("</pre>\n");
}

/* What the rules know of the flag: namespace, value, what it means where
 * it is misplaced (`flagspace explain`). */
static void put_explain(const fs_rules *rules, const char *flag)
{
	char *text = NULL;

	if (!rules || !flag[0] ||
	    fs_query_explain(rules, flag, &text) != FS_QUERY_OK)
		return;
	printf("<details class=\"explain\"><summary>What ");
	html_put(flag);
	printf("'s bits mean</summary><pre>");
	html_put(text);
	printf("</pre></details>\n");
	free(text);
}

/* The edit of `file` at the lowest offset from `at` to `hi`, or NULL. */
static const fix_edit *next_edit(const fix_edits *edits, const char *file,
				 size_t at, size_t hi)
{
	const fix_edit *next = NULL;

	for (size_t i = 0; i < edits->count; i++) {
		const fix_edit *e = &edits->items[i];

		if (!strcmp(e->file, file) && e->offset >= at &&
		    e->offset + e->length <= hi &&
		    (!next || e->offset < next->offset))
			next = e;
	}
	return next;
}

/* text[lo, hi) with the edits of `file` in it applied; malloc'd. */
static char *apply_edits(const char *text, size_t lo, size_t hi,
			 const fix_edits *edits, const char *file)
{
	size_t cap = hi - lo + 1;
	const fix_edit *e;
	char *out, *o;

	for (size_t i = 0; i < edits->count; i++)
		cap += strlen(edits->items[i].text);
	if (!(o = out = malloc(cap)))
		return NULL;
	for (size_t at = lo; at <= hi; at = e->offset + e->length) {
		e = next_edit(edits, file, at, hi);
		size_t stop = e ? e->offset : hi;

		memcpy(o, text + at, stop - at);
		o += stop - at;
		if (!e)
			break;
		o = stpcpy(o, e->text);
	}
	*o = '\0';
	return out;
}

/* Each line of s[0, len) behind `sign`, in a span of class `cls`. */
static void put_lines(const char *cls, char sign, const char *s, size_t len)
{
	printf("<span class=\"%s\">", cls);
	for (size_t at = 0; at <= len;) {
		size_t n = strcspn(s + at, "\n");

		n = at + n > len ? len - at : n;
		putchar(sign);
		html_put_n(s + at, n);
		putchar('\n');
		at += n + 1;
	}
	printf("</span>");
}

/* The lines of `text` the edits of `file` touch, before and after, as a
 * unified diff hunk. */
static void put_hunk(const char *path, const char *text, size_t size,
		     const fix_edits *edits, const char *file)
{
	size_t lo = size, hi = 0;
	unsigned line = 1;
	char *after;

	for (size_t i = 0; i < edits->count; i++) {
		const fix_edit *e = &edits->items[i];

		if (strcmp(e->file, file) || e->offset + e->length > size)
			continue;
		lo = e->offset < lo ? e->offset : lo;
		hi = e->offset + e->length > hi ? e->offset + e->length : hi;
	}
	if (lo > hi)
		return;
	while (lo && text[lo - 1] != '\n')
		lo--;
	hi += strcspn(text + hi, "\n");
	for (size_t i = 0; i < lo; i++)
		line += text[i] == '\n';
	if (!(after = apply_edits(text, lo, hi, edits, file)))
		return;
	printf("<span class=\"hunk\">--- a/");
	html_put(path);
	printf("\n+++ b/");
	html_put(path);
	printf("\n@@ line %u @@</span>\n", line);
	put_lines("del", '-', text + lo, hi - lo);
	put_lines("add", '+', after, strlen(after));
	free(after);
}

/* The fix-it, as a diff of the lines it changes in the finding's file. */
static void put_fix(const audit_finding *f, const char *path,
		    const char *text, size_t size)
{
	if (!f->fix.count || !text)
		return;
	printf("<div class=\"fix\"><h4>Fix-it</h4><pre class=\"diff\">");
	put_hunk(path, text, size, &f->fix, f->file);
	printf("</pre></div>\n");
}

/* Where the flag was passed on its way to the call (clang-tidy's notes:
 * a wrapper's caller, the variable that held it). */
static void put_passed(const audit_finding *f, const char *cwd)
{
	if (!f->notes.count)
		return;
	printf("<ul class=\"passed\">\n");
	for (size_t i = 0; i < f->notes.count; i++) {
		const audit_diag_note *n = &f->notes.items[i];

		printf("<li><span class=\"loc\">");
		html_put(audit_relative(n->file, cwd));
		printf(":%u:%u</span> ", n->line, n->col);
		html_put(n->message);
		printf("</li>\n");
	}
	printf("</ul>\n");
}

void html_put_finding(const audit *a, size_t i, const char *cwd,
		      const fs_rules *rules)
{
	const char *path = audit_relative(a->findings.items[i].file, cwd);
	const audit_finding *f = &a->findings.items[i];
	size_t size = 0;
	char *text = cli_read_all(f->file, &size);
	char flag[128];
	int is_error = !strcmp(f->severity, "error");

	printf("<section class=\"finding\" id=\"f%zu\" data-check=\"", i);
	html_put(f->check);
	printf("\" data-dir=\"");
	html_put_n(path, html_dir_len(path));
	printf("\" data-consequence=\"%s\">\n<h3><span class=\"loc\">",
	       audit_consequence_name(f));
	html_put(path);
	printf(":%u:%u</span> <span class=\"%s\">%s</span> ", f->line, f->col,
	       is_error ? "error" : "warning", is_error ? "error" : "warning");
	html_put(f->message);
	printf(" <span class=\"consequence c-%s\">[%s]</span>",
	       audit_consequence_name(f), audit_consequence_name(f));
	printf(" <span class=\"check\">[");
	html_put(f->check);
	printf("]</span></h3>\n");
	put_source(f, text, flag, sizeof(flag));
	put_passed(f, cwd);
	put_explain(rules, flag);
	put_fix(f, path, text, size);
	printf("</section>\n");
	free(text);
}
