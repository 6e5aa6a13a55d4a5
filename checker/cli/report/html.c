/* html.c: the audit's report as one self-contained HTML page that opens
 * offline (no file, font or script from elsewhere): totals by check and by
 * directory linking to their first finding, each finding (html_finding.c),
 * filters by check and by directory, and the units not analysed. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "finding_key.h"
#include "html.h"
#include "utf8.h"
#include "report_formats.h"

static const char html_style[] =
	"body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;"
	"max-width:72em;padding:0 1em;color:#222}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}"
	"h3{font-size:1em;font-weight:600;margin:0 0 .4em}\n"
	"table{border-collapse:collapse}td,th{padding:.15em .8em;"
	"text-align:left;border-bottom:1px solid #ddd}td.count{text-align:right}\n"
	"section.finding{border:1px solid #ccc;border-radius:4px;"
	"padding:.7em 1em;margin:1em 0}[hidden]{display:none!important}\n"
	".loc{font-family:monospace}.warning{color:#a15c00;font-weight:700}"
	".error{color:#c00;font-weight:700}.check{color:#555}\n"
	"pre{background:#f6f6f6;padding:.5em;overflow-x:auto;margin:.4em 0}"
	".ln{display:inline-block;width:4em;color:#999;user-select:none}\n"
	".line.at{background:#fff3c4}mark.flag{background:#ffb347;"
	"font-weight:700}.del{color:#b00}.add{color:#070}.hunk{color:#555}\n"
	"#filters label{margin-right:1.5em}ul.passed{margin:.2em 0;"
	"padding-left:1.5em;color:#444}\n";

static const char html_script[] =
	"(function () {\n"
	"  var check = document.getElementById('filter-check');\n"
	"  var dir = document.getElementById('filter-dir');\n"
	"  function apply() {\n"
	"    var shown = 0;\n"
	"    document.querySelectorAll('section.finding').forEach(function (s) {\n"
	"      var keep = (!check.value || s.dataset.check === check.value) &&\n"
	"                 (!dir.value || s.dataset.dir === dir.value);\n"
	"      s.hidden = !keep;\n"
	"      if (keep) shown++;\n"
	"    });\n"
	"    document.getElementById('shown').textContent = shown;\n"
	"  }\n"
	"  check.addEventListener('change', apply);\n"
	"  dir.addEventListener('change', apply);\n"
	"  apply();\n"
	"})();\n";

/* One distinct check or directory: its first finding and how many. */
typedef struct html_group {
	const char *name;	/* len bytes */
	size_t len, first, count;
} html_group;

typedef AUDIT_VEC(html_group) html_groups;

static void count_in(html_groups *groups, const char *name, size_t len,
		     size_t finding)
{
	size_t k = 0;

	while (k < groups->count && (groups->items[k].len != len ||
				     strncmp(groups->items[k].name, name, len)))
		k++;
	if (k == groups->count) {
		html_group *g = AUDIT_PUSH(groups);

		if (!g)
			return;
		*g = (html_group){ name, len, finding, 0 };
	}
	groups->items[k].count++;
}

/* The totals as a table whose names link to their first finding, and the
 * same names as a filter's options. */
static void put_totals(const char *id, const char *title,
		       const html_groups *groups)
{
	printf("<h2>By %s</h2>\n<table id=\"by-%s\"><tr><th>%s</th>"
	       "<th>findings</th></tr>\n", title, id, title);
	for (size_t k = 0; k < groups->count; k++) {
		const html_group *g = &groups->items[k];

		printf("<tr><td><a href=\"#f%zu\">", g->first);
		html_put_n(g->len ? g->name : ".", g->len ? g->len : 1);
		printf("</a></td><td class=\"count\">%zu</td></tr>\n",
		       g->count);
	}
	printf("</table>\n");
}

