#if __INCLUDE_LEVEL__ < 40
#include "rec.h"
#include "rec.h"
#endif
