/* html.c: the audit's report as one self-contained HTML page that opens
 * offline (no file, font or script from elsewhere): totals by consequence,
 * by check and by directory linking to their first finding, each finding
 * (html_finding.c), filters by consequence, check and directory, a
 * grouping by consequence, and the units not analysed. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "consequences.h"
#include "finding_key.h"
#include "html.h"
#include "report.h"
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
	".consequence{font-weight:600}.c-fails,.c-misbehaves{color:#c00}"
	".c-ignored{color:#a15c00}.c-same-value,.c-deprecated{color:#555}\n"
	"h3.group{margin-top:1.4em;text-transform:capitalize}\n"
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
	"  var cls = document.getElementById('filter-consequence');\n"
	"  var group = document.getElementById('group-by');\n"
	"  var list = document.getElementById('findings');\n"
	"  var sections = Array.prototype.slice.call(\n"
	"    list.querySelectorAll('section.finding'));\n"
	"  var order = ['fails', 'misbehaves', 'ignored', 'same-value', "
	"'deprecated'];\n"
	"  function rank(s) { return order.indexOf(s.dataset.consequence); }\n"
	"  function index(s) { return parseInt(s.id.slice(1), 10); }\n"
	"  function apply() {\n"
	"    var shown = 0;\n"
	"    sections.forEach(function (s) {\n"
	"      var keep = (!check.value || s.dataset.check === check.value) &&\n"
	"                 (!dir.value || s.dataset.dir === dir.value) &&\n"
	"                 (!cls.value || s.dataset.consequence === cls.value);\n"
	"      s.hidden = !keep;\n"
	"      if (keep) shown++;\n"
	"    });\n"
	"    list.querySelectorAll('h3.group').forEach(function (h) {\n"
	"      h.hidden = !sections.some(function (s) {\n"
	"        return !s.hidden && s.dataset.consequence === h.dataset.consequence;\n"
	"      });\n"
	"    });\n"
	"    document.getElementById('shown').textContent = shown;\n"
	"  }\n"
	"  function regroup() {\n"
	"    var by = group.value === 'consequence', last = null;\n"
	"    list.querySelectorAll('h3.group').forEach(function (h) { h.remove(); });\n"
	"    sections.slice().sort(function (a, b) {\n"
	"      return (by ? rank(a) - rank(b) : 0) || index(a) - index(b);\n"
	"    }).forEach(function (s) {\n"
	"      if (by && s.dataset.consequence !== last) {\n"
	"        var h = document.createElement('h3');\n"
	"        h.className = 'group';\n"
	"        h.dataset.consequence = last = s.dataset.consequence;\n"
	"        h.textContent = last;\n"
	"        list.appendChild(h);\n"
	"      }\n"
	"      list.appendChild(s);\n"
	"    });\n"
	"    apply();\n"
	"  }\n"
	"  check.addEventListener('change', apply);\n"
	"  dir.addEventListener('change', apply);\n"
	"  cls.addEventListener('change', apply);\n"
	"  group.addEventListener('change', regroup);\n"
	"  regroup();\n"
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

/* Every class, worst first, with its count; those with findings link to
 * their first one and are the filter's options. */
static void put_consequences(const audit *a)
{
	size_t counts[FS_CONSEQUENCE_COUNT], first[FS_CONSEQUENCE_COUNT];

	audit_count_consequences(a, counts);
	for (size_t i = a->findings.count; i-- > 0;)
		first[audit_consequence(&a->findings.items[i])] = i;
	printf("<h2>By consequence</h2>\n<table id=\"by-consequence\"><tr>"
	       "<th>consequence</th><th>meaning</th><th>findings</th></tr>\n");
	for (unsigned k = 0; k < FS_CONSEQUENCE_COUNT; k++) {
		const char *name = fs_consequence_name((fs_consequence)k);

		printf("<tr><td class=\"consequence c-%s\">", name);
		if (counts[k])
			printf("<a href=\"#f%zu\">%s</a>", first[k], name);
		else
			printf("%s", name);
		printf("</td><td>");
		html_put(fs_consequence_meaning((fs_consequence)k));
		printf("</td><td class=\"count\">%zu</td></tr>\n", counts[k]);
	}
	printf("</table>\n");
}

static void put_consequence_filter(void)
{
	printf("<label>consequence <select id=\"filter-consequence\">"
	       "<option value=\"\">all</option>");
	for (unsigned k = 0; k < FS_CONSEQUENCE_COUNT; k++)
		printf("<option value=\"%s\">%s</option>",
		       fs_consequence_name((fs_consequence)k),
		       fs_consequence_name((fs_consequence)k));
	printf("</select></label>\n<label>group by <select id=\"group-by\">"
	       "<option value=\"\">file</option><option value=\""
	       "consequence\">consequence</option></select></label>\n");
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
	put_consequences(a);
	put_totals("check", "check", &checks);
	put_totals("dir", "directory", &dirs);
	printf("<h2>Findings (<span id=\"shown\">%zu</span> shown)</h2>\n"
	       "<div id=\"filters\">\n", a->findings.count);
	put_consequence_filter();
	put_filter("check", "check", &checks);
	put_filter("dir", "directory", &dirs);
	printf("</div>\n<div id=\"findings\">\n");
	for (size_t i = 0; i < a->findings.count; i++)
		html_put_finding(a, i, cwd, rules);
	printf("</div>\n");
	put_notes("Not analysed", &a->failures, cwd);
	put_notes("Compile errors (findings may be missing)",
		  &a->compile_errors, cwd);
	printf("<p class=\"tool\">flagspace %s</p>\n<script>\n%s</script>\n"
	       "</body></html>\n", FS_VERSION, html_script);
	free(checks.items);
	free(dirs.items);
	fs_rules_free(rules);
}
