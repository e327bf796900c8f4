# Kernel files of a package (Inputs/kpkg) reach their helpers the ways real
# packages do: relative and absolute imports of sibling modules, a module
# alias used as `tle.program_id`, an attribute chain through a package
# (`kpkg.utils.exp2`), constants computed with Python in another module,
# the package's own decorators, and imports decided by `try` and `if`.
# RUN: tridentc %S/Inputs/kpkg/ops/norm.py --kernel rms_kernel --signature '*fp32:16, *fp32:16, i32, 128' --emit ttir-raw | FileCheck %s --check-prefix=RAW
# RUN: tridentc %S/Inputs/kpkg/ops/norm.py --kernel rms_kernel --signature '*fp32:16, *fp32:16, i32, 128' --no-locs | FileCheck %s --check-prefix=RMS
# RUN: tridentc %S/Inputs/kpkg/ops/norm.py --kernel constants_kernel --signature '*i32' --no-locs | FileCheck %s --check-prefix=CONST
# RUN: tridentc %S/Inputs/kpkg/ops/norm.py --kernel entry_kernel --signature '*fp32' --no-locs | FileCheck %s --check-prefix=ENTRY
# RUN: tridentc %S/Inputs/kpkg/ops/norm.py --kernel pointwise_kernel --signature '*fp32' --no-locs | FileCheck %s --check-prefix=POINTWISE
# RUN: tridentc %S/Inputs/kpkg/ops/norm.py --kernel made_kernel --signature '*fp32' --no-locs | FileCheck %s --check-prefix=MADE
# RUN: not tridentc %S/Inputs/kpkg/ops/norm.py --kernel mode_kernel --signature '*i32' 2>&1 | FileCheck %s --check-prefix=MODE
# A kernel file that is its package's __init__.py (its relative imports
# start from its own package), and a kernel it imports from a sibling.
# RUN: tridentc %S/Inputs/kpkg/ops/aliased.py --kernel aliased_kernel --signature '*fp32' --no-locs | FileCheck %s --check-prefix=ALIASED
# RUN: tridentc %S/Inputs/kpkg/ops/aliased.py --kernel aliased_twice_kernel --signature '*fp32' --no-locs | FileCheck %s --check-prefix=ALIASED2
# ALIASED-LABEL: tt.func public @aliased_kernel
# ALIASED: 3.000000e+00
# ALIASED2-LABEL: tt.func public @aliased_twice_kernel
# ALIASED2: 7.000000e+00
# RUN: tridentc %S/Inputs/kpkg/ops/__init__.py --kernel init_kernel --signature '*fp32' --no-locs | FileCheck %s --check-prefix=INIT
# RUN: tridentc %S/Inputs/kpkg/ops/__init__.py --kernel reexported_kernel --signature '*fp32' | FileCheck %s --check-prefix=REEXPORT

# Helpers of other modules are separate functions named after their module
# (two modules' `exp2` stay apart), located in their own files.
# RAW-DAG: tt.func private @kpkg_lang_ext_program_id__c0_() -> i64
# RAW-DAG: tt.func private @kpkg_utils_exp2_scaled____128___fp32__
# RAW-DAG: tt.func private @kpkg_utils_exp2____128___fp32__
# RAW-DAG: tt.func private @maybe_fast____128___fp32__
# RAW-DAG: #loc{{[0-9]+}} = loc("{{.*}}kpkg/utils.py":9:{{[0-9]+}})
# RAW-DAG: #loc{{[0-9]+}} = loc("{{.*}}kpkg/lang_ext.py":8:{{[0-9]+}})

# tle.program_id is the package's int64 program id; rsqrt is libdevice's
# (the first `try` branch resolves); LOG2E = math.log2(math.e) and
# NEG_INF = finfo(float32).min were computed in constants.py; SCALE came
# through `from kpkg import constants as C`; maybe_fast is defined in the
# `if not HAS_FAST:` block, HAS_FAST being False since kpkg.fast_path does
# not exist; `ld` is libdevice (compare_version("triton", ge, "3.0.0")).
# RMS-LABEL: tt.func public @rms_kernel
# RMS-DAG: %cst{{.*}} = arith.constant dense<1.44269502> : tensor<128xf32>
# RMS-DAG: %cst{{.*}} = arith.constant dense<-3.40282347E+38> : tensor<128xf32>
# RMS-DAG: %cst{{.*}} = arith.constant dense<2.000000e+00> : tensor<128xf32>
# RMS: %pid = tt.get_program_id x : i32
# RMS-NEXT: %pid_{{[0-9]+}} = arith.extsi %pid : i32 to i64
# RMS: %r = math.rsqrt
# RMS: math.exp2
# RMS: arith.maxnumf
# RMS: math.exp %x
# RMS: tt.store

# INT_MAX = 2**31 - 1; VERSION_PATH = 1 (triton.__version__ >= "3.7" is
# false for 3.6); ROWS = 4 (both clauses of an undecidable `if` agree);
# BLOCK_DEFAULT = 64; HAS_FAST = False.
# CONST-LABEL: tt.func public @constants_kernel
# CONST: tt.store %out_ptr, %c2147483647_i32
# CONST: tt.store %{{[0-9]+}}, %c1_i32
# CONST: tt.store %{{[0-9]+}}, %c4_i32
# CONST: tt.store %{{[0-9]+}}, %c64_i32
# CONST: tt.store %{{[0-9]+}}, %c0_i32

# @libentry() and @pointwise_jit are decorators of kpkg.decorators that
# return triton.jit(fn); `made_kernel = pointwise_jit(_made)` too.
# ENTRY-LABEL: tt.func public @entry_kernel
# ENTRY: arith.mulf
# POINTWISE-LABEL: tt.func public @pointwise_kernel
# POINTWISE: arith.addf
# MADE-LABEL: tt.func public @_made
# MADE: arith.subf

# MODE: norm.py:92:23: error: module-level 'MODE' (line 42) is used by a @jit function but its value cannot be evaluated at compile time: it is bound differently by the clauses of the module-level 'if' at line 41, whose condition Trident cannot decide without running Python

# INIT-LABEL: tt.func public @init_kernel
# INIT: math.exp2
# REEXPORT-LABEL: tt.func public @pointwise_kernel
# REEXPORT: arith.addf {{.*}} loc(#[[LOC:loc[0-9]+]])
# REEXPORT: #[[LOC]] = loc("{{.*}}kpkg/ops/norm.py":{{[0-9]+}}:{{[0-9]+}})

# Aliases of tl/libdevice functions picked by an environment variable and a
# version check in another module (flash-linear-attention's style), and
# `x.to(p.dtype.element_ty)` for a block pointer (the block type's scalar).
# RUN: env -u KPKG_FAST_OPS tridentc %S/Inputs/kpkg/ops/block_ptr.py --kernel bp_kernel --signature '*fp16, *fp16, i32, 64' --no-locs | FileCheck %s --check-prefix=BP
# RUN: env KPKG_FAST_OPS=1 tridentc %S/Inputs/kpkg/ops/block_ptr.py --kernel bp_kernel --signature '*fp16, *fp16, i32, 64' --no-locs | FileCheck %s --check-prefix=BP
# BP-LABEL: tt.func public @bp_kernel
# BP: math.exp
# BP: arith.divf
# BP: math.tanh
# BP: arith.truncf {{.*}} : tensor<64xf32> to tensor<64xf16>
# BP: tt.store {{.*}} : !tt.ptr<tensor<64xf16>>
