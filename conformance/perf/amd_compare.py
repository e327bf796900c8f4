#!/usr/bin/env python3
"""Trident's and Triton's AMD code for the same kernel files, side by side.

There is no AMD GPU to run on, so the comparison is of the code: VGPRs,
SGPRs, LDS bytes, spills and the number of instructions of each kernel for
hip:gfx942, with the same block sizes and num_warps, and the compile time.

  here:  python3 conformance/perf/amd_compare.py compile OUT/
         compiles every case with tridentc for hip:gfx942 (the amdgcn
         assembly, the bundle's metadata, `--timings` in-process time).
  there: python3 conformance/perf/amd_compare.py compare OUT/
         on the GPU machine, where Triton 3.6 is installed: compiles the
         same kernel files with Triton for hip:gfx942 (no AMD card needed)
         and prints the table. OUT/ is the directory `compile` wrote.

Both assemblies are measured by the same function (resources from the
`.amdhsa_*`/metadata lines, instructions counted in the kernel's body).
Compile times are each compiler's own on its own machine's CPU: Trident's
in-process total (frontend to hsaco, no process start), Triton's
`triton.compile` from a fresh cache (after `import triton`).
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels")
TEST_KERNELS = os.path.join(HERE, "..", "..", "frontend", "test", "kernels")
TARGET = "hip:gfx942"

# name, file, kernel, Trident signature, num_warps. The signature's
# constexprs are the last entries, in the kernel's order.
CASES = [
    ("vector add", f"{KERNELS}/vector_add.py", "add_kernel",
     "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024", 4),
    ("softmax", f"{KERNELS}/softmax.py", "softmax_kernel",
     "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1024, 1", 4),
    ("layer norm", f"{KERNELS}/layer_norm.py", "_layer_norm_fwd_fused",
     "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 1024", 4),
    ("rms norm", f"{KERNELS}/rms_norm.py", "rms_norm_kernel",
     "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 4096", 8),
    ("dropout", f"{TEST_KERNELS}/dropout_philox.py", "seeded_dropout",
     "*fp32:16, *fp32:16, i32:16, fp32, i32, 1024", 4),
]


def measure(asm, kernel):
    """Resources and the instruction count of `kernel` in AMDGPU assembly."""
    def field(pattern):
        m = re.search(pattern, asm)
        return int(m.group(1)) if m else None
    n, inside = 0, False
    for line in asm.splitlines():
        s = line.split(";")[0].strip()  # `;` starts a comment
        if s == kernel + ":":
            inside = True
            continue
        if inside and s.startswith(".Lfunc_end"):
            break  # the function's end (s_endpgm may come earlier)
        if not inside or not s or s.startswith((".", "//")) or s.endswith(":"):
            continue
        n += 1
    return {
        "vgprs": field(r"\.vgpr_count:\s+(\d+)"),
        "sgprs": field(r"\.sgpr_count:\s+(\d+)"),
        "lds": field(r"\.group_segment_fixed_size:\s+(\d+)"),
        "spills": (field(r"\.vgpr_spill_count:\s+(\d+)") or 0) +
                  (field(r"\.sgpr_spill_count:\s+(\d+)") or 0),
        "instructions": n,
    }


def tridentc():
    return os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))


def compile_all(out):
    os.makedirs(out, exist_ok=True)
    results = {}
    for name, path, kernel, sig, warps in CASES:
        base = [tridentc(), path, "--kernel", kernel, "--signature", sig,
                "--target", TARGET, "--option", f"num_warps={warps}", "--no-cache"]
        asm_file = os.path.join(out, kernel + ".s")
        subprocess.run(base + ["--emit", "amdgcn", "-o", asm_file], check=True)
        times = []
        for _ in range(5):
            r = subprocess.run(base + ["--timings", "-o", os.devnull],
                               check=True, capture_output=True, text=True)
            m = re.search(r"total\s+([0-9.]+)\s*ms", r.stdout + r.stderr)
            times.append(float(m.group(1)) if m else float("nan"))
        results[name] = {"asm": os.path.basename(asm_file),
                         "compile_ms": statistics.median(times),
                         **measure(open(asm_file).read(), kernel)}
        print(f"{name}: {results[name]}")
    with open(os.path.join(out, "trident.json"), "w") as f:
        json.dump(results, f, indent=1)


def triton_signature(fn, sig):
    """Triton's signature, constexprs and divisibility from Trident's."""
    parts = [p.strip() for p in sig.split(",")]
    names = fn.arg_names
    signature, constexprs, attrs = {}, {}, {}
    for i, (name, p) in enumerate(zip(names, parts)):
        if re.fullmatch(r"-?[0-9]+", p):
            signature[name] = "constexpr"
            constexprs[name] = int(p)
            continue
        ty, _, div = p.partition(":")
        signature[name] = ty
        if div:
            attrs[(i,)] = [["tt.divisibility", int(div)]]
    return signature, constexprs, attrs


def compare(out):
    import importlib.util
    import tempfile
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    ours = json.load(open(os.path.join(out, "trident.json")))
    rows = []
    for name, path, kernel, sig, warps in CASES:
        spec = importlib.util.spec_from_file_location(f"k_{kernel}", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        fn = getattr(mod, kernel)
        signature, constexprs, attrs = triton_signature(fn, sig)
        times, compiled = [], None
        for _ in range(3):  # each from a fresh cache
            os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
            t0 = time.perf_counter()
            compiled = triton.compile(
                ASTSource(fn=fn, signature=signature, constexprs=constexprs,
                          attrs=attrs),
                target=GPUTarget("hip", "gfx942", 64),
                options={"num_warps": warps})
            times.append((time.perf_counter() - t0) * 1000)
        asm = compiled.asm["amdgcn"]
        with open(os.path.join(out, kernel + ".triton.s"), "w") as f:
            f.write(asm)
        theirs = measure(asm, kernel)
        theirs["compile_ms"] = statistics.median(times)
        rows.append((name, warps, ours[name], theirs))

    print(f"hip:gfx942, Triton {triton.__version__}; Trident / Triton")
    print("| kernel | warps | VGPRs | SGPRs | LDS bytes | spills | instructions | compile ms |")
    print("|---|---|---|---|---|---|---|---|")
    for name, warps, a, b in rows:
        cells = [f"{a[k]} / {b[k]}" for k in ("vgprs", "sgprs", "lds", "spills", "instructions")]
        print(f"| {name} | {warps} | " + " | ".join(cells) +
              f" | {a['compile_ms']:.0f} / {b['compile_ms']:.0f} |")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("compile", "compare"):
        sys.exit(__doc__)
    (compile_all if sys.argv[1] == "compile" else compare)(sys.argv[2])
