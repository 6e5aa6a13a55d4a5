/* test_audit_tree.c: the audited tree (checker/cli/common/audit_tree.c):
 * a path is in it when its real path is under --root, so a symbolic link
 * pointing out is outside, and a folder whose name only starts like the
 * root's is not under it. Fixing (checker/cli/fix/fix_open.c) writes only
 * there: links, read-only files and hard links are refused, and a folder
 * or file swapped for a link after the check leads nowhere outside. */
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "audit.h"
#include "fileio.h"
#include "fix.h"
#include "unit_helpers.h"

/* <base>/root/{a.c, sub/b.c, out -> ../other/x.c, up -> .., dangling},
 * <base>/rootx/c.c, <base>/other/x.c. */
static char base[] = "/tmp/flagspace-test-tree-XXXXXX";

static void at(char *out, const char *rel)
{
	snprintf(out, PATH_MAX, "%s/%s", base, rel);
}

static void write_at(const char *rel, const char *text)
{
	char p[PATH_MAX];
	FILE *f;

	at(p, rel);
	assert_non_null(f = fopen(p, "w"));
	fputs(text, f);
	fclose(f);
}

static void touch(const char *rel)
{
	write_at(rel, "");
}

/* The contents of base/rel, static. */
static const char *contents(const char *rel)
{
	static char text[256];
	char p[PATH_MAX], *all;

	at(p, rel);
	assert_non_null(all = cli_read_all(p, NULL));
	snprintf(text, sizeof(text), "%s", all);
	free(all);
	return text;
}

static void link_at(const char *target, const char *rel)
{
	char p[PATH_MAX];

	at(p, rel);
	assert_int_equal(symlink(target, p), 0);
}

static int make_tree(void **state)
{
	static const char *const dirs[] = { "root", "root/sub", "rootx",
					    "other" };
	char p[PATH_MAX];

	(void)state;
	if (!mkdtemp(base))
		return -1;
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		at(p, dirs[i]);
		if (mkdir(p, 0700))
			return -1;
	}
	touch("root/a.c");
	touch("root/sub/b.c");
	touch("rootx/c.c");
	touch("other/x.c");
	link_at("../other/x.c", "root/out");
	link_at("..", "root/up");
	link_at("sub/b.c", "root/in");
	link_at("nowhere", "root/dangling");
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int type,
		      struct FTW *ftw)
{
	(void)st, (void)ftw;
	return type == FTW_DP ? rmdir(path) : unlink(path);
}

