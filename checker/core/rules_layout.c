/* rules_layout.c: the layout directive, and the struct a caller's own copy
 * of a kernel struct stands for, matched by its fields in order. */
#include <string.h>

#include "flagspace.h"
#include "rules_attr.h"
#include "rules_parse.h"
#include "rules_query.h"

/* layout RECORD FIELD[,FIELD...] size=BYTES passed=FUNC(POS) [min=N] */
int fs_parse_layout(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = { "struct tag", "field names" };
	static const fs_attr_spec specs[] = {
		{ "size", 0 }, { "passed", 0 }, { "min", 0 } };
	const fs_token *found[3];
	fs_layout_rule r = { .origin = { rd->rules->unit,
					 fs_reader_pos(rd, t[0].col) } };
	int64_t size = 0, min = 0;

	if (fs_parse_expect(rd, t, n, what, 2) ||
	    fs_syntax_name(rd, fs_token_span(&t[1]), "struct tag",
			   &r.record) ||
	    fs_syntax_names(rd, fs_token_span(&t[2]), "field name",
			    &r.fields) ||
	    fs_attrs_read(rd, "'layout'", t + 3, n - 3, specs, 3, found))
		return -1;
	if (!found[0] || !found[1]) {
		fs_reader_error(rd, t[0].col, "'layout' needs size=BYTES and "
				"passed=FUNC(POS)");
		return -1;
	}
	if (fs_attr_count(rd, found[0], 4096, &size) ||
	    fs_syntax_param(rd, fs_attr_value(found[1]), &r.passed) ||
	    (found[2] && fs_attr_count(rd, found[2], 4096, &min)))
		return -1;
	r.size = (uint64_t)size;
	r.min = found[2] ? (size_t)min : r.fields.count;
	if (r.min > r.fields.count) {
		fs_reader_error(rd, fs_attr_value(found[2]).col, "min=%zu is "
				"more than the %zu fields", r.min,
				r.fields.count);
		return -1;
	}
	return fs_parse_append(rd, FS_PARSE_TABLE(rd, layouts, r), &r) ==
	       FS_NONE ? -1 : 0;
}

/* Whether the caller's struct is a copy of rule r's: its fields are the
 * first `count` of r's (at least min of them), with r's names, size and
 * offsets. */
static int same_shape(const fs_layout_rule *r, const char *const *names,
		      const uint64_t *sizes, const uint64_t *offsets,
		      size_t count)
{
	if (count < r->min || count > r->fields.count)
		return 0;
	for (size_t i = 0; i < count; i++)
		if (!names[i] || strcmp(names[i], r->fields.items[i].text) ||
		    sizes[i] != r->size || offsets[i] != r->size * i)
			return 0;
	return 1;
}

/* The function a call's rules are found under ("syscall": x of SYS_x),
 * and the argument position there. */
static const char *rules_function(const char *function, const char *number,
				  size_t *pos)
{
	if (strcmp(function, "syscall"))
		return function;
	if (!number || *pos == 0)
		return NULL;
	*pos -= 1;
	return fs_syscall_function(number);
}

const char *fs_rules_record_by_layout(const fs_rules *rules,
				      const char *function, const char *number,
				      size_t pos, const char *const *names,
				      const uint64_t *sizes,
				      const uint64_t *offsets, size_t count)
{
	const char *name;

	if (!rules || !function || !(names && sizes && offsets) ||
	    !(name = rules_function(function, number, &pos)))
		return NULL;
	for (size_t i = 0; i < rules->layouts.count; i++) {
		const fs_layout_rule *r = &rules->layouts.items[i];

		if (r->passed.pos == pos && !strcmp(r->passed.name, name) &&
		    same_shape(r, names, sizes, offsets, count))
			return r->record.text;
	}
	return NULL;
}

int fs_rules_may_be_layout(const fs_rules *rules, const char *const *names,
			   const uint64_t *sizes, const uint64_t *offsets,
			   size_t count)
{
	if (!rules || !(names && sizes && offsets))
		return 0;
	for (size_t i = 0; i < rules->layouts.count; i++)
		if (same_shape(&rules->layouts.items[i], names, sizes,
			       offsets, count))
			return 1;
	return 0;
}
