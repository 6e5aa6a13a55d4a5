// RUN: %check_flagspace %s flagspace-wrong-namespace %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.RulesFiles, value: '%S/Inputs/percent.rules'}]}"
// A message is printed as the engine wrote it: a '%' in a rules file's
// description is not read as diagnostic formatting.
#define WIDGET_OLD 0x1
#define WIDGET_NEW 0x2
#define WIDGET_READ 0x10
#define WIDGET_WRITE 0x20

int widget_open(const char *path, int flags, int mode);

int use(const char *p) {
  int a = widget_open(p, WIDGET_READ, WIDGET_READ);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: WIDGET_READ is from the WIDGET_* namespace (%0 mode %s %%), not WIDGET_* (widget flags, 100% legacy){{.*}} [flagspace-wrong-namespace]
  int b = widget_open(p, WIDGET_OLD, WIDGET_NEW);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: WIDGET_NEW is from the WIDGET_* namespace (widget flags, 100% legacy), not WIDGET_* (%0 mode %s %%){{.*}} [flagspace-wrong-namespace]
  return a + b + widget_open(p, WIDGET_NEW | WIDGET_OLD, WIDGET_WRITE);
}
