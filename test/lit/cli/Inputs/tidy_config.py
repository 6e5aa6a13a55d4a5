"""tidy_config.py DIR RULES: writes DIR/.clang-tidy passing the rules file
RULES (made absolute) to the flagspace checks."""
import os
import sys

directory, rules = sys.argv[1], os.path.abspath(sys.argv[2])
with open(os.path.join(directory, ".clang-tidy"), "w") as fh:
    fh.write("CheckOptions:\n  - key: flagspace.RulesFiles\n    value: '%s'\n" % rules)
