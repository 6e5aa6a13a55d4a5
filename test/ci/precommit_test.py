"""precommit_test.py --source DIR --bindir DIR --work DIR: the pre-commit hook
(.pre-commit-hooks.yaml at the repository's root) run by the real
pre-commit, offline, with `pre-commit try-repo` on a temporary git
repository whose staged files are C sources: with a compile database (a
finding fails the commit, a clean file passes, a staged header alone is
left to the sources, with a line saying so), and without one (a finding still fails; a source whose
generated header is missing is a note, not a failure); and the hook's
--fail-on, as `args:` in a .pre-commit-config.yaml pass it: a finding of
another consequence is printed and passes, one of those listed fails, a
word that is no consequence cannot run (exit 2).

Exit status 0 when every case does what the hook documents, 77 (ctest's
skip) without pre-commit (Debian's pre-commit) or git."""
import argparse
import json
import os
import shutil
import subprocess
import sys

WRONG = ('#include <fcntl.h>\n\nint f(const char *p)\n{\n'
         '\treturn open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);\n}\n')
CLEAN = ('#include <fcntl.h>\n\nint g(const char *p)\n{\n'
         '\treturn open(p, O_RDONLY | O_CLOEXEC);\n}\n')
GENERATED = ('#include <fcntl.h>\n#include "config.h"\n\nint h(const char *p)\n{\n'
             '\treturn open(p, O_RDONLY | CONFIG_FLAGS);\n}\n')
HEADER = '#include <fcntl.h>\n#define BAD (O_RDONLY | AT_REMOVEDIR)\n'


def git(repo, *args):
    subprocess.run(["git", "-C", repo] + list(args), check=True,
                   stdout=subprocess.DEVNULL)


def make_repo(work, files, database):
    repo = os.path.join(work, "repo")
    shutil.rmtree(repo, ignore_errors=True)
    os.makedirs(repo)
    git(repo, "init", "-q")
    for name, text in files.items():
        with open(os.path.join(repo, name), "w") as f:
            f.write(text)
    if database:
        os.makedirs(os.path.join(repo, "build"))
        db = [{"directory": repo, "file": name, "arguments": ["cc", "-c", name]}
              for name in database]
        with open(os.path.join(repo, "build", "compile_commands.json"), "w") as f:
            json.dump(db, f)
    git(repo, "add", *files)
    return repo


def try_repo(source, repo, env):
    proc = subprocess.run(["pre-commit", "try-repo", source, "flagspace", "--verbose"],
                          cwd=repo, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True)
    return proc.returncode, proc.stdout


def case(name, args, files, database, want_status, want, unwanted=()):
    print("case %s" % name)
    repo = make_repo(args.work, files, database)
    status, out = try_repo(args.source, repo, args.env)
    problems = []
    if (status != 0) != want_status:
        problems.append("pre-commit exited %d" % status)
    problems += ["no '%s' in the output" % w for w in want if w not in out]
    problems += ["'%s' in the output" % u for u in unwanted if u in out]
    for p in problems:
        print("  FAIL: %s" % p)
    if problems:
        print(out)
    return not problems


def hook_case(name, args, fail_on, want_status, want):
    """flagspace-pre-commit run as pre-commit runs it with `args:`."""
    print("case %s" % name)
    repo = make_repo(args.work, {"wrong.c": WRONG}, ["wrong.c"])
    proc = subprocess.run(["flagspace-pre-commit", "-p", "build", "--fail-on=" + fail_on,
                           "wrong.c"], cwd=repo, env=args.env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True)
    problems = []
    if proc.returncode != want_status:
        problems.append("the hook exited %d, expected %d" % (proc.returncode, want_status))
    problems += ["no '%s' in the output" % w for w in want if w not in proc.stdout]
    for p in problems:
        print("  FAIL: %s" % p)
    if problems:
        print(proc.stdout)
    return not problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--source", required=True)
    p.add_argument("--bindir", required=True, help="where flagspace is")
    p.add_argument("--work", required=True)
    args = p.parse_args()
    for tool in ("pre-commit", "git"):
        if not shutil.which(tool):
            print("precommit_test.py: %s is not installed: skipped" % tool)
            return 77
    args.work = os.path.abspath(args.work)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    args.env = dict(os.environ,
                    PATH=os.pathsep.join([args.bindir, os.environ["PATH"]]),
                    FLAGSPACE=os.path.join(args.bindir, "flagspace"),
                    PRE_COMMIT_HOME=os.path.join(args.work, "pre-commit-home"),
                    HOME=args.work, GIT_CONFIG_NOSYSTEM="1",
                    GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
                    GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    ok = all([
        case("a finding fails the commit", args,
             {"wrong.c": WRONG, "clean.c": CLEAN}, ["wrong.c", "clean.c"], True,
             ["wrong.c:5:28: warning: AT_SYMLINK_NOFOLLOW", "Failed"]),
        case("a clean file passes", args, {"clean.c": CLEAN}, ["clean.c"], False,
             ["Passed"], ["warning:"]),
        case("a header alone is left to the sources, and says so", args,
             {"bad.h": HEADER}, ["clean.c"], False,
             ["no C or C++ source staged: bad.h not checked", "Passed"]),
        case("without a database, a finding still fails", args,
             {"wrong.c": WRONG}, None, True,
             ["wrong.c:5:28: warning: AT_SYMLINK_NOFOLLOW"]),
        case("without a database, a missing generated header is a note", args,
             {"generated.c": GENERATED, "clean.c": CLEAN}, None, False,
             ["generated.c:2:10: note: compile error: 'config.h' file not found",
              "checked without a compile database", "Passed"]),
        case("with a database, a unit not analysed fails", args,
             {"generated.c": GENERATED}, ["generated.c"], True,
             ["generated.c:2:10: error: not analysed: compile error: ", "Failed"]),
        # wrong.c's finding misbehaves (O_NOCTTY).
        hook_case("--fail-on without its consequence passes", args, "fails,ignored", 0,
                  ["wrong.c:5:28: warning: AT_SYMLINK_NOFOLLOW", "[misbehaves] [flagspace-"]),
        hook_case("--fail-on with its consequence fails", args, "misbehaves", 1,
                  ["[misbehaves] [flagspace-wrong-namespace]"]),
        hook_case("--fail-on with a word that is no consequence", args, "fails,bogus", 2,
                  ["invalid --fail-on 'fails,bogus'", "flagspace could not run"]),
    ])
    print("precommit_test.py: %s" % ("all cases passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
