#!/usr/bin/env bash
# Builds Trident and runs every test (lit, GoogleTest, conformance) under ctest.
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash "$TRIDENT_ROOT/scripts/setup.sh"
trident_configure
cmake --build "$TRIDENT_BUILD"
cd "$TRIDENT_BUILD"
ctest --output-on-failure "$@"
