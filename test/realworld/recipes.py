"""How each package gets a compile_commands.json whose units parse (generated headers included)."""

import json
import os
import subprocess

BUILD_DIR = "flagspace-build"  # meson's build directory

# Build system as Debian bookworm's debian/rules uses it, and the fewest options that make it
# configure here. Options only turn off documentation and tests that need tools the build
# would otherwise run (they add no C units).
RECIPES = {
    # 1.8.1: autotools; libocispec's generated C (from JSON schemas) is built by make.
    "crun": {"system": "autotools", "configure": []},
    # 0.8.0: Debian builds with meson (the autotools files are also shipped).
    "bubblewrap": {"system": "meson", "options": ["-Dman=disabled"]},
    # 2.38.1: autotools only (meson arrived in 2.39). Full command lines in make's log make a
    # unit that fails to compile easy to reproduce.
    "util-linux": {"system": "autotools", "configure": ["--disable-silent-rules"]},
    # 5.0.2: meson. Untested: this machine's mirror has no lxc_5.0.2.orig.tar.gz (404).
    "lxc": {"system": "meson", "options": ["-Dman=false"]},
    # 2.3: its own configure script and make; the tests and examples use io_uring's flags
    # everywhere (open, statx, rename, splice, fallocate, madvise ... through io_uring_prep_*).
    "liburing": {"system": "autotools", "configure": []},
    # 3.14: meson; the library's mount code and the examples use O_, AT_, RENAME_, MS_ flags.
    "fuse3": {"system": "meson", "options": []},
    # 1.47.0: autotools; ext2fs's unix I/O manager and the tools open devices with O_DIRECT,
    # O_EXCL, fallocate() and fcntl() flags.
    "e2fsprogs": {"system": "autotools", "configure": []},
    # 30: autotools; module loading (finit_module, O_CLOEXEC opens, mmap of modules).
    # Debian's source is a git snapshot: configure is made first, as autogen.sh does (without
    # gtk-doc, whose make fragment is only an empty file to automake).
    "kmod": {"system": "autotools", "configure": ["--disable-manpages"],
             "bootstrap": [["touch", "libkmod/docs/gtk-doc.make"], ["autoreconf", "-fi"]]},
    # 252: meson; only the generated sources and headers are built, not systemd itself.
    "systemd": {"system": "meson", "options": ["-Dman=false", "-Dhtml=false"]},
    # Linux 6.1 (the binary package linux-source-6.1 holds the tarball: the mirror answers 404
    # for `apt-get source linux`): defconfig, fs/, io_uring/ and mm/ built with clang 19, the
    # kernel's own gen_compile_commands.py. Kernel units define __KERNEL__: the kernel profile
    # applies.
    "linux": {"system": "kernel", "binary": "linux-source-6.1", "llvm": 19,
              "dirs": ["fs/", "io_uring/", "mm/"],
              "packages": ["lld-19", "flex", "bison", "bc", "libelf-dev", "libssl-dev"]},
    # Linux 6.1's own user-space tests of the flag APIs (tools/testing/selftests), in the tree
    # the linux entry unpacks: each directory's Makefile (gcc, as the selftests build) under
    # `bear --append`. memfd's fuse_mnt needs FUSE 2's headers. The tests pass invalid flags on
    # purpose and assert the call fails: checker/docs/asserted-failures.md.
    "linux-selftests": {"system": "selftests", "binary": "linux-source-6.1",
                        "dir": os.path.join("tools", "testing", "selftests"),
                        "dirs": ["openat2", "mount_setattr", "move_mount_set_group",
                                 "filesystems", "memfd", "pidfd", "proc", "exec"],
                        "packages": ["bear", "libfuse-dev"]},
    # 0.5.12: autotools; the shell's redirections (open, fcntl F_DUPFD/F_SETFD, O_CLOEXEC).
    "dash": {"system": "autotools", "configure": []},
    # 23.6: autotools; fuser and killall stat and open /proc, peekfd ptraces.
    "psmisc": {"system": "autotools", "configure": []},
    # 2.5.1: autotools; libattr's *xattr calls (XATTR_CREATE/XATTR_REPLACE), attr and the
    # getfattr/setfattr walkers (nftw flags, O_NOFOLLOW).
    "attr": {"system": "autotools", "configure": []},
    # 2.3.1: autotools; libacl (open with O_PATH, fgetxattr) and the getfacl/setfacl walkers.
    "acl": {"system": "autotools", "configure": []},
    # 1.4.69: autotools (as Debian builds it; default modules only); the server's sockets
    # (SOCK_CLOEXEC|SOCK_NONBLOCK, accept4), fcntl F_SETFL/F_SETFD, open O_CLOEXEC|O_NOFOLLOW,
    # mmap, sendfile and splice.
    "lighttpd": {"system": "autotools", "configure": []},
    # 1.14.10: autotools; the bus's Unix sockets (SOCK_CLOEXEC, SCM_RIGHTS), fcntl, pipe2,
    # inotify, O_CLOEXEC opens, the launcher and the tests.
    "dbus": {"system": "autotools", "configure": ["--disable-xml-docs", "--disable-doxygen-docs"]},
    # 4.5.1: a plain Makefile in squashfs-tools/, with the compressors Debian enables.
    "squashfs-tools": {"system": "make", "dir": "squashfs-tools",
                       "make": ["XZ_SUPPORT=1", "LZO_SUPPORT=1", "LZ4_SUPPORT=1",
                                "ZSTD_SUPPORT=1"]},
    # 1.34: autotools and gnulib; extraction and creation through openat/fstatat/unlinkat,
    # AT_SYMLINK_NOFOLLOW, O_NOFOLLOW, O_DIRECTORY, utimensat.
    # Its configure refuses to run as root (run.py's fetch needs root) unless told, as
    # Debian's rules also tell it.
    "tar": {"system": "autotools", "configure": [], "env": {"FORCE_UNSAFE_CONFIGURE": "1"}},
    # 6.2: autotools (configure shipped); the tools open devices and subvolumes (O_DIRECT,
    # O_EXCL, O_NOATIME), libbtrfsutil, mkfs and convert. Documentation needs sphinx.
    # The tarball ships configure but not include/config.h.in: autogen.sh first, as Debian's
    # rules run it.
    "btrfs-progs": {"system": "autotools", "configure": ["--disable-documentation"],
                    "bootstrap": [["./autogen.sh"]], "bootstrapped": "include/config.h.in"},
    # 6.1.0: its top Makefile runs autoconf and configure itself; the I/O engine (O_DIRECT,
    # pread/pwrite), xfs_io's open/fadvise/madvise/fallocate/sync_file_range/statx commands.
    "xfsprogs": {"system": "make"},
    # 4.0.2: autotools; libproc2's /proc readers, ps, top, pgrep/pkill (pidfd_open, locks).
    "procps": {"system": "autotools", "configure": []},
    # 9.1: autotools and gnulib; cp/mv/rm/install/touch/stat/ls ... through openat, fstatat,
    # AT_SYMLINK_NOFOLLOW, AT_REMOVEDIR, O_NOFOLLOW, O_DIRECTORY, copy_file_range, fadvise,
    # statx. Its configure refuses root like tar's.
    "coreutils": {"system": "autotools", "configure": [],
                  "env": {"FORCE_UNSAFE_CONFIGURE": "1"}},
    # 3.6.2: autotools; archive_write_disk_posix.c restores files through openat, fchmodat,
    # fchownat, utimensat (O_NOFOLLOW, O_CLOEXEC, AT_SYMLINK_NOFOLLOW), the readers stat and
    # test st_mode; bsdtar, bsdcpio and bsdcat.
    # Debian's patches touch configure.ac and Makefile.am, so make would rerun automake with
    # bookworm's libtool against the tarball's older ltmain.sh (a version mismatch error):
    # autoreconf first, as Debian's rules do.
    "libarchive": {"system": "autotools", "configure": [],
                   "bootstrap": [["autoreconf", "-fi"], ["touch", ".flagspace-bootstrapped"]],
                   "bootstrapped": ".flagspace-bootstrapped"},
    # 1.7.4.4: autotools; address options are tables of open, fcntl and socket flags
    # (xioopts.c), with #if tests of what the platform defines.
    "socat": {"system": "autotools", "configure": []},
    # 1.35.0: kbuild-style Makefile, `make defconfig` first (every applet); open_or_warn/xopen
    # wrappers, fcntl, mount flags, runit's O_NDELAY.
    "busybox": {"system": "make", "bootstrap": [["make", "defconfig"]],
                "bootstrapped": ".config"},
    # 3.33: its own configure script (as Debian's rules run it, GTK front end and libnbd
    # included) and make; the I/O engines open files and devices (O_DIRECT, O_SYNC, O_NOATIME,
    # O_CREAT), mmap/madvise/posix_madvise (engines/mmap.c), fallocate, fadvise,
    # sync_file_range, splice, io_uring. configure writes config-host.mak, no config.status.
    "fio": {"system": "autotools", "configured": "config-host.mak",
            "configure": ["--disable-native", "--enable-gfio", "--enable-libnbd"]},
    # 4.2: a plain Makefile; mdadm and mdmon open md and member devices (O_EXCL, O_DIRECT),
    # read sysfs, mmap the option ROMs, and set mdmon's sockets O_NONBLOCK through fcntl.
    "mdadm": {"system": "make"},
    # 1.44.2: CMake, as Debian builds it (tests included); the event loop's descriptors
    # (O_CLOEXEC, O_NONBLOCK, SOCK_CLOEXEC, EPOLL_CLOEXEC, IN_ masks, pipe2, accept4) and
    # uv_fs_* over open/openat/copy_file_range/sendfile/statx with their UV_FS_ flags.
    "libuv1": {"system": "cmake", "options": []},
    # 1.15.0: autotools (a git snapshot: configure is made first, as Debian's dh_autoreconf
    # does); mkfs, fsck and the tools open devices (O_EXCL, O_DIRECT), ioctl and fallocate.
    # Without liblz4, as Debian builds it (not a build-dep; erofs-utils' build-deps install
    # it, and fsck/compress.c does not compile against bookworm's lz4 1.9.4).
    "f2fs-tools": {"system": "autotools", "configure": [],
                   "env": {"ac_cv_lib_lz4_main": "no"},
                   "bootstrap": [["autoreconf", "-fi"]]},
    # 1.5: autotools (a git snapshot, autoreconf first as Debian does); mkfs.erofs reads the
    # source tree (open, llistxattr/lgetxattr), writes the image O_RDWR|O_CREAT, punches holes.
    # Debian's rules pass --disable-fuse (the default).
    "erofs-utils": {"system": "autotools", "configure": [],
                    "bootstrap": [["autoreconf", "-fi"]]},
    # 4.2: autotools (configure shipped); mkfs.fat, fsck.fat and fatlabel open the device
    # (O_EXCL, O_RDWR), seek with lseek() and walk sysfs with openat(O_DIRECTORY).
    "dosfstools": {"system": "autotools", "configure": []},
    # 1.6.18: autotools; the server's sockets (accept4 SOCK_NONBLOCK, fcntl F_GETFL/F_SETFL
    # O_NONBLOCK), extstore's and the restart file's opens (O_RDWR|O_CREAT), the restart
    # file's mmap, the slabs' madvise MADV_HUGEPAGE, F_SETLK.
    "memcached": {"system": "autotools", "configure": []},
    # 3.3a: autotools; the client and server's sockets and ptys (O_NONBLOCK through
    # F_GETFL/F_SETFL, FD_CLOEXEC), load-buffer/save-buffer's opens, the lock file's flock.
    "tmux": {"system": "autotools", "configure": []},
    # 2.66: plain Makefiles (without Go, as Debian's rules: GOLANG=no); libcap's capability
    # and securebits calls (prctl PR_SET_SECUREBITS, PR_CAP_AMBIENT), libpsx, capsh's
    # --chroot and file capability xattrs, pam_cap.
    "libcap2": {"system": "make", "make": ["GOLANG=no", "FORCELINKPAM=yes"]},
    # 2.6.2: autotools, with Debian's options that add units (mount.nfs through libmount,
    # svcgssd, the systemd generators); mount.nfs's MS_ flags and option tables, the daemons'
    # sockets and /proc/fs/nfsd writes, exportfs, nfsdcld's inotify, statd's O_CREAT files.
    "nfs-utils": {"system": "autotools",
                  "configure": ["--enable-libmount-mount", "--enable-svcgss",
                                "--with-tcp-wrappers", "--with-systemd"]},
    # 1.9.13p3: autotools (Debian configures it twice, with and without LDAP: without here);
    # the front end's and the plugins' opens (O_NOFOLLOW, O_CLOEXEC, O_NONBLOCK), fcntl,
    # the I/O logs (openat, mkdirat), the time stamp files' locks, sudo_edit's opens.
    "sudo": {"system": "autotools", "configure": []},
    # 6.1.0: its own configure (config.mk) and make; ip netns (unshare, setns, mount
    # MS_SLAVE|MS_REC, MS_BIND, umount2 MNT_DETACH, O_CREAT|O_EXCL), sockets (SOCK_CLOEXEC).
    "iproute2": {"system": "autotools", "configured": "config.mk", "configure": []},
    # 2.6.1: autotools (a git snapshot: ./autogen.sh first, as Debian's dh_autoreconf does;
    # man pages need asciidoctor: --disable-asciidoc, as Debian's rules without docs);
    # libcryptsetup opens devices O_DIRECT (LUKS1 key material O_DIRECT|O_SYNC), the lock
    # directory O_RDONLY|O_NOFOLLOW|O_DIRECTORY|O_CLOEXEC through openat, flock(LOCK_EX|LOCK_NB).
    "cryptsetup": {"system": "autotools", "configure": ["--disable-asciidoc"],
                   "bootstrap": [["./autogen.sh"]]},
    # 6.1: autotools, without the multiple personalities (Debian's --enable-mpers=check
    # builds 32-bit and x32 decoders, which need multilib compilers: the same sources again).
    # The decoders' generated tables name every flag with its string (xlat/*.h), fanotify,
    # mount and open decoders test flags. gcc fails on rtnl_nh.c with bookworm's current
    # linux-libc-dev (struct nexthop_grp lost resvd1); the audit skips that function's body,
    # which names no flag, so clang reports no error there.
    "strace": {"system": "autotools", "configure": ["--enable-mpers=no"]},
    # 1.6.20: autotools; the cursor's lock file (O_RDWR|O_CREAT|O_NOFOLLOW, F_SETLKW), splice
    # with SPLICE_F_MORE, F_GETFL|O_NONBLOCK on stdout, /proc/PID/fd reads.
    "pv": {"system": "autotools", "configure": []},
    # 4.95.0: its own ./Configure (as Debian's rules: -n linux) writes the Makefile; the
    # table of file flags it prints (Pff_tab: O_NDELAY as "ND"), /proc readers.
    "lsof": {"system": "make", "bootstrap": [["./Configure", "-n", "linux"]],
             "bootstrapped": "Makefile"},
    # 1.7.2: autotools; apr_file_open() maps APR_FOPEN_* to O_* flags, shared memory mmaps
    # (MAP_ANON), pipes and sockets made non-blocking through F_GETFL/F_SETFL.
    "apr": {"system": "autotools", "configure": []},
    # 2.13: autotools and gnulib (root needs FORCE_UNSAFE_CONFIGURE, as tar); archive
    # extraction creates files and directories with openat/O_CREAT|O_EXCL, mknod, fchmod.
    "cpio": {"system": "autotools", "configure": [], "env": {"FORCE_UNSAFE_CONFIGURE": "1"}},
    # 1.21.23: autotools; dpkg's file and lock handling (O_CREAT|O_EXCL|O_WRONLY, fcntl
    # locks, O_NOFOLLOW when unpacking, fsync/rename), the archive and database code.
    "dpkg": {"system": "autotools", "configure": []},
    # 2.0.16: autotools (a git snapshot: autoreconf first, as Debian's dh_autoreconf);
    # libnuma's mbind/set_mempolicy flags, memhog's mmap, migratepages.
    "numactl": {"system": "autotools", "configure": [],
                "bootstrap": [["autoreconf", "-fi"]]},
    # 9.2p1: autotools (Debian's patches touch configure.ac: autoreconf first, as its
    # dh_autoreconf); sshd, ssh, sftp-server (lsetstat's fchmodat AT_SYMLINK_NOFOLLOW,
    # utimensat), scp, the agent and keygen, openbsd-compat.
    # 4.13: autotools; login's and the account tools' files (O_CREAT|O_EXCL lock files,
    # copydir's fchmodat AT_SYMLINK_NOFOLLOW and lchown, logoutd's utmp), PAM disabled or not
    # as configure finds it.
    "shadow": {"system": "autotools", "configure": []},
    # 2022.83: autotools; a gcc build with -mfunction-return=thunk (its configure's hardening
    # flags), which clang rejects: a test of audit's dropped flags on a whole package.
    "dropbear": {"system": "autotools", "configure": []},
    "openssh": {"system": "autotools", "configure": [],
                "bootstrap": [["autoreconf", "-fi"], ["touch", ".flagspace-bootstrapped"]],
                "bootstrapped": ".flagspace-bootstrapped"},
}


