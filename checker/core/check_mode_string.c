/* check_mode_string.c: flagspace-mode-string: the letters of an fopen()
 * style mode string, read as the C library reads them (the rule says
 * which letters it takes where; what each letter asks for is here, from
 * glibc's libio/fileops.c and musl's src/stdio/__fmodeflags.c, which
 * agree on it). */
#include <stdlib.h>
#include <string.h>

#include "check_mode_string.h"
#include "findings.h"

/* What a letter asks of the open. */
enum {
	ASK_READ = 1u << 0,
	ASK_WRITE = 1u << 1,
	ASK_CREATE = 1u << 2,
	ASK_TRUNCATE = 1u << 3,
	ASK_APPEND = 1u << 4,
};

static const struct letter_asks {
	char letter;
	unsigned asks;
	const char *to;		/* what a mode starting with it is for */
} access_letters[] = {
	{ 'r', ASK_READ, NULL },
	{ 'w', ASK_WRITE | ASK_CREATE | ASK_TRUNCATE, "create or truncate it" },
	{ 'a', ASK_WRITE | ASK_CREATE | ASK_APPEND,
	  "append to it, creating it if missing" },
	{ '+', ASK_READ | ASK_WRITE, NULL },
};

/* What the mode "r", "w", "a" (plus: "r+" ...) does, by its first letter. */
static const struct base_does {
	char first;
	const char *alone, *plus;
} bases[] = {
	{ 'r', "opens it for reading only",
	  "reads and writes it without creating or truncating it" },
	{ 'w', "opens it for writing only, created or truncated",
	  "reads and writes it, created or truncated" },
	{ 'a', "opens it for appending only, created if missing",
	  "reads and appends to it, created if missing" },
};

static const struct letter_asks *asks_of(char c)
{
	for (size_t i = 0; i < sizeof(access_letters) /
			       sizeof(access_letters[0]); i++)
		if (access_letters[i].letter == c)
			return &access_letters[i];
	return NULL;
}

static unsigned asks(char c)
{
	const struct letter_asks *a = asks_of(c);

	return a ? a->asks : 0;
}

static const char *base_does(char first, int plus)
{
	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++)
		if (bases[i].first == first)
			return plus ? bases[i].plus : bases[i].alone;
	return "opens it";
}

/* A mode the checks read: printable characters other than quotes and
 * backslashes, so that it is quoted in messages and fixes as it is. */
static int is_readable(const char *s)
{
	for (; *s; s++)
		if (*s < ' ' || *s > '~' || *s == '"' || *s == '\\')
			return 0;
	return 1;
}

static int has(const char *set, char c)
{
	return c && strchr(set, c) != NULL;
}

/* What a loose rule reads of a mode that starts right: the first later
 * access letter, and whether '+' and 'x' take effect. */
typedef struct mode_read {
	size_t extra;		/* index of the first later access letter;
				   0: none */
	size_t extras;		/* how many later access letters */
	int plus;
	size_t x;		/* index of an 'x' read; 0: none */
} mode_read;

static mode_read read_mode(const fs_modestr_rule *r, const char *s)
{
	mode_read m = { 0 };

	for (size_t i = 1; s[i] && !has(r->stop, s[i]); i++) {
		int within = !r->reads || i <= r->reads;

		if (has(r->first, s[i])) {
			m.extras++;
			if (!m.extra)
				m.extra = i;
		} else if (within && has(r->letters, s[i])) {
			m.plus |= s[i] == '+';
			if (s[i] == 'x' && !m.x)
				m.x = i;
		}
	}
	return m;
}

/* "fopen() mode" */
static void put_mode_label(fs_buf *b, const fs_site *site,
			   const fs_modestr_rule *r)
{
	fs_put_param_label(b, site, r->param.name, NULL);
}

/* "r, w or a" */
static void put_letter_list(fs_buf *b, const char *letters)
{
	size_t n = strlen(letters);

	for (size_t i = 0; i < n; i++)
		fs_buf_printf(b, "%s%c", i == 0 ? "" : i + 1 == n ? " or " :
			      ", ", letters[i]);
}

