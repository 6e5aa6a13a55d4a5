/* A header with a mistake: it breaks every unit that includes it. */
int broken_decl(void) { return not_declared | O_RDONLY; }
/* The body names a flag, so that flagspace-runner parses it too: it skips
 * a body that names none, whose errors are then not seen
 * (audit-failures.test). */
