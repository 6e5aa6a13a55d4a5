/* test_rules_parse.c: every directive's errors (file:line:col), those about
 * unknown names, and loads applied whole or not at all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_helpers.h"

/* A rules text and exactly what loading it into an empty set reports. */
typedef struct parse_case {
	const char *text;
	const char *log;
} parse_case;

#define NS "namespace O prefix=O_\nO_A 1\n"

static const parse_case error_cases[] = {
	/* namespace and members */
	{ "namespace X\n",
	  "t.rules:1:11: error: new namespace 'X' needs prefix=...\n" },
	{ "namespace\n",
	  "t.rules:1:10: error: expected a namespace name after "
	  "'namespace'\n" },
	{ "namespace 1X prefix=X_\n",
	  "t.rules:1:11: error: expected a namespace name, not '1X'\n" },
	{ "namespace X prefix=\n",
	  "t.rules:1:20: error: 'prefix' needs a value, as in prefix=...\n" },
	{ "namespace X prefix=X-\n",
	  "t.rules:1:20: error: expected a prefix such as O_, not 'X-'\n" },
	{ "namespace X prefix=X_ color=red\n",
	  "t.rules:1:23: error: unknown attribute 'color' for 'namespace'\n" },
	{ "namespace X prefix=X_ prefix=X_\n",
	  "t.rules:1:23: error: 'prefix' is given twice\n" },
	{ "namespace X prefix=X_\nnamespace X prefix=Z_\n",
	  "t.rules:2:20: error: namespace 'X' has the prefix 'X_' "
	  "(t.rules:1:11), not 'Z_'\n" },
	{ NS "call f a(0) O\nX_A 1\n",
	  "t.rules:4:1: error: unknown directive 'X_A' (a member line needs an "
	  "open namespace)\n" },
	{ NS "call f a(0) O\nO_B 2\n",
	  "t.rules:4:1: error: unknown directive 'O_B' (a member line needs an "
	  "open namespace)\n" },
	{ "namespace X prefix=X_\nX_A\n",
	  "t.rules:2:4: error: expected the value of the macro after 'X_A'\n" },
	{ "namespace X prefix=X_\n0x1 1\n",
	  "t.rules:2:1: error: expected a macro name, not '0x1'\n" },
	{ "namespace X prefix=X_\nX_A 08\n",
	  "t.rules:2:5: error: expected a number such as 0x100, not '08'\n" },
	{ "namespace X prefix=X_\nX_A 0x8000000000000000\n",
	  "t.rules:2:5: error: number '0x8000000000000000' is out of range\n" },
	{ "namespace X prefix=X_\nX_A 1 value=bits\n",
	  "t.rules:2:13: error: value must be field, not 'bits'\n" },
	{ "namespace X prefix=X_\nX_A 1 same=1\n",
	  "t.rules:2:12: error: expected a macro name, not '1'\n" },
	{ "namespace X prefix=X_\nX_A 1 certain\n",
	  "t.rules:2:7: error: unexpected word 'certain' in a member line\n" },
	{ "namespace X prefix=X_\nX_A 1\nnamespace Y prefix=Y_\nX_A 2\n",
	  "t.rules:4:1: error: 'X_A' is already a member of namespace 'X' at "
	  "t.rules:2:1\n" },
	{ "namespace X prefix=X_\nX_A 1\nX_A 1\n",
	  "t.rules:3:1: error: 'X_A' is already a member of namespace 'X' at "
	  "t.rules:2:1\n" },
	/* call */
	{ "call\n",
	  "t.rules:1:5: error: expected function names after 'call'\n" },
	{ "call open\n",
	  "t.rules:1:10: error: expected PARAM(POS) after 'open'\n" },
	{ "call open flags(1)\n",
	  "t.rules:1:19: error: expected the accepted flags after "
	  "'flags(1)'\n" },
	{ "call open, flags(1) O\n",
	  "t.rules:1:11: error: expected a function name\n" },
	{ "call open bits=einval flags(1) O\n",
	  "t.rules:1:11: error: expected PARAM(POS), not the attribute "
	  "'bits'\n" },
	{ "call open flags O\n",
	  "t.rules:1:11: error: expected PARAM(POS), such as flags(1), not "
	  "'flags'\n" },
	{ "call open flags(x) O\n",
	  "t.rules:1:17: error: expected a position, not 'x'\n" },
	{ "call open flags() O\n",
	  "t.rules:1:17: error: expected a position\n" },
	{ "call open flags(256) O\n",
	  "t.rules:1:17: error: position '256' is out of range\n" },
	{ "call open (1) O\n",
	  "t.rules:1:11: error: expected a parameter name\n" },
	{ "call open flags(1) O:\n",
	  "t.rules:1:22: error: expected a member name without its prefix\n" },
	{ "call open flags(1) O|\n",
	  "t.rules:1:22: error: expected a namespace\n" },
	{ "call open flags(1) AT:A,B-C\n",
	  "t.rules:1:25: error: expected a member name without its prefix, "
	  "not 'B-C'\n" },
	{ "call open flags(1) O bits=maybe\n",
	  "t.rules:1:27: error: bits must be ignored, einval, never-set, "
	  "eopnotsupp or unread, not 'maybe'\n" },
	{ "swappable lseek offset(1) offset(1)\n",
	  "t.rules:1:27: error: an argument cannot be swapped with itself\n" },
	{ "call open flags(1) O bits\n",
	  "t.rules:1:22: error: 'bits' needs a value, as in bits=...\n" },
	{ "call open flags(1) O when=cmd:F_X\n",
	  "t.rules:1:27: error: expected PARAM(POS), such as flags(1), not "
	  "'cmd'\n" },
	{ "call open flags(1) O when=cmd(1)\n",
	  "t.rules:1:27: error: expected PARAM(POS):NAME,..., such as "
	  "cmd(1):F_SETFD, not 'cmd(1)'\n" },
	{ "call open flags(1) O when=cmd(1):\n",
	  "t.rules:1:34: error: expected a macro name\n" },
	/* a when= name the rules do not know: the rule would never apply */
	{ NS "call f a(0) O\nresult f O when=a(0):O_A,F_NOPE\n",
	  "t.rules:4:26: error: 'F_NOPE' is not a member of any namespace\n" },
	{ NS "call f a(1) O when=c(0):O_NOPE\n",
	  "t.rules:3:25: error: 'O_NOPE' is not a member of any namespace\n" },
	{ NS "call open flags(1) O\ncall open flags(1) O:A\n",
	  "t.rules:4:11: error: argument 1 already has a rule at "
	  "t.rules:3:1\n" },
	{ NS "call f a(1) O when=c(0):O_A\ncall f a(1) O when=c(0):O_B,O_A\n",
	  "t.rules:4:8: error: argument 1 already has a rule at "
	  "t.rules:3:1\n" },
	/* field */
	{ "field open_how O\n",
	  "t.rules:1:7: error: expected RECORD.FIELD, such as open_how.flags, "
	  "not 'open_how'\n" },
	{ "field open_how.1 O\n",
	  "t.rules:1:16: error: expected a field name, not '1'\n" },
	{ "field .flags O\n",
	  "t.rules:1:7: error: expected a struct tag\n" },
	{ "field s.f O when=a(1):B\n",
	  "t.rules:1:13: error: unknown attribute 'when' for 'field'\n" },
	{ NS "field s.f O\nfield s.f O\n",
	  "t.rules:4:7: error: 's.f' already has a rule at t.rules:3:1\n" },
	/* needs-mode */
	{ "needs-mode open flags(1) mode(2)\n",
	  "t.rules:1:33: error: expected the flags that need a mode after "
	  "'mode(2)'\n" },
	{ "needs-mode open flags(1) mode O_CREAT\n",
	  "t.rules:1:26: error: expected PARAM(POS), such as flags(1), not "
	  "'mode'\n" },
	{ "needs-mode a,b flags mode O_CREAT\n",
	  "t.rules:1:14: error: a record site is a single struct tag\n" },
	{ "needs-mode open flags(1) mode(2) O_CREAT strict\n",
	  "t.rules:1:42: error: 'strict' applies to a record only\n" },
	{ "needs-mode h flags mode O_CREAT strict=yes\n",
	  "t.rules:1:33: error: 'strict' takes no value\n" },
	{ "needs-mode f flags(0) - O_CREAT\n",
	  "t.rules:1:23: error: a mode '-' needs instead=FUNC: the function "
	  "that takes the mode\n" },
	{ "needs-mode f flags(0) m(1) O_CREAT instead=g\n",
	  "t.rules:1:36: error: 'instead' goes with the mode '-' only\n" },
	{ "needs-mode h flags - O_CREAT instead=g\n",
	  "t.rules:1:20: error: expected a field name, not '-'\n" },
	{ NS "needs-mode h flags mode O_A\nneeds-mode h flags mode O_A\n",
	  "t.rules:4:12: error: this needs-mode rule is already given at "
	  "t.rules:3:1\n" },
	/* deprecated */
	{ "deprecated O_X\n",
	  "t.rules:1:15: error: expected its replacement or - after 'O_X'\n" },
	{ "deprecated O_X A||B\n",
	  "t.rules:1:18: error: expected a macro name\n" },
	{ "deprecated O_X A|\n",
	  "t.rules:1:18: error: expected a macro name\n" },
	{ "deprecated O_X --\n",
	  "t.rules:1:16: error: expected a macro name, not '--'\n" },
	{ "deprecated O_X O_Y reason=\n",
	  "t.rules:1:27: error: 'reason' needs a value, as in reason=...\n" },
	{ "deprecated O_X O_Y unneeded\n",
	  "t.rules:1:20: error: 'unneeded' goes with the replacement '-' "
	  "only\n" },
	{ NS "deprecated O_A -\ndeprecated O_A -\n",
	  "t.rules:4:12: error: 'O_A' is already deprecated at t.rules:3:1\n" },
	/* equivalent */
	{ "equivalent A\n",
	  "t.rules:1:13: error: expected the macro it means after 'A'\n" },
	{ "equivalent A B certain=1\n",
	  "t.rules:1:16: error: 'certain' takes no value\n" },
	{ "equivalent A B sure\n",
	  "t.rules:1:16: error: unexpected word 'sure' in 'equivalent'\n" },
	{ "equivalent A B certain never-merged\n",
	  "t.rules:1:24: error: 'never-merged' excludes 'certain'\n" },
	{ NS "equivalent O_A O_A\nequivalent O_A O_A scope=\"x y\"\n",
	  "t.rules:4:12: error: 'O_A' is already equivalent to 'O_A' at "
	  "t.rules:3:1\n" },
	/* names a rule needs: found once the whole file is read */
	{ "call f x(0) NOPE\n",
	  "t.rules:1:13: error: unknown namespace 'NOPE'\n" },
	{ NS "call f x(0) O:A,B|O|Q:Z\n",
	  "t.rules:3:17: error: 'O_B' is not a member of namespace 'O'\n"
	  "t.rules:3:21: error: unknown namespace 'Q'\n" },
	{ NS "namespace P prefix=O_\nO_P 2\nfield s.f O:P\n",
	  "t.rules:5:13: error: 'O_P' is not a member of namespace 'O'\n" },
	{ NS "swappable f,g a(0) b(1)\ncall f a(0) O\ncall g a(0) O\n"
	  "call g b(1) -\n",
	  "t.rules:3:11: error: 'swappable' needs a call rule for argument 1 "
	  "of 'f'\n" },
	{ NS "result f O\nresult g O\ncall g a(0) O\n",
	  "t.rules:3:8: error: 'result' needs a call rule for 'f'\n" },
	/* mask= names a value=field member of the member's namespace */
	{ NS "O_M 3 value=field\nO_V 0 mask=O_A\nO_W 1 mask=O_NOPE\n"
	  "namespace P prefix=P_\nP_V 0 mask=O_M\n",
	  "t.rules:4:12: error: mask 'O_A' of 'O_V' is not a value=field "
	  "member of its namespace\n"
	  "t.rules:5:12: error: mask 'O_NOPE' of 'O_W' is not a value=field "
	  "member of its namespace\n"
	  "t.rules:7:12: error: mask 'O_M' of 'P_V' is not a value=field "
	  "member of its namespace\n" },
	/* covers= names other values of the same mask= field */
	{ NS "O_M 3 value=field\nO_V 0 mask=O_M\nO_W 2 mask=O_M covers=O_V\n"
	  "O_X 1 covers=O_V\nO_Y 1 mask=O_M covers=O_A,O_Y\n",
	  "t.rules:6:14: error: 'O_X' covers 'O_V', which is not another "
	  "value of its mask= field\n"
	  "t.rules:7:23: error: 'O_Y' covers 'O_A', which is not another "
	  "value of its mask= field\n"
	  "t.rules:7:27: error: 'O_Y' covers 'O_Y', which is not another "
	  "value of its mask= field\n" },
	/* lexical errors, and errors on several lines */
	{ "call f \"x\" O\n",
	  "t.rules:1:8: error: unexpected '\"': only a key=\"value\" may be "
	  "quoted\n" },
	{ "namespace X prefix=X_ desc=\"abc\n",
	  "t.rules:1:28: error: unterminated quoted value\n" },
	{ "field x O\n\nbogus\n",
	  "t.rules:1:7: error: expected RECORD.FIELD, such as open_how.flags, "
	  "not 'x'\n"
	  "t.rules:3:1: error: unknown directive 'bogus' (a member line needs "
	  "an open namespace)\n" },
};

