/* algebra.h: what a flag expression does with its terms, worked out once
 * per value and read by every check.
 *
 * A term is SET when its bits can reach the value (`a | B`, `c ? B : 0`),
 * CLEARED when they are taken out (`x & ~B`, or `B` masked away by the
 * other side of an &), a MASK when it selects bits of an unknown value
 * (`mode & S_IFMT`, `flags & O_ACCMODE`), COMPARED as an operand of ==,
 * != or <, TESTED as a condition (of ?:, !, && or ||), and MOVED when
 * shifts or arithmetic make its bits something else. Only SET terms put
 * their name's bits into the argument: the other uses read or remove
 * bits, so a namespace or subset check has nothing to say about them.
 */
#ifndef FS_ALGEBRA_H
#define FS_ALGEBRA_H

#include "rules_model.h"

typedef enum fs_use {
	FS_USE_NONE,		/* not reached: the tree was ill-formed */
	FS_USE_SET,
	FS_USE_CLEARED,
	FS_USE_MASK,
	FS_USE_COMPARED,
	FS_USE_TESTED,
	FS_USE_MOVED,
} fs_use;

/* What a term is to its value: its use, and whether it is there on some
 * paths only (an arm of ?:, a conditional write, one of several returns). */
typedef struct fs_term_use {
	fs_use use;
	int conditional;
	size_t arm;		/* conditional: the node that roots the arm of
				   the nearest ?:, either or maybe above it;
				   two terms of one arm are there together
				   whenever it is taken. 0 (the root, which is
				   no arm) when not conditional */
	int picks;		/* in the condition of a ?:, which picks an
				   arm and puts no bit into the value */
	int whole;		/* it is the whole value on the paths where
				   it is: nothing but choices (arms of ?:,
				   either) above it */
} fs_term_use;

typedef struct fs_reading {
	const fs_value *value;
	fs_term_use *terms;	/* one per term of the value */
	uint64_t may;		/* bits the value can have */
	uint64_t must;		/* bits it has on every path */
	int unknown;		/* a part that reaches the value is not a
				   constant */
	size_t alone;		/* the term that is by itself one operand of
				   the root `a & b` while the other is not a
				   constant (`flags & O_RDONLY`), or FS_NONE */
	uint64_t complement;	/* bits a `~` of a constant puts into the
				   value, on some path (`~O_NONBLOCK`, `c ?
				   O_NONBLOCK : ~O_NONBLOCK`), through the
				   enclosing &s; not `x & ~O_NONBLOCK`, which
				   clears */
	size_t complement_term;	/* the first term under the first such
				   `~`, or FS_NONE */
} fs_reading;

/* How many operands op takes (0 for a leaf). */
unsigned fs_op_arity(fs_op op);

/* Works out the reading of `value` (terms' values from the rules where the
 * term has none). Returns 0, or -1 when out of memory (*out is then empty
 * and needs no fs_reading_free). */
int fs_read_value(const fs_rules *rules, const fs_value *value,
		  fs_reading *out);
void fs_reading_free(fs_reading *reading);

/* The term alone on one side of the value's root `&` whose other side
 * is not a constant (a bit test of a variable against one named flag),
 * or FS_NONE: the root is no `&`, or neither side is such a term. */
size_t fs_reading_and_alone(const fs_reading *reading);

/* Whether term i's bits can reach the value; with `always`, on every path
 * too. */
int fs_reading_sets(const fs_reading *reading, size_t i, int always);
/* Whether term i is in the condition of a ?: (`strchr(m, '+') != NULL ?
 * O_RDWR : O_RDONLY`): it picks an arm and puts no bit into the value. */
int fs_reading_picks(const fs_reading *reading, size_t i);
/* Whether term i is set and is by itself the value on the paths where it
 * is: written alone (`7`), or an arm of choices (`c ? 2 : 7`, the values
 * of `w = 0; if (c) w = 7;`), not part of `w | 4`. */
int fs_reading_is_whole(const fs_reading *reading, size_t i);
/* Whether terms i and j, both set on some paths only, are in one arm of a
 * choice, with no other choice between: written together (`w ? O_RDONLY |
 * O_WRONLY : O_RDONLY`, one return of a helper), they meet whenever that
 * arm is taken. */
int fs_reading_same_arm(const fs_reading *reading, size_t i, size_t j);
/* The name of the value's one term when the value is exactly that named
 * term, set on every path with nothing else (`F_SETFD`, `SYS_open`), else
 * NULL. */
const char *fs_reading_single_name(const fs_reading *reading);

#endif
