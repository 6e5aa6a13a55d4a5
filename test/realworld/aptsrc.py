"""Debian source access for the real-world check: deb-src entries, apt-get source, build-dep."""

import glob
import os
import re
import subprocess

DEB_SRC_FILE = "/etc/apt/sources.list.d/flagspace-deb-src.list"
SUITE = re.compile(r"^bookworm(-updates|-security)?$")


def _one_line_entries(text):
    """Yields (type, options, uri, suite, components) of a one-line sources.list."""
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        m = re.match(r"^(deb|deb-src)\s+(?:\[([^\]]*)\]\s+)?(\S+)\s+(\S+)\s*(.*)$", line)
        if m:
            opts = dict(o.split("=", 1) for o in (m.group(2) or "").split() if "=" in o)
            yield m.group(1), opts, m.group(3), m.group(4), m.group(5).split()


def _deb822_entries(text):
    """Yields the same tuples for a deb822 .sources file (one per suite)."""
    for stanza in re.split(r"\n\s*\n", text):
        fields = {}
        for line in stanza.splitlines():
            m = re.match(r"^([A-Za-z-]+):\s*(.*)$", line)
            if m and not line.startswith("#"):
                fields[m.group(1).lower()] = m.group(2).strip()
        if fields.get("enabled", "yes").lower() == "no":
            continue
        opts = {"signed-by": fields["signed-by"]} if "signed-by" in fields else {}
        for kind in fields.get("types", "").split():
            for uri in fields.get("uris", "").split():
                for suite in fields.get("suites", "").split():
                    yield kind, opts, uri, suite, fields.get("components", "").split()


def configured_entries():
    """Every entry apt reads (files apt ignores, like *.disabled, are skipped), but ours."""
    entries = []
    paths = ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list"))
    for path in paths:
        if os.path.exists(path) and path != DEB_SRC_FILE:
            with open(path) as f:
                entries += _one_line_entries(f.read())
    for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
        with open(path) as f:
            entries += _deb822_entries(f.read())
    return entries


def deb_src_text(entries):
    """The deb-src lines mirroring the bookworm deb entries that have none yet."""
    have = {(u, s) for k, _, u, s, _ in entries if k == "deb-src"}
    lines = ["# Written by flagspace test/realworld: deb-src twins of the bookworm deb entries."]
    for kind, opts, uri, suite, comps in entries:
        if kind == "deb" and SUITE.match(suite) and (uri, suite) not in have:
            have.add((uri, suite))
            signed = " [signed-by=%s]" % opts["signed-by"] if "signed-by" in opts else ""
            lines.append("deb-src%s %s %s %s" % (signed, uri, suite, " ".join(comps)))
    return "\n".join(lines) + "\n"


def ensure_deb_src(log):
    """Writes DEB_SRC_FILE if its content changed, then apt-get update; returns True if updated."""
    text = deb_src_text(configured_entries())
    old = open(DEB_SRC_FILE).read() if os.path.exists(DEB_SRC_FILE) else None
    have_sources = glob.glob("/var/lib/apt/lists/*_source_Sources*")
    if old == text and have_sources:
        log("deb-src: %s is up to date" % DEB_SRC_FILE)
        return False
    if old != text:
        with open(DEB_SRC_FILE, "w") as f:
            f.write(text)
        log("deb-src: wrote %s" % DEB_SRC_FILE)
    subprocess.run(["apt-get", "update"], check=True)
    return True


def candidate_version(pkg):
    """The source version apt-get source would fetch now."""
    out = subprocess.run(["apt-get", "source", "--print-uris", pkg], check=True,
                         capture_output=True, text=True).stdout
    m = re.search(r"^\S+\s+(\S+?)_(\S+?)\.dsc\s", out, re.M)
    if not m:
        raise RuntimeError("apt-get source --print-uris %s: no .dsc in output" % pkg)
    return re.sub(r"^\d+%3a", "", m.group(2))


def source_dir(srcroot, pkg, version):
    """Where dpkg-source unpacks pkg at version (epoch and Debian revision dropped)."""
    upstream = re.sub(r"^\d+:", "", version).rsplit("-", 1)[0]
    return os.path.join(srcroot, "%s-%s" % (pkg, upstream))


def fetch(srcroot, pkg, log):
    """apt-get source (once per version) and build-dep; returns (version, directory)."""
    version = candidate_version(pkg)
    path = source_dir(srcroot, pkg, version)
    stamp = os.path.join(srcroot, ".%s_%s.unpacked" % (pkg, version))
    os.makedirs(srcroot, exist_ok=True)
    if not os.path.exists(stamp):
        if subprocess.run(["apt-get", "source", "-q", pkg], cwd=srcroot).returncode:
            raise RuntimeError("apt-get source %s %s failed; apt's error is above (a 404 means "
                               "the mirror lacks a file the .dsc lists)" % (pkg, version))
        open(stamp, "w").close()
    else:
        log("%s: %s already unpacked in %s" % (pkg, version, path))
    subprocess.run(["apt-get", "build-dep", "-y", "-q", pkg], check=True,
                   env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    return version, path


def fetch_binary_source(srcroot, binary, packages, log):
    """A source tarball shipped in a binary package (linux-source-6.1 holds
    /usr/src/linux-source-6.1.tar.xz): apt-get install it and the build's packages, unpack it
    once per version; returns (version, directory)."""
    subprocess.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", binary]
                   + packages, check=True, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", binary], check=True,
                             capture_output=True, text=True).stdout.strip()
    top = binary  # the tarball's top directory
    path = os.path.join(srcroot, "%s-%s" % (top, version))
    stamp = os.path.join(srcroot, ".%s_%s.unpacked" % (binary, version))
    os.makedirs(srcroot, exist_ok=True)
    if not os.path.exists(stamp):
        tmp = path + ".tmp"
        os.makedirs(tmp, exist_ok=True)
        subprocess.run(["tar", "xf", "/usr/src/%s.tar.xz" % top, "-C", tmp], check=True)
        os.rename(os.path.join(tmp, top), path)
        os.rmdir(tmp)
        open(stamp, "w").close()
    else:
        log("%s: %s already unpacked in %s" % (binary, version, path))
    return version, path
