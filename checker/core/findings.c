/* findings.c: the list of findings handed back to front ends. */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "findings.h"
#include "vec.h"

static char *copy_string(const char *s)
{
	size_t n = strlen(s) + 1;
	char *copy = malloc(n);

	if (copy)
		memcpy(copy, s, n);
	return copy;
}

int fs_findings_add(fs_findings *out, fs_check check, size_t slot,
		    size_t term, fs_buf *message, const char *fix)
{
	void *items = out->items;
	fs_finding f = { check, slot, term, NULL, NULL, FS_WHOLE_SITE, 0, NULL,
			 0, FS_CONSEQUENCE_FAILS, 0, 0 };

	f.message = fs_buf_take(message);
	f.fix = fix ? copy_string(fix) : NULL;
	if (!f.message || (fix && !f.fix) ||
	    fs_vec_reserve(&items, &out->capacity, out->count + 1,
			   sizeof(f))) {
		free(f.message);
		free(f.fix);
		return -1;
	}
	out->items = items;
	out->items[out->count++] = f;
	return 0;
}

void fs_findings_say(fs_findings *out, fs_says says)
{
	fs_finding *f;

	if (!out->count || (unsigned)says >= FS_SAYS_COUNT)
		return;
	f = &out->items[out->count - 1];
	f->says |= 1u << says;
	f->consequence = fs_consequence_of(f->says);
}

void fs_findings_say_bits(fs_findings *out, fs_bits bits)
{
	if (!out->count || bits >= FS_BITS_COUNT)
		return;
	if (fs_bits_text_of(bits)->fails_with)
		out->items[out->count - 1].fails_with =
			fs_bits_text_of(bits)->fails_with;
	fs_findings_say(out, fs_says_of_bits(bits));
}

void fs_findings_say_decoded(fs_findings *out, const fs_decoded *how,
			     fs_bits bits)
{
	if (how->taken)
		fs_findings_say(out, FS_SAYS_CHANGES);
	if (how->untaken)
		fs_findings_say_bits(out, bits);
	if (how->nothing)
		fs_findings_say(out, FS_SAYS_IGNORED);
}

void fs_findings_mark_harms_on_success(fs_findings *out)
{
	if (out->count)
		out->items[out->count - 1].harms_on_success = 1;
}

void fs_findings_free_texts(fs_finding *items, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		free(items[i].message);
		free(items[i].fix);
	}
}

int fs_findings_drop_if(fs_findings *out, size_t from,
			int (*drops)(const fs_finding *f, const void *ctx),
			const void *ctx)
{
	size_t k = from, i = from;
	int res = 0;

	for (; out && i < out->count; i++) {
		int d = drops(&out->items[i], ctx);

		if (d < 0) {
			res = -1;
			break;
		}
		if (d)
			fs_findings_free_texts(&out->items[i], 1);
		else
			out->items[k++] = out->items[i];
	}
	for (; out && i < out->count; i++)
		out->items[k++] = out->items[i];
	if (out)
		out->count = k;
	return res;
}

void fs_findings_clear(fs_findings *findings)
{
	if (!findings)
		return;
	fs_findings_free_texts(findings->items, findings->count);
	findings->count = 0;
}

void fs_findings_free(fs_findings *findings)
{
	if (!findings)
		return;
	fs_findings_clear(findings);
	free(findings->items);
	findings->items = NULL;
	findings->capacity = 0;
}
