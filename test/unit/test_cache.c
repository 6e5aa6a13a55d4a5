/* test_cache.c: the parts of audit's result cache that need no clang-tidy
 * (checker/cli/cache/): SHA-256 against FIPS 180-4's examples, an entry
 * written and read back, every way an entry can be damaged refused,
 * --cache-size, and eviction removing the entries used longest ago. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "unit_helpers.h"

static void digest_of(const char *text, size_t repeat, char hex[SHA256_HEX])
{
	unsigned char d[SHA256_BYTES];
	sha256 s;

	sha256_init(&s);
	for (size_t i = 0; i < repeat; i++)
		sha256_add(&s, text, strlen(text));
	sha256_end(&s, d);
	sha256_hex(d, hex);
}

static void sha256_known_answers(void **state)
{
	char hex[SHA256_HEX];

	(void)state;
	digest_of("", 1, hex);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb924"
			    "27ae41e4649b934ca495991b7852b855");
	digest_of("abc", 1, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
			    "b00361a396177a9cb410ff61f20015ad");
	/* Two blocks: the padding spills over. */
	digest_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  1, hex);
	assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039"
			    "a33ce45964ff2167f6ecedd419db06c1");
	/* A million 'a's fed 1000 at a time. */
	{
		char thousand[1001];

		memset(thousand, 'a', 1000);
		thousand[1000] = '\0';
		digest_of(thousand, 1000, hex);
		assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67"
				    "f1809a48a497200e046d39ccc7112cd0");
	}
}

static const char key[] = "00112233445566778899aabbccddeeff"
			  "00112233445566778899aabbccddeeff";

static char *sample(size_t *len)
{
	cache_result r = { "---\nDiagnostics: []\n# wrong.c\n", 0 };

	r.yaml_len = strlen(r.yaml);
	return cache_entry_encode(key, &r, len);
}

static void entry_round_trip(void **state)
{
	char why[128], *bytes;
	cache_result r;
	size_t len;

	(void)state;
	assert_non_null(bytes = sample(&len));
	assert_int_equal(cache_entry_decode(key, bytes, len, &r, why,
					    sizeof(why)), 0);
	assert_int_equal(r.yaml_len, strlen("---\nDiagnostics: []\n# wrong.c\n"));
	assert_memory_equal(r.yaml, "---\nDiagnostics: []\n# wrong.c\n",
			    r.yaml_len);
	free(bytes);
}

static void expect_refused(const char *bytes, size_t len, const char *k,
			   const char *reason)
{
	char why[128] = "";
	cache_result r;

	assert_int_equal(cache_entry_decode(k, bytes, len, &r, why,
					    sizeof(why)), -1);
	assert_non_null(strstr(why, reason));
}

static void entry_damage_refused(void **state)
{
	char *bytes, other[SHA256_HEX];
	size_t len;

	(void)state;
	assert_non_null(bytes = sample(&len));
	/* Cut anywhere: never read as an entry. */
	for (size_t cut = 0; cut < len; cut++) {
		char why[128];
		cache_result r;

		assert_int_equal(cache_entry_decode(key, bytes, cut, &r, why,
						    sizeof(why)), -1);
	}
	expect_refused(bytes, 10, key, "not a flagspace cache entry");
	memcpy(other, key, sizeof(other));
	other[0] = 'f';
	expect_refused(bytes, len, other, "another key");
	/* A byte of the output changed: the digest no longer matches. */
	bytes[strstr(bytes, "wrong.c") - bytes] = 'W';
	expect_refused(bytes, len, key, "do not match");
	bytes[strstr(bytes, "Wrong.c") - bytes] = 'w';
	/* A length changed. */
	memcpy(strstr(bytes, "yaml ") + 5, "99", 2);
	expect_refused(bytes, len, key, "");
	free(bytes);
}

