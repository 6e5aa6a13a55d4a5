#include <fcntl.h>

/* a/ and b/ read AT_EMPTY_PATH with different rules: two fix-its for one
 * place. */
static inline int open_empty(const char *p)
{
	return open(p, O_RDONLY | AT_EMPTY_PATH);
}
