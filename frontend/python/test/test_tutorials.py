"""Triton's tutorial kernels -- 01 vector add, 02 fused softmax, 03 matrix
multiplication, 05 layer norm, 06 fused attention (block pointers, its
tensor-descriptor form, and its backward pass) -- in the forms the GPU benchmarks run through
Triton itself (the kernel corpus, conformance/kernels/), launched as the
tutorials launch them, on the cpu backend with numpy host code, and checked
against numpy."""
import os
import sys
import types

import numpy as np

import trident as triton
from trident._dropin import load_file
from trident.tools.tensor_descriptor import TensorDescriptor

REPO = os.path.join(os.path.dirname(__file__), "..", "..", "..")
CORPUS = os.path.join(REPO, "conformance", "kernels")


def kernels(name):
    return load_file(os.path.join(CORPUS, name + ".py"), "tutorial_" + name)


def test_01_vector_add(monkeypatch):
    # The corpus's vector add is also the README's example, whose host code
    # (add(), for `python vector_add.py` on a GPU) imports torch. Only its
    # kernel runs here: where torch is missing, a stand-in serves while the
    # file loads, and is gone before the launch.
    with monkeypatch.context() as m:
        try:
            import torch  # noqa: F401
        except ImportError:
            m.setitem(sys.modules, "torch", types.SimpleNamespace(Tensor=object))
        K = kernels("vector_add")
    rng = np.random.default_rng(0)
    n = 98432
    x, y = rng.random(n, np.float32), rng.random(n, np.float32)
    out = np.full(n, np.nan, np.float32)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)  # noqa: E731
    K.add_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
    np.testing.assert_array_equal(out, x + y)


def test_02_fused_softmax_with_the_tutorials_occupancy_grid():
    K = kernels("softmax")
    rng = np.random.default_rng(1)
    n_rows, n_cols = 1823, 781
    x = rng.standard_normal((n_rows, n_cols)).astype(np.float32)
    y = np.full_like(x, np.nan)
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    props = triton.runtime.driver.active.utils.get_device_properties(
        triton.runtime.driver.active.get_current_device())
    kernel = K.softmax_kernel.warmup(y, x, x.shape[1], y.shape[1], n_rows, n_cols,
                                     BLOCK_SIZE=BLOCK_SIZE, num_stages=4, num_warps=8,
                                     grid=(1,))
    kernel._init_handles()
    n_regs, size_smem = kernel.n_regs, kernel.metadata.shared
    occupancy = props["max_num_regs"] // (n_regs * props["warpSize"] * 8)
    if size_smem > 0:
        occupancy = min(occupancy, props["max_shared_mem"] // size_smem)
    num_programs = min(props["multiprocessor_count"] * occupancy, n_rows)
    assert num_programs > 0
    kernel[(num_programs, 1, 1)](y, x, x.shape[1], y.shape[1], n_rows, n_cols, BLOCK_SIZE, 4)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)


def test_03_matrix_multiplication_grouped():
    K = kernels("matmul")
    rng = np.random.default_rng(2)
    M, N, Kd = 200, 136, 96
    a = rng.standard_normal((M, Kd)).astype(np.float16)
    b = rng.standard_normal((Kd, N)).astype(np.float16)
    c = np.full((M, N), np.nan, np.float16)
    grid = lambda META: (triton.cdiv(M, META["BLOCK_SIZE_M"]) *  # noqa: E731
                         triton.cdiv(N, META["BLOCK_SIZE_N"]),)
    K.matmul_kernel[grid](a, b, c, M, N, Kd, a.strides[0] // 2, a.strides[1] // 2,
                          b.strides[0] // 2, b.strides[1] // 2, c.strides[0] // 2,
                          c.strides[1] // 2, BLOCK_SIZE_M=64, BLOCK_SIZE_N=64,
                          BLOCK_SIZE_K=32, GROUP_SIZE_M=8)
    ref = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    np.testing.assert_allclose(c.astype(np.float32), ref.astype(np.float32),
                               rtol=2e-2, atol=2e-2)


