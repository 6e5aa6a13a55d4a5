/* Fallbacks for old C libraries: the names are tested and defined, never
 * used, so they keep no unit. */
#include <fcntl.h>
#ifndef O_CLOEXEC
# define O_CLOEXEC 0
#endif
#if !defined(AT_REMOVEDIR) && !defined AT_EACCESS
# define AT_REMOVEDIR 0x200
#endif
#undef O_NOCTTY
#define MASK(m) m ## _debug_mask
