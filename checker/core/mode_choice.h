/* mode_choice.h: a value of a multi-bit field (the access mode) chosen on
 * every path, then another value of that field or'ed in on some:
 *
 *     switch (mode[0]) {
 *     case 'r': flags = O_RDONLY; break;
 *     case 'w': flags = O_WRONLY | O_CREAT | O_TRUNC; break;
 *     }
 *     if (strchr(mode, '+'))
 *             flags |= O_RDWR;        // "w+": mode 3
 *
 * `|=` adds bits; it cannot replace the value chosen. Or-ing a value of
 * the field onto one already chosen is right only where the choice was
 * 0, so the two meet wherever the addition follows the other value. */
#ifndef FS_MODE_CHOICE_H
#define FS_MODE_CHOICE_H

#include "rules_model.h"

/* Whether terms i and j of `value` are values of one mask= field (rules:
 * O_WRONLY and O_RDWR of O_ACCMODE) and one of them is or'ed, on some
 * paths (an `if (c) flags |= O_RDWR;`), onto a value that holds a named
 * value of that field on every path and the other term wherever its
 * alternative is taken. Returns 0 otherwise, on an ill-formed tree, or
 * when out of memory. */
int fs_mode_added_to_choice(const fs_rules *rules, const fs_value *value,
			    size_t i, size_t j);

#endif