def db_dir(pkg, root):
    """The directory holding pkg's compile_commands.json."""
    recipe = RECIPES[pkg]
    if recipe["system"] in ("meson", "cmake"):
        return os.path.join(root, BUILD_DIR)
    return os.path.join(root, recipe.get("dir", "."))


def _has_db(path):
    db = os.path.join(path, "compile_commands.json")
    try:
        with open(db) as f:
            return len(json.load(f)) > 0
    except (OSError, ValueError):
        return False


def _autotools(recipe, root, jobs, log):
    """configure, then `bear -- make -k`: make is what generates the headers units include."""
    if not os.path.exists(os.path.join(root, recipe.get("bootstrapped", "configure"))):
        for cmd in recipe.get("bootstrap", []):
            subprocess.run(cmd, cwd=root, check=True)
    configured = os.path.join(root, recipe.get("configured", "config.status"))
    if os.path.exists(configured):
        # bear records only what make runs: an up-to-date tree would give an empty database.
        # (fio's clean removes its config-host.mak too: configure runs again below.)
        subprocess.run(["make", "-k", "clean"], cwd=root, stdout=subprocess.DEVNULL)
    if not os.path.exists(configured):
        subprocess.run(["./configure"] + recipe["configure"], cwd=root, check=True,
                       env=dict(os.environ, **recipe.get("env", {})))
    # -k: a unit that fails to compile is still in the database and audit reports it.
    rc = subprocess.run(["bear", "--", "make", "-k", "-j%d" % jobs], cwd=root).returncode
    if rc:
        log("make exited %d; units that failed to compile are reported by audit" % rc)


