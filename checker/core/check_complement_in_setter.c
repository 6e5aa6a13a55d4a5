/* check_complement_in_setter.c: flagspace-complement-in-setter: a
 * complement (~FLAG) given to an argument that replaces the flags the call
 * keeps (`replaces`): it turns on every flag of the argument's set that
 * the complement does not clear.
 *
 * The argument's accepted set is what the call reads (rules/README.md,
 * `replaces`), so a complement that turns on none of it (`~FD_CLOEXEC` in
 * fcntl(F_SETFD), which keeps only FD_CLOEXEC) does what was meant and is
 * left alone. */
#include "check_complement_in_setter.h"

#include "accept.h"
#include "findings.h"
#include "message.h"

/* More names than this are "...": a message lists what a complement turns
 * on, and the sets that replace are small. */
#define MAX_NAMED 16

/* The bits of the terms the value sets by name (`~O_NONBLOCK | O_APPEND`
 * asks for O_APPEND on purpose). */
static uint64_t named_bits(const fs_site *site, const fs_reading *reading)
{
	const fs_value *v = reading->value;
	uint64_t bits = 0;

	for (size_t i = 0; i < v->nterms; i++) {
		int64_t value;

		if (v->terms[i].name && fs_reading_sets(reading, i, 0) &&
		    fs_term_value(site->rules, &v->terms[i], &value))
			bits |= (uint64_t)value;
	}
	return bits;
}

/* "O_NONBLOCK", "O_NONBLOCK|O_APPEND": the names the complement clears
 * (the value's cleared terms); returns how many (b NULL: only counts). */
static size_t put_cleared(fs_buf *b, const fs_reading *reading)
{
	const fs_value *v = reading->value;
	size_t n = 0;

	for (size_t i = 0; i < v->nterms; i++)
	{
		if (!v->terms[i].name ||
		    reading->terms[i].use != FS_USE_CLEARED)
			continue;
		if (b)
			fs_buf_printf(b, "%s%s", n ? "|" : "",
				      v->terms[i].name);
		n++;
	}
	return n;
}

/* "~O_NONBLOCK", "~(O_NONBLOCK|O_APPEND)" */
static void put_complement(fs_buf *b, const fs_reading *reading)
{
	fs_buf names = { 0 };
	size_t n = put_cleared(&names, reading);

	fs_buf_printf(b, n > 1 ? "~(%s)" : "~%s", fs_buf_str(&names));
	b->failed |= names.failed;
	fs_buf_free(&names);
}

/* "O_APPEND, O_ASYNC, O_DIRECT and O_NOATIME" */
static void put_names(fs_buf *b, const fs_rules *rules, const size_t *ids,
		      size_t n)
{
	for (size_t i = 0; i < n; i++)
		fs_buf_printf(b, "%s%s", i == 0 ? "" : i + 1 < n ? ", "
							       : " and ",
			      rules->members.items[ids[i]].name);
	if (n == MAX_NAMED)
		fs_buf_puts(b, " ...");
}

/* "; to clear O_NONBLOCK alone, pass the fcntl(F_GETFL) result &
 * ~O_NONBLOCK": the read-modify-write, through the call's own getter
 * when the rules name one. */
static void put_instead(fs_buf *b, const fs_site *site, const fs_group *g,
			const fs_slot *s, const fs_reading *reading)
{
	const char *getter = fs_site_getter(site, g, s->accept);

	fs_buf_puts(b, "; to clear ");
	put_cleared(b, reading);
	fs_buf_puts(b, " alone, pass ");
	if (getter) {
		fs_buf_puts(b, "the ");
		fs_put_site_label(b, site, getter);
		fs_buf_puts(b, " result & ");
	} else {
		fs_buf_puts(b, "the current flags & ");
	}
	put_complement(b, reading);
}

/* "~O_NONBLOCK in fcntl(F_SETFL) arg turns on O_APPEND, ..., as the call
 * replaces the flags with its argument[ (<note>)]; to clear ..." */
static int report(const fs_site *site, const fs_group *g, const fs_slot *s,
		  const fs_reading *reading, const size_t *ids, size_t n)
{
	size_t term = reading->complement_term;
	fs_buf b = { 0 };

	put_complement(&b, reading);
	fs_buf_puts(&b, " in ");
	fs_put_slot_label(&b, site, s);
	fs_buf_puts(&b, " turns on ");
	put_names(&b, site->rules, ids, n);
	fs_buf_puts(&b, ", as the call replaces the flags with its argument");
	if (s->complement_note)
		fs_buf_printf(&b, " (%s)", s->complement_note);
	put_instead(&b, site, g, s, reading);
	if (fs_findings_add(site->out, FS_CHECK_COMPLEMENT_IN_SETTER, s->pos,
			    term, &b, NULL))
		return -1;
	fs_findings_say(site->out, FS_SAYS_CHANGES);
	fs_findings_say_bits(site->out, s->complement);
	return 0;
}

int fs_check_call_complement_in_setter(const fs_site *site,
				       const fs_group *g)
{
	for (size_t i = 0; i < site->nslots; i++) {
		const fs_slot *s = &site->slots[i];
		const fs_reading *reading;
		size_t ids[MAX_NAMED], n;
		uint64_t on;

		if (!s->replaces || s->pos >= site->nreads ||
		    !fs_accept_is_known(site->rules, s->accept))
			continue;
		reading = &site->reads[s->pos];
		/* A complement of a number is one (item 3's): name none. */
		if (!put_cleared(NULL, reading))
			continue;
		on = reading->complement & ~named_bits(site, reading);
		n = on ? fs_accept_flags_within(site->rules, s->accept,
						site->arch, on, 0, ids,
						MAX_NAMED, NULL)
		       : 0;
		if (n && report(site, g, s, reading, ids, n))
			return -1;
	}
	return 0;
}
