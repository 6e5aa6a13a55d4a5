/* message.c: the phrases findings are built from: values, namespaces,
 * lists. */
#include "bits.h"
#include "message.h"

void fs_put_value(fs_buf *b, int64_t value)
{
	if (value >= 0)
		fs_buf_printf(b, "0x%llx", (unsigned long long)value);
	else
		fs_buf_printf(b, "%lld", (long long)value);
}

void fs_put_prefix(fs_buf *b, const fs_rules *rules, size_t ns)
{
	const fs_namespace *space = &rules->namespaces.items[ns];

	if (space->shown)
		fs_buf_puts(b, space->shown);
	else
		fs_buf_printf(b, "%s*", space->prefix);
}

void fs_put_effect(fs_buf *b, fs_bits bits)
{
	fs_buf_puts(b, fs_bits_text_of(bits)->alone);
}

void fs_put_effect_suffix(fs_buf *b, fs_bits bits)
{
	fs_buf_puts(b, fs_bits_text_of(bits)->after);
}

void fs_put_effect_verb(fs_buf *b, fs_bits bits)
{
	fs_buf_puts(b, fs_bits_text_of(bits)->verb);
}

void fs_put_or_list(fs_buf *b, const fs_words *words)
{
	for (size_t i = 0; i < words->count; i++) {
		if (i)
			fs_buf_puts(b, i + 1 < words->count ? ", " : " or ");
		fs_buf_puts(b, words->items[i].text);
	}
}

int fs_term_value(const fs_rules *rules, const fs_term *term, int64_t *value)
{
	size_t m;

	if (term->has_value) {
		*value = term->value;
		return 1;
	}
	m = term->name ? fs_model_member(rules, term->name) : FS_NONE;
	if (m == FS_NONE)
		return 0;
	*value = rules->members.items[m].value;
	return 1;
}
