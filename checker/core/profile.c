/* profile.c: the `profile` directive, the views of a base rule set (made
 * and freed with it: fs_rules_new, fs_rules_free), and choosing the rules
 * for a translation unit. */
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "rules_attr.h"
#include "rules_parse_util.h"
#include "strbuf.h"
#include "vec.h"

typedef struct fs_profile {
	char *name;
	char *macro;		/* defined=: the unit defines it */
	int deprecated_silent;	/* deprecated=silent */
	fs_rules *view;		/* NULL until the load that declared it ends */
} fs_profile;

/* A text the base loaded, to replay into a view made later. */
typedef struct fs_load {
	char *name;
	char *text;		/* NULL: the built-in rules */
	size_t len;
} fs_load;

struct fs_profiles {
	fs_profile *items;
	size_t count, cap;
	fs_load *loads;
	size_t nloads, loads_cap;
};

static char *dup_span(const char *s, size_t n)
{
	char *copy = malloc(n + 1);

	if (copy) {
		memcpy(copy, s, n);
		copy[n] = '\0';
	}
	return copy;
}

static fs_profile *find_profile(const fs_rules *rules, const char *name)
{
	const struct fs_profiles *ps = rules->profiles;

	for (size_t i = 0; ps && i < ps->count; i++)
		if (!strcmp(ps->items[i].name, name))
			return &ps->items[i];
	return NULL;
}

static struct fs_profiles *profiles_of(fs_rules *rules)
{
	if (!rules->profiles)
		rules->profiles = calloc(1, sizeof(*rules->profiles));
	return rules->profiles;
}

static fs_profile *declare(fs_reader *rd, const char *name,
			   const fs_token *defined, int silent)
{
	struct fs_profiles *ps = profiles_of(rd->rules);
	fs_span macro = fs_attr_value(defined);
	fs_profile *p;

	if (!ps || fs_vec_reserve((void **)&ps->items, &ps->cap,
				  ps->count + 1, sizeof(*ps->items))) {
		fs_reader_nomem(rd);
		return NULL;
	}
	p = &ps->items[ps->count];
	memset(p, 0, sizeof(*p));
	p->name = dup_span(name, strlen(name));
	p->macro = dup_span(macro.s, macro.n);
	p->deprecated_silent = silent;
	if (!p->name || !p->macro) {
		free(p->name);
		free(p->macro);
		fs_reader_nomem(rd);
		return NULL;
	}
	ps->count++;
	return p;
}

/* A profile named again must say what it said first, or nothing. */
static int agrees(fs_reader *rd, const fs_profile *p, const fs_token *defined,
		  const fs_token *deprecated, int silent)
{
	fs_span macro = defined ? fs_attr_value(defined) : (fs_span){ 0 };

	if (defined && (strlen(p->macro) != macro.n ||
			memcmp(p->macro, macro.s, macro.n))) {
		fs_reader_error(rd, macro.col, "profile '%s' has defined=%s, "
				"not '%.*s'", p->name, p->macro,
				fs_quote_len(macro.n), macro.s);
		return -1;
	}
	if (deprecated && silent != p->deprecated_silent) {
		fs_reader_error(rd, fs_attr_value(deprecated).col, "profile "
				"'%s' has deprecated=%s", p->name,
				p->deprecated_silent ? "silent" : "reported");
		return -1;
	}
	return 0;
}

/* profile NAME [defined=MACRO] [deprecated=reported|silent] */
int fs_parse_profile(fs_reader *rd, const fs_token *toks, size_t n)
{
	static const char *const what[] = { "a profile name" };
	static const fs_attr_spec specs[] = { { "defined", 0 },
					      { "deprecated", 0 } };
	static const char *const kinds[] = { "reported", "silent" };
	const fs_token *found[2];
	const fs_profile *p;
	fs_word name, macro;
	int silent = 0;

	/* Whatever goes wrong, the section is not this set's to read. */
	rd->skip = 1;
	if (fs_parse_expect(rd, toks, n, what, 1) ||
	    fs_syntax_name(rd, fs_token_span(&toks[1]), "profile name",
			   &name) ||
	    fs_attrs_read(rd, "'profile'", toks + 2, n - 2, specs, 2, found) ||
	    (found[0] && fs_syntax_name(rd, fs_attr_value(found[0]),
					"macro name", &macro)) ||
	    (found[1] && (silent = fs_attr_choice(rd, found[1], kinds, 2)) < 0))
		return -1;
	if (rd->rules->profile) {	/* a view: its own section or not */
		rd->skip = strcmp(rd->rules->profile, name.text) != 0;
		return 0;
	}
	if ((p = find_profile(rd->rules, name.text)))
		return agrees(rd, p, found[0], found[1], silent);
	if (!found[0]) {
		fs_reader_error(rd, toks[1].col, "new profile '%s' needs "
				"defined=MACRO", name.text);
		return -1;
	}
	return declare(rd, name.text, found[0], silent) ? 0 : -1;
}

fs_rules *fs_rules_new(void)
{
	return calloc(1, sizeof(fs_rules));
}

