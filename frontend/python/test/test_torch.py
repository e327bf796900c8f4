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


@cuda
def test_launches_inside_cuda_graph_capture():
    x = torch.randn(4096, device="cuda")
    y = torch.randn(4096, device="cuda")
    out = torch.full_like(x, float("nan"))
    K.add_kernel[(4,)](x, y, out, 4096, BLOCK_SIZE=1024)  # compiled outside
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    out.fill_(float("nan"))
    with torch.cuda.graph(graph):
        K.add_kernel[(4,)](x, y, out, 4096, BLOCK_SIZE=1024)
        K.scale_kernel[(4,)](out, out, 4096, 2.0, 0, BLOCK=1024)
    torch.cuda.synchronize()
    assert torch.isnan(out).all(), "capture must not run the kernels"
    for _ in range(3):  # replays see the inputs' current values
        x.normal_()
        graph.replay()
        torch.cuda.synchronize()
        assert torch.equal(out, (x + y) * 2.0)


@cuda
def test_launches_from_several_threads_at_once():
    import threading
    n, rounds, threads = 1 << 16, 50, 8
    results, errors = {}, []

    def work(i):
        try:
            x = torch.full((n,), float(i), device="cuda")
            out = torch.empty_like(x)
            s = torch.cuda.Stream()
            with torch.cuda.stream(s):
                for r in range(rounds):
                    K.scale_kernel[(n // 1024,)](x, out, n, 1.0, 1, BLOCK=1024)
                    x, out = out, x
            s.synchronize()
            results[i] = float(x[0]), float(x[-1])
        except Exception as e:  # noqa: BLE001 (reported below)
            errors.append(e)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors, errors
    for i in range(threads):
        assert results[i] == (float(i + rounds), float(i + rounds))
