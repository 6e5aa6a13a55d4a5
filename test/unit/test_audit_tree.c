/* test_audit_tree.c: the audited tree (checker/cli/common/audit_tree.c):
 * a path is in it when its real path is under --root, so a symbolic link
 * pointing out is outside, and a folder whose name only starts like the
 * root's is not under it. */
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "unit_helpers.h"

/* <base>/root/{a.c, sub/b.c, out -> ../other/x.c, up -> .., dangling},
 * <base>/rootx/c.c, <base>/other/x.c. */
static char base[] = "/tmp/flagspace-test-tree-XXXXXX";

static void at(char *out, const char *rel)
{
	snprintf(out, PATH_MAX, "%s/%s", base, rel);
}

static void touch(const char *rel)
{
	char p[PATH_MAX];
	FILE *f;

	at(p, rel);
	assert_non_null(f = fopen(p, "w"));
	fclose(f);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(under_the_root),
		cmocka_unit_test(relative_root_and_paths),
		cmocka_unit_test(bad_roots),
	};

	return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