def _make(recipe, root, jobs, log):
    """A plain Makefile (no configure) in the recipe's dir: `bear -- make -k`."""
    build = os.path.join(root, recipe.get("dir", "."))
    if not os.path.exists(os.path.join(build, recipe.get("bootstrapped", "Makefile"))):
        for cmd in recipe.get("bootstrap", []):
            subprocess.run(cmd, cwd=build, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["make", "-k", "clean"], cwd=build, stdout=subprocess.DEVNULL)
    rc = subprocess.run(["bear", "--", "make", "-k", "-j%d" % jobs] + recipe.get("make", []),
                        cwd=build).returncode
    if rc:
        log("make exited %d; units that failed to compile are reported by audit" % rc)


def _generated_outputs(build):
    """Outputs of meson custom targets that units include or compile (.h, .c, .inc ...)."""
    out = subprocess.run(["meson", "introspect", "--targets", build], check=True,
                         capture_output=True, text=True).stdout
    wanted = (".h", ".c", ".inc", ".hh")
    files = []
    for t in json.loads(out):
        if t["type"] == "custom":
            files += [f for f in t["filename"] if f.endswith(wanted)]
    return [os.path.relpath(f, build) for f in files]


def _meson(recipe, root, jobs, log):
    """meson setup writes the database; ninja then builds only the generated files."""
    build = os.path.join(root, BUILD_DIR)
    if not os.path.exists(os.path.join(build, "build.ninja")):
        subprocess.run(["meson", "setup", BUILD_DIR] + recipe["options"], cwd=root, check=True)
    generated = _generated_outputs(build)
    log("building %d generated files" % len(generated))
    if generated:
        subprocess.run(["ninja", "-j%d" % jobs, "-k0"] + generated, cwd=build, check=True)


