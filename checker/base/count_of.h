/* count_of.h: the number of elements of an array (not a pointer). */
#ifndef FLAGSPACE_COUNT_OF_H
#define FLAGSPACE_COUNT_OF_H

#define FS_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

#endif
