/* check_spelling.c: reports deprecated spellings of flags. */
#include <string.h>

#include "arch.h"
#include "findings.h"
#include "message.h"
#include "rules_model.h"

/* The value of NEW ("A|B": its members or'ed) on `arch`; 0 when some name
 * is not a member. */
static int replacement_value(const fs_rules *rules, const char *text,
			     size_t arch, int64_t *value)
{
	const char *p = text;

	*value = 0;
	while (*p) {
		size_t n = strcspn(p, "|"), m;
		char name[128];

		if (n >= sizeof(name))
			return 0;
		memcpy(name, p, n);
		name[n] = '\0';
		m = fs_model_member(rules, name);
		if (m == FS_NONE || !fs_member_is_on(rules, m, arch))
			return 0;
		*value |= fs_member_value(rules, m, arch);
		p += n + (p[n] == '|');
	}
	return 1;
}

/* What the old spelling does, from the values on the unit's architecture
 * (a value the rules do not know is taken as the rule says: a spelling).
 * Where its value is not its replacement's it appends "; its value 0x4 is
 * not LOCK_EX's 0x2": where it stands is not known, so the worst. A flag
 * to remove that the code clears asks for nothing. */
static fs_says spelling_says(fs_buf *b, const fs_rules *rules,
			     const fs_deprecation *d, size_t arch,
			     int is_cleared)
{
	size_t m = fs_model_member(rules, d->old.text);
	int64_t old, new;

	if (m == FS_NONE || !fs_member_is_on(rules, m, arch))
		return FS_SAYS_DEPRECATED;
	old = fs_member_value(rules, m, arch);
	/* To remove: 0 or bits nothing needs set nothing the code asks
	 * for; other bits are ignored (LOCK_MAND: flock() does not lock). */
	if (!strcmp(d->replacement.text, "-"))
		return old == 0 || d->unneeded || is_cleared
			? FS_SAYS_DEPRECATED : FS_SAYS_IGNORED;
	if (!replacement_value(rules, d->replacement.text, arch, &new) ||
	    new == old)
		return FS_SAYS_DEPRECATED;
	fs_buf_puts(b, "; its value ");
	fs_put_value(b, old);
	fs_buf_printf(b, " is not %s's ", d->replacement.text);
	fs_put_value(b, new);
	return FS_SAYS_ERRNO;
}

/* "<OLD> is deprecated; use <NEW> (<reason>)", or for NEW "-": "<OLD> is
 * deprecated and has no effect; remove it (<reason>)". */
static void put_message(fs_buf *b, const fs_deprecation *d)
{
	if (!strcmp(d->replacement.text, "-"))
		fs_buf_printf(b, "%s is deprecated and has no effect; "
			      "remove it", d->old.text);
	else
		fs_buf_printf(b, "%s is deprecated; use %s", d->old.text,
			      d->replacement.text);
	if (d->reason)
		fs_buf_printf(b, " (%s)", d->reason);
}

/* The fix replaces one macro: an expression needs parentheses to keep its
 * meaning inside a larger one (x & STATX_ALL). */
static void put_fix(fs_buf *b, const fs_deprecation *d)
{
	const char *text = d->replacement.text;

	if (strchr(text, '|'))
		fs_buf_printf(b, "(%s)", text);
	else
		fs_buf_puts(b, text);
}

/* A name written where the code names the flag rather than asks for it
 * (fs_check_spelling_at). A comparison is a test, not a mention: it names
 * a flag to rename as well as anywhere, but one to remove only where the
 * code decodes what a caller passed (is_decoded_test). */
static int is_mention(const fs_spelling *use)
{
	return use && ((use->written & ~(unsigned)FS_SPELLED_COMPARED) ||
		       !fs_macro_can_be_flag(use->definition));
}

/* `x == MS_MGC_VAL` of a flag to remove: the code tells what it was
 * given (a decoder, an emulation); removing the name would change that. */
static int is_decoded_test(const fs_spelling *use, const fs_deprecation *d)
{
	return (use->written & FS_SPELLED_COMPARED) &&
	       !strcmp(d->replacement.text, "-");
}

int fs_check_spelling(const fs_rules *rules, const char *name,
		      fs_findings *out)
{
	fs_spelling use = { name, NULL, 0, 0, NULL };

	return fs_check_spelling_at(rules, &use, out);
}

int fs_check_spelling_at(const fs_rules *rules, const fs_spelling *use,
			 fs_findings *out)
{
	const char *name = use ? use->name : NULL;
	const fs_deprecation *d;
	fs_buf msg = { 0 }, fix = { 0 };
	int has_fix, res;
	fs_says says;

	/* A profile's units may implement the legacy names (the kernel's
	 * masks and switch cases accept them): nothing to report there. */
	if (!rules || !name || !out || rules->deprecated_silent ||
	    is_mention(use) || !(d = fs_model_deprecation(rules, name)) ||
	    is_decoded_test(use, d))
		return 0;
	put_message(&msg, d);
	says = spelling_says(&msg, rules, d,
			     fs_arch_of_triple(rules, use->target),
			     use->is_cleared);
	has_fix = strcmp(d->replacement.text, "-") != 0;
	if (has_fix)
		put_fix(&fix, d);
	res = fix.failed ? -1 :
	      fs_findings_add(out, FS_CHECK_DEPRECATED_FLAG, 0, 0, &msg,
			      has_fix ? fs_buf_str(&fix) : NULL);
	if (!res)
		fs_findings_say(out, says);
	fs_buf_free(&msg);
	fs_buf_free(&fix);
	return res ? -1 : 1;
}

int fs_macro_can_be_flag(const fs_macro_def *def)
{
	return !def || !def->in_user_code ||
	       (!def->is_function_like && !def->has_string);
}
