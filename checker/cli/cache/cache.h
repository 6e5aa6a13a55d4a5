/* cache.h: audit's result cache (--cache DIR, $FLAGSPACE_CACHE): what
 * clang-tidy printed and exported for one unit, kept under a key made of
 * everything that decides it, so that an unchanged unit is not analysed
 * again.
 *
 * The key (cache_key.c) is the digest of: the tools (flagspace's version,
 * clang-tidy's --version and binary, the plugin and its checks library,
 * the options audit passes, --rules files' contents, the environment
 * variables that move clang's include search); the unit (directory, file,
 * cleaned command); every file the unit may read, with its contents (the
 * prefilter's walk, prefilter_inputs.c); and each .clang-tidy above the
 * file with the rules files it names. A unit whose files are not all known
 * (a computed #include, an unreadable file, flags the prefilter does not
 * follow) is keyed by its preprocessed text instead (cache_preproc.c); one
 * that does not preprocess has no key and is always analysed.
 *
 * Only complete results are stored: clang-tidy exited 0, no compile error,
 * no crash, no timeout, nothing skipped. Entries (cache_entry.c) are
 * written to a temporary file and renamed, carry their own key and a
 * digest of their contents, and one that does not read back whole is
 * ignored with a warning and replaced. With a key (cache_secret.c: never
 * in the folder), entries also carry an HMAC-SHA-256 of their contents,
 * and one without it or with a wrong one is ignored and replaced: a
 * folder others can write cannot then change what is replayed. Several
 * audits may share a folder.
 * The folder is kept under --cache-size by removing the entries used
 * longest ago (cache_evict.c). */
#ifndef FS_CACHE_H
#define FS_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "audit.h"
#include "sha256.h"
#include "strset.h"

/* The digest of the .clang-tidy files above a folder; ok 0: a file
 * could not be read, no key. */
typedef struct cache_config {
	int ok;
	unsigned char d[SHA256_BYTES];
} cache_config;

/* The key that authenticates entries; len 0: none. */
typedef struct cache_secret {
	unsigned char *bytes;
	size_t len;
	char *from;		/* "$FLAGSPACE_CACHE_KEY", or the file */
} cache_secret;

/* Loads the key: $FLAGSPACE_CACHE_KEY, else the file
 * $XDG_CONFIG_HOME/flagspace/cache-key (~/.config/flagspace/cache-key).
 * Returns CLI_OK, with s->len 0 when there is none, or CLI_FAIL after a
 * one-line error for a key that cannot be trusted: shorter than 16 bytes,
 * or a file that is not yours, others can read or write, or that is in
 * the cache folder `cache_dir` (cache_secret.c). */
int cache_secret_load(cache_secret *s, const char *cache_dir);
void cache_secret_free(cache_secret *s);

typedef struct audit_cache {
	char *dir;		/* <--cache>/v2 */
	cache_secret secret;
	unsigned char tools[SHA256_BYTES];	/* keys' audit-wide part */
	uint64_t max_bytes;
	strset config_dirs;	/* folder -> index in configs */
	AUDIT_VEC(cache_config) configs;
	size_t hits, misses, stored, uncached, corrupt, evicted;
	size_t unauthenticated;	/* with a key: entries without its HMAC */
} audit_cache;

/* The default bound of the folder, and the largest accepted. */
#define CACHE_DEFAULT_BYTES ((uint64_t)1 << 30)


/* Opens the cache of a->opt.cache_dir (created if missing) for the tools
 * audit runs: sets a->cache. Returns CLI_OK or CLI_FAIL after a one-line
 * error. */
int audit_cache_open(audit *a);
/* What every key of this audit shares (a->cache open), in out. Returns
 * CLI_OK or CLI_FAIL after a one-line error (cache_key.c). */
int cache_key_tools(const audit *a, unsigned char out[SHA256_BYTES]);
/* The digest of a big tool file's contents in hex, memoised in
 * <dir>/tools under its path, device, inode, size, modification and change
 * times (with an HMAC under the key `secret` when there is one: a memo
 * without the right one is not used). Returns 0, or -1 when it cannot be
 * read (cache_tools.c). */
int cache_tool_digest(const char *dir, const cache_secret *secret,
		      const char *path, char hex[SHA256_HEX]);
