#include "second.h"
#include "first.h"

int use8(const char *p) { return open(p, ORDER_FLAGS); }
