"""Precompiled bundles for machines without the compiler.

Every kernel the package compiles is also written to
$TRIDENT_CACHE_DIR/python (default ~/.cache/trident/python) under a key of
what the compile was given: the kernel file's text, the kernel's name, the
signature, the target, the options and the debug flag. Where the compiler
cannot be loaded (no LLVM 22 on the machine, or TRIDENT_COMPILER=off), a
launch that misses the in-process table is served from there instead: run
the script once where the compiler is, for the same target, and copy the
directory. Where the compiler is present it is always used (its own cache
knows when a rebuilt compiler must not reuse an old binary); each entry
records the build that made it.
"""

import hashlib
import json
import os


# The most a cache entry may hold: a compiled kernel is far smaller.
_MAX_ENTRY_BYTES = 256 << 20


def read_regular(path, limit=_MAX_ENTRY_BYTES):
    """The bytes of the regular file `path`, at most `limit` of them.

    A cache entry replaced by something else -- a FIFO (whose open would
    block forever), a device such as /dev/zero (endless), a directory, a
    file larger than any entry -- raises OSError instead of hanging or
    exhausting memory. Symbolic links are not followed."""
    import stat
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(f"{path} is not a regular file")
        if st.st_size > limit:
            raise OSError(f"{path} holds {st.st_size} bytes, more than an entry may")
        chunks, left = [], st.st_size
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def directory():
    d = os.environ.get("TRIDENT_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "trident")
    return os.path.join(d, "python")


def _key(request):
    source, kernel, signature, target, options, debug, facts = request
    h = hashlib.sha256()
    for part in (source, kernel, signature, target,
                 json.dumps(sorted(options.items())), str(bool(debug)),
                 json.dumps(list(facts))):
        h.update(len(part).to_bytes(8, "little") + part.encode())
    return h.hexdigest()[:40]


def store(request, bundle, metadata, build):
    d = directory()
    k = _key(request)
    try:
        if json.loads(read_regular(os.path.join(d, k + ".json"))).get("build") == build:
            return  # this build already kept it
    except (OSError, ValueError, AttributeError):
        pass
    try:
        os.makedirs(d, mode=0o700, exist_ok=True)
        for suffix, data in ((".bundle", bundle),
                             (".json", json.dumps({"build": build, "metadata": metadata,
                                                   "kernel": request[1],
                                                   "signature": request[2],
                                                   "target": request[3]}).encode())):
            tmp = os.path.join(d, f"{k}{suffix}.{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, os.path.join(d, k + suffix))
    except OSError:
        pass  # a cache that cannot be written costs only a later compile


def load(request):
    """(bundle bytes, metadata text) or None. The runtime checks the bundle
    (checksums, format) when it loads it."""
    base = os.path.join(directory(), _key(request))
    try:
        info = json.loads(read_regular(base + ".json"))
        bundle = read_regular(base + ".bundle")
        return bundle, info["metadata"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
