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
`.amdhsa_*`/metadata lines, instructions and v_mfma counted in the
kernel's body); LDS bytes are each compiler's metadata (allocated at
launch, so the assembly's fixed group segment is 0 for both).
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
KERNELS = os.path.join(HERE, "..", "kernels")
TEST_KERNELS = os.path.join(HERE, "..", "..", "frontend", "test", "kernels")
TARGET = "hip:gfx942"

# name, file, kernel, Trident signature, num_warps[, num_stages[, {other
# options}]]. The
# signature's constexprs are the last entries, in the kernel's order.
MATMUL_SIG = ("*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
              "i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, {}, {}, {}, 8")
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
    # The tutorial matmul, unpipelined (num_stages=1 for both compilers).
    ("matmul fp16 128x128x64", f"{KERNELS}/matmul.py", "matmul_kernel",
     MATMUL_SIG.format(128, 128, 64), 4, 1),
    ("matmul fp16 128x256x64", f"{KERNELS}/matmul.py", "matmul_kernel",
     MATMUL_SIG.format(128, 256, 64), 8, 1),
    ("matmul fp16 64x64x32", f"{KERNELS}/matmul.py", "matmul_kernel",
     MATMUL_SIG.format(64, 64, 32), 4, 1),
    # The largest of the tutorial's own HIP configs (8 warps: 256 registers
    # a lane, accumulators 128 of them), and the same tile on 4 warps,
    # where the unified register file gives a lane 512 and the
    # accumulators must go to AGPRs to fit.
    ("matmul fp16 256x256x64", f"{KERNELS}/matmul.py", "matmul_kernel",
     MATMUL_SIG.format(256, 256, 64), 8, 1),
    ("matmul fp16 256x256x32", f"{KERNELS}/matmul.py", "matmul_kernel",
     MATMUL_SIG.format(256, 256, 32), 4, 1),
    # Pipelined at Triton's AMD default depth (num_stages=2): the next
    # iteration's loads in flight during this one's MFMAs.
    ("matmul fp16 128x128x64 st2", f"{KERNELS}/matmul.py", "matmul_kernel",
     MATMUL_SIG.format(128, 128, 64), 4, 2),
    ("matmul fp16 256x256x64 st2", f"{KERNELS}/matmul.py", "matmul_kernel",
     MATMUL_SIG.format(256, 256, 64), 8, 2),
    # Triton 3.6's tutorial 03 on AMD: its five HIP autotune configs as
    # the tutorial writes them (num_stages=2, waves_per_eu).
    *[(f"tutorial {m}x{n}x{k} w{w} wpe{wpe}", f"{KERNELS}/matmul.py", "matmul_kernel",
       MATMUL_SIG.format(m, n, k), w, 2, {"waves_per_eu": wpe})
      for m, n, k, w, wpe in ((128, 256, 16, 4, 2), (256, 256, 16, 8, 2),
                              (128, 128, 32, 8, 2), (64, 128, 32, 4, 3),
                              (64, 64, 32, 4, 8))],
]


def measure(asm, kernel):
    """Resources and the instruction count of `kernel` in AMDGPU assembly."""
    def field(pattern):
        m = re.search(pattern, asm)
        return int(m.group(1)) if m else None
    n, mfma, inside = 0, 0, False
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
        mfma += s.startswith("v_mfma")
    return {
        "vgprs": field(r"\.vgpr_count:\s+(\d+)"),
        "sgprs": field(r"\.sgpr_count:\s+(\d+)"),
        "lds": field(r"\.group_segment_fixed_size:\s+(\d+)"),
        "spills": (field(r"\.vgpr_spill_count:\s+(\d+)") or 0) +
                  (field(r"\.sgpr_spill_count:\s+(\d+)") or 0),
        "instructions": n,
        "agprs": field(r"\.agpr_count:\s+(\d+)") or 0,
        "mfma": mfma,
    }