static int add(const fs_site *site, size_t slot, fs_buf *b, const char *fix,
	       fs_says says, fs_bits bits)
{
	if (fs_findings_add(site->out, FS_CHECK_MODE_STRING, slot,
			    FS_WHOLE_VALUE, b, fix))
		return -1;
	if (says == FS_SAYS_ERRNO)
		fs_findings_say_bits(site->out, bits);
	else
		fs_findings_say(site->out, says);
	site->out->items[site->out->count - 1].fix_whole = fix != NULL;
	return 0;
}

static int report_first(const fs_site *site, const fs_modestr_rule *r,
			const char *s, size_t slot)
{
	fs_buf b = { 0 };

	put_mode_label(&b, site, r);
	if (*s)
		fs_buf_printf(&b, " \"%s\" starts with '%c'", s, s[0]);
	else
		fs_buf_puts(&b, " \"\" is empty");
	fs_buf_printf(&b, ": %s() fails with EINVAL unless the mode starts "
		      "with ", site->name);
	put_letter_list(&b, r->first);
	return add(site, slot, &b, NULL, FS_SAYS_ERRNO, FS_BITS_EINVAL);
}

/* "fopen() mode "rw": 'w' ... ; use ..." */
static void put_ignored(fs_buf *b, const fs_site *site,
			const fs_modestr_rule *r, const char *s, size_t at)
{
	fs_buf_printf(b, "'%c' in ", s[at]);
	put_mode_label(b, site, r);
	fs_buf_printf(b, " \"%s\" is ignored: ", s);
}

static int report_extra(const fs_site *site, const fs_modestr_rule *r,
			const char *s, const mode_read *m, size_t slot)
{
	char c = s[m->extra], *fix = NULL;
	unsigned lost = asks(c) & ~(asks(s[0]) | (m->plus ? asks('+') : 0));
	const char *plus = m->plus ? "+" : "";
	fs_buf b = { 0 }, f = { 0 };
	int res;

	if (!lost)
		return 0;
	put_ignored(&b, site, r, s, m->extra);
	fs_buf_printf(&b, "only the first letter says how the file is "
		      "opened, and \"%c%s\" %s", s[0], plus,
		      base_does(s[0], m->plus));
	if (lost & ASK_READ) {
		fs_buf_printf(&b, ", so reads fail with EBADF; use \"%c+\" "
			      "to read it too", s[0]);
		/* The writes work and keep working as they are: "w+" only
		 * lets the reads work too. */
		if (m->extras == 1) {
			fs_buf_printf(&f, "\"%.*s+%s\"", (int)m->extra, s,
				      s + m->extra + 1);
			fix = fs_buf_take(&f);
		}
	} else if (lost & ASK_WRITE)
		fs_buf_printf(&b, ", so writes fail with EBADF; use \"%c+\" "
			      "to read and write it as it is, or \"%c+\" to "
			      "%s", s[0], c, asks_of(c)->to);
	else
		fs_buf_printf(&b, "; use \"%c%s\" to %s", c, plus,
			      asks_of(c)->to);
	res = add(site, slot, &b, fix, FS_SAYS_IGNORED, FS_BITS_IGNORED);
	free(fix);
	return res;
}

static int report_x(const fs_site *site, const fs_modestr_rule *r,
		    const char *s, const mode_read *m, size_t slot)
{
	fs_buf b = { 0 };

	put_ignored(&b, site, r, s, m->x);
	fs_buf_printf(&b, "it makes the open fail where the file exists "
		      "(O_EXCL), and \"%c%s\" never creates a file (on a "
		      "block device in use, the open fails with EBUSY); use "
		      "\"wx\" to create a file that must not exist", s[0],
		      m->plus ? "+" : "");
	return add(site, slot, &b, NULL, FS_SAYS_IGNORED, FS_BITS_IGNORED);
}

static int check_loose(const fs_site *site, const fs_modestr_rule *r,
		       const char *s, size_t slot)
{
	mode_read m;

	if (!has(r->first, s[0]))
		return report_first(site, r, s, slot);
	m = read_mode(r, s);
	if (m.extra && report_extra(site, r, s, &m, slot))
		return -1;
	if (m.x && !((asks(s[0]) | (m.plus ? asks('+') : 0)) & ASK_CREATE))
		return report_x(site, r, s, &m, slot);
	return 0;
}

