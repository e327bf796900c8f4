# Absolute imports of a package outside the kernel file's own directory
# are looked up on the search path: -I DIR first, then the file's package
# root and directory, TRIDENT_PYTHON_PATH, PYTHONPATH.
# DEFINE: %{tc} = tridentc %s --kernel k --signature '*fp32' --no-locs
# RUN: not %{tc} 2>&1 | FileCheck %s --check-prefix=NOTFOUND
# RUN: %{tc} -I %S/Inputs | FileCheck %s --check-prefix=FOUND
# RUN: %{tc} -I%S/Inputs | FileCheck %s --check-prefix=FOUND
# RUN: env TRIDENT_PYTHON_PATH=%S/Inputs %{tc} | FileCheck %s --check-prefix=FOUND
# RUN: env PYTHONPATH=%S/does-not-exist:%S/Inputs %{tc} | FileCheck %s --check-prefix=FOUND
# -I comes first: the regular package Inputs/shadow/kpkg shadows Inputs/kpkg
# as a whole, as in Python.
# RUN: env TRIDENT_PYTHON_PATH=%S/Inputs %{tc} -I %S/Inputs/shadow | FileCheck %s --check-prefix=SHADOW
# A namespace package (a directory without __init__.py).
# RUN: tridentc %S/Inputs/nspkg/kernel.py --kernel ns_kernel --signature '*fp32' --no-locs -I %S/Inputs | FileCheck %s --check-prefix=NS
import triton
import triton.language as tl

import kpkg.lang_ext as tle
from kpkg.utils import exp2_scaled


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tle.program_id(0))
    tl.store(x_ptr, exp2_scaled(x))

# NOTFOUND: search-path.py:[[@LINE-3]]:25: error: 'tle' is imported (line 18) from module 'kpkg.lang_ext', which is not found: looked for kpkg.py and kpkg/__init__.py in {{.*}}imports (add the directory that holds it with -I, TRIDENT_PYTHON_PATH or PYTHONPATH)
# FOUND-LABEL: tt.func public @k
# FOUND: math.exp2
# SHADOW-LABEL: tt.func public @k
# SHADOW-NOT: math.exp2
# SHADOW: arith.constant 3.000000e+00
# NS-LABEL: tt.func public @ns_kernel
# NS: arith.subf
