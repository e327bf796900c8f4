"""The shared cache on Redis from Python (docs/python.md, "Caches"):
compiles and autotuning results are looked up locally, then in the remote
cache that TRIDENT_REMOTE_CACHE names; what served them is counted."""
import os

from . import _native


def set_remote_cache(url, key=None, write_unauthenticated=False):
    """Uses `url` (redis://[[user]:password@]host[:port][/db]) as this
    process's remote cache from now on, authenticated with the secret `key`
    (TRIDENT_REMOTE_CACHE_KEY). None turns it off."""
    for name, value in (("TRIDENT_REMOTE_CACHE", url), ("TRIDENT_REMOTE_CACHE_KEY", key),
                        ("TRIDENT_REMOTE_CACHE_WRITE_UNAUTHENTICATED",
                         "1" if write_unauthenticated else None)):
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = str(value)


def cache_stats():
    """What served this process: {"compile": {"local hit": n, "remote hit":
    n, "miss": n}, "autotune": {...}, "remote": {hits, misses, refused,
    unavailable, writes, write_failures, skipped_large, bytes_read,
    bytes_written, read_ms, write_ms, url}} ("remote" empty without a
    remote cache)."""
    out = {k: dict(v) for k, v in _native.cache_counts.items()}
    try:
        out["remote"] = _native.compiler().remote_stats()
    except ImportError:
        out["remote"] = {}
    return out


def flush_remote_cache(milliseconds=2000):
    """Waits up to `milliseconds` for this process's queued remote writes
    (done at exit anyway)."""
    try:
        _native.compiler().remote_flush(milliseconds)
    except ImportError:
        pass
