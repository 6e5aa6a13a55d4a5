/* options.c: parses a command's options from its table (cli.h), each
 * value read and checked as its kind says. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_list_push(cli_list *list, const char *item)
{
	if (list->count == list->cap) {
		size_t cap = list->cap ? 2 * list->cap : 8;
		const char **items = realloc(list->items, cap * sizeof(*items));

		if (!items)
			return -1;
		list->items = items;
		list->cap = cap;
	}
	list->items[list->count++] = item;
	return 0;
}

void cli_list_free(cli_list *list)
{
	free(list->items);
	*list = (cli_list){ 0 };
}

int cli_size_parse(const char *text, uint64_t *bytes)
{
	char *end;
	unsigned long long n;
	unsigned shift = 0;

	if (!text || *text < '0' || *text > '9')
		return -1;
	n = strtoull(text, &end, 10);
	if (*end && end[1])
		return -1;
	switch (*end) {
	case '\0': break;
	case 'K': case 'k': shift = 10; break;
	case 'M': case 'm': shift = 20; break;
	case 'G': case 'g': shift = 30; break;
	default: return -1;
	}
	if (!n || n > (UINT64_MAX >> 1) >> shift)
		return -1;
	*bytes = (uint64_t)n << shift;
	return 0;
}

/* An option found, and the struct its value goes into. */
typedef struct found {
	const cli_option *opt;
	void *values;
} found;

static found find_long(const cli_option *opts, void *values,
		       const char *name, size_t len)
{
	for (; opts && opts->kind != CLI_OPT_END; opts++)
		if (strlen(opts->long_name) == len &&
		    !strncmp(opts->long_name, name, len))
			return (found){ opts, values };
	return (found){ NULL, NULL };
}

static found find_short(const cli_option *opts, void *values, char c)
{
	for (; opts && opts->kind != CLI_OPT_END; opts++)
		if (opts->short_name && opts->short_name == c)
			return (found){ opts, values };
	return (found){ NULL, NULL };
}

/* "a, b or c": the words of a choice, for its error. */
static void join_words(char *out, size_t size, const char *const *w)
{
	size_t at = 0;

	out[0] = '\0';
	for (size_t i = 0; w[i] && at < size; i++)
		at += (size_t)snprintf(out + at, size - at, "%s%s",
				       !i ? "" : w[i + 1] ? ", " : " or ",
				       w[i]);
}

static int store_choice(const cli_option *opt, const char *text, void *v)
{
	char words[256];

	for (size_t i = 0; opt->choices[i]; i++)
		if (!strcmp(opt->choices[i], text)) {
			*(const char **)v = opt->choices[i];
			return CLI_OK;
		}
	join_words(words, sizeof(words), opt->choices);
	return cli_error("invalid --%s '%s': expected %s", opt->long_name,
			 text, words);
}

/* A whole number in [min, max]. An option with a short name is named by
 * it in the error ("invalid -j value '0'"). */
static int store_uint(const cli_option *opt, const char *text, void *v)
{
	char *end;
	long long n;

	errno = 0;
	n = strtoll(text, &end, 10);
	if (!errno && end != text && !*end && n >= (long long)opt->min &&
	    (unsigned long long)n <= opt->max) {
		*(unsigned *)v = (unsigned)n;
		return CLI_OK;
	}
	if (opt->short_name)
		return cli_error("invalid -%c value '%s': expected %s from %lu "
				 "to %lu", opt->short_name, text,
				 opt->unit ? opt->unit : "a number", opt->min,
				 opt->max);
	return cli_error("invalid --%s '%s': expected %s from %lu to %lu",
			 opt->long_name, text,
			 opt->unit ? opt->unit : "a number", opt->min, opt->max);
}

static int store(found f, const char *text)
{
	const cli_option *opt = f.opt;
	void *v = (char *)f.values + opt->offset;

	switch (opt->kind) {
	case CLI_OPT_FLAG:
		*(int *)v = 1;
		return CLI_OK;
	case CLI_OPT_STRING:
	case CLI_OPT_PATH:
	case CLI_OPT_WORDS:
		*(const char **)v = text;
		return CLI_OK;
	case CLI_OPT_LIST:
		if (cli_list_push(v, text))
			return cli_error("out of memory");
		return CLI_OK;
	case CLI_OPT_UINT:
		return store_uint(opt, text, v);
	case CLI_OPT_CHOICE:
		return store_choice(opt, text, v);
	case CLI_OPT_SIZE:
		if (cli_size_parse(text, v))
			return cli_error("invalid --%s '%s': expected bytes, "
					 "or a number with K, M or G",
					 opt->long_name, text);
		return CLI_OK;
	default:
		return CLI_FAIL;
	}
}

/* --name, --name=value, --name value. *i moves past what was used. */
static int parse_long(int argc, const char **argv, int *i,
		      const cli_spec *spec, void *values, cli_ctx *ctx)
{
	const char *name = argv[*i] + 2;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	found f = find_long(spec->opts, values, name, len);

	if (!f.opt && spec->with_rules && ctx)
		f = find_long(cli_rules_options, ctx, name, len);
	if (!f.opt)
		return cli_error("unknown option '--%.*s'", (int)len, name);
	if (f.opt->kind == CLI_OPT_FLAG) {
		if (eq)
			return cli_error("option '--%s' takes no value",
					 f.opt->long_name);
		return store(f, NULL);
	}
	if (eq)
		return store(f, eq + 1);
	if (*i + 1 >= argc)
		return cli_error("option '--%s' needs a value",
				 f.opt->long_name);
	return store(f, argv[++*i]);
}

/* -x, -xVALUE, -x VALUE (one short option per word). */
static int parse_short(int argc, const char **argv, int *i,
		       const cli_spec *spec, void *values)
{
	const char *word = argv[*i];
	found f = find_short(spec->opts, values, word[1]);

	if (!f.opt)
		return cli_error("unknown option '%s'", word);
	if (f.opt->kind == CLI_OPT_FLAG) {
		if (word[2])
			return cli_error("option '-%c' takes no value",
					 word[1]);
		return store(f, NULL);
	}
	if (word[2])
		return store(f, word + 2);
	if (*i + 1 >= argc)
		return cli_error("option '-%c' needs a value", word[1]);
	return store(f, argv[++*i]);
}

static int is_help(const char *word)
{
	return !strcmp(word, "--help") || !strcmp(word, "-h");
}

int cli_parse(int argc, const char **argv, const cli_spec *spec,
	      void *values, cli_ctx *ctx, int *nargs)
{
	int only_operands = 0;

	*nargs = 0;
	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];
		int res = CLI_OK;

		/* "-1" is a number to decode, not an option. */

		if (only_operands || w[0] != '-' || !w[1] ||
		    (w[1] >= '0' && w[1] <= '9'))
			argv[(*nargs)++] = w;
		else if (!strcmp(w, "--"))
			only_operands = 1;
		else if (is_help(w)) {
			cli_usage(0, spec);
			return -1;
		} else if (w[1] == '-')
			res = parse_long(argc, argv, &i, spec, values, ctx);
		else
			res = parse_short(argc, argv, &i, spec, values);
		if (res != CLI_OK)
			return res;
	}
	return CLI_OK;
}