static void sizes(void **state)
{
	uint64_t n = 0;

	(void)state;
	assert_int_equal(cache_size_parse("4096", &n), 0);
	assert_int_equal(n, 4096);
	assert_int_equal(cache_size_parse("64K", &n), 0);
	assert_int_equal(n, 64 << 10);
	assert_int_equal(cache_size_parse("512m", &n), 0);
	assert_int_equal(n, (uint64_t)512 << 20);
	assert_int_equal(cache_size_parse("2G", &n), 0);
	assert_int_equal(n, (uint64_t)2 << 30);
	assert_int_equal(cache_size_parse("0", &n), -1);
	assert_int_equal(cache_size_parse("", &n), -1);
	assert_int_equal(cache_size_parse("-1", &n), -1);
	assert_int_equal(cache_size_parse("1T", &n), -1);
	assert_int_equal(cache_size_parse("1KB", &n), -1);
	assert_int_equal(cache_size_parse("99999999999999999999", &n), -1);
}

/* Writes a 1000-byte entry named by `c` repeated, last used at `when`. */
static void put_entry(const char *dir, char c, time_t when)
{
	char name[SHA256_HEX], path[512], sub[512], fill[1000];
	struct timespec times[2] = { { when, 0 }, { when, 0 } };
	FILE *f;

	memset(name, c, SHA256_HEX - 1);
	name[SHA256_HEX - 1] = '\0';
	snprintf(sub, sizeof(sub), "%s/%.2s", dir, name);
	mkdir(sub, 0700);
	cache_entry_path(dir, name, path, sizeof(path));
	assert_non_null(f = fopen(path, "w"));
	memset(fill, 'x', sizeof(fill));
	fwrite(fill, 1, sizeof(fill), f);
	fclose(f);
	assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
}

static int exists(const char *dir, char c)
{
	char name[SHA256_HEX], path[512];

	memset(name, c, SHA256_HEX - 1);
	name[SHA256_HEX - 1] = '\0';
	cache_entry_path(dir, name, path, sizeof(path));
	return access(path, F_OK) == 0;
}

static void eviction_least_recently_used(void **state)
{
	char dir[] = "/tmp/flagspace-test-cache-XXXXXX", path[512];
	time_t t = time(NULL);
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	put_entry(dir, 'a', t - 400);	/* used longest ago */
	put_entry(dir, 'b', t - 100);
	put_entry(dir, 'c', t - 300);
	put_entry(dir, 'd', t - 200);
	/* Another audit's write in progress, and one killed two days ago. */
	snprintf(path, sizeof(path), "%s/aa/.x.flagspace-new", dir);
	assert_non_null(f = fopen(path, "w"));
	fclose(f);
	put_entry(dir, 'e', t);
	snprintf(path, sizeof(path), "%s/ee/.y.flagspace-old", dir);
	assert_non_null(f = fopen(path, "w"));
	fclose(f);
	{
		struct timespec old[2] = { { t - 2 * 86400, 0 },
					   { t - 2 * 86400, 0 } };

		assert_int_equal(utimensat(AT_FDCWD, path, old, 0), 0);
	}
	/* Under the bound: nothing goes. */
	assert_int_equal(cache_evict(dir, 5000), 0);
	assert_true(exists(dir, 'a'));
	assert_int_equal(access(path, F_OK), -1);	/* the stale temporary */
	/* 5000 bytes over a bound of 3500: down to 9/10 of it (3150), the
	 * oldest first: a, c. */
	assert_int_equal(cache_evict(dir, 3500), 2);
	assert_false(exists(dir, 'a'));
	assert_false(exists(dir, 'c'));
	assert_true(exists(dir, 'b'));
	assert_true(exists(dir, 'd'));
	assert_true(exists(dir, 'e'));
	snprintf(path, sizeof(path), "%s/aa/.x.flagspace-new", dir);
	assert_int_equal(access(path, F_OK), 0);
	/* A bound of one byte empties it. */
	assert_int_equal(cache_evict(dir, 1), 3);
	assert_false(exists(dir, 'e'));
	unlink(path);
	{
		char rm[600];

		snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
		assert_int_equal(system(rm), 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sha256_known_answers),
		cmocka_unit_test(entry_round_trip),
		cmocka_unit_test(entry_damage_refused),
		cmocka_unit_test(sizes),
		cmocka_unit_test(eviction_least_recently_used),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