def case_options(rest):
    """A case's num_stages (None: the compilers' default) and its other
    options, from the entries after num_warps."""
    stages = rest[0] if rest else None
    return stages, (rest[1] if len(rest) > 1 else {})


def tridentc():
    return os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))


def compile_all(out):
    os.makedirs(out, exist_ok=True)
    results = {}
    for name, path, kernel, sig, warps, *rest in CASES:
        stages, extra = case_options(rest)
        base = [tridentc(), path, "--kernel", kernel, "--signature", sig,
                "--target", TARGET, "--option", f"num_warps={warps}", "--no-cache"]
        if stages:
            base += ["--option", f"num_stages={stages}"]
        for k, v in extra.items():
            base += ["--option", f"{k}={v}"]
        slug = re.sub(r"[^a-z0-9]+", "_", name)
        asm_file = os.path.join(out, slug + ".s")
        subprocess.run(base + ["--emit", "amdgcn", "-o", asm_file], check=True)
        # LDS from the bundle's metadata: it is allocated at launch, so the
        # assembly's fixed group segment says 0 (Triton's metadata too).
        bundle = os.path.join(out, slug + ".bundle")
        subprocess.run(base + ["-o", bundle], check=True)
        listing = subprocess.run([tridentc().replace("tridentc", "trident-bundle"), bundle],
                                 check=True, capture_output=True, text=True).stdout
        lds = int(re.search(r"shared_memory=(\d+)", listing).group(1))
        times = []
        for _ in range(5):
            r = subprocess.run(base + ["--timings", "-o", os.devnull],
                               check=True, capture_output=True, text=True)
            m = re.search(r"total\s+([0-9.]+)\s*ms", r.stdout + r.stderr)
            times.append(float(m.group(1)) if m else float("nan"))
        results[name] = {"asm": os.path.basename(asm_file),
                         "compile_ms": statistics.median(times),
                         **measure(open(asm_file).read(), kernel), "lds": lds}
        print(f"{name}: {results[name]}")
    with open(os.path.join(out, "trident.json"), "w") as f:
        json.dump(results, f, indent=1)


def triton_signature(fn, sig):
    """Triton's signature, constexprs and divisibility from Trident's."""
    parts = [p.strip() for p in sig.split(",")]
    names = fn.arg_names
    signature, constexprs, attrs = {}, {}, {}
    for i, (name, p) in enumerate(zip(names, parts)):
        if re.fullmatch(r"-?[0-9]+", p) or p.endswith(":1"):
            # A constexpr, or an integer specialized as 1 (Triton folds it).
            signature[name] = "constexpr"
            constexprs[name] = 1 if p.endswith(":1") else int(p)
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
    for name, path, kernel, sig, warps, *rest in CASES:
        stages, extra = case_options(rest)
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
                options={"num_warps": warps, **extra,
                         **({"num_stages": stages} if stages else {})})
            times.append((time.perf_counter() - t0) * 1000)
        asm = compiled.asm["amdgcn"]
        slug = re.sub(r"[^a-z0-9]+", "_", name)
        with open(os.path.join(out, slug + ".triton.s"), "w") as f:
            f.write(asm)
        theirs = measure(asm, kernel)
        theirs["lds"] = compiled.metadata.shared
        theirs["compile_ms"] = statistics.median(times)
        rows.append((name, warps, ours[name], theirs))

    print(f"hip:gfx942, Triton {triton.__version__}; Trident / Triton")
    print("| kernel | warps | VGPRs | AGPRs | SGPRs | LDS bytes | spills | instructions | v_mfma | compile ms |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, warps, a, b in rows:
        cells = [f"{a[k]} / {b[k]}" for k in ("vgprs", "agprs", "sgprs", "lds", "spills",
                                              "instructions", "mfma")]
        print(f"| {name} | {warps} | " + " | ".join(cells) +
              f" | {a['compile_ms']:.0f} / {b['compile_ms']:.0f} |")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("compile", "compare"):
        sys.exit(__doc__)
    (compile_all if sys.argv[1] == "compile" else compare)(sys.argv[2])
