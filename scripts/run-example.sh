#!/usr/bin/env bash
# The main job: build Trident, compile an example kernel file (Triton's
# vector add, written as Triton users write it) for the host CPU with the
# cpu backend, then load the bundle with the runtime, run the kernel on the
# host and check every element against a reference computed in C.
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash "$TRIDENT_ROOT/scripts/setup.sh"
trident_configure
cmake --build "$TRIDENT_BUILD" --target tridentc trident-bundle cpu_backend \
  trident-runtime-c-example
example="$TRIDENT_ROOT/conformance/kernels/vector_add.py"
bundle="$TRIDENT_BUILD/examples/vector_add.bundle"
mkdir -p "$(dirname "$bundle")"
echo "== tridentc $example --kernel add_kernel --target cpu" >&2
"$TRIDENT_BUILD/bin/tridentc" "$example" --kernel add_kernel \
  --signature '*fp32:16, *fp32:16, *fp32:16, i32, 256' --target cpu \
  --timings -o "$bundle"
"$TRIDENT_BUILD/bin/trident-bundle" "$bundle"
echo "== running add_kernel on the host through the runtime" >&2
"$TRIDENT_BUILD/bin/trident-runtime-c-example" "$bundle" cpu
