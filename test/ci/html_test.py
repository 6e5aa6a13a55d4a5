"""html_test.py --source DIR --bindir DIR --work DIR [--screenshot PNG]: the
HTML report (`flagspace audit --format=html`) in a real browser, headless
Chromium driven by chromedriver through Selenium: the page loads from a
file:// URL without a console error and without fetching anything, its
counts (total, by consequence, by check, by directory, findings shown) equal
those of the JSON report of the same audit, each finding shows its source line with the
flag marked, what its bits mean and, when it has one, its fix-it as a diff;
a link of the totals leads to its first finding; the filters by
consequence, check and directory hide exactly the other findings; grouping
by consequence puts the findings worst first under a heading per class, and
back in file order without. Saves a screenshot in WORK
(and to PNG when given: the README's, checker/docs/html-report.png).

Exit status 0 when all holds, 77 (ctest's skip) without python3-selenium,
chromium or chromium-driver (Debian's packages)."""
import argparse
import json
import os
import shutil
import subprocess
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
except ImportError:
    print("html_test.py: python3-selenium is not installed: skipped")
    sys.exit(77)

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")


def make_project(work, source):
    """src/ (wrong.c, also.c and their shared.h), lib/ (twice.c) and cls/
    (a finding of each consequence): four checks over three directories,
    findings with a fix-it."""
    project = os.path.join(work, "project")
    shutil.rmtree(project, ignore_errors=True)
    inputs = os.path.join(source, "test", "lit", "cli", "Inputs")
    os.makedirs(os.path.join(project, "build"))
    shutil.copytree(os.path.join(inputs, "audit"), os.path.join(project, "src"))
    os.makedirs(os.path.join(project, "lib"))
    shutil.copy(os.path.join(inputs, "codequality", "twice.c"), os.path.join(project, "lib"))
    shutil.copytree(os.path.join(inputs, "consequences"), os.path.join(project, "cls"))
    units = [("src", "wrong.c"), ("src", "also.c"), ("src", "clean.c"), ("lib", "twice.c"),
             ("cls", "harmless.c"), ("cls", "failing.c")]
    db = [{"directory": os.path.join(project, d), "file": f, "arguments": ["cc", "-c", f]}
          for d, f in units]
    with open(os.path.join(project, "build", "compile_commands.json"), "w") as f:
        json.dump(db, f)
    return project


def audit(bindir, project, fmt, out):
    with open(out, "w") as f:
        status = subprocess.run([os.path.join(bindir, "flagspace"), "audit", "-p", "build",
                                 "--format=" + fmt], cwd=project, stdout=f).returncode
    if status != 1:
        raise SystemExit("flagspace audit --format=%s exited %d, expected 1" % (fmt, status))


def browser(work):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--window-size=1000,1000",
                "--user-data-dir=" + os.path.join(work, "chromium-profile")):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def table(driver, id):
    rows = driver.find_elements(By.CSS_SELECTOR, "#%s tr" % id)[1:]
    return {r.find_element(By.TAG_NAME, "td").text: int(r.find_element(By.CLASS_NAME, "count").text)
            for r in rows}


def shown(driver):
    return [s for s in driver.find_elements(By.CSS_SELECTOR, "section.finding") if s.is_displayed()]


class Checks:
    def __init__(self):
        self.failures = 0

    def equal(self, what, got, want):
        ok = got == want
        print("  %s %s: %r%s" % ("ok  " if ok else "FAIL", what, got,
                                 "" if ok else ", expected %r" % (want,)))
        self.failures += not ok


def check_page(driver, report, project, check):
    findings = report["findings"]
    logs = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    check.equal("console errors and warnings", logs, [])
    urls = {json.loads(e["message"])["message"].get("params", {}).get("request", {}).get("url")
            for e in driver.get_log("performance")} - {None}
    # chrome:// is the browser's own start page, loading beside ours.
    page = driver.current_url.split("#")[0]
    check.equal("URLs fetched other than the page",
                sorted(u for u in urls if u.split(":")[0] in ("http", "https", "ws", "wss", "ftp", "file")
                       and u.split("#")[0] != page), [])
    check.equal("total", driver.find_element(By.ID, "total").text, str(len(findings)))
    check.equal("findings on the page", len(driver.find_elements(By.CSS_SELECTOR, "section.finding")),
                len(findings))
    check.equal("by consequence", table(driver, "by-consequence"), report["consequences"])
    check.equal("by check", table(driver, "by-check"), report["summary"])
    dirs = {}
    for f in findings:
        d = os.path.dirname(os.path.relpath(f["file"], project)) or "."
        dirs[d] = dirs.get(d, 0) + 1
    check.equal("by directory", table(driver, "by-dir"), dirs)
    marks = [s.find_element(By.CSS_SELECTOR, ".line.at mark.flag").text
             for s in driver.find_elements(By.CSS_SELECTOR, "section.finding")]
    # Sorted by path: cls/failing.c, cls/harmless.c, lib/twice.c (twice),
    # src/also.c, src/shared.h, src/wrong.c.
    check.equal("flags marked", marks, ["O_RDWR", "AT_REMOVEDIR", "O_NOFOLLOW", "O_CLOEXEC",
                                        "O_NDELAY", "AT_SYMLINK_NOFOLLOW", "AT_SYMLINK_NOFOLLOW",
                                        "O_CREAT", "AT_REMOVEDIR", "AT_SYMLINK_NOFOLLOW"])
    wrong = [s for s in driver.find_elements(By.CSS_SELECTOR, "section.finding")
             if s.find_element(By.CLASS_NAME, "loc").text.startswith("src/wrong.c:")][0]
    wrong.find_element(By.CSS_SELECTOR, "details.explain summary").click()
    check.equal("bits explained", "misplaced in O_* flags it means: O_NOCTTY" in wrong.text, True)
    check.equal("fix-it diff", [" ".join(e.text.split())
                                for e in wrong.find_elements(By.CSS_SELECTOR, ".diff .del, .diff .add")],
                ["- return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);",
                 "+ return open(p, O_RDONLY | O_NOFOLLOW);"])


