# Compiles conformance cases with Triton and writes the TTIR Triton
# produces for each, so that Trident's backends can be checked on IR made
# by Triton itself (conformance/kernels/ttir/, run as the `ttir/` cases).
#
#   build/bin/trident-conformance --export-specs specs.json [--filter GLOB]
#   python3 tools/triton-reference/dump_ttir.py specs.json OUTDIR
#   STAGE=ttgir python3 tools/triton-reference/dump_ttir.py specs.json OUTDIR
#
# With STAGE=ttgir it writes Triton's TTGIR instead (its layouts, for the
# GPU it runs on; conformance/kernels/ttgir/cuda90/, the `ttgir/` cases,
# lowered by Trident's backend from its ttgir stage on).
#
# TARGET=cuda:80 compiles for that target instead of the GPU's (Triton's
# sm_80 layouts: mma.sync, #ttg.nvidia_mma version 2, on an H200), and
# NUM_STAGES=1 sets num_stages for every case (no software pipelining):
#
#   STAGE=ttgir TARGET=cuda:80 NUM_STAGES=1 python3 \
#       tools/triton-reference/dump_ttir.py specs.json conformance/kernels/ttgir/cuda80
#
# Each case's kernel is specialized exactly as the case runs it: the same
# constexprs, the same integer and float arguments (Triton specializes on
# their values), tensors of the same dtypes. OUTDIR/index.json records the
# Triton version and, for cases Triton would not compile, why.
import concurrent.futures
import importlib.util
import json
import os
import re
import sys

KERNELS = os.path.join(os.path.dirname(__file__), "..", "..", "conformance", "kernels")
TYPE = re.compile(r"^\*?(i1|i8|i16|i32|i64|u8|u16|u32|u64|fp8e4nv|fp8e5|fp8e4b8|"
                  r"fp8e5b16|fp16|bf16|fp32|fp64)(:\d+)?$")


def split_signature(sig):
    out, depth, cur = [], 0, ""
    for ch in sig:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


STAGE = os.environ.get("STAGE", "ttir")
TARGET = os.environ.get("TARGET", "")
NUM_STAGES = os.environ.get("NUM_STAGES", "")
# KEEP_ALL=1 writes the cases below too (reference IR for work to come).
KEEP_ALL = os.environ.get("KEEP_ALL", "") == "1"

# What Trident's NVIDIA plugin does not lower yet, by the text Triton
# writes for it (Hopper's TMA; Blackwell's tcgen05).
NOT_YET = {
    "ttng.async_tma": "TMA (the Hopper issue)",
    "ttng.tc_gen5_mma": "tcgen05",
}


def file_name(case):
    return case["name"].replace("/", "__") + "." + STAGE


def compile_one(case):
    import torch
    import triton
    import triton.language as tl

    if TARGET:
        from triton.backends.compiler import GPUTarget
        from triton.runtime import driver
        backend, arch = TARGET.split(":")
        want = GPUTarget(backend, int(arch) if arch.isdigit() else arch, 32 if backend == "cuda" else 64)
        driver.active.get_current_target = lambda: want

    torch_dtypes = {
        "i1": torch.bool, "i8": torch.int8, "i16": torch.int16, "i32": torch.int32,
        "i64": torch.int64, "u8": torch.uint8, "u16": torch.uint16, "u32": torch.uint32,
        "u64": torch.uint64, "fp16": torch.float16, "bf16": torch.bfloat16,
        "fp32": torch.float32, "fp64": torch.float64,
        "fp8e4nv": torch.float8_e4m3fn, "fp8e5": torch.float8_e5m2,
        "fp8e4b8": torch.float8_e4m3fnuz, "fp8e5b16": torch.float8_e5m2fnuz,
    }
    path = os.path.join(KERNELS, case["file"])
    spec = importlib.util.spec_from_file_location(case["file"][:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fn = getattr(module, case["kernel"])
    tensors = []
    for t in case["tensors"]:
        dt = torch_dtypes[t["dtype"]]
        tensors.append(torch.empty(max(t["count"], 1), dtype=dt, device="cuda"))
    runtime = iter(case["args"])
    args, kwargs = [], {}
    for name, entry in zip(fn.arg_names, split_signature(case["signature"])):
        if TYPE.match(entry):
            a = next(runtime)
            if "tensor" in a:
                args.append(tensors[a["tensor"]])
            elif "int" in a:
                args.append(a["int"])
            else:
                args.append(float(a["float"]))
            continue
        if entry in ("True", "False"):
            value = entry == "True"
        elif entry[0] in "'\"":
            value = entry[1:-1]
        elif hasattr(tl, entry):
            value = getattr(tl, entry)
        else:
            try:
                value = int(entry, 0)
            except ValueError:
                value = float(entry)
        kwargs[name] = value
    if NUM_STAGES:
        kwargs["num_stages"] = int(NUM_STAGES)
    grid = tuple(case["grid"])
    kernel = fn.warmup(*args, grid=grid, **kwargs)
    return kernel.asm[STAGE]


def worker(cases, outdir):
    results = {}
    for case in cases:
        try:
            ttir = compile_one(case)
            missing = [why for w, why in NOT_YET.items() if w in ttir] \
                if STAGE == "ttgir" and not KEEP_ALL else []
            if missing:
                results[case["name"]] = "skipped: needs " + ", ".join(missing)
                continue
            with open(os.path.join(outdir, file_name(case)), "w") as f:
                f.write(ttir)
            results[case["name"]] = "ok"
        except Exception as e:  # recorded, not fatal: Triton refuses some
            results[case["name"]] = "error: " + (str(e).strip().splitlines() or [""])[-1][:300]
    return results


def main():
    specs, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    cases = [c for c in json.load(open(specs)) if not c["debug"]]
    jobs = int(os.environ.get("JOBS", "8"))
    chunks = [cases[i::jobs] for i in range(jobs)]
    results = {}
    ctx = __import__("multiprocessing").get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
        for r in pool.map(worker, chunks, [outdir] * jobs):
            results.update(r)
    import triton
    with open(os.path.join(outdir, "index.json"), "w") as f:
        json.dump({"triton": triton.__version__, "cases": results}, f, indent=1,
                  sort_keys=True)
    ok = sum(v == "ok" for v in results.values())
    print(f"{ok} of {len(results)} cases compiled by Triton {triton.__version__}")


if __name__ == "__main__":
    main()
