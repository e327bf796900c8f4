#!/usr/bin/env bash
# Packs the compiler for a machine without LLVM 22 (a GPU box where only the
# JIT path of the Python package needs it): Trident's libraries and plugins,
# libLLVM.so.22.1 and libMLIR.so.22.1, xz-compressed (about 27 and 15 MB;
# xz rather than zstd because Python's standard library, which every machine
# that runs the package has, can decompress it where no xz tool is
# installed).
#
#   tools/trident-pack/pack-compiler.sh BUILD_DIR OUT_DIR
#
# OUT_DIR gets lib/ (Trident's .so files, trident/plugins/) and the two LLVM
# libraries as .xz, plus unpack.sh, which decompresses them next to
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
# Where the dynamic linker finds each library for this build.
lib_path() { ldd "$build/lib/libtrident-core.so" | awk -v l="$1" '$1 == l {print $3}'; }
mkdir -p "$out/lib/trident/plugins" "$out/stubs"
cp -L "$build"/lib/libtrident-*.so "$out/lib/"
cp -L "$build"/lib/trident/plugins/*.so "$out/lib/trident/plugins/"
# Symbols the dynamic linker does not need stay behind (a third of the size:
# the pack travels to the GPU machine within a 64 MiB limit).
strip --strip-unneeded "$out"/lib/libtrident-*.so "$out"/lib/trident/plugins/*.so
for l in libLLVM.so.22.1 libMLIR.so.22.1; do
  src=$(lib_path "$l")
  [ -f "$src" ] || { echo "pack-compiler.sh: $l not found for $build" >&2; exit 1; }
  if [ ! -f "$out/$l.xz" ] || [ "$src" -nt "$out/$l.xz" ]; then
    xz -9 -T0 -c "$src" >"$out/$l.xz.tmp" && mv "$out/$l.xz.tmp" "$out/$l.xz"
  fi
done
# Libraries Trident's own link that a GPU box seldom has (hiredis, for the
# remote cache): copied along, small as they are.
for l in libhiredis.so.0.14; do
  src=$(ldd "$build/lib/libtrident-driver.so" | awk -v l="$l" '$1 == l {print $3}')
  [ -n "$src" ] && cp -L "$src" "$out/lib/$l"
done
# The symbols libLLVM takes from each optional library, for stubs.
for pair in z3:'^Z3_' xml2:'^xml' edit:'^(el_|history|tok_)'; do
  name=${pair%%:*} pattern=${pair#*:}
  nm -D --undefined-only "$(lib_path libLLVM.so.22.1)" | awk '{print $2}' |
    sed 's/@.*//' | grep -E "$pattern" | sort -u >"$out/stubs/$name.syms"
done
cat >"$out/unpack.sh" <<'UNPACK'
#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for l in libLLVM.so.22.1 libMLIR.so.22.1; do
  [ -f "$here/lib/$l" ] && continue
  if command -v xz >/dev/null; then
    xz -d -c "$here/$l.xz" >"$here/lib/$l.tmp"
  else
    python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
      "$here/$l.xz" "$here/lib/$l.tmp"
  fi
  mv "$here/lib/$l.tmp" "$here/lib/$l"
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
