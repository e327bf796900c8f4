#!/usr/bin/env bash
# Packs the compiler for a machine without LLVM 22 (a GPU box where only the
# JIT path of the Python package needs it): Trident's libraries and plugins,
# libLLVM.so.22.1 and libMLIR.so.22.1, zstd-compressed.
#
#   tools/trident-pack/pack-compiler.sh BUILD_DIR OUT_DIR
#
# OUT_DIR gets lib/ (Trident's .so files, trident/plugins/) and the two LLVM
# libraries as .zst, plus unpack.sh, which decompresses them next to
# Trident's. On the target: `OUT_DIR/unpack.sh` once, then
# TRIDENT_LIB_DIR=OUT_DIR/lib. libLLVM also needs libffi8, libedit2,
# libz3-4, libxml2, zlib and libzstd from the target's packages. Where one
# of libz3, libxml2 or libedit is missing and cannot be installed, unpack.sh
# builds a stub for it (a library whose functions abort): LLVM calls them
# only for its Z3 constraint solver, Windows manifests and its line editor,
# which compiling kernels never uses; it needs a C compiler (cc) there.
set -euo pipefail
build=${1:?usage: pack-compiler.sh BUILD_DIR OUT_DIR}
out=${2:?usage: pack-compiler.sh BUILD_DIR OUT_DIR}
llvm_lib=$(dirname "$(readlink -f "$(ldd "$build/lib/libtrident-core.so" | awk '/libLLVM.so/ {print $3}')")")
mkdir -p "$out/lib/trident/plugins" "$out/stubs"
cp -L "$build"/lib/libtrident-*.so "$out/lib/"
cp -L "$build"/lib/trident/plugins/*.so "$out/lib/trident/plugins/"
for l in libLLVM.so.22.1 libMLIR.so.22.1; do
  if [ ! -f "$out/$l.zst" ] || [ "$llvm_lib/$l" -nt "$out/$l.zst" ]; then
    zstd -q -19 -T0 -f "$llvm_lib/$l" -o "$out/$l.zst"
  fi
done
# The symbols libLLVM takes from each optional library, for stubs.
for pair in z3:'^Z3_' xml2:'^xml' edit:'^(el_|history|tok_)'; do
  name=${pair%%:*} pattern=${pair#*:}
  nm -D --undefined-only "$llvm_lib/libLLVM.so.22.1" | awk '{print $2}' |
    sed 's/@.*//' | grep -E "$pattern" | sort -u >"$out/stubs/$name.syms"
done
cat >"$out/unpack.sh" <<'UNPACK'
#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for l in libLLVM.so.22.1 libMLIR.so.22.1; do
  [ -f "$here/lib/$l" ] || zstd -q -d "$here/$l.zst" -o "$here/lib/$l"
done
need() { ldconfig -p | grep -q "$1" || [ -f "$here/lib/$1" ]; }
for s in z3:libz3.so.4 xml2:libxml2.so.2 edit:libedit.so.2; do
  name=${s%%:*} so=${s#*:}
  need "$so" && continue
  echo "unpack.sh: $so is missing here: building a stub of it" >&2
  { echo '#include <stdlib.h>'
    while read -r f; do echo "void $f(void) { abort(); }"; done <"$here/stubs/$name.syms"
  } >"$here/stubs/$name.c"
  cc -shared -fPIC -o "$here/lib/$so" "$here/stubs/$name.c" -Wl,-soname,"$so"
done
UNPACK
chmod +x "$out/unpack.sh"
du -sh "$out"