/* A base frees its views with it (a view has none of its own). */
void fs_rules_free(fs_rules *rules)
{
	if (!rules)
		return;
	fs_profiles_free(rules);
	fs_model_free(rules);
	free(rules);
}

size_t fs_profiles_mark(const fs_rules *rules)
{
	return rules->profiles ? rules->profiles->count : 0;
}

void fs_profiles_rollback(fs_rules *rules, size_t mark)
{
	struct fs_profiles *ps = rules->profiles;

	while (ps && ps->count > mark) {
		fs_profile *p = &ps->items[--ps->count];

		fs_rules_free(p->view);
		free(p->name);
		free(p->macro);
	}
}

void fs_profiles_free(fs_rules *rules)
{
	struct fs_profiles *ps = rules->profiles;

	if (!ps)
		return;
	fs_profiles_rollback(rules, 0);
	for (size_t i = 0; i < ps->nloads; i++) {
		free(ps->loads[i].name);
		free(ps->loads[i].text);
	}
	free(ps->loads);
	free(ps->items);
	free(ps);
	rules->profiles = NULL;
}

/* A view of p, with every text the base loaded before. */
static int make_view(const struct fs_profiles *ps, fs_profile *p,
		     fs_view_load_fn load)
{
	if (!(p->view = fs_rules_new()))
		return -1;
	p->view->profile = p->name;
	p->view->deprecated_silent = p->deprecated_silent;
	for (size_t i = 0; i < ps->nloads; i++)
		load(p->view, ps->loads[i].name, ps->loads[i].text,
		     ps->loads[i].len, NULL, NULL);
	return 0;
}

/* Reports a view's problem unless the base reported the same one. */
struct filter {
	const char *seen;
	fs_report_fn report;
	void *ctx;
};

static void filter_report(void *ctx, fs_severity severity, const char *where,
			  const char *message)
{
	struct filter *f = ctx;
	fs_buf key = { 0 };

	fs_buf_printf(&key, "\n%s\t%s\n", where ? where : "",
		      message ? message : "");
	if (key.failed || !f->seen || !strstr(f->seen, fs_buf_str(&key)))
		if (f->report)
			f->report(f->ctx, severity, where, message);
	fs_buf_free(&key);
}

static int remember(struct fs_profiles *ps, const char *name,
		    const char *text, size_t len)
{
	fs_load *l;

	if (fs_vec_reserve((void **)&ps->loads, &ps->loads_cap,
			   ps->nloads + 1, sizeof(*ps->loads)))
		return -1;
	l = &ps->loads[ps->nloads];
	l->name = dup_span(name, strlen(name));
	l->text = text ? dup_span(text, len) : NULL;
	l->len = len;
	if (!l->name || (text && !l->text)) {
		free(l->name);
		free(l->text);
		return -1;
	}
	ps->nloads++;
	return 0;
}

int fs_profiles_load(fs_rules *rules, fs_view_load_fn load, const char *name,
		     const char *text, size_t len, int builtin,
		     const char *seen, fs_report_fn report, void *ctx)
{
	struct filter f = { seen, report, ctx };
	struct fs_profiles *ps;
	fs_checkpoint *cps;
	int failed = 0;

	if (rules->profile)
		return 0;	/* a view has no views */
	if (!(ps = profiles_of(rules)) ||
	    !(cps = calloc(ps->count + 1, sizeof(*cps))))
		goto nomem;
	for (size_t i = 0; i < ps->count; i++) {
		fs_profile *p = &ps->items[i];

		if (!p->view && make_view(ps, p, load)) {
			free(cps);
			goto nomem;
		}
		cps[i] = fs_model_checkpoint(p->view);
	}
	for (size_t i = 0; i < ps->count; i++)
		failed |= load(ps->items[i].view, name, builtin ? NULL : text,
			       len, filter_report, &f) != 0;
	/* Built-in files that fail are left out one by one: keep the rest. */
	if (failed && !builtin)
		for (size_t i = 0; i < ps->count; i++)
			fs_model_rollback(ps->items[i].view, &cps[i]);
	free(cps);
	if (failed && !builtin)
		return -1;
	if (!remember(ps, name, builtin ? NULL : text, len))
		return failed ? -1 : 0;
nomem:
	if (report)
		report(ctx, FS_ERROR, name, "out of memory while reading "
		       "rules");
	return -1;
}

const fs_rules *fs_rules_for_unit(const fs_rules *rules,
				  fs_defined_fn defined, void *ctx)
{
	const struct fs_profiles *ps = rules ? rules->profiles : NULL;

	for (size_t i = 0; ps && defined && i < ps->count; i++) {
		const fs_profile *p = &ps->items[i];

		if (p->view && defined(ctx, p->macro))
			return p->view;
	}
	return rules;
}

const fs_rules *fs_rules_view(const fs_rules *rules, size_t i)
{
	const struct fs_profiles *ps = rules ? rules->profiles : NULL;

	return ps && i < ps->count ? ps->items[i].view : NULL;
}
