/* check_mode.c: needs-mode: creating flags and the mode that must go with
 * them, for calls and for struct initializers. */
#include <string.h>

#include "check_joint.h"
#include "findings.h"
#include "message.h"

static const fs_mode_rule *mode_rule(const fs_site *site, size_t id)
{
	return &site->rules->modes.items[id];
}

static int is_flag_name(const fs_mode_rule *r, const char *name)
{
	for (size_t i = 0; i < r->flag_names.count; i++)
		if (!strcmp(r->flag_names.items[i].text, name))
			return 1;
	return 0;
}

/* The first term that sets one of the rule's flags (on some path at
 * least); FS_NONE when there is none. */
static size_t find_flag_term(const fs_mode_rule *r, const fs_reading *reading)
{
	const fs_value *v = reading->value;

	for (size_t i = 0; i < v->nterms; i++) {
		const fs_term *t = &v->terms[i];

		if (t->name && fs_reading_sets(reading, i, 0) &&
		    is_flag_name(r, t->name))
			return i;
	}
	return FS_NONE;
}

/* Adds the needs-mode finding in b at term `term` of argument (or field)
 * `at`: the file is created with permissions nobody chose, and the call
 * succeeding is the harm. Returns -1 when out of memory. */
static int add_mode_finding(const fs_site *site, size_t at, size_t term,
			    fs_buf *b, int at_use)
{
	if (fs_findings_add(site->out, FS_CHECK_MISSING_MODE, at, term, b,
			    NULL))
		return -1;
	site->out->items[site->out->count - 1].at_use = at_use;
	fs_findings_mark_harms_on_success(site->out);
	fs_findings_say(site->out, FS_SAYS_CHANGES);
	return 0;
}

/* "<FLAG> in <PARAM>" */
static void put_flag_in(fs_buf *b, const fs_site *site,
			const fs_mode_rule *r, const fs_term *t)
{
	fs_buf_printf(b, "%s in ", t->name);
	fs_put_param_label(b, site, r->flags.name, NULL);
}

/* "<FLAG> in <PARAM> needs a mode argument: without it <site> creates the
 * file with unpredictable permissions" */
static int report_call(const fs_site *site, const fs_mode_rule *r,
		       const fs_term *t, size_t at, size_t term)
{
	fs_buf b = { 0 };

	put_flag_in(&b, site, r, t);
	fs_buf_puts(&b, " needs a mode argument: without it ");
	fs_put_site_label(&b, site, NULL);
	fs_buf_puts(&b, " creates the file with unpredictable permissions");
	/* What is missing is the call's: it is pointed at, the flag noted. */
	return add_mode_finding(site, at, term, &b, 1);
}

/* "<FLAG> in <PARAM> needs a mode, which <site> does not take: the C
 * library aborts the program; call <instead>() with the mode": glibc's
 * fortified __open_2() (io/open_2.c, __fortify_fail), at the flag. */
static int report_abort(const fs_site *site, const fs_mode_rule *r,
			const fs_term *t, size_t at, size_t term)
{
	fs_buf b = { 0 };

	put_flag_in(&b, site, r, t);
	fs_buf_puts(&b, " needs a mode, which ");
	fs_put_site_label(&b, site, NULL);
	fs_buf_printf(&b, " does not take: the C library aborts the program; "
		      "call %s() with the mode", r->instead);
	if (fs_findings_add(site->out, FS_CHECK_MISSING_MODE, at, term, &b,
			    NULL))
		return -1;
	fs_findings_say(site->out, FS_SAYS_ERRNO);
	return 0;
}

/* Whether a value is certainly 0: no bit can reach it. */
static int is_zero(const fs_reading *reading)
{
	return !reading->unknown && reading->may == 0;
}

/* Whether the reading has a term set on some path at least that is
 * one of `names`. */
static int sets_any(const fs_reading *reading, const fs_words *names)
{
	const fs_value *v = reading->value;

	for (size_t i = 0; i < v->nterms; i++)
		for (size_t k = 0; k < names->count; k++)
			if (v->terms[i].name &&
			    !strcmp(v->terms[i].name, names->items[k].text) &&
			    fs_reading_sets(reading, i, 0))
				return 1;
	return 0;
}

/* "mode 0 with O_CREAT in open() flags: open() creates the file with no
 * permission for anyone, ...", at the mode's first term: where a
 * wrapper's caller or a default argument wrote the 0. */
static int report_zero_mode(const fs_site *site, const fs_mode_rule *r,
			    const fs_term *flag, size_t mi)
{
	fs_buf b = { 0 };

	fs_buf_printf(&b, "mode 0 with %s in ", flag->name);
	fs_put_param_label(&b, site, r->flags.name, NULL);
	fs_buf_puts(&b, ": ");
	fs_put_site_label(&b, site, NULL);
	fs_buf_puts(&b, " creates the file with no permission for anyone, so "
		    "it cannot be opened again (but by root); give the mode, "
		    "such as 0644 or 0600");
	return add_mode_finding(site, mi, 0, &b, 0);
}