/* Loads each case's text into an empty set: the load returns `want` and
 * reports exactly the case's log. */
static void expect_logs(const parse_case *cases, size_t n, int want)
{
	for (size_t i = 0; i < n; i++) {
		fs_rules *rules = fs_rules_new();
		diag_log log = { "", 0, 0 };

		assert_int_equal(load_text(rules, cases[i].text, &log), want);
		assert_string_equal(log.text, cases[i].log);
		fs_rules_free(rules);
	}
}

/* Text that does not start with a directive is not a rules file: the
 * error names the file and the line, and quotes none of its text (a
 * .clang-tidy of an audited tree may name any readable file as rules). */
#define NOT_RULES "error: 't.rules' is not a flagspace rules file: "
#define NO_DIRECTIVE "it does not start with a directive such as " \
	"'namespace' or 'call'"
static const parse_case not_rules_cases[] = {
	{ "root:$6$secret$hash:19000:0:99999:7:::\ndaemon:*:19000\n",
	  "t.rules:1:1: " NOT_RULES NO_DIRECTIVE "\n" },
	{ "# a comment\n\n  aws_secret_access_key = AKIAEXAMPLE\n" NS,
	  "t.rules:3:3: " NOT_RULES NO_DIRECTIVE "\n" },
	{ "prefix=O_ namespace O\n",
	  "t.rules:1:1: " NOT_RULES NO_DIRECTIVE "\n" },
	{ "X_A 1\n",
	  "t.rules:1:1: " NOT_RULES NO_DIRECTIVE "\n" },
	/* a typo in a real rules file's first directive gets a hint */
	{ "namspace O prefix=O_\nO_A 1\n",
	  "t.rules:1:1: " NOT_RULES NO_DIRECTIVE "; did you mean "
	  "'namespace'?\n" },
	{ "  cal f a(0) O\n",
	  "t.rules:1:3: " NOT_RULES NO_DIRECTIVE "; did you mean 'call'?\n" },
	{ "ab\n", "t.rules:1:1: " NOT_RULES NO_DIRECTIVE "\n" },
};

