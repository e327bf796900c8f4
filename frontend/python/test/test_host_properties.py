"""What the host reports where Triton scripts do occupancy arithmetic
(tutorial 02's persistent softmax): get_device_properties, n_regs and
metadata.shared must give a positive number of programs."""
import os
import sys

import numpy as np

import trident as triton
from trident.runtime import driver



def _load_kernel_file(name):
    """A kernel file of frontend/test/kernels (written with `import triton`)."""
    from trident._dropin import load_file
    path = os.path.join(os.path.dirname(__file__), "..", "..", "test", "kernels", name + ".py")
    return load_file(path, f"kernels_{name}")


fused_softmax = _load_kernel_file("fused_softmax")  # the tutorial's persistent softmax


def softmax_like_tutorial_02(x):
    """Tutorial 02's host code, with numpy instead of torch."""
    properties = driver.active.utils.get_device_properties(0)
    NUM_SM = properties["multiprocessor_count"]
    NUM_REGS = properties["max_num_regs"]
    SIZE_SMEM = properties["max_shared_mem"]
    WARP_SIZE = properties["warpSize"]
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 8
    num_stages = 4 if SIZE_SMEM > 200000 else 2
    y = np.empty_like(x)
    kernel = fused_softmax.softmax_kernel.warmup(
        y, x, x.strides[0] // 4, y.strides[0] // 4, n_rows, n_cols,
        BLOCK_SIZE=BLOCK_SIZE, num_stages=num_stages, num_warps=num_warps, grid=(1,))
    kernel._init_handles()
    n_regs = kernel.n_regs
    size_smem = kernel.metadata.shared
    occupancy = NUM_REGS // (n_regs * WARP_SIZE * num_warps)
    occupancy = min(occupancy, SIZE_SMEM // size_smem)
    num_programs = min(NUM_SM * occupancy, n_rows)
    kernel[(num_programs, 1, 1)](y, x, x.strides[0] // 4, y.strides[0] // 4, n_rows, n_cols,
                                 BLOCK_SIZE, num_stages)
    return y, num_programs


def test_cpu_properties_are_meaningful():
    p = driver.active.utils.get_device_properties(0)
    assert p["multiprocessor_count"] >= 1 and p["warpSize"] == 1
    assert p["max_num_regs"] in (32 * 16, 32 * 32)
    assert p["max_shared_mem"] > 0 and p["max_threads_per_sm"] == 32


def test_kernel_registers_and_block_memory_on_cpu():
    x = np.ones((4, 1000), np.float32)
    y = np.empty_like(x)
    k = fused_softmax.softmax_kernel.warmup(y, x, 1000, 1000, 4, 1000, BLOCK_SIZE=1024,
                                            num_stages=2, grid=(1,))
    assert k.n_regs in (16, 32)
    # one 1024-element fp32 row at least, held by the program
    assert k.metadata.shared >= 4096


def test_tutorial_02_occupancy_arithmetic_runs_on_cpu():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1823, 781)).astype(np.float32)
    y, programs = softmax_like_tutorial_02(x)
    assert 1 <= programs <= x.shape[0]
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)
