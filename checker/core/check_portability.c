/* check_portability.c: flagspace-portability: a call, or a flag of it,
 * that some C library or kernel the program may run on rejects or
 * emulates (`since` rules), judged from what is known of those systems
 * (fs_platform): the worst that remains possible, its condition named. */
#include "bits.h"
#include "check_portability.h"
#include "fallback.h"
#include "findings.h"
#include "message.h"
#include "platform.h"

enum { MAX_FACTS = 8 };

/* The rules one finding is made of, in rules order. */
typedef struct since_facts {
	const fs_since_rule *items[MAX_FACTS];
	size_t count;
} since_facts;

/* The function as since rules name it: a raw syscall() by its number. */
static const char *called(const fs_site *site)
{
	return fs_since_called(site->name, site->number);
}

/* Whether the rule is about the way the call is made: a raw syscall()
 * (site->number), or the C library's function. */
static int is_via(const fs_since_rule *r, const fs_site *site)
{
	if (r->via == FS_VIA_ANY)
		return 1;
	return (r->via == FS_VIA_SYSCALL) == (site->number != NULL);
}

/* Whether the glibc, or the kernel, of the rule may be older than it says
 * on the systems `p` leaves possible. */
static int glibc_may_be_older(const fs_since_rule *r, const fs_platform *p)
{
	return r->glibc && fs_may_be_older(p->glibc, r->glibc, r->emulated);
}

static int kernel_may_be_older(const fs_since_rule *r, const fs_platform *p)
{
	return r->kernel && fs_may_be_older(p->kernel, r->kernel, r->emulated);
}

/* Whether the code tests errno for the failure the rule predicts right
 * after the call (`errno == ENOSYS`, `case ENOTSUP:`: it handles it). */
static int is_handled(const fs_since_rule *r, const fs_call *call)
{
	const char *want = fs_bits_text_of(r->bits)->fails_with;
	const fs_outcome *o = &call->outcome;
	const fs_compare *e = &o->error;

	for (size_t i = 0; i < o->nerrnos; i++)
		if (fs_errno_is(want, o->errnos[i]))
			return 1;
	if ((e->cmp != FS_CMP_EQ && e->cmp != FS_CMP_NE) || !e->with_name)
		return 0;
	return fs_errno_is(want, e->with_name);
}

/* Whether the argument the rule's when= names may hold one of its flags:
 * not when its value is known to hold none (faccessat's F_OK); always
 * without when=, and where the argument is not seen. */
static int when_may_hold(const fs_since_rule *r, const fs_site *site,
			 size_t shift)
{
	size_t at = r->when_param.pos + shift;
	const fs_reading *rd;
	uint64_t bits = 0;

	if (!r->when.count || at >= site->nreads)
		return 1;
	rd = &site->reads[at];
	if (!rd->value || rd->unknown)
		return 1;
	for (size_t i = 0; i < r->when.count; i++) {
		size_t m = fs_model_member(site->rules, r->when.items[i].text);

		if (m == FS_NONE)
			return 1;
		bits |= (uint64_t)site->rules->members.items[m].value;
	}
	return (rd->may & bits) != 0;
}

/* Whether rule `r` may apply to the call (about `flag` written at `at`, or
 * about the call itself): not ruled out by what is known, nor by a test of
 * errno or a fallback in the code. Returns 1 or 0, -1 when out of memory. */
static int may_apply(const fs_since_rule *r, const fs_site *site,
		     const fs_call *call, size_t shift, size_t at,
		     const char *flag)
{
	int v;

	if (!fs_words_has(&r->funcs, called(site)) || !is_via(r, site) ||
	    (flag ? !fs_words_has(&r->flags, flag) || r->param.pos + shift != at
		  : r->flags.count != 0) ||
	    (!glibc_may_be_older(r, &call->platform) &&
	     !kernel_may_be_older(r, &call->platform)) ||
	    !when_may_hold(r, site, shift) || is_handled(r, call))
		return 0;
	v = fs_since_has_fallback(r, site, call, flag);
	return v < 0 ? -1 : !v;
}

/* The rules about the call itself (flag NULL), or about `flag` written
 * at argument `at`, that may apply. Returns 0, or -1 when out of memory. */
static int collect(const fs_site *site, const fs_call *call, size_t shift,
		   size_t at, const char *flag, since_facts *out)
{
	const fs_rules *rules = site->rules;

	out->count = 0;
	for (size_t i = 0; called(site) && i < rules->sinces.count; i++) {
		const fs_since_rule *r = &rules->sinces.items[i];
		int applies;

		if (out->count == MAX_FACTS)
			break;
		if ((applies = may_apply(r, site, call, shift, at, flag)) < 0)
			return -1;
		if (applies)
			out->items[out->count++] = r;
	}
	return 0;
}

