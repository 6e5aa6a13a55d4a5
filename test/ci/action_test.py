"""action_test.py --source DIR --bindir DIR --work DIR: runs the steps of the
GitHub Action (action.yml at the repository's root) as a runner would, on a
small project with a finding: each `run:` with its `env:` (the `${{ }}`
expressions of inputs, github.action_path, runner.temp and steps' outputs
put in), its `if:` evaluated, GITHUB_OUTPUT and GITHUB_PATH files. Not run:
the apt-get step (root and the network) and the build (minutes; ctest has
just built the same targets): the configure step runs for real, and the
audit steps use the flagspace of --bindir. The `uses:` step (upload-sarif)
is checked, not run: its condition, and that its SARIF file is SARIF.

Exit status 0 when every case does what the action documents, 77 (ctest's
skip) without PyYAML (Debian's python3-yaml, which yamllint brings)."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

try:
    import yaml
except ImportError:
    print("action_test.py: PyYAML (python3-yaml) is not installed: skipped")
    sys.exit(77)

NOT_RUN = {"Install the LLVM flagspace builds against": "needs root and the network",
           "Build flagspace": "ctest's build has just built these targets"}


class Runner:
    def __init__(self, action, source, work, inputs):
        self.action = action
        self.inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
        unknown = set(inputs) - set(self.inputs)
        if unknown:
            raise SystemExit("unknown inputs %s" % sorted(unknown))
        self.inputs.update(inputs)
        self.context = {"github.action_path": source,
                        "runner.temp": os.path.join(work, "runner-temp")}
        os.makedirs(self.context["runner.temp"], exist_ok=True)
        self.outputs = {}
        self.work = work
        self.failed = False
        self.uploaded = None

    def value(self, name):
        if name.startswith("inputs."):
            return self.inputs[name[len("inputs."):]]
        m = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", name)
        if m:
            return self.outputs.get(m.group(1), {}).get(m.group(2), "")
        return self.context[name]

    def expand(self, text):
        return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}",
                      lambda m: self.value(m.group(1)), str(text))

    def condition(self, text):
        """always(), success(), and `a == 'b'` / `a != 'b'` joined by &&."""
        result = True
        for term in (t.strip() for t in str(text).split("&&")):
            if term == "always()":
                continue
            if term == "success()":
                result = result and not self.failed
                continue
            m = re.fullmatch(r"([\w.-]+)\s*(==|!=)\s*'([^']*)'", term)
            if not m:
                raise SystemExit("action_test.py cannot evaluate '%s'" % term)
            equal = self.value(m.group(1)) == m.group(3)
            result = result and (equal if m.group(2) == "==" else not equal)
        if "always()" not in str(text) and self.failed:
            return False
        return result

    def run_step(self, step, env, cwd):
        files = {"GITHUB_OUTPUT": os.path.join(self.work, "output"),
                 "GITHUB_PATH": os.path.join(self.work, "path")}
        for f in files.values():
            open(f, "w").close()
        step_env = dict(env, **files)
        step_env.update({k: self.expand(v) for k, v in step.get("env", {}).items()})
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                               step["run"]], env=step_env, cwd=cwd)
        with open(files["GITHUB_OUTPUT"]) as f:
            pairs = [line.rstrip("\n").split("=", 1) for line in f if "=" in line]
        if "id" in step:
            self.outputs[step["id"]] = dict(pairs)
        with open(files["GITHUB_PATH"]) as f:
            self.added_path = [line.strip() for line in f if line.strip()]
        return proc.returncode

    def run(self, env, cwd):
        for step in self.action["runs"]["steps"]:
            name = step["name"]
            if "if" in step and not self.condition(step["if"]):
                print("  skip %s (if: false)" % name)
                continue
            if "uses" in step:
                self.uploaded = self.expand(step["with"]["sarif_file"])
                print("  would run %s with %s" % (step["uses"], self.uploaded))
                continue
            if name in NOT_RUN:
                print("  not run here: %s (%s)" % (name, NOT_RUN[name]))
                continue
            status = self.run_step(step, env, cwd)
            print("  ran %s: exit %d" % (name, status))
            if status:
                self.failed = True


def make_project(work, source):
    project = os.path.join(work, "project")
    shutil.rmtree(project, ignore_errors=True)
    os.makedirs(os.path.join(project, "build"))
    os.makedirs(os.path.join(project, "src"))
    inputs = os.path.join(source, "test", "lit", "cli", "Inputs", "audit")
    for name in ("wrong.c", "clean.c", "shared.h"):
        shutil.copy(os.path.join(inputs, name), os.path.join(project, "src"))
    db = [{"directory": os.path.join(project, "src"), "file": f,
           "arguments": ["cc", "-c", f]} for f in ("wrong.c", "clean.c")]
    with open(os.path.join(project, "build", "compile_commands.json"), "w") as f:
        json.dump(db, f)
    return project


def case(action, args, env, name, inputs, want_status, want_failed, want_upload):
    print("case %s: %s" % (name, inputs))
    project = make_project(args.work, args.source)
    r = Runner(action, args.source, args.work, inputs)
    r.run(env, project)
    got = r.outputs.get("audit", {}).get("exit-code")
    problems = []
    if got != want_status:
        problems.append("exit-code output %r, expected %r" % (got, want_status))
    if r.failed != want_failed:
        problems.append("the job %s" % ("failed" if r.failed else "passed"))
    if (r.uploaded is not None) != want_upload:
        problems.append("upload-sarif %s" % ("ran" if r.uploaded else "did not run"))
    if r.uploaded:
        with open(os.path.join(project, r.uploaded)) as f:
            sarif = json.load(f)
        if sarif.get("version") != "2.1.0":
            problems.append("%s is not SARIF 2.1.0" % r.uploaded)
        results = len(sarif["runs"][0]["results"])
        print("  %s: %d results" % (r.uploaded, results))
    for p in problems:
        print("  FAIL: %s" % p)
    return not problems


def configure_case(action, args, env):
    """The configure step, for real, into a fresh directory."""
    print("case configure: install=build")
    r = Runner(action, args.source, args.work,
               {"install": "build", "llvm-version": args.llvm})
    shutil.rmtree(os.path.join(r.context["runner.temp"], "flagspace-build"),
                  ignore_errors=True)
    step = next(s for s in action["runs"]["steps"] if s["name"] == "Configure flagspace")
    if not r.condition(step["if"]):
        print("  FAIL: the configure step does not run with install=build")
        return False
    status = r.run_step(step, env, args.work)
    ok = status == 0 and os.path.exists(os.path.join(
        r.context["runner.temp"], "flagspace-build", "build.ninja"))
    print("  configure: exit %d%s" % (status, "" if ok else ": FAIL"))
    return ok


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--source", required=True)
    p.add_argument("--bindir", required=True, help="where flagspace is")
    p.add_argument("--work", required=True)
    p.add_argument("--llvm", required=True)
    args = p.parse_args()
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    with open(os.path.join(args.source, "action.yml")) as f:
        action = yaml.safe_load(f)
    if action["runs"]["using"] != "composite":
        print("action.yml is not a composite action")
        return 1
    env = dict(os.environ, PATH=args.bindir + os.pathsep + os.environ["PATH"])
    baseline = os.path.join(args.work, "flagspace.baseline")
    project = make_project(args.work, args.source)
    subprocess.run(["flagspace", "audit", "-p", "build", "--write-baseline=" + baseline],
                   cwd=project, env=env, stdout=subprocess.DEVNULL)
    path = {"install": "path"}
    ok = all([
        case(action, args, env, "findings fail the job", dict(path), "1", True, True),
        case(action, args, env, "findings with fail-on: incomplete",
             dict(path, **{"fail-on": "incomplete"}), "1", False, True),
        # wrong.c's finding misbehaves.
        case(action, args, env, "fail-on: consequences it is not of",
             dict(path, **{"fail-on": "fails,ignored"}), "0", False, True),
        case(action, args, env, "fail-on: consequences it is of",
             dict(path, **{"fail-on": "fails,misbehaves"}), "1", True, True),
        case(action, args, env, "fail-on: a word that is no consequence",
             dict(path, **{"fail-on": "fails,bogus"}), "2", True, False),
        case(action, args, env, "a baseline that holds them",
             dict(path, baseline=baseline), "0", False, True),
        case(action, args, env, "no upload", dict(path, upload="false"), "1", True, False),
        case(action, args, env, "could not run: no upload, the job fails",
             dict(path, **{"build-dir": "no-such-dir", "fail-on": "error"}), "2", True,
             False),
        configure_case(action, args, env),
    ])
    print("action_test.py: %s" % ("all cases passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
