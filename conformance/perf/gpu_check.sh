#!/usr/bin/env bash
# The GPU checks of the open Hopper and Python issues, in device calls of
# at most ten minutes each: what is compiled here (LLVM 22) is carried to
# the GPU machine (no LLVM there) and run next to Triton 3.6 and torch.
#
#   here:  bash conformance/perf/gpu_check.sh prepare
#          (fills .carry/: conformance bundles for cuda:90, the sm90
#          benchmarks' bundles; .carry-py/pack: the compiler for Python)
#   there: bash conformance/perf/gpu_check.sh run STEP...   (results in $OUT)
#
# Steps (each a few minutes on an H100/H200):
#   conformance  every cuda:90 conformance case, run and checked
#   tma          sm90_tma.py: the TMA matmul, Trident / Triton / cuBLAS
#   dumps        Triton's TTGIR of every configuration of the three
#                benchmarks, as $OUT/{tma,bench,attention}-ttgir.tgz
#   tma-ttgir    the TMA matmul with Triton's TTGIR lowered by Trident (after
#                `prepare-ttgir tma-ttgir.tgz` here on what `dumps` brought back)
#   its-ttgir    tma-ttgir in one call: Triton's TTGIR dumped there, lowered
#                there by the carried build/bin/tridentc on the pack's
#                libraries, measured (carry .carry-py/pack, .carry/tma,
#                build/bin/tridentc, build/lib/libtrident-runtime.so)
#   matmul       sm90_bench.py: the tutorial matmul (pointers), fp16/bf16/fp8
#   attention    sm90_attention.py: fused attention forward
#   launch       python_launch_compare.py: launch cost against the driver's
#                (needs .carry-py/pack)
# Carry for run: build/lib/libtrident-runtime.so and the .carry/ folders
# the steps read (c90 + build/bin/trident-conformance-run for
# `conformance`), .carry-py/pack for `launch`. A call carries at most 64 MiB:
# the pack (50 MB) goes with .carry/{tma,mm,attn}, not with .carry/c90.
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=${1:-}
shift || true
build=${TRIDENT_BUILD:-build}

prepare() {
  rm -rf .carry && mkdir -p .carry
  TRIDENT_CACHE_DIR=$(mktemp -d) "$build/bin/trident-conformance" --target cuda:90 \
    --mode compile --seed 7 --save-bundles .carry/c90 | tail -3
  python3 conformance/perf/sm90_tma.py compile .carry/tma
  python3 conformance/perf/sm90_bench.py compile .carry/mm
  python3 conformance/perf/sm90_attention.py compile .carry/attn
  rm -rf .carry-py/pack
  bash tools/trident-pack/pack-compiler.sh "$build" .carry-py/pack
  # The GPU machine needs the NVIDIA plugin only (the carry limit is 64 MiB).
  rm -f .carry-py/pack/lib/trident/plugins/{amd,cpu}_backend.so
  du -sh .carry .carry-py/pack
}

# Triton's TTGIR of the TMA matmul brought back by `run dumps`, lowered here.
prepare_ttgir() {
  tar xzf "$1" -C .carry/tma
  python3 conformance/perf/sm90_tma.py compile-ttgir .carry/tma
}

run() {
  : "${OUT:?run on the device machine, where \$OUT is set}"
  export TRIDENT_RUNTIME=$PWD/build/lib/libtrident-runtime.so
  nvidia-smi -L || true
  for step in "$@"; do
    echo "== $step $(date +%T)"
    case "$step" in
    conformance) build/bin/trident-conformance-run .carry/c90 > "$OUT/conformance-c90.txt" 2>&1 || true
                 tail -5 "$OUT/conformance-c90.txt"
                 grep -E "^(FAIL|ERROR)" "$OUT/conformance-c90.txt" | head -40 || true ;;
    tma)         python3 conformance/perf/sm90_tma.py run .carry/tma 2>&1 | tee "$OUT/tma.txt" ;;
    dumps)       # Triton's TTGIR of every configuration, one archive per
                 # benchmark (a call brings back a limited number of files)
                 for b in tma bench attention; do
                   d=$(mktemp -d)
                   python3 conformance/perf/sm90_$b.py dump "$d" > /dev/null
                   tar czf "$OUT/$b-ttgir.tgz" -C "$d" $(cd "$d" && ls *.ttgir *.ptx)
                 done ;;
    tma-ttgir)   python3 conformance/perf/sm90_tma.py run .carry/tma 2>&1 | tee "$OUT/tma-ttgir.txt" ;;
    its-ttgir)   d=$(mktemp -d)
                 python3 conformance/perf/sm90_tma.py dump "$d" > /dev/null
                 cp "$d"/*.ttgir .carry/tma/
                 bash .carry-py/pack/unpack.sh > /dev/null
                 LD_LIBRARY_PATH=$PWD/.carry-py/pack/lib TRIDENTC=$PWD/build/bin/tridentc \
                   python3 conformance/perf/sm90_tma.py compile-ttgir .carry/tma
                 python3 conformance/perf/sm90_tma.py run .carry/tma 2>&1 | tee "$OUT/its-ttgir.txt" ;;
    matmul)      python3 conformance/perf/sm90_bench.py run .carry/mm 2>&1 | tee "$OUT/matmul.txt" ;;
    attention)   python3 conformance/perf/sm90_attention.py run .carry/attn 2>&1 | tee "$OUT/attention.txt" ;;
    launch)      bash .carry-py/pack/unpack.sh > /dev/null
                 TRIDENT_LIB_DIR=$PWD/.carry-py/pack/lib PYTHONPATH=$PWD/frontend/python \
                   python3 tools/trident-bench/python_launch_compare.py 2>&1 | tee "$OUT/launch.txt" ;;
    *)           echo "unknown step: $step" >&2; exit 2 ;;
    esac
  done
}

case "$mode" in
prepare) prepare ;;
prepare-ttgir) prepare_ttgir "$@" ;;
run) run "$@" ;;
*) sed -n '2,25p' "$0"; exit 2 ;;
esac
