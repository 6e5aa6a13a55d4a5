#include "second.h"
#include "first.h"

int use2(const char *p) { return open(p, ORDER_FLAGS); }
