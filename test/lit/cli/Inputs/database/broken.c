/* broken.c: does not compile. */
int broken(void) { return undeclared_name; }