/* "glibc's popen()" for a rule about one C library, else "popen()". */
static void put_callee(fs_buf *b, const fs_site *site,
		       const fs_modestr_rule *r)
{
	fs_buf_printf(b, "%s%s()", r->libc == FS_LIBC_GLIBC ? "glibc's " : "",
		      site->name);
}

/* The end of a strict rule's message: its note, then what to use. */
static int end_strict(const fs_site *site, const fs_modestr_rule *r,
		      fs_buf *b, const char *use, size_t slot)
{
	char *fix = NULL;
	fs_buf f = { 0 };
	int res;

	if (r->note)
		fs_buf_printf(b, " (%s)", r->note);
	if (use) {
		fs_buf_printf(b, "; use \"%s\"", use);
		fs_buf_printf(&f, "\"%s\"", use);
		fix = fs_buf_take(&f);
	} else {
		fs_buf_puts(b, "; use one of ");
		put_letter_list(b, r->first);
	}
	res = add(site, slot, b, fix, FS_SAYS_ERRNO, FS_BITS_EINVAL);
	free(fix);
	return res;
}

/* A strict rule: every letter is one it takes, and exactly one of the
 * first letters is there (glibc's popen(): "rb", "r+", "rw" fail). The
 * letters it does not take are dropped by the fix when none of them asks
 * for access (b, t: a pipe has no text or binary mode). */
static int check_strict(const fs_site *site, const fs_modestr_rule *r,
			const char *s, size_t slot)
{
	char kept[64], bad = 0;
	size_t n = 0, firsts = 0;
	int fixable = strlen(s) < sizeof(kept);
	fs_buf b = { 0 };

	for (size_t i = 0; s[i]; i++) {
		if (has(r->first, s[i]) && !memchr(s, s[i], i))
			firsts++;
		if (has(r->first, s[i]) || has(r->letters, s[i])) {
			if (n + 1 < sizeof(kept))
				kept[n++] = s[i];
			continue;
		}
		bad = bad ? bad : s[i];
		fixable &= !asks(s[i]);
	}
	kept[n] = '\0';
	if (!bad && firsts == 1)
		return 0;
	if (bad)
		fs_buf_printf(&b, "'%c' in ", bad);
	put_mode_label(&b, site, r);
	fs_buf_printf(&b, " \"%s\"", s);
	if (!bad)
		fs_buf_printf(&b, " has %s of ", firsts ? "more than one"
							: "none");
	else
		fs_buf_puts(&b, " makes ");
	if (!bad)
		put_letter_list(&b, r->first);
	fs_buf_puts(&b, bad ? "" : ": ");
	put_callee(&b, site, r);
	fs_buf_puts(&b, bad ? " fail with EINVAL: it takes no letter but "
			    : " fails with EINVAL unless it has one");
	if (bad) {
		put_letter_list(&b, r->first);
		fs_buf_printf(&b, "%s%s", *r->letters ? " and " : "",
			      r->letters);
	}
	return end_strict(site, r, &b, bad && fixable && firsts == 1 ? kept
								   : NULL,
			  slot);
}

/* The one rule for each argument that applies: a rule about one C
 * library where the unit is built against it. */
static int applies(const fs_modestr_rule *r, const fs_call *call)
{
	return r->libc != FS_LIBC_GLIBC || call->platform.glibc;
}

int fs_check_call_mode_strings(const fs_site *site, const fs_ids *rules,
			       const fs_call *call, size_t shift)
{
	for (size_t k = 0; k < rules->count; k++) {
		const fs_modestr_rule *r =
			&site->rules->modestrs.items[rules->items[k]];
		size_t at = r->param.pos + shift;
		const char *s = at < call->nargs ? call->args[at].string
						 : NULL;
		int res;

		if (!s || !is_readable(s) || !applies(r, call))
			continue;
		res = r->strict ? check_strict(site, r, s, at)
				: check_loose(site, r, s, at);
		if (res)
			return -1;
	}
	return 0;
}
