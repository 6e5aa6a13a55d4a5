/* check_spelling.c: reports deprecated spellings of flags. */
#include <string.h>

#include "findings.h"
#include "rules_model.h"

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

int fs_check_spelling(const fs_rules *rules, const char *name,
		      fs_findings *out)
{
	const fs_deprecation *d;
	fs_buf msg = { 0 }, fix = { 0 };
	int has_fix, res;

	/* A profile's units may implement the legacy names (the kernel's
	 * masks and switch cases accept them): nothing to report there. */
	if (!rules || !name || !out || rules->deprecated_silent ||
	    !(d = fs_model_deprecation(rules, name)))
		return 0;
	put_message(&msg, d);
	has_fix = strcmp(d->replacement.text, "-") != 0;
	if (has_fix)
		put_fix(&fix, d);
	res = fix.failed ? -1 :
	      fs_findings_add(out, FS_CHECK_DEPRECATED_FLAG, 0, 0, &msg,
			      has_fix ? fs_buf_str(&fix) : NULL);
	fs_buf_free(&msg);
	fs_buf_free(&fix);
	return res ? -1 : 1;
}

int fs_macro_can_be_flag(const fs_macro_def *def)
{
	return !def || !def->in_user_code ||
	       (!def->is_function_like && !def->has_string);
}
