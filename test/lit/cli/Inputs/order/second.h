#ifndef SECOND_H
#define SECOND_H
#define SECOND_SEEN 1
#endif
