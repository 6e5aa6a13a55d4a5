/* test_fnv.c: fnv.h is FNV-1a: the published test vectors, 64 and 32 bits
 * (the 32-bit one keys the lines of baselines written before, so its values
 * may never change), and the string form equals the bytes form. */
#include <string.h>

#include "unit_helpers.h"
#include "base/fnv.h"

typedef struct vector {
	const char *text;
	uint64_t fnv64;
	uint32_t fnv32;
} vector;

/* From the FNV reference (Noll's test suite, fnv1a64 and fnv1a32). */
static const vector vectors[] = {
	{ "", 0xcbf29ce484222325ull, 0x811c9dc5u },
	{ "a", 0xaf63dc4c8601ec8cull, 0xe40c292cu },
	{ "b", 0xaf63df4c8601f1a5ull, 0xe70c2de5u },
	{ "foobar", 0x85944171f73967e8ull, 0xbf9cf968u },
};

static uint32_t fnv32_of(const char *s)
{
	uint32_t h = FS_FNV32_INIT;

	for (; *s; s++)
		h = fs_fnv32_byte(h, (unsigned char)*s);
	return h;
}

static void published_vectors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		const vector *v = &vectors[i];

		assert_true(fs_fnv64(v->text, strlen(v->text)) == v->fnv64);
		assert_true(fs_fnv64_str(v->text) == v->fnv64);
		assert_int_equal(fnv32_of(v->text), v->fnv32);
	}
}

static void bytes_after_a_nul_count(void **state)
{
	(void)state;
	/* A key with a NUL in it (the memo's facts) hashes all of its bytes. */
	assert_true(fs_fnv64("a\0b", 3) != fs_fnv64("a", 1));
	assert_true(fs_fnv64("a\0b", 3) != fs_fnv64("a\0c", 3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(published_vectors),
		cmocka_unit_test(bytes_after_a_nul_count),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
