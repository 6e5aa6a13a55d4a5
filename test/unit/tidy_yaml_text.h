/* tidy_yaml_text.h: clang-tidy's --export-fixes YAML written in a test. */
#ifndef FS_TIDY_YAML_TEXT_H
#define FS_TIDY_YAML_TEXT_H

/* One diagnostic of an --export-fixes YAML, as clang-tidy writes it. */
#define DIAG(check, message, file, offset, level) \
	"  - DiagnosticName:  " check "\n" \
	"    DiagnosticMessage:\n" \
	"      Message:         '" message "'\n" \
	"      FilePath:        '" file "'\n" \
	"      FileOffset:      " #offset "\n" \
	"      Replacements:    []\n" \
	"    Level:           " level "\n"

#endif
