/* query_decode.c: a number read the way one argument or field reads it
 * (flagspace decode), through the engine's own decoding. */
#include <stdlib.h>
#include <string.h>

#include "accept.h"
#include "decode.h"
#include "message.h"
#include "rules_model.h"
#include "strbuf.h"

/* One rule of the site: what the argument takes, its name and position,
 * and the condition it holds under. */
typedef struct decode_rule {
	const fs_accept *accept;
	const char *param;
	size_t pos;
	int is_field;
	const fs_call_rule *call;	/* NULL for a field */
} decode_rule;

/* Whether `param` names the rule: by parameter name, or by position
 * written in decimal. */
static int is_param(const decode_rule *r, const char *param)
{
	char *end;
	unsigned long pos;

	if (!strcmp(r->param, param))
		return 1;
	if (r->is_field || param[0] < '0' || param[0] > '9')
		return 0;
	pos = strtoul(param, &end, 10);
	return !*end && pos == r->pos;
}

static decode_rule rule_at(const fs_rules *rules, const fs_group *g,
			   size_t k, int is_field)
{
	size_t id = g->rules.items[k];

	if (is_field) {
		const fs_field_rule *f = &rules->fields.items[id];

		return (decode_rule){ &f->accept, f->field, 0, 1, NULL };
	}
	const fs_call_rule *c = &rules->calls.items[id];

	return (decode_rule){ &c->accept, c->param.name, c->param.pos, 0, c };
}

static void put_when(fs_buf *b, const decode_rule *r)
{
	if (!r->call || !r->call->when.count)
		return;
	fs_buf_printf(b, "when %s is ", r->call->when_param.name);
	for (size_t i = 0; i < r->call->when.count; i++)
		fs_buf_printf(b, "%s%s", i ? "," : "",
			      r->call->when.items[i].text);
	fs_buf_puts(b, ": ");
}

/* "A|B" as the engine writes it becomes "A | B". */
static void put_spaced(fs_buf *b, const char *names)
{
	for (; *names; names++) {
		if (*names == '|')
			fs_buf_puts(b, " | ");
		else
			fs_buf_putn(b, names, 1);
	}
}

/* "0 (must be 0)", "0x1 (must be 0: the call fails with EINVAL)". */
static void put_reserved(fs_buf *b, const decode_rule *r, int64_t value)
{
	fs_bits bits = r->call ? r->call->bits : FS_BITS_IGNORED;

	if (!value) {
		fs_buf_puts(b, "0 (must be 0)");
		return;
	}
	fs_put_value(b, value);
	fs_buf_puts(b, " (must be 0: ");
	fs_put_effect(b, bits);
	fs_buf_puts(b, ")");
}

/* One value of an enumeration: its name, or "unknown value 7". */
static void put_enum(fs_buf *b, const fs_rules *rules, const decode_rule *r,
		     int64_t value)
{
	fs_buf names = { 0 };
	uint64_t rest = 0;
	int rejected;

	if (fs_decode_names(&names, rules, r->accept, value, 0, &rest,
			    &rejected))
		fs_buf_puts(b, fs_buf_str(&names));
	else
		fs_buf_printf(b, "unknown value %lld", (long long)value);
	b->failed |= names.failed;
	fs_buf_free(&names);
}

static void put_reading(fs_buf *b, const fs_rules *rules,
			const decode_rule *r, int64_t value)
{
	fs_buf names = { 0 };
	uint64_t rest = 0;
	int rejected;

	if (r->accept->is_number) {
		fs_buf_printf(b, "%lld (a number, not flags)", (long long)value);
		return;
	}
	if (r->accept->is_zero) {
		put_reserved(b, r, value);
		return;
	}
	if (fs_accept_is_enum(rules, r->accept)) {
		put_enum(b, rules, r, value);
		return;
	}
	if (value < 0) {
		uint64_t clear = ~(uint64_t)value;

		fs_buf_printf(b, "%lld (negative: sets every bit", (long long)value);
		if (clear)
			fs_buf_printf(b, " but 0x%llx", (unsigned long long)clear);
		fs_buf_puts(b, ")");
		return;
	}
	if (value == 0) {
		fs_buf_puts(b, "0 (no flags)");
		return;
	}
	fs_decode_names(&names, rules, r->accept, value, 0, &rest, &rejected);
	put_spaced(b, fs_buf_str(&names));
	if (rest)
		fs_buf_printf(b, "%sunknown 0x%llx", names.len ? " | " : "",
			      (unsigned long long)rest);
	b->failed |= names.failed;
	fs_buf_free(&names);
}

static void put_params(fs_buf *b, const fs_rules *rules, const fs_group *g,
		       int is_field)
{
	const char *sep = "";

	for (size_t k = 0; k < g->rules.count; k++) {
		decode_rule r = rule_at(rules, g, k, is_field);
		int seen = 0;

		for (size_t j = 0; j < k && !seen; j++)
			seen = !strcmp(rule_at(rules, g, j, is_field).param,
				       r.param);
		if (seen)
			continue;
		if (is_field)
			fs_buf_printf(b, "%s%s", sep, r.param);
		else
			fs_buf_printf(b, "%s%s(%zu)", sep, r.param, r.pos);
		sep = ", ";
	}
}

static fs_query_status finish(fs_buf *b, fs_query_status status,
			      char **text)
{
	*text = fs_buf_take(b);
	return *text ? status : FS_QUERY_NOMEM;
}

/* Appends the reading of every rule of g for `param`; returns how many. */
static size_t put_readings(fs_buf *b, const fs_rules *rules,
			   const fs_group *g, int is_field, const char *param,
			   int64_t value)
{
	size_t found = 0;

	for (size_t k = 0; k < g->rules.count; k++) {
		decode_rule r = rule_at(rules, g, k, is_field);

		if (!is_param(&r, param))
			continue;
		if (found++)
			fs_buf_puts(b, "\n");
		put_when(b, &r);
		put_reading(b, rules, &r, value);
	}
	return found;
}

fs_query_status fs_query_decode(const fs_rules *rules, const char *function,
				const char *param, int64_t value,
				char **text)
{
	const fs_group *g = fs_model_function(rules, function);
	const fs_group *rec = fs_model_record(rules, function);
	fs_buf b = { 0 };

	*text = NULL;
	if ((!g || !g->rules.count) && (!rec || !rec->rules.count))
		return FS_QUERY_UNKNOWN_NAME;
	/* flock is a function and a struct: its argument, else its field. */
	if (g && put_readings(&b, rules, g, 0, param, value))
		return finish(&b, FS_QUERY_OK, text);
	if (rec && put_readings(&b, rules, rec, 1, param, value))
		return finish(&b, FS_QUERY_OK, text);
	if (g && g->rules.count)
		put_params(&b, rules, g, 0);
	else
		put_params(&b, rules, rec, 1);
	return finish(&b, FS_QUERY_UNKNOWN_PARAM, text);
}
