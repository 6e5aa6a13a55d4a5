/* fuzz_json.c: libFuzzer harness for the JSON reader (json_parse() in
 * checker/cli/common/json_read.c), which reads hostile input: the audited
 * project's compile_commands.json and the reports `merge` is given.
 *
 * It aborts when an error has no message or a place outside the text;
 * when a value read has no place, a string or key no text, or a number
 * that is not finite; and when the tree, written back as JSON (strings
 * with json_put_string(), numbers with 17 digits), does not read back to
 * the same tree. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "json_read.h"

static void check_value(const json_value *v)
{
	if (!v->line || !v->col ||
	    (v->kind == JSON_STRING && !v->string) ||
	    (v->kind == JSON_NUMBER && !isfinite(v->number)))
		abort();
	for (size_t i = 0; i < v->count; i++) {
		if (v->kind == JSON_OBJECT && !v->keys[i])
			abort();
		check_value(&v->items[i]);
	}
}

static void write_value(FILE *f, const json_value *v)
{
	static const char *const words[] = { "null", "false", "true" };

	if (v->kind == JSON_NULL || v->kind == JSON_BOOL)
		fputs(words[v->kind == JSON_BOOL ? 1 + !!v->truth : 0], f);
	else if (v->kind == JSON_NUMBER)
		fprintf(f, "%.17g", v->number);
	else if (v->kind == JSON_STRING)
		json_put_string(f, v->string);
	if (v->kind != JSON_ARRAY && v->kind != JSON_OBJECT)
		return;
	fputc(v->kind == JSON_ARRAY ? '[' : '{', f);
	for (size_t i = 0; i < v->count; i++) {
		if (i)
			fputc(',', f);
		if (v->kind == JSON_OBJECT) {
			json_put_string(f, v->keys[i]);
			fputc(':', f);
		}
		write_value(f, &v->items[i]);
	}
	fputc(v->kind == JSON_ARRAY ? ']' : '}', f);
}

static int same(const json_value *x, const json_value *y)
{
	if (x->kind != y->kind || x->count != y->count ||
	    (x->kind == JSON_BOOL && !x->truth != !y->truth) ||
	    (x->kind == JSON_NUMBER && x->number != y->number) ||
	    (x->kind == JSON_STRING && strcmp(x->string, y->string)))
		return 0;
	for (size_t i = 0; i < x->count; i++)
		if ((x->kind == JSON_OBJECT && strcmp(x->keys[i], y->keys[i])) ||
		    !same(&x->items[i], &y->items[i]))
			return 0;
	return 1;
}

static void check_round_trip(const json_value *v)
{
	char *text = NULL, err[128];
	size_t len = 0;
	unsigned line, col;
	json_value again;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return;
	write_value(f, v);
	if (fclose(f))
		return;
	if (json_parse(text, len, &again, err, sizeof(err), &line, &col) ||
	    !same(v, &again))
		abort();
	json_free(&again);
	free(text);
}

static void check_error(const char *text, size_t size, const char *err,
			unsigned line, unsigned col)
{
	unsigned lines = 1;

	for (size_t i = 0; i < size; i++)
		lines += text[i] == '\n';
	if (!err[0] || !line || line > lines || !col || col > size + 1)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[128] = "";
	unsigned line = 0, col = 0;
	json_value v;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (json_parse(text, size, &v, err, sizeof(err), &line, &col)) {
		check_error(text, size, err, line, col);
	} else {
		check_value(&v);
		check_round_trip(&v);
	}
	json_free(&v);
	free(text);
	return 0;
}
