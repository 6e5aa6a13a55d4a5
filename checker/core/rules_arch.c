/* rules_arch.c: reads the arch directive and the value lines under it: the
 * values names have on one architecture where they differ from x86-64. */
#include <string.h>

#include "rules_attr.h"
#include "rules_parse.h"

/* One word of cpus=: a name, optionally ending in `*` (a prefix). */
static size_t cpu_word_len(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] != ',' && s[i] != '*')
		i++;
	if (i < n && s[i] == '*')
		i++;
	return i;
}

static int is_cpu_word(const char *s, size_t n)
{
	if (n && s[n - 1] == '*')
		n--;
	for (size_t i = 0; i < n; i++)
		if (!(s[i] == '_' || (s[i] >= '0' && s[i] <= '9') ||
		      (s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= 'A' && s[i] <= 'Z')))
			return 0;
	return n > 0;
}

/* cpus=CPU[,CPU...] into words; the list is what the directive holds. */
static int read_cpus(fs_reader *rd, fs_span sp, fs_words *out)
{
	size_t i = 0, k = 0, count = 1;

	for (size_t j = 0; j < sp.n; j++)
		count += sp.s[j] == ',';
	out->items = fs_arena_alloc(&rd->rules->arena,
				    count * sizeof(fs_word));
	if (!out->items) {
		fs_reader_nomem(rd);
		return -1;
	}
	while (i <= sp.n && k < count) {
		size_t n = cpu_word_len(sp.s + i, sp.n - i);
		fs_span w = { sp.s + i, n, sp.col + i };

		if (!is_cpu_word(w.s, w.n) || (i + n < sp.n && sp.s[i + n] != ',')) {
			fs_reader_error(rd, w.col, "expected a CPU such as "
					"aarch64 or arm*, not '%.*s'",
					fs_quote_len(sp.n - i), w.s);
			return -1;
		}
		out->items[k].pos = fs_reader_pos(rd, w.col);
		if (!(out->items[k++].text = fs_syntax_copy(rd, w)))
			return -1;
		i += n + 1;
	}
	out->count = k;
	return 0;
}

static size_t new_arch(fs_reader *rd, const fs_word *name)
{
	size_t id = FS_NEW_ENTRY(rd->rules, arches);

	if (id == FS_NONE) {
		fs_reader_nomem(rd);
		return FS_NONE;
	}
	rd->rules->arches.items[id].name = name->text;
	rd->rules->arches.items[id].origin.unit = rd->rules->unit;
	rd->rules->arches.items[id].origin.pos = name->pos;
	return id;
}

/* arch NAME cpus=CPU[,CPU...] [triple=T] [debian=D]; reopening adds values and may leave cpus=
 * out; a later load may give cpus= anew, the same load may not. */
int fs_parse_arch(fs_reader *rd, const fs_token *t, size_t n)
{
	/* triple= and debian= name the headers test/rules checks the values
	 * against (a Debian multiarch triple and its cross packages' name);
	 * the checks do not use them. */
	static const fs_attr_spec specs[] = { { "cpus", 0 }, { "triple", 0 },
					      { "debian", 0 } };
	static const fs_head head = { "an architecture name", "architecture",
				      "'arch'", specs, 3, fs_model_arch };
	const fs_token *found[3];
	fs_word name;
	size_t id;

	if (fs_parse_head(rd, t, n, &head, found, &name, &id))
		return -1;
	if (id != FS_NONE && found[0] &&
	    rd->rules->arches.items[id].origin.unit == rd->rules->unit) {
		fs_reader_error(rd, found[0]->col, "architecture '%s' has its "
				"cpus= already", name.text);
		return -1;
	}
	/* A later load (the same files read again) gives them anew. */
	if ((id == FS_NONE && (id = new_arch(rd, &name)) == FS_NONE) ||
	    (found[0] && read_cpus(rd, fs_attr_value(found[0]),
				   &rd->rules->arches.items[id].cpus)))
		return -1;
	rd->arch = id;
	return 0;
}

/* VALUE, or `-` for a name the architecture does not have. */
static int read_arch_value(fs_reader *rd, const fs_token *t, fs_arch_value *v)
{
	if (t->len == 1 && t->text[0] == '-') {
		v->is_absent = 1;
		return 0;
	}
	return fs_parse_number(rd, t, &v->value);
}

/* MACRO VALUE or MACRO -, inside an arch section. */
int fs_parse_arch_value(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = { "the value of the macro" };
	fs_arch_value v = { .arch = rd->arch };

	if (fs_syntax_name(rd, fs_token_span(&t[0]), "macro name", &v.name) ||
	    fs_parse_expect(rd, t, n, what, 1) ||
	    read_arch_value(rd, &t[1], &v))
		return -1;
	if (n > 2) {
		fs_reader_error(rd, t[2].col, "an architecture's value line "
				"is MACRO VALUE or MACRO -, with no attributes");
		return -1;
	}
	v.origin.unit = rd->rules->unit;
	v.origin.pos = v.name.pos;
	return FS_PARSE_STORE(rd, arch_values, v, fs_model_add_arch_value,
			      t[0].col,
			      "'%s' already has a value on '%s'", v.name.text,
			      rd->rules->arches.items[rd->arch].name);
}
