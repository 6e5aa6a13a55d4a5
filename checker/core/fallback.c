/* fallback.c: whether the code falls back where a `since` fact's call or
 * flag fails (fs_outcome.retries): the same function without the flag, or
 * another way the fact names (else=), where the test that leads there lets
 * the errno the fact predicts through. */
#include <string.h>

#include "algebra.h"
#include "bits.h"
#include "fallback.h"
#include "findings.h"

int fs_errno_is(const char *want, const char *name)
{
	if (!want || !name)
		return 0;
	return !strcmp(want, name) ||
	       (!strcmp(want, "EOPNOTSUPP") && !strcmp(name, "ENOTSUP"));
}

const char *fs_since_called(const char *callee, const char *number)
{
	if (!number)
		return callee;
	if (!strncmp(number, "SYS_", 4))
		return number + 4;
	return strncmp(number, "__NR_", 5) ? NULL : number + 5;
}

/* Whether the retry's test lets errno `want` through: it names it, or
 * names none (any failure). */
static int lets_errno_through(const char *want, const fs_retry *t)
{
	if (!t->nerrnos)
		return 1;
	for (size_t i = 0; i < t->nerrnos; i++)
		if (fs_errno_is(want, t->errnos[i]))
			return 1;
	return 0;
}

/* Whether the retry's test lets the errno `r` predicts through. */
static int lets_through(const fs_since_rule *r, const fs_retry *t)
{
	return lets_errno_through(fs_bits_text_of(r->bits)->fails_with, t);
}

/* Whether rule `r` is about the retry's call: one of its functions, made
 * the way it is about (via=). */
static int is_about(const fs_since_rule *r, const char *name, int raw)
{
	if (!fs_words_has(&r->funcs, name))
		return 0;
	return r->via == FS_VIA_ANY || (r->via == FS_VIA_SYSCALL) == raw;
}

/* Whether `v` may set `flag`: a term of that name setting bits on some
 * path, or a part that is not known. Returns 1 or 0, -1 when out of
 * memory. */
static int may_set(const fs_rules *rules, const fs_value *v, const char *flag)
{
	fs_reading rd;
	int found;

	if (fs_read_value(rules, v, &rd))
		return -1;
	found = rd.unknown;
	for (size_t i = 0; !found && i < v->nterms; i++)
		found = v->terms[i].name && !strcmp(v->terms[i].name, flag) &&
			fs_reading_sets(&rd, i, 0);
	fs_reading_free(&rd);
	return found;
}

/* Whether retry `t` does the job of the site's call without what `r` is
 * about. Returns 1 or 0, -1 when out of memory. */
static int does_without(const fs_since_rule *r, const fs_site *site,
			const fs_retry *t, const char *flag)
{
	const char *name = fs_since_called(t->callee, t->number);
	const char *own = fs_since_called(site->name, site->number);
	size_t at;
	int v;

	if (!name)
		return 0;
	if (!is_about(r, name, t->number != NULL))
		return fs_words_has(&r->fallbacks, name) ||
		       (own && !strcmp(own, name));
	if (!flag)
		return 0;	/* the call itself, made again */
	at = r->param.pos + (t->number != NULL);
	if (at >= t->nargs)
		return 0;
	v = may_set(site->rules, &t->args[at], flag);
	return v < 0 ? -1 : !v;
}

int fs_since_has_fallback(const fs_since_rule *r, const fs_site *site,
			  const fs_call *call, const char *flag)
{
	const fs_outcome *o = &call->outcome;

	for (size_t i = 0; i < o->nretries; i++) {
		int without;

		if (!lets_through(r, &o->retries[i]))
			continue;
		if ((without = does_without(r, site, &o->retries[i], flag)))
			return without;
	}
	return 0;
}

/* Whether retry `t` calls the site's function again, the same way (a raw
 * syscall() or not), with argument `at` not setting `flag`. Returns 1 or
 * 0, -1 when out of memory. */
static int retries_without(const fs_site *site, const fs_retry *t, size_t at,
			   const char *flag)
{
	const char *name = fs_since_called(t->callee, t->number);
	const char *own = fs_since_called(site->name, site->number);
	int v;

	if (!name || !own || strcmp(name, own) ||
	    (t->number != NULL) != (site->number != NULL) || at >= t->nargs)
		return 0;
	v = may_set(site->rules, &t->args[at], flag);
	return v < 0 ? -1 : !v;
}

/* The flag finding `f` is about, or NULL. */
static const char *flag_of(const fs_site *site, const fs_finding *f)
{
	const fs_value *v;

	if (!f->fails_with || f->slot >= site->nreads ||
	    !(v = site->reads[f->slot].value) || f->term >= v->nterms)
		return NULL;
	return v->terms[f->term].name;
}

/* Whether the code falls back from the failure finding `f` predicts:
 * a retry without its flag. Returns 1 or 0, -1 when out of memory. */
static int is_retried_without(const fs_site *site, const fs_call *call,
			      const fs_finding *f)
{
	const char *flag = flag_of(site, f);
	const fs_outcome *o = &call->outcome;

	for (size_t i = 0; flag && i < o->nretries; i++) {
		int without;

		if (!lets_errno_through(f->fails_with, &o->retries[i]))
			continue;
		if ((without = retries_without(site, &o->retries[i], f->slot,
					       flag)))
			return without;
	}
	return 0;
}

typedef struct retry_scope {
	const fs_site *site;
	const fs_call *call;
} retry_scope;

static int drops_retried(const fs_finding *f, const void *ctx)
{
	const retry_scope *s = ctx;

	return is_retried_without(s->site, s->call, f);
}

int fs_drop_retried_without(const fs_site *site, const fs_call *call,
			    fs_findings *out, size_t from)
{
	retry_scope scope = { site, call };

	return fs_findings_drop_if(out, from, drops_retried, &scope);
}
