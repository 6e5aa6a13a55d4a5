/* Found only through -Iprobe-dir: __has_include tells the two
 * configurations of probe.c apart. */
