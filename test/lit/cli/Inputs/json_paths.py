"""json_paths.py REPORT.json: reads an audit's JSON report as strict JSON
(every string UTF-8) and prints, for each finding, the bytes of its file
(the \\udcXX escapes of bytes that are not UTF-8 turned back into those
bytes, as os.fsencode does), whether that file exists, and its line and
column."""
import json
import os
import sys

with open(sys.argv[1], encoding="utf-8") as fh:
    report = json.load(fh)
for f in report["findings"]:
    raw = os.fsencode(f["file"])
    print("%r exists=%s %d:%d" % (os.path.basename(raw), os.path.exists(raw),
                                 f["line"], f["column"]))