/* The digest of a unit's preprocessed text with its macro definitions
 * (clang -E -dD of its command through the filter, command_filter.h,
 * with --no-default-config when no_default_config), for a unit whose
 * files the prefilter could not all find. Returns 0, or -1 when it does
 * not preprocess within timeout_s seconds (cache_preproc.c). */
int cache_preprocessed_digest(const audit_tu *tu, int no_default_config,
			      unsigned timeout_s,
			      unsigned char out[SHA256_BYTES]);
/* The key of a unit in hex, or -1 when it has none (cache_key.c). */
int audit_cache_key(audit_cache *c, const audit_tu *tu,
		    char hex[SHA256_HEX]);
/* The stored result of `key`, read and checked: 0 with its bytes in
 * *text (malloc'd) and its parts in r (pointing into *text); -1 when there
 * is none or it is not to be used: not whole, or without the key's HMAC
 * (warned about, but for an entry merely written without a key, which the
 * summary counts). The plan looks results up (plan/run_plan.c); collect
 * reads them as if clang-tidy had just exported them. */
typedef struct cache_result cache_result;
int audit_cache_lookup(audit_cache *c, const char *key, char **text,
		       cache_result *r);
/* Stores what clang-tidy exported (--export-fixes: the file may be
 * missing, when it found nothing) for a unit analysed completely. A
 * failure to write is a warning: the audit goes on. */
void audit_cache_store(audit *a, const char *key, const char *yaml_path);
/* Keeps the folder under its bound, prints what the cache did on stderr
 * (with `report`), and frees a->cache. */
void audit_cache_close(audit *a, int report);

/* Calls fn(ctx, name) for each name a .clang-tidy's `text` may give the
 * plugin's flagspace.RulesFiles, split as the plugin splits the option
 * (at ';' and ',', each name trimmed, empty ones dropped: a blank inside a
 * name stays). Every value of the file is taken, quoted (' or "), plain or
 * a block (| or >), wherever it is: an over-approximation, since naming
 * more only keys more. Returns 0, or -1 when fn does or out of memory
 * (cache_rules.c). */
typedef int (*cache_name_fn)(void *ctx, const char *name);
int cache_rules_names(const char *text, cache_name_fn fn, void *ctx);

/* Writes `len` bytes as the file `name` of the folder `dir` of the cache
 * (created if missing), atomically, and not through a symbolic link
 * someone put there as `dir`. Returns 0, or -1 with the reason in `why`
 * (cache_write.c). */
int cache_write(const char *dir, const char *name, const char *bytes,
		size_t len, char *why, size_t size);

/* Entries (cache_entry.c). What one holds: */
struct cache_result {
	char *yaml;		/* clang-tidy's --export-fixes, or "" */
	size_t yaml_len;
};

/* The path of key's entry in dir (<dir>/<2 hex>/<key>). */
void cache_entry_path(const char *dir, const char *key, char *out,
		      size_t size);
/* Serialises r under `key`, with an HMAC of the key `secret` when it has
 * one (NULL: none); malloc'd, its length in *len. NULL when out of
 * memory. */
char *cache_entry_encode(const char *key, const cache_result *r,
			 const cache_secret *secret, size_t *len);
/* What reading an entry back gives. */
enum {
	CACHE_ENTRY_OK = 0,
	CACHE_ENTRY_DAMAGED = -1,	/* not whole: cut, changed, another key */
	CACHE_ENTRY_UNKEYED = -2,	/* with a key: the entry has no HMAC */
	CACHE_ENTRY_FORGED = -3,	/* with a key: its HMAC is wrong */
};
/* Reads an entry's bytes back: CACHE_ENTRY_OK with r filled (pointing
 * into text, which must outlive it), or another CACHE_ENTRY_ with the
 * reason in why. With a `secret`, only an entry with its right HMAC is
 * read; without, the HMAC is not checked (the digest is). */
int cache_entry_decode(const char *key, const char *text, size_t len,
		       const cache_secret *secret, cache_result *r,
		       char *why, size_t size);

/* Removes the entries used longest ago until the folder holds at most
 * 9/10 of max_bytes, when it holds more; and temporary files left by
 * audits killed long ago. Returns the entries removed (cache_evict.c). */
size_t cache_evict(const char *dir, uint64_t max_bytes);

#endif
