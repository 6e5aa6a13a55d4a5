/* A project header whose code holds findings of its own, and names that
 * carry a flag into its users' code. */
#include <fcntl.h>

int helper_open(const char *path, int flags);

/* A finding in the header itself: reported once, whichever unit runs. */
static inline int open_for_removal(const char *path)
{
	return open(path, O_RDONLY | AT_REMOVEDIR);
}

/* A flag carried by a constant: found only where it is used. */
static const int CREATE_FLAGS = O_WRONLY | O_CREAT;

/* A flag passed to a function some main file defines. */
static inline int create_through_helper(const char *path)
{
	return helper_open(path, O_WRONLY | O_CREAT);
}

#define CLOSE_TWICE(x) ((x) + (x))

/* A flag in a macro: found where it is expanded. */
#define OPEN_FOR_REMOVAL(path) open((path), O_RDONLY | AT_REMOVEDIR)

#ifdef SHARED_EXTRA
#define EXTRA_FLAGS O_APPEND
#endif

/* A macro calling a function whose flags reject bits: a number given to
 * it is found where it is used. */
#define STAT_AT(dfd, path, st, flags) fstatat((dfd), (path), (st), (flags))
#include <sys/stat.h>
