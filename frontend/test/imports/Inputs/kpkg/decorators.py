import functools

import triton

HAS_TRITON = True
if HAS_TRITON:
    # A decorator bound to triton.jit by an assignment (vLLM's pattern).
    triton_jit_decorator = triton.jit
    jit_again = triton_jit_decorator


def libentry():
    """A decorator factory of the package; returns a jit of its argument."""
    def decorator(fn):
        return triton.jit(fn)
    return decorator


def pointwise_jit(fn):
    return triton.jit(fn)


def cached(fn):
    return functools.lru_cache(fn)


def compare_version(package, op, version):
    import importlib.metadata
    from packaging.version import Version
    return op(Version(importlib.metadata.version(package)), Version(version))