def test_05_layer_norm_forward():
    K = kernels("layer_norm")
    rng = np.random.default_rng(3)
    M, N = 151, 1000
    x = rng.standard_normal((M, N)).astype(np.float32)
    w, b = rng.random(N, np.float32), rng.random(N, np.float32)
    y = np.full_like(x, np.nan)
    mean = np.full(M, np.nan, np.float32)
    rstd = np.full(M, np.nan, np.float32)
    MAX_FUSED_SIZE = 65536 // x.itemsize
    BLOCK_SIZE = min(MAX_FUSED_SIZE, triton.next_power_of_2(N))
    num_warps = min(max(BLOCK_SIZE // 256, 1), 8)
    K._layer_norm_fwd_fused[(M,)](x, y, w, b, mean, rstd, x.strides[0] // 4, N, 1e-5,
                                  BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps)
    mu = x.mean(axis=1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
    np.testing.assert_allclose(y, (x - mu) / np.sqrt(var + 1e-5) * w + b, rtol=1e-4,
                               atol=1e-4)
    np.testing.assert_allclose(mean, mu[:, 0], rtol=1e-5, atol=1e-6)


def attention_reference(q, k, v, sm_scale, causal):
    s = (q.astype(np.float64) @ np.swapaxes(k, -1, -2).astype(np.float64)) * sm_scale
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return p @ v.astype(np.float64)


def test_06_fused_attention_block_pointers():
    K = kernels("fused_attention")
    rng = np.random.default_rng(4)
    Z, H, N_CTX, D = 1, 2, 128, 64
    q, k, v = (rng.standard_normal((Z, H, N_CTX, D)).astype(np.float16) * 0.5
               for _ in range(3))
    o = np.full_like(q, np.nan)
    m = np.full((Z * H, N_CTX), np.nan, np.float32)
    sm_scale = 0.5
    for causal in (False, True):
        st = lambda t: [s // 2 for s in t.strides]  # noqa: E731
        grid = (triton.cdiv(N_CTX, 64), Z * H, 1)
        K.attn_fwd[grid](q, k, v, sm_scale, m, o, *st(q), *st(k), *st(v), *st(o), Z, H,
                         N_CTX=N_CTX, HEAD_DIM=D, BLOCK_M=64, BLOCK_N=32,
                         STAGE=3 if causal else 1)
        ref = attention_reference(q, k, v, sm_scale, causal)
        np.testing.assert_allclose(o.astype(np.float32), ref, rtol=2e-2, atol=2e-2)


def test_06_fused_attention_tensor_descriptors():
    K = kernels("descriptors")
    rng = np.random.default_rng(5)
    Z, H, N_CTX, D = 1, 2, 128, 64
    q, k, v = (rng.standard_normal((Z, H, N_CTX, D)).astype(np.float16) * 0.5
               for _ in range(3))
    o = np.full_like(q, np.nan)
    m = np.full((Z * H, N_CTX), np.nan, np.float32)
    y_dim = Z * H * N_CTX

    def desc(t, block):
        return TensorDescriptor(t, shape=[y_dim, D], strides=[D, 1], block_shape=block)

    for causal in (False, True):
        K.attn_fwd[(N_CTX // 64, Z * H)](
            0.5, m, Z, H, desc(q, [64, D]), desc(k, [32, D]), desc(v, [32, D]),
            desc(o, [64, D]), N_CTX, HEAD_DIM=D, BLOCK_M=64, BLOCK_N=32,
            FP8_OUTPUT=False, STAGE=3 if causal else 1, warp_specialize=False)
        ref = attention_reference(q, k, v, 0.5, causal)
        np.testing.assert_allclose(o.astype(np.float32), ref, rtol=2e-2, atol=2e-2)


def test_06_fused_attention_backward():
    # The tutorial's backward() host code, with numpy: dq, dk, dv against the
    # softmax backward computed here (o and M as the forward kernel leaves
    # them: o in fp16, M = the row's log-sum-exp of the scores in base 2).
    K = kernels("fused_attention_bwd")
    rng = np.random.default_rng(20)
    Z, H, N_CTX, D = 1, 2, 256, 64
    q, k, v = (rng.normal(0.0, 0.5, (Z, H, N_CTX, D)).astype(np.float16) for _ in range(3))
    do = rng.normal(0.0, 1.0, (Z, H, N_CTX, D)).astype(np.float16)
    sm_scale, rcp_ln2 = 0.5, 1.4426950408889634
    qf, kf, vf, dof = (x.astype(np.float32) for x in (q, k, v, do))
    s = np.where(np.tril(np.ones((N_CTX, N_CTX), bool)), qf @ kf.transpose(0, 1, 3, 2) * sm_scale,
                 -np.inf)
    row_max = s.max(-1, keepdims=True)
    e = np.exp(s - row_max)
    p = e / e.sum(-1, keepdims=True)
    o = (p @ vf).astype(np.float16)
    M = ((row_max[..., 0] + np.log(e.sum(-1))) * rcp_ln2).astype(np.float32)
    ds = p * (dof @ vf.transpose(0, 1, 3, 2) - (o.astype(np.float32) * dof).sum(-1)[..., None])
    ref = {"dq": ds @ kf * sm_scale, "dk": ds.transpose(0, 1, 3, 2) @ qf * sm_scale,
           "dv": p.transpose(0, 1, 3, 2) @ dof}

    got = {n: np.full_like(q, np.nan) for n in ("dq", "dk", "dv")}
    arg_k = (kf * np.float32(sm_scale * rcp_ln2)).astype(np.float16)
    delta = np.full_like(M, np.nan)
    K._attn_bwd_preprocess[(N_CTX // 128, Z * H)](o, do, delta, Z, H, N_CTX,
                                                  BLOCK_M=128, HEAD_DIM=D)
    st = [x // 2 for x in q.strides]
    K._attn_bwd[(N_CTX // 128, 1, Z * H)](
        q, arg_k, v, sm_scale, do, got["dq"], got["dk"], got["dv"], M, delta, *st, H, N_CTX,
        BLOCK_M1=32, BLOCK_N1=128, BLOCK_M2=128, BLOCK_N2=32, BLK_SLICE_FACTOR=2,
        HEAD_DIM=D, num_warps=4, num_stages=5)
    for name in ("dq", "dk", "dv"):
        np.testing.assert_allclose(got[name].astype(np.float32), ref[name], atol=1e-2, rtol=0,
                                   err_msg=name)
