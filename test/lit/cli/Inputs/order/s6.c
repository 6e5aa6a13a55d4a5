#include "second.h"
#include "first.h"

int use6(const char *p) { return open(p, ORDER_FLAGS); }