static int remove_tree(void **state)
{
	(void)state;
	return nftw(base, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int in_tree(const audit *a, const char *rel)
{
	char p[PATH_MAX];

	at(p, rel);
	return audit_in_tree(a, p);
}

static void under_the_root(void **state)
{
	char root[PATH_MAX];
	audit a;

	(void)state;
	memset(&a, 0, sizeof(a));
	at(root, "root");
	assert_int_equal(audit_set_root(&a, root), CLI_OK);
	assert_true(in_tree(&a, "root"));
	assert_true(in_tree(&a, "root/a.c"));
	assert_true(in_tree(&a, "root/sub/b.c"));
	assert_true(in_tree(&a, "root/sub/../a.c"));
	assert_true(in_tree(&a, "root/in"));	/* a link that stays */
	/* Links out, a sibling whose name starts as the root's, the
	 * parent, and paths that do not resolve. */
	assert_false(in_tree(&a, "root/out"));
	assert_false(in_tree(&a, "root/up/other/x.c"));
	assert_false(in_tree(&a, "root/up"));
	assert_false(in_tree(&a, "rootx/c.c"));
	assert_false(in_tree(&a, "root/../other/x.c"));
	assert_false(in_tree(&a, "root/dangling"));
	assert_false(in_tree(&a, "root/missing.c"));
	assert_false(audit_in_tree(&a, NULL));
	free(a.root);
}

static void relative_root_and_paths(void **state)
{
	char cwd[PATH_MAX], p[PATH_MAX];
	audit a;

	(void)state;
	memset(&a, 0, sizeof(a));
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	at(p, "root/sub");
	assert_int_equal(chdir(p), 0);
	assert_int_equal(audit_set_root(&a, ".."), CLI_OK);
	assert_true(audit_in_tree(&a, "b.c"));
	assert_true(audit_in_tree(&a, "../a.c"));
	assert_false(audit_in_tree(&a, "../../other/x.c"));
	assert_int_equal(chdir(cwd), 0);
	free(a.root);
	/* "/" holds everything that resolves. */
	memset(&a, 0, sizeof(a));
	assert_int_equal(audit_set_root(&a, "/"), CLI_OK);
	assert_true(in_tree(&a, "other/x.c"));
	assert_false(in_tree(&a, "root/dangling"));
	free(a.root);
}

static void bad_roots(void **state)
{
	char p[PATH_MAX];
	audit a;

	(void)state;
	memset(&a, 0, sizeof(a));
	at(p, "root/missing");
	assert_int_equal(audit_set_root(&a, p), CLI_FAIL);
	at(p, "root/a.c");
	assert_int_equal(audit_set_root(&a, p), CLI_FAIL);
	assert_null(a.root);
	/* No root: nothing is in the tree. */
	at(p, "root/a.c");
	assert_false(audit_in_tree(&a, p));
}

/* fix_open on base/rel with root base/root: 0, or -1 and *why. */
static int open_for_fix(const char *rel, fix_target *t, char *why,
			size_t size)
{
	char root[PATH_MAX], p[PATH_MAX], real_root[PATH_MAX];

	at(root, "root");
	assert_non_null(realpath(root, real_root));
	at(p, rel);
	return fix_open(real_root, p, t, why, size);
}

static void fix_refuses(const char *rel, const char *want)
{
	char why[PATH_MAX + 64] = "";
	fix_target t;

	assert_int_equal(open_for_fix(rel, &t, why, sizeof(why)), -1);
	fix_close(&t);
	if (!strstr(why, want))
		fail_msg("fixing %s: '%s', expected '%s'", rel, why, want);
}

static void fix_only_what_may_be_written(void **state)
{
	char why[256];
	fix_target t;

	(void)state;
	write_at("root/w.c", "int x;\n");
	assert_int_equal(open_for_fix("root/w.c", &t, why, sizeof(why)), 0);
	assert_string_equal(t.name, "w.c");
	fix_close(&t);
	fix_refuses("root/in", "it is a symbolic link");
	fix_refuses("root/out", "it is a symbolic link");
	fix_refuses("root/up/other/x.c", "outside the audited tree");
	fix_refuses("rootx/c.c", "outside the audited tree");
	fix_refuses("root/sub", "not a regular file");
	fix_refuses("root/missing.c", "cannot read it");
	write_at("root/ro.c", "int ro;\n");
	at(why, "root/ro.c");
	assert_int_equal(chmod(why, 0444), 0);
	fix_refuses("root/ro.c", "it is read-only (mode 0444)");
	{
		char two[PATH_MAX];

		at(two, "root/two.c");
		assert_int_equal(link(why, two), 0);
		assert_int_equal(chmod(why, 0644), 0);
		fix_refuses("root/ro.c", "it has 2 hard links");
	}
}

/* The check is by path, the write by the folder opened: a folder or the
 * file swapped for a link to outside after fix_open changes nothing
 * outside. */
static void fix_survives_a_swap(void **state)
{
	char why[256], p[PATH_MAX], q[PATH_MAX];
	fix_target t;

	(void)state;
	at(p, "root/swap");
	assert_int_equal(mkdir(p, 0700), 0);
	write_at("root/swap/s.c", "old\n");
	write_at("other/s.c", "outside\n");
	assert_int_equal(open_for_fix("root/swap/s.c", &t, why, sizeof(why)),
			 0);
	at(q, "root/moved");
	assert_int_equal(rename(p, q), 0);
	link_at("../other", "root/swap");
	assert_int_equal(atomic_replace_at(t.dirfd, t.dir, t.name, &t.st,
					   "new\n", 4, why, sizeof(why)), 0);
	fix_close(&t);
	assert_string_equal(contents("other/s.c"), "outside\n");
	assert_string_equal(contents("root/moved/s.c"), "new\n");
	/* The file itself becomes a link out: refused, not followed. */
	write_at("root/f.c", "old\n");
	assert_int_equal(open_for_fix("root/f.c", &t, why, sizeof(why)), 0);
	at(p, "root/f.c");
	assert_int_equal(unlink(p), 0);
	link_at("../other/s.c", "root/f.c");
	assert_int_equal(atomic_replace_at(t.dirfd, t.dir, t.name, &t.st,
					   "new\n", 4, why, sizeof(why)), -1);
	fix_close(&t);
	assert_string_equal(why, "it changed since it was analysed");
	assert_string_equal(contents("other/s.c"), "outside\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(under_the_root),
		cmocka_unit_test(relative_root_and_paths),
		cmocka_unit_test(bad_roots),
		cmocka_unit_test(fix_only_what_may_be_written),
		cmocka_unit_test(fix_survives_a_swap),
	};

	return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
