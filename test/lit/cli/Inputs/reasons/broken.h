/* A header with a mistake: it breaks every unit that includes it. */
int broken_decl(void) { return not_declared; }
