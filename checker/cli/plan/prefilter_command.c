/* prefilter_command.c: what one unit's command tells the prefilter: where
 * it searches headers, what it includes first and defines, and whether a
 * flag makes the search one this reading cannot follow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler_flags.h"
#include "prefilter.h"

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

static pf_strs *plan_list(pf_plan *plan, int list)
{
	pf_strs *lists[] = { &plan->quote, &plan->user, &plan->system };

	return lists[list];
}

/* A search directory or a forced include: its list gets its path. A
 * "directory" that is a file is not a search this reading follows. */
static void take_path(pf_plan *plan, const audit_tu *tu, const cflag *f)
{
	int forced = f->kind == CFLAG_FORCED;
	char *path = f->value ? audit_abs_path(tu->dir, f->value) : NULL;

	if (!path ||
	    pf_strs_push(forced ? &plan->forced : plan_list(plan, f->list),
			 path) ||
	    (!forced && pf_is_regular(path)))
		plan->must_run = plan->partial = 1;
	free(path);
}

void pf_read_command(pf_plan *plan, const audit_tu *tu)
{
	for (size_t i = 1; i < tu->args.count && !plan->partial;) {
		cflag f = cflag_at(tu->args.items, tu->args.count, i);

		switch (f.kind) {
		case CFLAG_NARROWS:
		case CFLAG_DEPFILE:
			/* the compiler reads a subset of what the walk
			 * reads (a dependency file written): the unit runs
			 * (narrowed), but the files the walk finds still
			 * bound what it
			 * reads, a cache key */
			plan->narrowed = 1;
			break;
		case CFLAG_OPAQUE:
		case CFLAG_LOADS_CODE:
		case CFLAG_READS_FILE:
		case CFLAG_OVERLAY:
			plan->must_run = plan->partial = 1;
			break;
		case CFLAG_SEARCH:
		case CFLAG_FORCED:
			take_path(plan, tu, &f);
			break;
		case CFLAG_DEFINE:
			if (!f.value || add_dbody(plan, f.value))
				plan->must_run = plan->partial = 1;
			break;
		default:
			break;
		}
		i += f.words;
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

