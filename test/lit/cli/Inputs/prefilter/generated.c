/* generated.c: includes a header a build step generates, not generated
 * yet: no flag name in sight, but the unit does not compile. */
#include "config.h"

int answer(void) { return CONFIG_ANSWER; }
