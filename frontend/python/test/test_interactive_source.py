"""Kernels whose source is not in a file: notebook cells (IPython keeps
each cell in linecache) and exec'd text registered there."""
import linecache

import numpy as np
import pytest

IPython = pytest.importorskip("IPython")


def run_cells(cells):
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    for cell in cells:
        r = shell.run_cell(cell, store_history=True)
        if not r.success:
            raise r.error_in_exec or r.error_before_exec
    return shell.user_ns


def test_kernel_defined_in_a_notebook_cell_uses_earlier_cells():
    ns = run_cells([
        # cell 1: imports and a constant
        "import numpy as np\nimport trident as triton\nimport trident.language as tl\n"
        "SCALE: tl.constexpr = 3\nOFFSET = 5\n",
        # cell 2: a helper
        "@triton.jit\ndef _scaled(x):\n    return x * SCALE\n",
        # cell 3: the kernel, using the helper, the constants and tl
        "@triton.jit\n"
        "def nb_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):\n"
        "    offs = tl.arange(0, BLOCK)\n"
        "    m = offs < n\n"
        "    x = tl.load(x_ptr + offs, mask=m)\n"
        "    tl.store(out_ptr + offs, _scaled(x) + OFFSET, mask=m)\n",
        # cell 4: the launch
        "x = np.arange(10, dtype=np.float32)\nout = np.zeros(10, np.float32)\n"
        "nb_kernel[(1,)](x, out, 10, BLOCK=16)\n",
    ])
    np.testing.assert_array_equal(ns["out"], np.arange(10, dtype=np.float32) * 3 + 5)


def test_error_in_a_cell_is_located_in_the_cell():
    import trident
    with pytest.raises(trident.CompilationError) as e:
        run_cells([
            "import numpy as np\nimport trident as triton\nimport trident.language as tl\n",
            "@triton.jit\ndef nb_bad(x_ptr):\n    tl.store(x_ptr, undefined_thing)\n",
            "nb_bad[(1,)](np.zeros(4, np.float32))\n",
        ])
    text = str(e.value)
    assert "<ipython-input-" in text and ":3:" in text, text
    assert "undefined_thing" in text


def test_exec_text_registered_in_linecache():
    import trident as triton
    import trident.language as tl
    name = "<generated-kernel-1>"
    src = ("@triton.jit\n"
           "def gen_kernel(out_ptr):\n"
           "    tl.store(out_ptr + tl.arange(0, 8), tl.arange(0, 8) * 2)\n")
    linecache.cache[name] = (len(src), None, src.splitlines(True), name)
    ns = {"triton": triton, "tl": tl}
    exec(compile(src, name, "exec"), ns)
    out = np.zeros(8, np.int32)
    ns["gen_kernel"][(1,)](out)
    np.testing.assert_array_equal(out, np.arange(8) * 2)


def test_text_nowhere_is_a_clear_error():
    import trident as triton
    import trident.language as tl
    src = ("@triton.jit\n"
           "def lost_kernel(out_ptr):\n"
           "    tl.store(out_ptr, 1)\n")
    ns = {"triton": triton, "tl": tl}
    exec(compile(src, "<nowhere>", "exec"), ns)
    with pytest.raises(triton.CompilationError, match="linecache"):
        ns["lost_kernel"][(1,)](np.zeros(1, np.int32))
