/* A debug macro in the style of util-linux's: its pastes make names that
 * start with LIB_DEBUG_ or end in _mask, never a flag. */
#define X_DBG(l, p, m, x) do { if ((p ## m) & l ## _mask) { x; } } while (0)
#define DBG(m, x) X_DBG(lib, LIB_DEBUG_, m, x)
#define LIB_DEBUG_CXT 1
/* Here the prefix given makes flags. */
#define X_FLAG(p, m) p ## m
#define OFLAG2(m) X_FLAG(O_, m)
#define ATFLAG2(m) X_FLAG(AT_, m)
/* GNU's comma swallowing pastes a comma, which makes no name: the
 * arguments pass through as written. */
#define LOG(fmt, ...) printf(fmt, ## __VA_ARGS__)