/* "glibc 2.39 and Linux 6.6": the parts that may be missing. */
static void put_needs(fs_buf *b, const fs_since_rule *r, const fs_platform *p)
{
	int glibc = glibc_may_be_older(r, p);

	if (glibc) {
		fs_buf_puts(b, "glibc ");
		fs_put_version(b, r->glibc);
	}
	if (kernel_may_be_older(r, p)) {
		fs_buf_puts(b, glibc ? " and Linux " : "Linux ");
		fs_put_version(b, r->kernel);
	}
}

/* "<known> 2.36", or `unknown` when the version is 0. */
static void put_bound(fs_buf *b, const char *known, const char *unknown,
		      uint32_t version)
{
	if (!version) {
		fs_buf_puts(b, unknown);
		return;
	}
	fs_buf_puts(b, known);
	fs_put_version(b, version);
}

/* "(built against glibc 2.36, no minimum kernel set)": what is known of
 * what the conditions name. */
static void put_known(fs_buf *b, const since_facts *f, const fs_platform *p)
{
	int glibc = 0, kernel = 0;

	for (size_t i = 0; i < f->count; i++) {
		glibc |= glibc_may_be_older(f->items[i], p);
		kernel |= kernel_may_be_older(f->items[i], p);
	}
	fs_buf_puts(b, " (");
	if (glibc)
		put_bound(b, "built against glibc ",
			  "the unit's glibc version is not known", p->glibc);
	if (glibc && kernel)
		fs_buf_puts(b, ", ");
	if (kernel)
		put_bound(b, "minimum kernel ", "no minimum kernel set",
			  p->kernel);
	fs_buf_puts(b, ")");
}

/* One finding: "<what> needs glibc 2.39 and Linux 6.6: otherwise, <note>
 * (<known>); <instead>". */
static int report(const fs_site *site, const fs_call *call, size_t slot,
		  size_t term, const char *flag, const since_facts *f)
{
	const fs_platform *p = &call->platform;
	const char *instead = NULL;
	fs_buf b = { 0 };

	if (flag) {
		fs_buf_printf(&b, "%s in ", flag);
		fs_put_param_label(&b, site, f->items[0]->param.name, NULL);
	} else {
		fs_put_site_label(&b, site, NULL);
	}
	for (size_t i = 0; i < f->count; i++) {
		fs_buf_puts(&b, i ? "; it needs " : " needs ");
		put_needs(&b, f->items[i], p);
		fs_buf_puts(&b, ": otherwise, ");
		if (f->items[i]->note)
			fs_buf_puts(&b, f->items[i]->note);
		else
			fs_put_effect(&b, f->items[i]->bits);
		if (!instead)
			instead = f->items[i]->instead;
	}
	put_known(&b, f, p);
	if (instead)
		fs_buf_printf(&b, "; %s", instead);
	if (fs_findings_add(site->out, FS_CHECK_PORTABILITY, slot, term, &b,
			    NULL))
		return -1;
	for (size_t i = 0; i < f->count; i++)
		fs_findings_say_bits(site->out, f->items[i]->bits);
	return 0;
}

/* Each named term of argument `at` that reaches it. */
static int check_argument(const fs_site *site, const fs_call *call,
			  size_t shift, size_t at)
{
	const fs_reading *rd = &site->reads[at];
	since_facts f;

	for (size_t i = 0; rd->value && i < rd->value->nterms; i++) {
		const char *name = rd->value->terms[i].name;

		if (!name || !fs_reading_sets(rd, i, 0))
			continue;
		if (collect(site, call, shift, at, name, &f) ||
		    (f.count && report(site, call, at, i, name, &f)))
			return -1;
	}
	return 0;
}

int fs_check_call_portability(const fs_site *site, const fs_call *call,
			      size_t shift)
{
	since_facts f;

	if (!site->rules->sinces.count)
		return 0;
	if (collect(site, call, shift, FS_NONE, NULL, &f) ||
	    (f.count && report(site, call, FS_WHOLE_SITE, FS_WHOLE_VALUE, NULL,
			       &f)))
		return -1;
	for (size_t at = 0; at < site->nreads; at++)
		if (check_argument(site, call, shift, at))
			return -1;
	return 0;
}
