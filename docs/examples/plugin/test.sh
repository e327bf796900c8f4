#!/usr/bin/env bash
# The out-of-tree plugin test (ctest: example-plugin): install Trident into a
# scratch prefix, build the example plugin against that install alone, load
# it, and compile a kernel through all of its stages.
#   test.sh BUILD_DIR CXX_COMPILER
set -euo pipefail
build="$1"
cxx="$2"
here="$(cd "$(dirname "$0")" && pwd)"
kernels="$here/../../../conformance/kernels"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
cmake -G Ninja -S "$here" -B "$work/plugin" \
  -DTrident_DIR="$work/prefix/lib/cmake/Trident" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_MODULE_LINKER_FLAGS=-fuse-ld=lld > "$work/configure.log"
cmake --build "$work/plugin" > "$work/build.log"
plugin="$work/plugin/example_backend.so"
tridentc="$work/prefix/bin/tridentc"
export TRIDENT_CACHE_DIR="$work/cache"
unset TRIDENT_DUMP_DIR

check() { # check FILE PATTERN
  grep -q -- "$2" "$1" || { echo "FAIL: '$2' not in $1:"; cat "$1"; exit 1; }
}

TRIDENT_PLUGIN_PATH="$plugin" "$tridentc" --list-backends > "$work/list.txt"
check "$work/list.txt" "example (plugin example 1.0.0)"
check "$work/list.txt" "targets: example"
check "$work/list.txt" "options: num_warps=4 num_stages=3 comment=none"

sig='*fp32:16, *fp32:16, *fp32:16, i32, 1024'
run() { TRIDENT_PLUGIN_PATH="$plugin" "$tridentc" "$kernels/vector_add.py" \
          --kernel add_kernel --signature "$sig" --target example "$@"; }
run --emit example-ir > "$work/ir.mlir"
check "$work/ir.mlir" "example.num_ops = "
run --emit example-asm --option comment=hello > "$work/asm.s"
check "$work/asm.s" "comment=hello"
check "$work/asm.s" "  tt.load"
run -o "$work/k.bundle"
"$work/prefix/bin/trident-bundle" "$work/k.bundle" > "$work/bundle.txt"
check "$work/bundle.txt" "format=example-bin"
check "$work/bundle.txt" "backend_hash=example-1.0.0"
# The plugin's pass is available to trident-opt too.
"$work/prefix/bin/trident-opt" --load-plugin "$plugin" --example-count-ops \
  "$work/ir.mlir" > "$work/opt.mlir"
check "$work/opt.mlir" "example.num_ops"
echo "example plugin: built against the install, loaded, compiled a kernel"
