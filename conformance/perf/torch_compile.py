#!/usr/bin/env python3
"""torch.compile on Trident beside torch.compile on Triton, on a GPU.

Runs each model in a fresh interpreter, twice: `python3 THIS --one MODEL`
(TorchInductor with the installed Triton) and `python3 -m trident THIS --one
MODEL` (the same, with `import triton` resolving to Trident). Each run starts
with empty caches (TORCHINDUCTOR_CACHE_DIR, TRITON_CACHE_DIR and
TRIDENT_CACHE_DIR in a fresh directory) and reports:

  compile   seconds of the first compiled call (Dynamo, AOT, Inductor, the
            kernels' compiles in Inductor's workers, autotuning): cold;
  ms        the compiled model's time per call: CUDA events around each of
            50 calls after 10 warm-ups, the median;
  error     the largest |compiled - eager| / (atol + rtol * |eager|) over
            outputs (and gradients): <= 1 passes (rtol=atol=1e-3 for fp32,
            as Inductor's own tests compare fp32);
  kernels   under Trident: how many of Trident's compiled kernels were
            loaded in the process (Inductor's workers compile them and
            send them pickled), and the files an installed Triton would have
            written to TRITON_CACHE_DIR in any process (workers too), which
            must be none.

  python3 conformance/perf/torch_compile.py [MODEL...]    the table
  python3 conformance/perf/torch_compile.py --one MODEL   one run (JSON)

Needs torch with CUDA; Trident's package on PYTHONPATH and its libraries
(TRIDENT_LIB_DIR) for the Trident side. --keep DIR copies the kernel files
Inductor generated under DIR/<compiler>/<model>/.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MODELS = ("pointwise", "softmax", "layernorm_mlp", "transformer_block")


def build(name, torch):
    """(callable, inputs, needs_backward) for a model, seeded."""
    nn = torch.nn
    torch.manual_seed(0)
    dev = "cuda"
    if name == "pointwise":
        def chain(x, y):
            return torch.sigmoid(torch.sin(x) * y + torch.relu(x) ** 2) - 0.5 * torch.tanh(y)
        x = torch.randn(1 << 24, device=dev)
        y = torch.randn(1 << 24, device=dev)
        return chain, (x, y), False
    if name == "softmax":
        def softmax(x):
            return torch.softmax(x, dim=-1)
        return softmax, (torch.randn(8192, 4096, device=dev),), False
    if name == "layernorm_mlp":
        block = nn.Sequential(nn.LayerNorm(1024), nn.Linear(1024, 4096), nn.GELU(),
                              nn.Linear(4096, 1024)).to(dev)
        return block, (torch.randn(8192, 1024, device=dev),), False
    if name == "transformer_block":
        layer = nn.TransformerEncoderLayer(d_model=512, nhead=8, dim_feedforward=2048,
                                           dropout=0.0, batch_first=True).to(dev)
        x = torch.randn(16, 256, 512, device=dev, requires_grad=True)
        return layer, (x,), True
    raise SystemExit(f"unknown model {name!r} (models: {', '.join(MODELS)})")


def step(fn, inputs, backward, torch):
    """One call: the outputs, and with `backward` the inputs' and
    parameters' gradients after out.sum().backward()."""
    for t in inputs:
        t.grad = None
    params = list(fn.parameters()) if hasattr(fn, "parameters") else []
    for p in params:
        p.grad = None
    out = fn(*inputs)
    results = [out]
    if backward:
        out.float().square().mean().backward()
        results += [t.grad for t in inputs if t.requires_grad]
        results += [p.grad for p in params]
    return [r.detach().clone() for r in results]


def worst_error(got, want):
    worst = 0.0
    for g, w in zip(got, want):
        err = ((g - w).abs() / (1e-3 + 1e-3 * w.abs())).max().item()
        worst = max(worst, err if err == err else float("inf"))
    return worst


