"""A @jit kernel defined inside a function is lifted to module level for
the compiler; a multi-line string of the same function whose continuation
lines start at column 0 is part of that function (it was taken for the
block's end and cut: 'unterminated triple-quoted string literal')."""
import numpy as np

import trident as triton
import trident.language as tl


def _make():
    doc = """A string whose continuation lines
start at column 0,
inside the function."""

    @triton.jit
    def ramp(out_ptr, BLOCK: tl.constexpr):
        i = tl.arange(0, BLOCK)
        tl.store(out_ptr + i, i)

    return ramp, doc


def test_a_kernel_beside_a_column_0_string_compiles():
    ramp, doc = _make()
    out = np.zeros(8, np.int32)
    ramp[(1,)](out, BLOCK=8)
    assert (out == np.arange(8)).all()
    assert doc.endswith("inside the function.")
