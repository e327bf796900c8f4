#!/usr/bin/env python3
"""Runs one case of nvidia_bench.py once through Trident and once through
Triton, for a profiler to capture (ncu on the GPU machine):

  ncu --clock-control none --section SpeedOfLight --section Occupancy \\
      --section LaunchStats python3 conformance/perf/nvidia_profile.py .carry/bench 2
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvidia_bench as nb  # noqa: E402


def main(bundles, index):
    import torch
    c = nb.CASES[index]
    rt = nb.Runtime(os.environ.get("TRIDENT_RUNTIME",
                                   os.path.join(nb.HERE, "../../build/lib/libtrident-runtime.so")))
    args, grid, outs, ref, nbytes = nb.problem(c, torch)
    k = rt.kernel(os.path.join(bundles, nb.bundle_name(index)), c["kernel"])
    stream = rt.stream(torch.cuda.current_stream().cuda_stream)
    rt.launch(k, grid, args, stream)
    mod = nb.load_module(os.path.join(nb.KERNELS, c["file"]))
    fn = getattr(mod, c["kernel"])
    compiled = fn[tuple(grid)](*args, **c["meta"], num_warps=c["num_warps"])
    torch.cuda.synchronize()
    print(f"{c['name']}: triton n_regs={compiled.n_regs} n_spills={compiled.n_spills} "
          f"shared={compiled.metadata.shared}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