static void not_rules_files_are_not_quoted(void **state)
{
	(void)state;
	expect_logs(not_rules_cases, sizeof(not_rules_cases) /
		    sizeof(not_rules_cases[0]), -1);
}

/* A NUL byte anywhere, even in a comment: not text. */
static void nul_bytes_are_not_rules(void **state)
{
	static const char text[] = "namespace O prefix=O_\n# x\0y\nO_A 1\n";
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(fs_rules_add_text(rules, "t.rules", text,
					   sizeof(text) - 1, log_report, &log),
			 -1);
	assert_string_equal(log.text, "t.rules:2:4: " NOT_RULES "it holds a "
			    "NUL byte (it is not text)\n");
	fs_rules_free(rules);
}

/* Comments and blank lines only: a rules file that adds nothing. */
static void comments_only_is_empty_rules(void **state)
{
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(rules, "# nothing yet\n\n   \n", &log), 0);
	assert_string_equal(log.text, "");
	fs_rules_free(rules);
}

static void errors_are_located(void **state)
{
	(void)state;
	expect_logs(error_cases, sizeof(error_cases) / sizeof(error_cases[0]),
		    -1);
}

static const parse_case warning_cases[] = {
	{ "call f x(0) LATER\nnamespace LATER prefix=L_\n", "" },
	{ NS "O_B 2 same=O_NOPE\n",
	  "t.rules:3:12: warning: 'O_NOPE' is not a member of any namespace\n" },
	{ NS "needs-mode f a(0) b(1) O_A,O_C\n",
	  "t.rules:3:28: warning: 'O_C' is not a member of any namespace\n" },
	{ NS "deprecated O_X O_A|O_Y\n",
	  "t.rules:3:12: warning: deprecated 'O_X' is not a member of any "
	  "namespace\n"
	  "t.rules:3:20: warning: 'O_Y' is not a member of any namespace\n" },
	{ NS "equivalent O_X O_Y\nequivalent O_A O_Z never-merged\n",
	  "t.rules:3:12: warning: 'O_X' is not a member of any namespace\n"
	  "t.rules:3:16: warning: 'O_Y' is not a member of any namespace\n" },
};

