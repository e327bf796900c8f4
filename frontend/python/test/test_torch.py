"""torch tensors (CUDA and CPU) and __cuda_array_interface__ objects.
Skipped where torch (or a GPU) is missing, as on CI; run on the GPU machine."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

import trident as triton
import kernels as K

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")


def test_torch_cpu_tensors():
    x = torch.randn(1000)
    y = torch.randn(1000)
    out = torch.full((1000,), float("nan"))
    K.add_kernel[(4,)](x, y, out, 1000, BLOCK_SIZE=256)
    assert torch.equal(out, x + y)


@cuda
def test_torch_cuda_tensors_and_views():
    x = torch.randn(100_003, device="cuda")
    y = torch.randn(100_003, device="cuda")
    out = torch.full_like(x, float("nan"))
    K.add_kernel[lambda m: (triton.cdiv(x.numel(), m["BLOCK_SIZE"]),)](x, y, out, x.numel(), BLOCK_SIZE=1024)
    assert torch.equal(out, x + y)
    # A misaligned view: its own specialization, still right.
    out2 = torch.full_like(x, float("nan"))
    K.add_kernel[(100,)](x[1:], y[1:], out2[1:], x.numel() - 1, BLOCK_SIZE=1024)
    assert torch.equal(out2[1:], x[1:] + y[1:])
    keys = [k[0][0] for k in K.add_kernel.cache]
    assert "*fp32:16" in keys and "*fp32" in keys


@cuda
def test_launches_follow_torchs_current_stream():
    x = torch.randn(1 << 20, device="cuda")
    out = torch.full_like(x, float("nan"))
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        torch.cuda._sleep(10_000_000)  # keeps s busy: a launch elsewhere would race ahead
        K.add_kernel[(1024,)](x, x, out, x.numel(), BLOCK_SIZE=1024)
        after = out * 1  # ordered after the kernel on s
    s.synchronize()
    assert torch.equal(after, x + x)


@cuda
def test_cuda_array_interface_objects():
    cupy = pytest.importorskip("cupy")
    a = cupy.arange(4096, dtype=cupy.float32)
    o = cupy.full(4096, cupy.nan, dtype=cupy.float32)
    K.add_kernel[(4,)](a, a, o, 4096, BLOCK_SIZE=1024)
    cupy.cuda.runtime.deviceSynchronize()
    assert bool((o == a * 2).all())


@cuda
def test_a_cpu_pointer_for_a_gpu_kernel_is_refused():
    x = torch.randn(64, device="cuda")
    k = K.add_kernel.warmup(x, x, x, 64, BLOCK_SIZE=64, grid=(1,))
    host = torch.randn(64)
    with pytest.raises(triton.TridentError, match="does not point to memory of device cuda"):
        k[(1,)](host, x, x, 64, 64)