def _cmake(recipe, root, jobs, log):
    """cmake writes the database when it configures (the projects here generate no source)."""
    subprocess.run(["cmake", "-S", ".", "-B", BUILD_DIR, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
                   + recipe["options"], cwd=root, check=True, stdout=subprocess.DEVNULL)


def _kernel(recipe, root, jobs, log):
    """defconfig, prepare and `make -k DIR` with LLVM=1 (the recipe's LLVM first in PATH),
    nice'd; then scripts/clang-tools/gen_compile_commands.py over the objects built."""
    env = dict(os.environ)
    env["PATH"] = "/usr/lib/llvm-%d/bin:%s" % (recipe["llvm"], env.get("PATH", ""))
    make = ["nice", "-n", "10", "make", "LLVM=1"]
    if not os.path.exists(os.path.join(root, ".config")):
        subprocess.run(make + ["defconfig"], cwd=root, env=env, check=True)
    subprocess.run(make + ["-j%d" % jobs, "prepare"], cwd=root, env=env, check=True)
    rc = subprocess.run(make + ["-j%d" % jobs, "-k"] + recipe["dirs"], cwd=root,
                        env=env).returncode
    if rc:
        log("make exited %d; units that failed to compile are reported by audit" % rc)
    subprocess.run(["python3", "scripts/clang-tools/gen_compile_commands.py"], cwd=root,
                   env=env, check=True)


def _selftests(recipe, root, jobs, log):
    """`make clean`, then `bear --append -- make -k` (nice'd) in each selftest directory: one
    database for all of them."""
    top = os.path.join(root, recipe["dir"])
    db = os.path.join(top, "compile_commands.json")
    if os.path.exists(db):
        os.remove(db)
    for d in recipe["dirs"]:
        cwd = os.path.join(top, d)
        # bear records only what make runs: an up-to-date directory would add nothing.
        subprocess.run(["make", "clean"], cwd=cwd, stdout=subprocess.DEVNULL)
        rc = subprocess.run(["nice", "-n", "10", "bear", "--append", "--output", db, "--",
                             "make", "-k", "-j%d" % jobs], cwd=cwd).returncode
        if rc:
            log("%s: make exited %d; units that failed to compile are reported by audit"
                % (d, rc))


def prepare(pkg, root, jobs, rebuild, log):
    """Makes db_dir(pkg, root)/compile_commands.json, unless there is one and not rebuild."""
    recipe = RECIPES[pkg]
    if _has_db(db_dir(pkg, root)) and not rebuild:
        log("%s: compile_commands.json exists (--rebuild makes it again)" % pkg)
        return
    build = {"meson": _meson, "cmake": _cmake, "kernel": _kernel, "make": _make,
             "selftests": _selftests}
    build.get(recipe["system"], _autotools)(recipe, root, jobs, log)
    if not _has_db(db_dir(pkg, root)):
        raise RuntimeError("%s: no compile_commands.json in %s" % (pkg, db_dir(pkg, root)))