/* A creating flag with the mode absent, or certainly 0. */
static int check_call_mode(const fs_site *site, const fs_mode_rule *r,
			   const fs_call *call, size_t shift)
{
	size_t at = r->flags.pos + shift, mi = r->mode.pos + shift;
	size_t term;

	if (at >= call->nargs)
		return 0;
	term = find_flag_term(r, &site->reads[at]);
	if (term == FS_NONE)
		return 0;
	if (!r->mode.name)
		return report_abort(site, r, &call->args[at].terms[term], at,
				    term);
	if (call->nargs <= mi)
		return report_call(site, r, &call->args[at].terms[term], at,
				   term);
	/* zero-unless=: a flag there (a lock file's O_EXCL) may mean it. */
	if (r->zero_mode && mi < site->nreads && is_zero(&site->reads[mi]) &&
	    call->args[mi].nterms && !sets_any(&site->reads[at],
					       &r->zero_unless))
		return report_zero_mode(site, r, &call->args[at].terms[term],
					mi);
	return 0;
}

int fs_check_call_modes(const fs_site *site, const fs_ids *modes,
			const fs_call *call, size_t shift)
{
	for (size_t i = 0; i < modes->count; i++)
		if (check_call_mode(site, mode_rule(site, modes->items[i]),
				    call, shift))
			return -1;
	return 0;
}

/* The field written last under `name` (the one that counts in an
 * initializer), or NULL; *index tells which. */
static const fs_field *find_field(const fs_record *rec, const char *name,
				  size_t *index)
{
	const fs_field *found = NULL;

	for (size_t i = 0; i < rec->nfields; i++) {
		if (rec->fields[i].name && !strcmp(rec->fields[i].name, name)) {
			found = &rec->fields[i];
			*index = i;
		}
	}
	return found;
}

/* Whether flags are fully known to hold none of the rule's flags: every
 * part is a set zero or a set known macro that is not one of them. */
static int lacks_flags(const fs_site *site, const fs_mode_rule *r,
		       const fs_field *flags, size_t fi, int is_initializer)
{
	const fs_reading *reading = &site->reads[fi];
	const fs_value *v;

	if (!flags)
		return is_initializer;	/* left out of an initializer: 0 */
	v = &flags->value;
	if (flags->is_compound || reading->unknown)
		return 0;
	for (size_t i = 0; i < v->nterms; i++) {
		const fs_term *t = &v->terms[i];

		if (!fs_reading_sets(reading, i, 0))
			return 0;
		if (t->name ? is_flag_name(r, t->name) ||
			      fs_model_member(site->rules, t->name) == FS_NONE
			    : !(t->has_value && t->value == 0))
			return 0;
	}
	return 1;
}

/* "<FLAG> in <R>.<FLAGS> needs <R>.<MODE>: without it the file is created
 * with mode 0" */
static int report_missing(const fs_site *site, const fs_mode_rule *r,
			  const fs_field *flags, size_t at, size_t term)
{
	fs_buf b = { 0 };

	fs_buf_printf(&b, "%s in %s.%s needs %s.%s: without it the file is "
		      "created with mode 0", flags->value.terms[term].name,
		      site->name, r->flags.name, site->name, r->mode.name);
	return add_mode_finding(site, at, term, &b, 0);
}

/* "<R>.<MODE> is set but <R>.<FLAGS> has no <FLAG1> or <FLAG2>: the kernel
 * rejects it with EINVAL" */
static int report_strict(const fs_site *site, const fs_mode_rule *r,
			 size_t at)
{
	fs_buf b = { 0 };

	fs_buf_printf(&b, "%s.%s is set but %s.%s has no ", site->name,
		      r->mode.name, site->name, r->flags.name);
	fs_put_or_list(&b, &r->flag_names);
	fs_buf_puts(&b, ": the kernel rejects it with EINVAL");
	if (fs_findings_add(site->out, FS_CHECK_MISSING_MODE, at,
			    FS_WHOLE_VALUE, &b, NULL))
		return -1;
	fs_findings_say_bits(site->out, FS_BITS_EINVAL);
	return 0;
}

static int check_record_mode(const fs_site *site, const fs_mode_rule *r,
			     const fs_record *rec)
{
	size_t fi = 0, mi = 0, term = FS_NONE;
	const fs_field *flags = find_field(rec, r->flags.name, &fi);
	const fs_field *mode = find_field(rec, r->mode.name, &mi);

	if (flags)
		term = find_flag_term(r, &site->reads[fi]);
	/* An assignment leaves the other fields as they were: unknown. */
	if (rec->is_initializer && term != FS_NONE &&
	    (!mode || is_zero(&site->reads[mi])))
		return report_missing(site, r, flags, fi, term);
	if (r->strict && mode && !is_zero(&site->reads[mi]) &&
	    lacks_flags(site, r, flags, fi, rec->is_initializer))
		return report_strict(site, r, mi);
	return 0;
}

int fs_check_record_modes(const fs_site *site, const fs_ids *modes,
			  const fs_record *record)
{
	for (size_t i = 0; i < modes->count; i++) {
		const fs_mode_rule *r = mode_rule(site, modes->items[i]);

		if (check_record_mode(site, r, record))
			return -1;
	}
	return 0;
}
