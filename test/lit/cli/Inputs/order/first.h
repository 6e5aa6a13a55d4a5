/* Tests what second.h defines: a unit including it first reads other
 * flags than one including it after second.h. */
#ifndef FIRST_H
#define FIRST_H
#include <fcntl.h>
#ifdef SECOND_SEEN
#define ORDER_FLAGS (O_WRONLY | O_CREAT)
#else
#define ORDER_FLAGS O_RDONLY
#endif
#endif
