#include "first.h"
#include "second.h"

int use2(const char *p) { return open(p, ORDER_FLAGS); }