static void unknown_names_are_warnings(void **state)
{
	(void)state;
	expect_logs(warning_cases, sizeof(warning_cases) /
		    sizeof(warning_cases[0]), 0);
}

static void warnings_see_earlier_loads(void **state)
{
	fs_rules *rules = rules_from(NS);
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(rules, "call f x(0) O:A\n", &log), 0);
	assert_int_equal(load_text(rules, "call f y(1) -\n", &log), 0);
	assert_int_equal(load_text(rules, "swappable f x(0) y(1)\n"
				   "result f O\n", &log), 0);
	assert_string_equal(log.text, "");
	fs_rules_free(rules);
}

/* A rule naming an unknown namespace is not kept without its namespace:
 * the whole load is refused, so the function is not left half-checked. */
static void unknown_namespace_undoes_the_load(void **state)
{
	fs_rules *rules = rules_from(NS);
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(rules, "call mine a(0) O\n"
				   "call mine b(1) NOPE\n", &log), -1);
	assert_int_equal(log.errors, 1);
	assert_false(fs_rules_knows_function(rules, "mine"));
	fs_rules_free(rules);
}

static void failed_load_is_not_applied(void **state)
{
	fs_rules *rules = rules_from(sample_rules);
	diag_log log = { "", 0, 0 };
	const char *bad =
		"namespace O\n"
		"O_NEW 0x1000000\n"
		"namespace NEW prefix=NEW_\n"
		"NEW_A 1\n"
		"call open flags(1) AT\n"
		"call newcall flags(1) NEW\n"
		"deprecated O_RDONLY -\n"
		"bogus\n";
	const char *before = "flagspace-wrong-namespace 1:0 AT_REMOVEDIR is "
		"from the AT_* namespace, not O_*: in open() flags 0x200 means "
		"O_TRUNC\n";

	(void)state;
	assert_int_equal(load_text(rules, bad, &log), -1);
	assert_int_equal(log.errors, 1);
	assert_false(fs_rules_knows_macro(rules, "O_NEW"));
	assert_false(fs_rules_knows_macro(rules, "NEW_A"));
	assert_false(fs_rules_knows_function(rules, "newcall"));
	assert_string_equal(check_spelling_text(rules, "O_RDONLY"), "0 ");
	/* open's own rule is back in place of the replacement. */
	assert_string_equal(check_call_text(rules, "open(path, AT_REMOVEDIR)"),
			    before);
	/* And the set still takes new rules. */
	assert_int_equal(load_text(rules, "namespace O\nO_NEW 0x1000000\n",
				   &log), 0);
	assert_true(fs_rules_knows_macro(rules, "O_NEW"));
	fs_rules_free(rules);
}

