#!/usr/bin/env bash
# The main job: build tridentc and compile an example kernel file (Triton's
# vector add, written as Triton users write it) to TTIR through the frontend
# and the core pipeline, printing the result with its source locations.
# Running it on the host (cpu backend) comes with the cpu backend (issue 6).
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash "$TRIDENT_ROOT/scripts/setup.sh"
trident_configure
cmake --build "$TRIDENT_BUILD" --target tridentc
example="${1:-$TRIDENT_ROOT/frontend/test/kernels/vector_add.py}"
echo "== tridentc $example --kernel add_kernel" >&2
"$TRIDENT_BUILD/bin/tridentc" "$example" --kernel add_kernel \
  --signature '*fp32:16, *fp32:16, *fp32:16, i32, 1024' --emit ttir
