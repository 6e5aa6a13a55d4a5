// A library's struct with a field spelled like one of field-reads.c's.
struct lib_rec { int flags; };
static inline int lib_flags(const struct lib_rec *r) { return r->flags; }
