#!/usr/bin/env bash
# The main job: build trident-opt and run an example kernel's TTIR through the
# core pipeline, printing the result with its source locations.
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash "$TRIDENT_ROOT/scripts/setup.sh"
trident_configure
cmake --build "$TRIDENT_BUILD" --target trident-opt
example="${1:-$TRIDENT_ROOT/core/test/Pipeline/vector_add.mlir}"
echo "== $example through --trident-core-pipeline" >&2
"$TRIDENT_BUILD/bin/trident-opt" "$example" --trident-core-pipeline \
  -mlir-print-debuginfo
