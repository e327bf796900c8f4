"""The launch fast path: _launch.c, compiled where the package is used.

Triton builds its launcher with the machine's C compiler and Python's
headers the first time a kernel launches; Trident does the same with one
small module for every kernel (_launch.c: it packs the arguments and calls
the runtime's trident_kernel_launch directly). The module is cached per
interpreter and source under the cache directory (TRIDENT_CACHE_DIR, else
~/.cache/trident) in launcher/. Where it cannot be built -- no C compiler,
no Python headers, TRIDENT_LAUNCHER=python -- launches take the pure-Python
path (struct.pack and a ctypes call), which does the same more slowly.
"""

import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading

_HERE = os.path.dirname(os.path.abspath(__file__))
_SOURCE = os.path.join(_HERE, "_launch.c")
_lock = threading.Lock()
_state = {}


def _cache_dir():
    base = os.environ.get("TRIDENT_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "trident")
    return os.path.join(base, "launcher")


def _compiler():
    for cc in (os.environ.get("CC"), "cc", "gcc", "clang", "clang-22"):
        if cc and shutil.which(cc):
            return shutil.which(cc)
    return None


def _build():
    """The compiled module, or the reason it is not there (a string)."""
    if os.environ.get("TRIDENT_LAUNCHER", "") == "python":
        return "TRIDENT_LAUNCHER=python"
    include = sysconfig.get_paths().get("include")
    if not include or not os.path.exists(os.path.join(include, "Python.h")):
        return "no Python.h for this interpreter"
    cc = _compiler()
    if cc is None:
        return "no C compiler (cc, gcc, clang or $CC)"
    with open(_SOURCE, "rb") as f:
        source = f.read()
    tag = hashlib.sha256(source + sys.version.encode() + include.encode()).hexdigest()[:16]
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    folder = _cache_dir()
    path = os.path.join(folder, f"_trident_launch-{tag}{suffix}")
    if not os.path.exists(path):
        try:
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(suffix=suffix, dir=folder)
            os.close(fd)
        except OSError as e:
            return f"cannot write to {folder}: {e.strerror}"
        cmd = [cc, "-O2", "-shared", "-fPIC", "-I", include, _SOURCE, "-o", tmp]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as e:
            os.unlink(tmp)
            return f"{cc} failed: {e}"
        if r.returncode != 0:
            os.unlink(tmp)
            return f"{cc} failed: {r.stderr.strip()[:500]}"
        os.replace(tmp, path)  # atomic: other processes see all of it or none
    try:
        loader = importlib.machinery.ExtensionFileLoader("_trident_launch", path)
        spec = importlib.util.spec_from_file_location("_trident_launch", path, loader=loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except ImportError as e:
        return f"cannot load {path}: {e}"
    return module


def module():
    """The compiled module, or None (then why_not() says why)."""
    if "module" not in _state:
        with _lock:
            if "module" not in _state:
                built = _build()
                _state["module"] = None if isinstance(built, str) else built
                _state["why"] = built if isinstance(built, str) else ""
    return _state["module"]


def why_not():
    module()
    return _state["why"]
