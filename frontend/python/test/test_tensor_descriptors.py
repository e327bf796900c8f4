"""Tensor descriptors from Python on the cpu backend: host-side
TensorDescriptor arguments (Triton's triton.tools.tensor_descriptor) and
descriptors made in the kernel, through the drop-in's names."""
import os

import numpy as np
import pytest

import trident as triton
from trident._dropin import load_file
from trident.tools.tensor_descriptor import TensorDescriptor

from conftest import run_script


# The conformance suite's kernel file, loaded as a Triton script would be:
# the tests and the suite share one copy of each kernel.
_K = load_file(os.path.join(os.path.dirname(__file__), "..", "..", "..", "conformance",
                            "kernels", "descriptors.py"), "conformance_descriptors")
desc_copy, desc_matmul = _K.desc_copy, _K.desc_matmul


def test_host_descriptor_copy_over_ragged_edges():
    x = np.random.default_rng(0).standard_normal((100, 72)).astype(np.float32)
    y = np.full_like(x, np.nan)
    ind = TensorDescriptor.from_tensor(x, [16, 32])
    outd = TensorDescriptor.from_tensor(y, [16, 32])
    desc_copy[(triton.cdiv(100, 16), triton.cdiv(72, 32))](ind, outd, SCALE=2.0)
    np.testing.assert_allclose(y, x * 2 + 1, rtol=1e-6)


def test_host_descriptor_nan_padding_and_shapes_of_their_own():
    # The input descriptor covers 48x48 of the data, the output 64x64: the
    # rest reads as NaN (padding="nan") and is stored whole.
    x = np.random.default_rng(1).standard_normal((48, 48)).astype(np.float32)
    y = np.zeros((64, 64), np.float32)
    ind = TensorDescriptor(x, [48, 48], [48, 1], [16, 32], padding="nan")
    outd = TensorDescriptor.from_tensor(y, [16, 32])
    desc_copy[(4, 2)](ind, outd, SCALE=1.0)
    np.testing.assert_allclose(y[:48, :48], x + 1, rtol=1e-6)
    assert np.isnan(y[48:, :]).all() and np.isnan(y[:, 48:]).all()
    # Zero padding: a second specialization is not needed (padding is an
    # argument), the same compiled kernel serves.
    y[:] = 7
    ind0 = TensorDescriptor(x, [48, 48], [48, 1], [16, 32])
    desc_copy[(4, 2)](ind0, outd, SCALE=1.0)
    assert (y[48:, :] == 1).all() and (y[:, 48:] == 1).all()


def test_descriptor_block_shape_and_dtype_specialize():
    x16 = np.ones((32, 64), np.float16)
    y16 = np.zeros_like(x16)
    desc_copy[(2, 1)](TensorDescriptor.from_tensor(x16, [16, 64]),
                      TensorDescriptor.from_tensor(y16, [16, 64]), SCALE=3.0)
    assert (y16 == 4).all()
    keys = [k[0] for k in desc_copy.cache]
    assert ("tensordesc<fp16[16, 64]>", "desc") in [k[0] for k in keys]


def test_host_descriptor_contract_is_checked():
    x = np.zeros((10, 10), np.float32)  # rows of 40 bytes: not 16-byte aligned
    with pytest.raises(AssertionError, match="16-byte aligned"):
        TensorDescriptor.from_tensor(x, [8, 8])
    with pytest.raises(ValueError, match="powers of two"):
        TensorDescriptor(np.zeros((8, 8), np.float32), [8, 8], [8, 1], [8, 6])
    with pytest.raises(AssertionError, match="nan"):
        TensorDescriptor(np.zeros((8, 8), np.int32), [8, 8], [8, 1], [8, 8],
                         padding="nan")


def test_device_descriptors_matmul():
    triton.set_allocator(lambda size, align, stream: np.empty(size, np.int8))
    rng = np.random.default_rng(2)
    M, N, K = 72, 80, 100
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), np.nan, np.float32)
    desc_matmul[(triton.cdiv(M, 32), triton.cdiv(N, 32))](a, b, c, M, N, K, 32, 32, 32)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(c, ref, rtol=2e-3, atol=2e-3)


def test_triton_script_with_descriptors_runs_under_the_dropin(tmp_path):
    script = tmp_path / "descriptors_script.py"
    script.write_text(
        "import numpy as np\n"
        "import triton\n"
        "import triton.language as tl\n"
        "from triton.tools.tensor_descriptor import TensorDescriptor\n"
        "\n"
        "@triton.jit\n"
        "def k(in_desc, out_desc):\n"
        "    p = tl.program_id(0)\n"
        "    x = in_desc.load([p * 8, 0])\n"
        "    out_desc.store([p * 8, 0], x + in_desc.shape[0])\n"
        "\n"
        "x = np.arange(24 * 16, dtype=np.float32).reshape(24, 16)\n"
        "y = np.zeros_like(x)\n"
        "k[(3,)](TensorDescriptor.from_tensor(x, [8, 16]), TensorDescriptor.from_tensor(y, [8, 16]))\n"
        "assert (y == x + 24).all(), y\n"
        "print('ok')\n")
    r = run_script(script)
    assert r.returncode == 0, r.stderr
    assert "ok" in r.stdout
