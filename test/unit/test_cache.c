/* test_cache.c: the parts of audit's result cache that need no clang-tidy
 * (checker/cli/cache/): SHA-256 against FIPS 180-4's examples,
 * HMAC-SHA-256 against RFC 4231's, an entry written and read back, every
 * way an entry can be damaged refused, entries under a key (one without
 * its HMAC or with a wrong one refused), where the key comes from and the
 * key files refused, --cache-size, and eviction removing the entries used
 * longest ago. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "hmac.h"
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

/* RFC 4231's test cases 1 to 7 (5 truncated to 128 bits). */
static void hmac_known_answers(void **state)
{
	static const struct {
		unsigned char key_byte;
		size_t key_len;
		const char *data;
		unsigned char data_byte;
		size_t data_len;
		const char *mac;
	} cases[] = {
		{ 0x0b, 20, "Hi There", 0, 0, "b0344c61d8db38535ca8afceaf0bf1"
		  "2b881dc200c9833da726e9376c2e32cff7" },
		{ 0, 0, "what do ya want for nothing?", 0, 0, "5bdcc146bf6075"
		  "4e6a042426089575c75a003f089d2739839dec58b964ec3843" },
		{ 0xaa, 20, NULL, 0xdd, 50, "773ea91e36800e46854db8ebd09181a7"
		  "2959098b3ef8c122d9635514ced565fe" },
		{ 0, 25, NULL, 0xcd, 50, "82558a389a443c0ea4cc819899f2083a85"
		  "f0faa3e578f8077a2e3ff46729665b" },
		{ 0x0c, 20, "Test With Truncation", 0, 0,
		  "a3b6167473100ee06e0c796c2955552b" },
		{ 0xaa, 131, "Test Using Larger Than Block-Size Key - Hash Key "
		  "First", 0, 0, "60e431591ee0b67f0d8a26aacbf5b77f8e0bc621372"
		  "8c5140546040f0ee37f54" },
		{ 0xaa, 131, "This is a test using a larger than block-size key "
		  "and a larger than block-size data. The key needs to be "
		  "hashed before being used by the HMAC algorithm.", 0, 0,
		  "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c"
		  "3a35e2" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned char k[131], data[64], d[SHA256_BYTES];
		char hex[SHA256_HEX];
		const void *key = k;
		size_t key_len = cases[i].key_len, len = cases[i].data_len;

		memset(k, cases[i].key_byte, sizeof(k));
		for (size_t b = 0; !cases[i].key_byte && b < key_len; b++)
			k[b] = (unsigned char)(b + 1);	/* 0x01 ... 0x19 */
		if (!key_len)
			key = "Jefe", key_len = 4;
		memset(data, cases[i].data_byte, sizeof(data));
		if (cases[i].data)
			len = strlen(cases[i].data);
		hmac_sha256(key, key_len, cases[i].data ? cases[i].data :
			    (const char *)data, len, d);
		sha256_hex(d, hex);
		hex[strlen(cases[i].mac)] = '\0';
		assert_string_equal(hex, cases[i].mac);
	}
	assert_true(hmac_equal((const unsigned char *)"abc",
			       (const unsigned char *)"abc", 3));
	assert_false(hmac_equal((const unsigned char *)"abc",
				(const unsigned char *)"abd", 3));
}

static const char key[] = "00112233445566778899aabbccddeeff"
			  "00112233445566778899aabbccddeeff";

static unsigned char secret_bytes[] = "a secret of 24 bytes....";
static cache_secret secret = { secret_bytes, 24, "test" };

static char *sample_with(const cache_secret *with, size_t *len)
{
	cache_result r = { "---\nDiagnostics: []\n# wrong.c\n", 0 };

	r.yaml_len = strlen(r.yaml);
	return cache_entry_encode(key, &r, with, len);
}

static char *sample(size_t *len)
{
	return sample_with(NULL, len);
}

static int decode(const char *bytes, size_t len, const char *k,
		  const cache_secret *with, char *why)
{
	cache_result r;

	return cache_entry_decode(k, bytes, len, with, &r, why, 128);
}

static void entry_round_trip(void **state)
{
	char why[128], *bytes;
	cache_result r;
	size_t len;

	(void)state;
	assert_non_null(bytes = sample(&len));
	assert_int_equal(cache_entry_decode(key, bytes, len, NULL, &r, why,
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

	assert_int_equal(decode(bytes, len, k, NULL, why), -1);
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

		assert_int_equal(decode(bytes, cut, key, NULL, why), -1);
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

/* Recomputes an entry's sum after its text changed, as anyone who can
 * write the folder can, keeping its mac line if it has one. */
static void forge_sum(char *bytes)
{
	char *sum = strstr(bytes, "\nsum ") + 1, hex[SHA256_HEX];
	unsigned char d[SHA256_BYTES];
	sha256 s;

	sha256_init(&s);
	sha256_add(&s, bytes, (size_t)(sum - bytes));
	sha256_end(&s, d);
	sha256_hex(d, hex);
	memcpy(sum + 4, hex, SHA256_HEX - 1);
}

static void entries_under_a_key(void **state)
{
	cache_secret other_secret = { (unsigned char *)"another secret, also 24",
				      23, "other" };
	char why[128] = "", *keyed, *plain;
	size_t len, plain_len;

	(void)state;
	assert_non_null(keyed = sample_with(&secret, &len));
	assert_non_null(plain = sample(&plain_len));
	assert_non_null(strstr(keyed, "\nmac "));
	/* With the key; and without one, which cannot check the mac. */
	assert_int_equal(decode(keyed, len, key, &secret, why), 0);
	assert_int_equal(decode(keyed, len, key, NULL, why), 0);
	/* Written without a key, read with one. */
	assert_int_equal(decode(plain, plain_len, key, &secret, why),
			 CACHE_ENTRY_UNKEYED);
	assert_string_equal(why, "it was written without the cache key");
	assert_int_equal(decode(keyed, len, key, &other_secret, why),
			 CACHE_ENTRY_FORGED);
	/* The findings changed, the sum recomputed, the mac kept. */
	keyed[strstr(keyed, "wrong.c") - keyed] = 'W';
	forge_sum(keyed);
	assert_int_equal(decode(keyed, len, key, NULL, why), 0);
	assert_int_equal(decode(keyed, len, key, &secret, why),
			 CACHE_ENTRY_FORGED);
	assert_non_null(strstr(why, "HMAC does not match"));
	/* Its mac line dropped: an entry without a key. */
	assert_int_equal(decode(keyed, len - 69, key, &secret, why),
			 CACHE_ENTRY_UNKEYED);
	free(keyed);
	/* Cut anywhere, a keyed entry is never read. */
	assert_non_null(keyed = sample_with(&secret, &len));
	for (size_t cut = 0; cut < len; cut++)
		assert_int_not_equal(decode(keyed, cut, key, &secret, why), 0);
	free(keyed);
	free(plain);
}

/* Writes `text` to dir/rel with `mode`. */
static void put_file(const char *dir, const char *rel, const char *text,
		     mode_t mode)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	assert_int_equal(chmod(path, mode), 0);
}

/* cache_secret_load with $HOME = dir, the rest of the environment as
 * set; CLI_OK or CLI_FAIL, the key's source in from ("" for none). */
static int load_secret(const char *dir, const char *cache, char *from)
{
	cache_secret s;
	int res;

	setenv("HOME", dir, 1);
	res = cache_secret_load(&s, cache);
	strcpy(from, s.from ? s.from : "");
	cache_secret_free(&s);
	return res;
}

static void where_the_key_comes_from(void **state)
{
	char dir[] = "/tmp/flagspace-test-secret-XXXXXX", path[512];
	char from[512], cache[512];

	(void)state;
	unsetenv("FLAGSPACE_CACHE_KEY");
	unsetenv("XDG_CONFIG_HOME");
	assert_non_null(mkdtemp(dir));
	snprintf(cache, sizeof(cache), "%s/cache", dir);
	assert_int_equal(mkdir(cache, 0700), 0);
	/* No key anywhere: none. */
	assert_int_equal(load_secret(dir, cache, from), CLI_OK);
	assert_string_equal(from, "");
	/* ~/.config/flagspace/cache-key, private. */
	snprintf(path, sizeof(path), "%s/.config", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	strcat(path, "/flagspace");
	assert_int_equal(mkdir(path, 0700), 0);
	put_file(path, "cache-key", "0123456789abcdef0123\n", 0600);
	assert_int_equal(load_secret(dir, cache, from), CLI_OK);
	assert_non_null(strstr(from, "/.config/flagspace/cache-key"));
	/* Others may read it, or it is too short: refused. */
	put_file(path, "cache-key", "0123456789abcdef0123\n", 0640);
	assert_int_equal(load_secret(dir, cache, from), CLI_FAIL);
	put_file(path, "cache-key", "0123456789\n", 0600);
	assert_int_equal(load_secret(dir, cache, from), CLI_FAIL);
	/* The environment comes first; a relative XDG_CONFIG_HOME is not
	 * looked in; one in the cache folder is refused. */
	setenv("FLAGSPACE_CACHE_KEY", "a key of the CI's secrets", 1);
	assert_int_equal(load_secret(dir, cache, from), CLI_OK);
	assert_string_equal(from, "$FLAGSPACE_CACHE_KEY");
	setenv("FLAGSPACE_CACHE_KEY", "short", 1);
	assert_int_equal(load_secret(dir, cache, from), CLI_FAIL);
	unsetenv("FLAGSPACE_CACHE_KEY");
	setenv("XDG_CONFIG_HOME", "relative", 1);
	assert_int_equal(load_secret(dir, cache, from), CLI_FAIL);
	setenv("XDG_CONFIG_HOME", dir, 1);
	assert_int_equal(load_secret(dir, cache, from), CLI_OK);
	assert_string_equal(from, "");
	setenv("XDG_CONFIG_HOME", cache, 1);
	snprintf(path, sizeof(path), "%s/flagspace", cache);
	assert_int_equal(mkdir(path, 0700), 0);
	put_file(path, "cache-key", "0123456789abcdef0123\n", 0600);
	assert_int_equal(load_secret(dir, cache, from), CLI_FAIL);
	unsetenv("XDG_CONFIG_HOME");
}

static int collect_name(void *ctx, const char *name)
{
	char *out = ctx;

	if (*out)
		strcat(out, "|");
	strcat(out, name);
	return 0;
}

/* The names a .clang-tidy's text gives, joined by '|'. */
static const char *names_of(const char *text)
{
	static char out[1024];

	out[0] = '\0';
	assert_int_equal(cache_rules_names(text, collect_name, out), 0);
	return out;
}

/* As the plugin splits flagspace.RulesFiles: at ';' and ',', trimmed,
 * never at a blank; every YAML form of a value (the other values of the
 * file come too: naming more only keys more). */
static void rules_files_as_the_plugin_reads_them(void **state)
{
	(void)state;
	assert_string_equal(names_of("CheckOptions:\n"
				     "  - key: flagspace.RulesFiles\n"
				     "    value: 'my rules/ct.rules'\n"),
			    "flagspace.RulesFiles|my rules/ct.rules");
	assert_string_equal(names_of("CheckOptions:\n  flagspace.RulesFiles:"
				     " 'a b.rules; c.rules , d.rules;'\n"),
			    "a b.rules|c.rules|d.rules");
	assert_string_equal(names_of("CheckOptions:\n  flagspace.RulesFiles:"
				     " my rules/x.rules # mine\n"
				     "# value: not/this.rules\n"),
			    "my rules/x.rules");
	assert_string_equal(names_of("x.flagspace.RulesFiles: \"q\\\"uote "
				     "d.rules\"\ny: 'it''s.rules'\n"),
			    "q\"uote d.rules|it's.rules");
	assert_string_equal(names_of("CheckOptions: {flagspace.RulesFiles: "
				     "a.rules, other: b}\n"),
			    "a.rules|b");
	assert_string_equal(names_of("flagspace.RulesFiles: >\n  one.rules;\n"
				     "  two words.rules\nChecks: '-*,x'\n"),
			    "one.rules|two words.rules|-*|x");
	assert_string_equal(names_of("flagspace.RulesFiles: 'a\n    b.rules'"),
			    "a b.rules");
	assert_string_equal(names_of("flagspace.RulesFiles:"), "");
}

/* The file's contents changed, its size and both times set back as they
 * were: its digest is still new (the change time moved). */
static void same_size_same_mtime(const char *path)
{
	struct stat st;
	struct timespec times[2];
	FILE *f;

	assert_int_equal(stat(path, &st), 0);
	times[0] = st.st_atim;
	times[1] = st.st_mtim;
	assert_non_null(f = fopen(path, "r+"));
	fputc('X', f);
	fclose(f);
	assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
}

/* Writes `text` over every memo in dir/tools, as whoever can write the
 * folder can. */
static void forge_memos(const char *dir, const char *text)
{
	char tools[512];
	struct dirent *e;
	DIR *d;

	snprintf(tools, sizeof(tools), "%s/tools", dir);
	assert_non_null(d = opendir(tools));
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			put_file(tools, e->d_name, text, 0644);
	closedir(d);
}

static void tool_digests(void **state)
{
	char dir[] = "/tmp/flagspace-test-tools-XXXXXX", path[512];
	char first[SHA256_HEX], now[SHA256_HEX], hex[SHA256_HEX];
	cache_secret none = { NULL, 0, NULL };

	(void)state;
	assert_non_null(mkdtemp(dir));
	put_file(dir, "tool", "the plugin, version 1\n", 0755);
	snprintf(path, sizeof(path), "%s/tool", dir);
	assert_int_equal(cache_tool_digest(dir, &none, path, first), 0);
	/* Memoised, and the memo read back. */
	assert_int_equal(cache_tool_digest(dir, &none, path, hex), 0);
	assert_string_equal(hex, first);
	same_size_same_mtime(path);
	assert_int_equal(cache_tool_digest(dir, &none, path, now), 0);
	assert_string_not_equal(now, first);
	/* A memo others wrote (the digest of version 1 for what is now
	 * another file): trusted without a key, not used under one. */
	assert_int_equal(cache_tool_digest(dir, &secret, path, hex), 0);
	assert_string_equal(hex, now);
	forge_memos(dir, first);
	assert_int_equal(cache_tool_digest(dir, &none, path, hex), 0);
	assert_string_equal(hex, first);
	assert_int_equal(cache_tool_digest(dir, &secret, path, hex), 0);
	assert_string_equal(hex, now);
	assert_int_equal(cache_tool_digest(dir, &secret, path, hex), 0);
	assert_string_equal(hex, now);
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
		cmocka_unit_test(hmac_known_answers),
		cmocka_unit_test(entries_under_a_key),
		cmocka_unit_test(where_the_key_comes_from),
		cmocka_unit_test(rules_files_as_the_plugin_reads_them),
		cmocka_unit_test(tool_digests),
		cmocka_unit_test(eviction_least_recently_used),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