static void later_load_replaces(void **state)
{
	fs_rules *rules = rules_from(sample_rules);
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(rules, "call open flags(1) AT\n"
				   "namespace O\nO_CREAT 0x1000000\n", &log), 0);
	assert_string_equal(log.text, "");
	assert_string_equal(check_call_text(rules, "open(path, O_CREAT, 0)"),
		"flagspace-wrong-namespace 1:0 O_CREAT is from the O_* "
		"namespace, not AT_*: in open() flags 0x1000000 matches no AT_* "
		"flag and is ignored\n");
	/* open64 kept the rule it was given with open. */
	assert_string_equal(check_call_text(rules, "open64(path, O_CREAT, 0)"),
			    "");
	/* A macro still belongs to one namespace, whatever the load. */
	assert_int_equal(load_text(rules, "namespace AT\nO_CREAT 0100\n",
				   &log), -1);
	assert_string_equal(log.text, "t.rules:2:1: error: 'O_CREAT' is "
			    "already a member of namespace 'O' at t.rules:3:1\n");
	fs_rules_free(rules);
}

static void comments_blanks_and_line_ends(void **state)
{
	const char *text = "# header\r\n\r\n  namespace X prefix=X_ # c\r\n"
			   "\tX_A 1 # c\r\nX_B 2";
	fs_rules *rules = rules_from(text);

	(void)state;
	assert_true(fs_rules_knows_macro(rules, "X_A"));
	assert_true(fs_rules_knows_macro(rules, "X_B"));
	fs_rules_free(rules);
}

