"""Kernels of a package that reach helpers in sibling modules (issue 14):
the compiler finds them on sys.path, as Python did, and recompiles when an
imported module changes."""
import importlib
import sys
import textwrap

import numpy as np
import pytest

import trident as triton


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))


@pytest.fixture
def package(tmp_path, monkeypatch):
    root = tmp_path / "site"
    write(root / "normpkg" / "__init__.py", "")
    write(root / "normpkg" / "utils.py", """\
        import math
        import trident as triton
        import trident.language as tl

        GAIN = math.sqrt(4.0)


        @triton.jit
        def scaled(x):
            return x * GAIN


        @triton.jit
        def odd(x):
            return x + tl.arange(0, 3)
        """)
    write(root / "normpkg" / "ops" / "__init__.py", "")
    write(root / "normpkg" / "ops" / "scale.py", """\
        import trident as triton
        import trident.language as tl

        from ..utils import scaled
        from normpkg import utils as U


        @triton.jit
        def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            mask = offs < n
            x = tl.load(x_ptr + offs, mask=mask)
            tl.store(out_ptr + offs, scaled(x) + U.GAIN, mask=mask)


        @triton.jit
        def broken_kernel(x_ptr):
            tl.store(x_ptr + tl.arange(0, 4), U.odd(tl.load(x_ptr + tl.arange(0, 4))))
        """)
    monkeypatch.syspath_prepend(str(root))
    for name in [m for m in sys.modules if m.startswith("normpkg")]:
        del sys.modules[name]
    yield root
    for name in [m for m in sys.modules if m.startswith("normpkg")]:
        del sys.modules[name]


def test_helpers_from_sibling_modules(package):
    mod = importlib.import_module("normpkg.ops.scale")
    n = 1000
    x = np.random.default_rng(3).standard_normal(n).astype(np.float32)
    out = np.full(n, np.nan, np.float32)
    mod.scale_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    np.testing.assert_allclose(out, x * 2.0 + 2.0, rtol=1e-6)


def test_error_in_imported_helper_names_its_file(package):
    mod = importlib.import_module("normpkg.ops.scale")
    x = np.zeros(4, np.float32)
    with pytest.raises(triton.CompilationError) as e:
        mod.broken_kernel[(1,)](x)
    text = str(e.value)
    # The helper's line in utils.py, then the kernel's call in scale.py.
    assert "utils.py:15:16: error: arange's range must be a power of 2" in text, text
    assert "scale.py:18:39: note: in the call of 'odd' here" in text, text


def test_edit_of_an_imported_module_recompiles(package):
    mod = importlib.import_module("normpkg.ops.scale")
    n = 64
    x = np.ones(n, np.float32)
    out = np.zeros(n, np.float32)
    mod.scale_kernel[(1,)](x, out, n, BLOCK=64)
    np.testing.assert_allclose(out, 4.0)
    # A new process would import the edited module; the compiler's key
    # follows the file, so the next compile of this kernel sees it.
    utils = package / "normpkg" / "utils.py"
    utils.write_text(utils.read_text().replace("math.sqrt(4.0)", "math.sqrt(9.0)"))
    for name in [m for m in sys.modules if m.startswith("normpkg")]:
        del sys.modules[name]
    mod = importlib.import_module("normpkg.ops.scale")
    out = np.zeros(n, np.float32)
    mod.scale_kernel[(1,)](x, out, n, BLOCK=64)
    np.testing.assert_allclose(out, 6.0)