def check_navigation(driver, report, check):
    link = driver.find_element(By.CSS_SELECTOR, "#by-check a[href='#f0']")
    link.click()
    check.equal("a total's link", driver.current_url.endswith("#f0"), True)
    Select(driver.find_element(By.ID, "filter-check")).select_by_value("flagspace-wrong-namespace")
    want = report["summary"]["flagspace-wrong-namespace"]
    check.equal("shown by check", len(shown(driver)), want)
    check.equal("'shown' count", driver.find_element(By.ID, "shown").text, str(want))
    check.equal("hidden are the other checks",
                {s.get_attribute("data-check") for s in shown(driver)}, {"flagspace-wrong-namespace"})
    Select(driver.find_element(By.ID, "filter-dir")).select_by_value("lib")
    check.equal("shown by check and directory", [s.get_attribute("data-dir") for s in shown(driver)],
                ["lib", "lib"])
    Select(driver.find_element(By.ID, "filter-check")).select_by_value("")
    Select(driver.find_element(By.ID, "filter-dir")).select_by_value("")
    check.equal("all shown again", len(shown(driver)), len(report["findings"]))
    check_consequences(driver, report, check)


ORDER = ["fails", "misbehaves", "ignored", "same-value", "deprecated"]


def check_consequences(driver, report, check):
    classes = [f["consequence"] for f in report["findings"]]
    group = Select(driver.find_element(By.ID, "filter-consequence"))
    for c in sorted(set(classes)):
        group.select_by_value(c)
        check.equal("shown of consequence %s" % c,
                    [s.get_attribute("data-consequence") for s in shown(driver)],
                    [c] * classes.count(c))
    group.select_by_value("")
    Select(driver.find_element(By.ID, "group-by")).select_by_value("consequence")
    order = [s.get_attribute("data-consequence") for s in shown(driver)]
    check.equal("grouped worst first", order, sorted(classes, key=ORDER.index))
    check.equal("a heading per class",
                [h.text.lower() for h in driver.find_elements(By.CSS_SELECTOR, "#findings h3.group")
                 if h.is_displayed()], sorted(set(classes), key=ORDER.index))
    Select(driver.find_element(By.ID, "group-by")).select_by_value("")
    check.equal("back in file order", [s.get_attribute("id") for s in shown(driver)],
                ["f%d" % i for i in range(len(classes))])
    check.equal("no heading without grouping",
                len(driver.find_elements(By.CSS_SELECTOR, "#findings h3.group")), 0)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--source", required=True)
    p.add_argument("--bindir", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--screenshot")
    args = p.parse_args()
    if not CHROMIUM or not CHROMEDRIVER:
        print("html_test.py: chromium or chromium-driver is not installed: skipped")
        return 77
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    project = make_project(work, args.source)
    audit(args.bindir, project, "json", os.path.join(work, "report.json"))
    audit(args.bindir, project, "html", os.path.join(work, "report.html"))
    with open(os.path.join(work, "report.json")) as f:
        report = json.load(f)
    check = Checks()
    driver = browser(work)
    try:
        # What the browser loaded before the page (its start page) is not
        # the page's.
        driver.get_log("performance")
        driver.get_log("browser")
        driver.get("file://" + os.path.join(work, "report.html"))
        check_page(driver, report, project, check)
        check_navigation(driver, report, check)
        driver.execute_script("window.scrollTo(0, 0)")
        png = os.path.join(work, "report.png")
        driver.save_screenshot(png)
        print("  screenshot: %s" % png)
        if args.screenshot:
            shutil.copy(png, args.screenshot)
    finally:
        driver.quit()
    print("html_test.py: %s" % ("all checks passed" if not check.failures else
                                "%d checks failed" % check.failures))
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
