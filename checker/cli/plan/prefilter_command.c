/* prefilter_command.c: what one unit's command tells the prefilter: where
 * it searches headers, what it includes first and defines, and whether a
 * flag makes the search one this reading cannot follow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefilter.h"

static char *abs_dir(const char *dir, const char *path)
{
	return audit_abs_path(dir, path);
}

/* Flags that change how headers are found in ways not followed here. */
static int is_opaque_flag(const char *a)
{
	static const char *const prefixes[] = {
		"--sysroot", "-isysroot", "-nostdinc", "-nostdlibinc",
		"-include-pch", "-fmodule", "-iprefix", "-iwithprefix",
		"-I=", "-Xclang", "-Xpreprocessor", "-Wp,", "@", "-ivfsoverlay",
		"-iframework", "-F", "-fimplicit-module", "-iwithsysroot",
		"-iembed-dir", "--embed-dir", "-fplugin", "-fpass-plugin",
		"-fms-", "--driver-mode", "-fheader", "-fno-implicit",
		"-fsystem", "--define-macro", "--system-header-prefix",
		"--no-system-header-prefix", "--include-", "--sysroot",
	};

	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(a, prefixes[i], strlen(prefixes[i])))
			return 1;
	return 0;
}

/* The value of flag `name` at args[*i], joined (-Ifoo) or separate
 * (-I foo); NULL when args[*i] is not that flag. */
static const char *flag_value(char **args, size_t n, size_t *i,
			      const char *name)
{
	size_t len = strlen(name);

	if (strncmp(args[*i], name, len))
		return NULL;
	if (args[*i][len])
		return args[*i] + len + (args[*i][len] == '=');
	if (*i + 1 < n)
		return args[++*i];
	return NULL;
}

static int add_dbody(pf_plan *plan, const char *def)
{
	const char *eq = strchr(def, '=');
	char *name = strndup(def, eq ? (size_t)(eq - def) : strlen(def));
	char **slot = name ? AUDIT_PUSH(&plan->dnames) : NULL;

	if (!slot) {
		free(name);
		return -1;
	}
	*slot = name;
	if (!eq)
		return 0;
	for (const char *p = eq + 1; *p;) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    *p == '_') {
			const char *s = p;
			char word[256];

			while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			       (*p >= '0' && *p <= '9') || *p == '_')
				p++;
			snprintf(word, sizeof(word), "%.*s", (int)(p - s), s);
			if (pf_strs_push(&plan->dbody, word))
				return -1;
		} else {
			p++;
		}
	}
	return 0;
}

typedef struct dir_flag {
	const char *name;
	int list;		/* 0 quote, 1 user, 2 system, 3 forced */
} dir_flag;

static const dir_flag dir_flags[] = {
	{ "--include-directory", 1 }, { "-iquote", 0 }, { "-isystem", 2 },
	{ "-idirafter", 2 }, { "-cxx-isystem", 2 }, { "-imacros", 3 },
	{ "-include", 3 }, { "--include", 3 }, { "-I", 1 },
};

static pf_strs *plan_list(pf_plan *plan, int list)
{
	pf_strs *lists[] = { &plan->quote, &plan->user, &plan->system,
			     &plan->forced };

	return lists[list];
}

/* Flags after which the compiler reads a subset of what the walk reads
 * (no default directories; a dependency file written): the unit runs,
 * but the files the walk finds still bound what it reads, a cache key. */
static int narrows_reading(const char *a)
{
	return !strcmp(a, "-nostdinc") || !strcmp(a, "-nostdlibinc") ||
	       audit_writes_dependencies(a);
}

/* Returns 1 when args[*i] was a search or forced-include flag. */
static int take_dir_flag(pf_plan *plan, const audit_tu *tu, size_t *i)
{
	char **args = tu->args.items;

	for (size_t k = 0; k < sizeof(dir_flags) / sizeof(dir_flags[0]); k++) {
		const char *v = flag_value(args, tu->args.count, i,
					   dir_flags[k].name);
		char *path;

		if (!v)
			continue;
		path = abs_dir(tu->dir, v);
		if (!path || pf_strs_push(plan_list(plan, dir_flags[k].list), path) ||
		    (dir_flags[k].list < 3 && pf_is_regular(path)))
			plan->must_run = plan->partial = 1;
		free(path);
		return 1;
	}
	return 0;
}

void pf_read_command(pf_plan *plan, const audit_tu *tu)
{
	for (size_t i = 1; i < tu->args.count && !plan->partial; i++) {
		const char *a = tu->args.items[i];
		const char *d;

		if (narrows_reading(a))
			plan->must_run = 1;
		else if (is_opaque_flag(a))
			plan->must_run = plan->partial = 1;
		else if (take_dir_flag(plan, tu, &i))
			continue;
		else if ((d = flag_value(tu->args.items, tu->args.count, &i,
					 "-D")) && add_dbody(plan, d))
			plan->must_run = plan->partial = 1;
		else if (!strncmp(a, "-i", 2) && strncmp(a, "-isystem", 8))
			/* an -i flag not known here */
			plan->must_run = plan->partial = 1;
	}
}

char *pf_plan_sig(const pf_plan *plan)
{
	size_t len = 16;
	const pf_strs *lists[] = { &plan->quote, &plan->user, &plan->system };
	char *sig;

	for (size_t l = 0; l < 3; l++)
		for (size_t i = 0; i < lists[l]->count; i++)
			len += strlen(lists[l]->items[i]) + 2;
	if (!(sig = calloc(1, len)))
		return NULL;
	for (size_t l = 0; l < 3; l++) {
		strcat(sig, "\x02");
		for (size_t i = 0; i < lists[l]->count; i++) {
			strcat(sig, lists[l]->items[i]);
			strcat(sig, "\x03");
		}
	}
	return sig;
}