static void put_filter(const char *id, const char *title,
		       const html_groups *groups)
{
	printf("<label>%s <select id=\"filter-%s\"><option value=\"\">all"
	       "</option>", title, id);
	for (size_t k = 0; k < groups->count; k++) {
		const html_group *g = &groups->items[k];

		printf("<option value=\"");
		html_put_n(g->name, g->len);
		printf("\">");
		html_put_n(g->len ? g->name : ".", g->len ? g->len : 1);
		printf("</option>");
	}
	printf("</select></label>\n");
}

static void put_notes(const char *title, const audit_notes *notes,
		      const char *cwd)
{
	if (!notes->count)
		return;
	printf("<h2>%s</h2>\n<ul class=\"notes\">\n", title);
	for (size_t i = 0; i < notes->count; i++) {
		printf("<li><span class=\"loc\">");
		html_put(audit_relative(notes->items[i].file, cwd));
		if (notes->items[i].line)
			printf(":%u:%u", notes->items[i].line,
			       notes->items[i].col);
		printf("</span>: ");
		html_put(notes->items[i].text);
		printf("</li>\n");
	}
	printf("</ul>\n");
}

static void put_summary(const audit *a)
{
	printf("<p id=\"summary\"><span id=\"total\">%zu</span> finding%s; "
	       "%zu translation unit%s, %zu not analysed, %zu with compile "
	       "errors", a->findings.count, a->findings.count == 1 ? "" : "s",
	       audit_tu_total(a), audit_tu_total(a) == 1 ? "" : "s",
	       a->failures.count, a->compile_errors.count);
	if (a->baselined)
		printf("; %zu in the baseline not shown", a->baselined);
	printf(".</p>\n");
}

void audit_report_html(const audit *a)
{
	char cwd[PATH_MAX];
	html_groups checks = { NULL, 0, 0 }, dirs = { NULL, 0, 0 };
	fs_rules *rules = fs_rules_new();

	if (rules && fs_rules_add_builtin(rules, NULL, NULL)) {
		fs_rules_free(rules);
		rules = NULL;
	}
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/");
	for (size_t i = 0; i < a->findings.count; i++) {
		const audit_finding *f = &a->findings.items[i];
		const char *path = audit_relative(f->file, cwd);

		count_in(&checks, f->check, strlen(f->check), i);
		count_in(&dirs, path, html_dir_len(path), i);
	}
	printf("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	       "<title>flagspace report</title>\n<style>\n%s</style></head>"
	       "<body>\n<h1>flagspace audit</h1>\n", html_style);
	put_summary(a);
	put_totals("check", "check", &checks);
	put_totals("dir", "directory", &dirs);
	printf("<h2>Findings (<span id=\"shown\">%zu</span> shown)</h2>\n"
	       "<div id=\"filters\">\n", a->findings.count);
	put_filter("check", "check", &checks);
	put_filter("dir", "directory", &dirs);
	printf("</div>\n");
	for (size_t i = 0; i < a->findings.count; i++)
		html_put_finding(a, i, cwd, rules);
	put_notes("Not analysed", &a->failures, cwd);
	put_notes("Compile errors (findings may be missing)",
		  &a->compile_errors, cwd);
	printf("<p class=\"tool\">flagspace %s</p>\n<script>\n%s</script>\n"
	       "</body></html>\n", FS_VERSION, html_script);
	free(checks.items);
	free(dirs.items);
	fs_rules_free(rules);
}

/* A byte that is no part of UTF-8 (a file name's) is shown as \xFF: the
 * page is UTF-8. */
void html_put_n(const char *s, size_t len)
{
	for (size_t i = 0, k; i < len && s[i]; i += k) {
		k = utf8_len(s + i, len - i);
		switch (s[i]) {
		case '&': fputs("&amp;", stdout); break;
		case '<': fputs("&lt;", stdout); break;
		case '>': fputs("&gt;", stdout); break;
		case '"': fputs("&quot;", stdout); break;
		case '\'': fputs("&#39;", stdout); break;
		default:
			if (k)
				fwrite(s + i, 1, k, stdout);
			else
				printf("\\x%02X", (unsigned char)s[i]);
		}
		k = k ? k : 1;
	}
}

size_t html_dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) : 0;
}
