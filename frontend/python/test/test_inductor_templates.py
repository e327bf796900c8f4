"""TorchInductor's matmul templates (max-autotune's `mm` and
`mm_persistent_tma`), rendered in Inductor's form (inductor/mm_templates.py),
compiled and run on the cpu backend with numpy: the plain template with an
epilogue adding a bias, and the persistent one reading through tensor
descriptors made in the kernel and storing through one."""
import os
import sys

import numpy as np

import trident as triton
from trident._dropin import load_file

HERE = os.path.dirname(os.path.abspath(__file__))
STAND_IN = os.path.join(os.path.dirname(os.path.dirname(HERE)), "test", "imports", "Inputs",
                        "inductor")


def _templates():
    sys.path.insert(0, STAND_IN)
    try:
        return load_file(os.path.join(HERE, "inductor", "mm_templates.py"), "mm_templates")
    finally:
        sys.path.remove(STAND_IN)
        for m in [m for m in sys.modules if m == "torch" or m.startswith("torch.")]:
            del sys.modules[m]


def _rand(shape, rng):
    return rng.standard_normal(shape).astype(np.float16)


def test_mm_template_with_bias_epilogue():
    T = _templates()
    rng = np.random.default_rng(0)
    a, b = _rand((256, 64), rng), _rand((64, 128), rng)
    out = np.full((256, 128), np.nan, np.float16)
    # Inductor's grid for the `mm` template: cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N).
    T.triton_tem_fused_mm_0[(4 * 2,)](a, b, out)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    bias = a.astype(np.float32)[:, np.arange(128) % 64]
    np.testing.assert_allclose(out.astype(np.float32), ref + bias, rtol=2e-2, atol=2e-2)


def test_persistent_tma_template():
    T = _templates()
    rng = np.random.default_rng(1)
    a, b = _rand((512, 128), rng), _rand((128, 256), rng)
    out = np.full((512, 256), np.nan, np.float16)
    # Device-made descriptors need global scratch, as under Triton.
    triton.set_allocator(lambda size, align, stream: np.empty(size, np.uint8))
    # A program per "SM" (NUM_SMS = 132 in the rendering): the grid Inductor
    # gives the persistent template is min(NUM_SMS, tiles) = 8 here.
    T.triton_tem_fused_mm_persistent_tma_1[(8,)](a, b, out)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(out.astype(np.float32), ref, rtol=2e-2, atol=2e-2)


def test_a_partial_torch_module_is_not_taken_for_torch():
    # Inductor's compile workers may hold a mock `torch`, and a stand-in
    # package may hold only torch._inductor: launches must not read
    # torch.version or torch.cuda from such a module.
    import types

    import trident.language as tl

    @triton.jit
    def add_one(x_ptr, N: tl.constexpr):
        i = tl.arange(0, N)
        tl.store(x_ptr + i, tl.load(x_ptr + i) + 1)

    saved = sys.modules.get("torch")
    sys.modules["torch"] = types.ModuleType("torch")
    try:
        x = np.zeros(16, np.float32)
        add_one[(1,)](x, N=16)
    finally:
        if saved is None:
            del sys.modules["torch"]
        else:
            sys.modules["torch"] = saved
    np.testing.assert_array_equal(x, 1)
