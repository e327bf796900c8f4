# Sourced by the build scripts: one build configuration for every entry point.
TRIDENT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRIDENT_BUILD="${TRIDENT_BUILD:-$TRIDENT_ROOT/build}"
# ccache keys on paths relative to the checkout, so a fresh clone elsewhere
# (CI) reuses what an earlier build compiled.
export CCACHE_BASEDIR="$TRIDENT_ROOT"
export CCACHE_NOHASHDIR=1
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-5G}"

# trident_configure [DIR [CMAKE_ARGS...]]: configures DIR ($TRIDENT_BUILD by
# default) once, with any extra CMake arguments (scripts/sanitize.sh's
# -DTRIDENT_SANITIZE=...).
trident_configure() {
  local dir="${1:-$TRIDENT_BUILD}"
  [ $# -gt 0 ] && shift
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -G Ninja -S "$TRIDENT_ROOT" -B "$dir" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
      -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld \
      -DCMAKE_MODULE_LINKER_FLAGS=-fuse-ld=lld "$@"
  fi
}
