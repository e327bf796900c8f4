#!/usr/bin/env bash
# The compiler under AddressSanitizer and UndefinedBehaviorSanitizer: builds
# Trident with -fsanitize=address,undefined in its own directory (build-asan
# beside build/, or $TRIDENT_ASAN_BUILD), then runs through it the inputs of
# the lit suites (frontend, TTIR, TTGIR, bundles: every RUN line uses the
# sanitized tools), the conformance kernels compiled for cpu, cuda:90,
# hip:gfx942 and hip:gfx950, and the TTGIR fuzzer for a minute. Every
# sanitizer report goes to a log file (a test that expects a failing exit
# status would otherwise hide one); any report, or any failing test, fails
# the run.
#
#   bash scripts/sanitize.sh            everything (about 30 minutes here)
#   bash scripts/sanitize.sh --subset   what CI runs: the lit suites and the
#                                       conformance kernels for cuda:90
set -euo pipefail
source "$(dirname "$0")/env.sh"
subset=0
[ "${1:-}" = "--subset" ] && subset=1
ASAN_BUILD="${TRIDENT_ASAN_BUILD:-$TRIDENT_ROOT/build-asan}"
trident_configure "$ASAN_BUILD" -DTRIDENT_SANITIZE=address,undefined
cmake --build "$ASAN_BUILD"

logs="$(mktemp -d "${TMPDIR:-/tmp}/trident-sanitize.XXXXXX")"
# Leaks are not checked: MLIR's and LLVM's process-lifetime singletons are
# freed by the exit, not before it. LLVM's allocators poison and unpoison
# their slabs by hand only in code compiled with ASan, which is ours and
# not Debian's libLLVM/libMLIR sharing those allocators: a slab our
# inlined copy poisoned and theirs handed out reads as use-after-poison
# (allow_user_poisoning=0 turns that bookkeeping off; real heap errors are
# still caught). Everything else stops at the first report, in a log of
# its own per process.
export ASAN_OPTIONS="detect_leaks=0:allow_user_poisoning=0:halt_on_error=1:log_path=$logs/asan:verify_asan_link_order=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"
status=0

echo "== sanitize: lit suites through the sanitized tools"
suites=("$ASAN_BUILD/frontend/test" "$ASAN_BUILD/core/test"
        "$ASAN_BUILD/backends/nvidia/test" "$ASAN_BUILD/backends/amd/test"
        "$ASAN_BUILD/backends/cpu/test")
/usr/lib/llvm-22/bin/lit -q "${suites[@]}" || status=1

targets=(cuda:90)
[ "$subset" = 0 ] && targets=(cpu cuda:90 hip:gfx942 hip:gfx950)
for t in "${targets[@]}"; do
  echo "== sanitize: conformance kernels compiled for $t"
  "$ASAN_BUILD/bin/trident-conformance" --target "$t" --mode compile \
    > "$logs/conformance-${t/:/-}.txt" 2>&1 || status=1
  tail -1 "$logs/conformance-${t/:/-}.txt"
done

if [ "$subset" = 0 ] && [ -x "$ASAN_BUILD/bin/trident-ttgir-fuzzer" ]; then
  echo "== sanitize: the TTGIR fuzzer, 60 s, seeded with Triton's TTGIR"
  corpus="$logs/corpus"
  mkdir -p "$corpus"
  (cd "$logs" && "$ASAN_BUILD/bin/trident-ttgir-fuzzer" -max_total_time=60 \
     -timeout=20 -rss_limit_mb=4096 "$corpus" \
     "$TRIDENT_ROOT/conformance/kernels/ttgir/cuda90" > fuzz.txt 2>&1) || status=1
  tail -2 "$logs/fuzz.txt"
fi

reports=$(ls "$logs" | grep -E '^(asan|ubsan)\.' || true)
if [ -n "$reports" ]; then
  echo "== sanitize: reports (in $logs):"
  for r in $reports; do
    echo "--- $r"
    head -40 "$logs/$r"
  done
  status=1
fi
if [ "$status" = 0 ]; then
  echo "== sanitize: clean (logs in $logs)"
else
  echo "== sanitize: FAILED (logs in $logs)"
fi
exit "$status"
