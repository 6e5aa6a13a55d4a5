#include <fcntl.h>

/* #if expands its names: a deprecated one is reported there. */
#if O_NDELAY
int has_ndelay = 1;
#endif