static void reopened_namespace_adds_members(void **state)
{
	fs_rules *rules = rules_from(NS "call f a(0) O\n"
				     "namespace O\nO_B 2\n"
				     "namespace O prefix=O_ desc=\"again\"\n"
				     "O_C 4\n");

	(void)state;
	assert_string_equal(check_call_text(rules, "f(O_A|O_B|O_C)"), "");
	fs_rules_free(rules);
}

static void too_many_errors_stop(void **state)
{
	char text[4096] = "";
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	strcat(text, "call f a(0) O\n");
	for (int i = 0; i < 200; i++)
		strcat(text, "x\n");
	assert_int_equal(load_text(rules, text, &log), -1);
	assert_int_equal(log.errors, 51);
	assert_non_null(strstr(log.text, "t.rules:51:1: error: too many "
			       "errors; not reading the rest of 't.rules'\n"));
	fs_rules_free(rules);
}

/* prefix, then "<head>N<sep>" for N in 0..count-1, then tail. */
static char *repeat(const char *prefix, const char *head, const char *sep,
		    int count, const char *tail)
{
	char *text = malloc(64 * (size_t)count + 256);
	size_t len = (size_t)sprintf(text, "%s", prefix);

	for (int i = 0; i < count; i++)
		len += (size_t)sprintf(text + len, "%s%d%s", head, i, sep);
	strcpy(text + len, tail);
	return text;
}

