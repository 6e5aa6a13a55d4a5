/* unused.c: a body that names no flag, with a compile error. clang-tidy
 * parses it and reports the error; flagspace-runner skips it. */
int unused(void) { return undeclared_name; }
