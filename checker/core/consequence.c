/* consequence.c: the one table that decides a finding's consequence from
 * what the engine says of it, and the classes' names (consequences.def). */
#include <string.h>

#include "bits.h"
#include "consequence.h"

static const fs_consequence_text classes[] = {
#define FS_CONSEQUENCE(id, name, sarif, codequality, meaning) \
	[FS_CONSEQUENCE_##id] = { name, sarif, codequality, meaning },
#include "consequences.def"
#undef FS_CONSEQUENCE
};

/* The decision: what each thing the engine says makes of a finding. */
static const fs_consequence by_says[FS_SAYS_COUNT] = {
	[FS_SAYS_ERRNO] = FS_CONSEQUENCE_FAILS,
	[FS_SAYS_CHANGES] = FS_CONSEQUENCE_MISBEHAVES,
	[FS_SAYS_WRONG_TEST] = FS_CONSEQUENCE_MISBEHAVES,
	[FS_SAYS_IGNORED] = FS_CONSEQUENCE_IGNORED,
	[FS_SAYS_SAME_VALUE] = FS_CONSEQUENCE_SAME_VALUE,
	[FS_SAYS_DEPRECATED] = FS_CONSEQUENCE_DEPRECATED,
};

fs_consequence fs_consequence_of(unsigned says)
{
	fs_consequence worst = FS_CONSEQUENCE_COUNT;

	for (unsigned s = 0; s < FS_SAYS_COUNT; s++)
		if ((says & (1u << s)) && by_says[s] < worst)
			worst = by_says[s];
	return worst == FS_CONSEQUENCE_COUNT ? FS_CONSEQUENCE_FAILS : worst;
}

fs_says fs_says_of_bits(fs_bits bits)
{
	return (unsigned)bits < FS_BITS_COUNT ? fs_bits_text_of(bits)->says
					      : FS_SAYS_ERRNO;
}

const fs_consequence_text *fs_consequence_text_of(fs_consequence c)
{
	return (unsigned)c < FS_CONSEQUENCE_COUNT ? &classes[c] : NULL;
}

const char *fs_consequence_name(fs_consequence c)
{
	return (unsigned)c < FS_CONSEQUENCE_COUNT ? classes[c].name : NULL;
}

const char *fs_consequence_meaning(fs_consequence c)
{
	return (unsigned)c < FS_CONSEQUENCE_COUNT ? classes[c].meaning : NULL;
}

fs_consequence fs_consequence_parse(const char *name, size_t len)
{
	for (unsigned c = 0; name && c < FS_CONSEQUENCE_COUNT; c++)
		if (strlen(classes[c].name) == len &&
		    !memcmp(classes[c].name, name, len))
			return (fs_consequence)c;
	return FS_CONSEQUENCE_COUNT;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The set one word stands for, or -1 when it names nothing. */
static long word_set(const char *w, size_t n)
{
	fs_consequence c = fs_consequence_parse(w, n);

	if (c != FS_CONSEQUENCE_COUNT)
		return 1L << c;
	if (n == 3 && !memcmp(w, "all", 3))
		return FS_CONSEQUENCES_ALL;
	if (n == 4 && !memcmp(w, "none", 4))
		return 0;
	return -1;
}

int fs_consequences_parse(const char *list, unsigned *set, const char **bad,
			  size_t *bad_len)
{
	const char *p = list ? list : "";
	unsigned out = 0;
	int items = 0;

	for (;;) {
		const char *end = strchr(p, ',');
		const char *w = p;
		size_t n = end ? (size_t)(end - p) : strlen(p);
		long s;

		while (n && is_space(*w))
			w++, n--;
		while (n && is_space(w[n - 1]))
			n--;
		/* Nothing at all is the empty set; an empty item in a list
		 * ("fails,,ignored") is a mistake. */
		s = n ? word_set(w, n) : !end && !items ? 0 : -1;
		if (s < 0) {
			*bad = w;
			*bad_len = n;
			return -1;
		}
		out |= (unsigned)s;
		items++;
		if (!end)
			break;
		p = end + 1;
	}
	*set = out;
	return 0;
}

size_t fs_consequence_unmark(const char *message, size_t len,
			     fs_consequence *c)
{
	const char *open;
	fs_consequence found;

	if (!message || len < 4 || message[len - 1] != ']')
		return len;
	for (open = message + len - 2; open > message && *open != '['; open--)
		;
	if (open - message < 1 || open[-1] != ' ')
		return len;
	found = fs_consequence_parse(open + 1, (size_t)(message + len - 2 -
							open));
	if (found == FS_CONSEQUENCE_COUNT)
		return len;
	*c = found;
	return (size_t)(open - 1 - message);
}
