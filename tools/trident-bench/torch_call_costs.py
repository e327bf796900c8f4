"""What the torch calls a launch from Python must make cost on this host:
each timed alone in a loop, nanoseconds per call, median of 21 rounds.

    python3 tools/trident-bench/torch_call_costs.py

A launcher that reads a tensor's pointer, device and dtype through torch's
Python API pays these per tensor argument; the figures bound what any such
launcher (Triton's, Trident's) can reach. Needs torch (CUDA if present)."""
import statistics
import time

import torch

N, ROUNDS = 20000, 21


def ns(f):
    for _ in range(2000):
        f()
    out = []
    for _ in range(ROUNDS):
        t0 = time.perf_counter_ns()
        for _ in range(N):
            f()
        out.append((time.perf_counter_ns() - t0) / N)
    return statistics.median(out)


def main():
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    x = torch.empty(4096, device=dev)
    calls = {
        "empty lambda (the loop's own cost)": lambda: None,
        "x.data_ptr()": lambda: x.data_ptr(),
        "x.get_device()": lambda: x.get_device(),
        "x.dtype": lambda: x.dtype,
        "x.device": lambda: x.device,
        "x.is_cuda": lambda: x.is_cuda,
        "isinstance(x, torch.Tensor)": lambda: isinstance(x, torch.Tensor),
    }
    if dev == "cuda":
        raw = torch._C._cuda_getCurrentRawStream
        calls["torch._C._cuda_getCurrentRawStream(0)"] = lambda: raw(0)
        calls["torch.cuda.current_stream().cuda_stream"] = \
            lambda: torch.cuda.current_stream().cuda_stream
        calls["torch.cuda.current_device()"] = torch.cuda.current_device
    print(f"torch {torch.__version__} on {dev}; ns per call, median of {ROUNDS} rounds of {N}")
    for name, f in calls.items():
        print(f"{ns(f):8.1f}  {name}")


if __name__ == "__main__":
    main()
