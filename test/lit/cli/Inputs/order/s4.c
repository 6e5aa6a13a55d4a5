#include "second.h"
#include "first.h"

int use4(const char *p) { return open(p, ORDER_FLAGS); }
