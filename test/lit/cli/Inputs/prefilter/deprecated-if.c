#include <fcntl.h>

/* #if expands its names; a condition asks what the platform defines and
 * is not reported. */
#if O_NDELAY
int has_ndelay = 1;
#endif