def one(name, keep):
    import torch
    import triton
    fn, inputs, backward = build(name, torch)
    eager = step(fn, inputs, backward, torch)
    compiled = torch.compile(fn)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    got = step(compiled, inputs, backward, torch)
    torch.cuda.synchronize()
    compile_s = time.perf_counter() - t0
    error = worst_error(got, eager)

    def call():
        step(compiled, inputs, backward, torch) if backward else compiled(*inputs)
    for _ in range(10):
        call()
    torch.cuda.synchronize()
    times = []
    for _ in range(50):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        call()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    result = {"model": name, "compile_s": compile_s, "ms": statistics.median(times),
              "error": error, "triton": triton.__name__}
    if triton.__name__ == "trident":
        from trident.compiler import compiler as tc
        # Kernels compiled in this process, and kernels loaded here (what
        # Inductor's workers compiled arrives pickled and is loaded here).
        result["compiled_here"] = tc.compile_count
        result["kernels"] = tc.load_count
        # The installed Triton's modules (site-packages or Debian's and
        # Ubuntu's dist-packages): none may have been imported.
        real = [m for m, mod in list(sys.modules.items())
                if "packages/triton/" in (getattr(mod, "__file__", "") or "")]
        result["real_triton_modules"] = len(real)
    cache = os.environ.get("TRITON_CACHE_DIR")
    result["triton_cache_files"] = sum(len(f) for _, _, f in os.walk(cache)) if cache else -1
    if keep:
        src = os.environ["TORCHINDUCTOR_CACHE_DIR"]
        dst = os.path.join(keep, triton.__name__, name)
        os.makedirs(dst, exist_ok=True)
        for root, _, files in os.walk(src):
            for f in files:
                path = os.path.join(root, f)
                if f.endswith(".py") and "@triton.jit" in open(path, errors="replace").read():
                    shutil.copy(path, dst)
    print("RESULT " + json.dumps(result), flush=True)


def run(name, compiler, keep):
    with tempfile.TemporaryDirectory(prefix="tc-") as tmp:
        env = dict(os.environ)
        for var in ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR", "TRIDENT_CACHE_DIR"):
            env[var] = os.path.join(tmp, var.lower())
        cmd = [sys.executable] + (["-m", "trident"] if compiler == "trident" else [])
        cmd += [os.path.abspath(__file__), "--one", name] + (["--keep", keep] if keep else [])
        t0 = time.perf_counter()
        r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
        wall = time.perf_counter() - t0
    lines = [l for l in r.stdout.splitlines() if l.startswith("RESULT ")]
    if r.returncode != 0 or not lines:
        tail = (r.stdout + r.stderr)[-3000:]
        print(f"--- {compiler} {name}: exit {r.returncode}\n{tail}", flush=True)
        return None
    res = json.loads(lines[-1][7:])
    res["process_s"] = wall
    return res


def table(models, keep):
    import torch
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}", flush=True)
    rows, failed = [], 0
    for m in models:
        tri = run(m, "triton", keep)
        trd = run(m, "trident", keep)
        rows.append((m, tri, trd))
        ok = trd is not None and trd["error"] <= 1 and trd.get("kernels", 0) > 0 \
            and trd["triton_cache_files"] == 0 and trd.get("real_triton_modules", 1) == 0
        failed += not ok
        print(json.dumps({"triton": tri, "trident": trd}), flush=True)
    print(f"\n{'model':18} {'triton ms':>9} {'trident ms':>10} {'speed':>6} "
          f"{'triton compile':>14} {'trident compile':>15} {'error':>6} {'kernels':>7}")
    for m, tri, trd in rows:
        if tri is None or trd is None:
            print(f"{m:18} {'failed: see above':>40}")
            continue
        print(f"{m:18} {tri['ms']:9.3f} {trd['ms']:10.3f} {tri['ms'] / trd['ms']:6.3f} "
              f"{tri['compile_s']:13.2f}s {trd['compile_s']:14.2f}s {trd['error']:6.2f} "
              f"{trd.get('kernels', 0):7d}")
    print("speed: Triton's time / Trident's (>= 0.95 is the goal); error <= 1 passes; "
          "kernels: compiled by Trident, none by Triton "
          "(TRITON_CACHE_DIR stayed empty in every process)")
    return 1 if failed else 0


def main(argv):
    keep = None
    if "--keep" in argv:
        i = argv.index("--keep")
        keep = os.path.abspath(argv[i + 1])
        del argv[i:i + 2]
    if argv[:1] == ["--one"]:
        return one(argv[1], keep)
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    return table(argv or list(MODELS), keep)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
