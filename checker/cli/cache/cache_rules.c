/* cache_rules.c: the rules files a .clang-tidy may give the plugin, read
 * as the plugin reads flagspace.RulesFiles, so that the result cache keys
 * each one: the value split at ';' and ',' with each name trimmed
 * (splitFileList in checker/tidy/check/RulesCache.cpp), never at a blank, so
 * 'my rules/ct.rules' is one file. */
#include <string.h>

#include "cache.h"
#include "strbuf.h"

/* What the plugin trims off each name (llvm::StringRef::trim). */
static const char blanks[] = " \t\n\v\f\r";

/* Calls fn for each name of a value, split as the plugin splits it. */
static int split_value(const char *v, cache_name_fn fn, void *ctx)
{
	char name[4096];

	for (const char *p = v; *p;) {
		size_t n = strcspn(p, ";,");
		const char *start = p, *end = p + n;

		while (start < end && strchr(blanks, *start))
			start++;
		while (end > start && strchr(blanks, end[-1]))
			end--;
		if (end > start && (size_t)(end - start) < sizeof(name)) {
			memcpy(name, start, (size_t)(end - start));
			name[end - start] = '\0';
			if (fn(ctx, name))
				return -1;
		}
		p += n + (p[n] != '\0');
	}
	return 0;
}

/* A line break inside a quoted scalar folds into one space (YAML 1.2
 * 7.3): the blanks around it go. */
static const char *fold(const char *p, fs_buf *v)
{
	while (v->len && (v->data[v->len - 1] == ' ' ||
			  v->data[v->len - 1] == '\t'))
		v->len--;
	p += strspn(p + 1, " \t") + 1;
	fs_buf_putn(v, " ", 1);
	return p;
}

/* The quoted scalar at p (' with '' for a quote, or " with escapes) into
 * v; returns what follows it. */
static const char *quoted(const char *p, fs_buf *v)
{
	static const char from[] = "nt0r\"\\/ ", to[] = "\n\t\0\r\"\\/ ";
	char q = *p++, c;

	while (*p && !(*p == q && !(q == '\'' && p[1] == '\''))) {
		if (*p == '\n') {
			p = fold(p, v);
			continue;
		}
		c = *p;
		if (q == '\'' && *p == '\'')
			p++;	/* '' */
		else if (q == '"' && *p == '\\' && p[1]) {
			const char *e = strchr(from, *++p);

			c = e ? to[e - from] : *p;
		}
		fs_buf_putn(v, &c, 1);
		p++;
	}
	return *p ? p + 1 : p;
}

/* The columns of blanks before the first character of p's line. */
static size_t indent_of(const char *text, const char *p)
{
	while (p > text && p[-1] != '\n')
		p--;
	return strspn(p, " ");
}

/* A block scalar (| or >) whose header is at p, after a key indented by
 * `key_indent`: its lines, more indented, joined by newlines (|) or
 * blanks (>). Returns what follows it. */
static const char *block(const char *p, size_t key_indent, fs_buf *v)
{
	char join = *p == '|' ? '\n' : ' ';
	size_t indent = 0;

	p += strcspn(p, "\n");
	while (*p == '\n') {
		const char *line = p + 1;
		size_t n = strspn(line, " "), len = strcspn(line, "\n");

		if (line[n] != '\n' && line[n] != '\0' && n <= key_indent)
			break;
		if (!indent && line[n] != '\n')
			indent = n;
		if (v->len)
			fs_buf_putn(v, &join, 1);
		if (len > indent)
			fs_buf_putn(v, line + indent, len - indent);
		p = line + len;
	}
	return p;
}

/* The value after a mapping's ':' at p: a plain or block scalar into v;
 * a quoted one, a flow collection or a value on the next lines is left
 * to the caller. Returns where to go on. */
static const char *value(const char *text, const char *p, int flow,
			 fs_buf *v)
{
	const char *end;

	p += strspn(p, " \t");
	if (*p == '|' || *p == '>')
		return block(p, indent_of(text, p), v);
	if (strchr("'\"{[#\n", *p))
		return p;
	end = p + strcspn(p, flow ? "\n,}]" : "\n");
	for (const char *h = p; (h = strstr(h, " #")) && h < end; h++)
		end = h;
	fs_buf_putn(v, p, (size_t)(end - p));
	return end;
}

/* Flow collections ({...}, [...]) deepen; a plain scalar in one ends at
 * ',', '}' or ']' too. */
static int depth_after(int depth, char c)
{
	if (c == '{' || c == '[')
		return depth + 1;
	if ((c == '}' || c == ']') && depth > 0)
		return depth - 1;
	return depth;
}

int cache_rules_names(const char *text, cache_name_fn fn, void *ctx)
{
	fs_buf v = { NULL, 0, 0, 0 };
	int depth = 0, res = 0;

	for (const char *p = text; *p && !res;) {
		v.len = 0;
		if (*p == '#' && (p == text || strchr(" \t\n", p[-1])))
			p += strcspn(p, "\n");
		else if (*p == '\'' || *p == '"')
			p = quoted(p, &v);
		else if (*p == ':' && strchr(" \t\n", p[1]))
			p = value(text, p + 1, depth > 0, &v);
		else
			depth = depth_after(depth, *p++);
		if (v.failed)
			res = -1;
		else if (v.len)
			res = split_value(fs_buf_str(&v), fn, ctx);
	}
	fs_buf_free(&v);
	return res;
}
