#include "first.h"
#include "second.h"

int use1(const char *p) { return open(p, ORDER_FLAGS); }