static void expect_error(const char *text, const char *log_text)
{
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	assert_int_equal(load_text(rules, text, &log), -1);
	assert_string_equal(log.text, log_text);
	fs_rules_free(rules);
}

static void lists_and_groups_are_bounded(void **state)
{
	char *text;

	(void)state;
	text = repeat("call ", "f", ",", 64, "g x(0) -\n");
	expect_error(text, "t.rules:1:6: error: a list holds at most 64 "
		     "names\n");
	free(text);
	text = repeat("call f x(0) ", "N", "|", 16, "Z\n");
	expect_error(text, "t.rules:1:13: error: at most 16 forms may be "
		     "joined with '|'\n");
	free(text);
	text = repeat("", "call f x(1) - when=c(0):A", "\n", 129, "");
	expect_error(text, "t.rules:129:8: error: too many rules for one "
		     "name (at most 128)\n");
	free(text);
}

static void many_rules_load_quickly(void **state)
{
	/* Full groups of conditional rules: comparing a new rule with the
	 * others is bounded by the group size, not by the file. */
	char *text = malloc(20000 * 128);
	size_t len = 0;
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	/* when= names are macros the rules know */
	len += (size_t)sprintf(text, "namespace W prefix=W_ kind=enum\n");
	for (int i = 0; i < 20000; i++)
		len += (size_t)sprintf(text + len, "W_A%d %d\nW_B%d %d\n"
				       "W_C%d %d\n", i, 3 * i, i, 3 * i + 1, i,
				       3 * i + 2);
	for (int i = 0; i < 20000; i++)
		len += (size_t)sprintf(text + len, "call f%d x(1) - when=c(0):"
				       "W_A%d,W_B%d,W_C%d\n", i / 128, i, i, i);
	assert_int_equal(fs_rules_add_text(rules, "t.rules", text, len,
					   log_report, &log), 0);
	assert_int_equal(log.errors, 0);
	free(text);
	fs_rules_free(rules);
}

static void builtin_rules_are_known(void **state)
{
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(fs_rules_add_builtin(rules, NULL, NULL), 0);
	/* Loaded twice: the second load replaces the first, without errors. */
	assert_int_equal(fs_rules_add_builtin(rules, NULL, NULL), 0);
	/* A user file may reopen a built-in namespace without its prefix. */
	assert_int_equal(load_text(rules, "namespace O\nO_MINE 0x400000000\n",
				   &log), 0);
	assert_string_equal(log.text, "");
	assert_true(fs_rules_knows_macro(rules, "O_MINE"));
	fs_rules_free(rules);
}

static void builtin_rules_load(void **state)
{
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	/* Whatever rules/ holds must load without errors. */
	assert_int_equal(fs_rules_add_builtin(rules, log_report, &log), 0);
	assert_int_equal(log.errors, 0);
	assert_int_equal(fs_rules_add_builtin(rules, NULL, NULL), 0);
	fs_rules_free(rules);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(errors_are_located),
		cmocka_unit_test(not_rules_files_are_not_quoted),
		cmocka_unit_test(nul_bytes_are_not_rules),
		cmocka_unit_test(comments_only_is_empty_rules),
		cmocka_unit_test(unknown_names_are_warnings),
		cmocka_unit_test(warnings_see_earlier_loads),
		cmocka_unit_test(unknown_namespace_undoes_the_load),
		cmocka_unit_test(failed_load_is_not_applied),
		cmocka_unit_test(later_load_replaces),
		cmocka_unit_test(comments_blanks_and_line_ends),
		cmocka_unit_test(reopened_namespace_adds_members),
		cmocka_unit_test(too_many_errors_stop),
		cmocka_unit_test(lists_and_groups_are_bounded),
		cmocka_unit_test(many_rules_load_quickly),
		cmocka_unit_test(builtin_rules_load),
		cmocka_unit_test(builtin_rules_are_known),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
