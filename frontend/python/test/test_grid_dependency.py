"""Programmatic dependent launch as Triton 3.6 kernels write it:
tl.extra.cuda.gdc_wait / gdc_launch_dependents in the kernel (imported
from triton.language.extra.cuda, or defined in the file with @core.extern
as Inductor's matmul templates do) and launch_pdl=True at the launch.
Where there is no grid dependency control (here, the host) both are
no-ops and the launch keeps stream order: the same results."""
import numpy as np

import trident as triton
import trident.language as tl
from trident.language.extra.cuda import gdc_launch_dependents, gdc_wait
from trident.language import core


@triton.jit
def scale_shift(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    gdc_wait()
    x = tl.load(x_ptr + offs, mask=m)
    gdc_launch_dependents()
    tl.store(out_ptr + offs, x * 3.0 - 1.0, mask=m)


@core.extern
def templ_gdc_wait(_builder=None):
    core.inline_asm_elementwise("griddepcontrol.wait; // dummy $0", "=r", [],
                                dtype=core.int32, is_pure=False, pack=1, _builder=_builder)


@triton.jit
def templated(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    templ_gdc_wait()
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.extra.cuda.gdc_wait()
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + 2.0, mask=m)


def test_gdc_kernels_run_with_and_without_launch_pdl():
    x = np.linspace(-3, 3, 300).astype(np.float32)
    for pdl in (False, True):
        out = np.full_like(x, np.nan)
        scale_shift[(3,)](x, out, x.size, BLOCK=128, launch_pdl=pdl)
        np.testing.assert_array_equal(out, x * np.float32(3) - np.float32(1))


def test_inductor_template_form():
    x = np.arange(100, dtype=np.float32)
    out = np.full_like(x, np.nan)
    templated[(1,)](x, out, x.size, BLOCK=128, launch_pdl=True)
    np.testing.assert_array_equal(out, x + 2)
