# Loads, stores, atomics, block pointers and program ids.
#
# RUN: not tridentc %s --kernel mask_not_bool --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: not tridentc %s --kernel block_ptr_with_mask --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=BPMASK
# RUN: not tridentc %s --kernel bad_cache_modifier --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=CACHE
# RUN: not tridentc %s --kernel bad_eviction_policy --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=EVICT
# RUN: not tridentc %s --kernel atomic_max_fp16 --signature '*fp16:16, 64' 2>&1 | FileCheck %s --check-prefix=ATOMICF16
# RUN: not tridentc %s --kernel program_id_axis3 --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=PID
# RUN: not tridentc %s --kernel num_programs_axis3 --signature '*fp32:16' 2>&1 | FileCheck %s --check-prefix=NPROG
# RUN: not tridentc %s --kernel load_from_int --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=LOADINT
# RUN: not tridentc %s --kernel store_to_float --signature 'fp32, 64' 2>&1 | FileCheck %s --check-prefix=STOREFLOAT
# RUN: not tridentc %s --kernel other_without_mask --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=OTHER
# RUN: not tridentc %s --kernel block_ptr_rank_mismatch --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=BPRANK
# RUN: not tridentc %s --kernel boundary_check_bad_dim --signature '*fp32:16, i32, 64' 2>&1 | FileCheck %s --check-prefix=BOUNDARY
# RUN: not tridentc %s --kernel atomic_bad_sem --signature '*i32:16, 64' 2>&1 | FileCheck %s --check-prefix=SEM
# RUN: not tridentc %s --kernel store_mask_shape --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=MASKSHAPE

import triton
import triton.language as tl


@triton.jit
def mask_not_bool(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # MASK: errors{{/|\\}}memory.py:[[@LINE+2]]:9: error: Mask must have boolean scalar type, got <[64], int32>{{$}}
    # MASK-NEXT: x = tl.load(x_ptr + offs, mask=offs)
    x = tl.load(x_ptr + offs, mask=offs)
    tl.store(x_ptr + offs, x)


@triton.jit
def block_ptr_with_mask(x_ptr, n, BLOCK: tl.constexpr):
    bp = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,),
                           block_shape=(BLOCK,), order=(0,))
    offs = tl.arange(0, BLOCK)
    # BPMASK: errors{{/|\\}}memory.py:[[@LINE+2]]:9: error: `mask` and `other` arguments cannot be specified for loading block pointers{{$}}
    # BPMASK-NEXT: x = tl.load(bp, mask=offs < n)
    x = tl.load(bp, mask=offs < n)
    tl.store(bp, x)


@triton.jit
def bad_cache_modifier(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # CACHE: errors{{/|\\}}memory.py:[[@LINE+2]]:9: error: Cache modifier .xx not supported{{$}}
    # CACHE-NEXT: x = tl.load(x_ptr + offs, cache_modifier=".xx")
    x = tl.load(x_ptr + offs, cache_modifier=".xx")
    tl.store(x_ptr + offs, x)


@triton.jit
def bad_eviction_policy(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # EVICT: errors{{/|\\}}memory.py:[[@LINE+2]]:9: error: Eviction policy evict_sometimes not supported{{$}}
    # EVICT-NEXT: x = tl.load(x_ptr + offs, eviction_policy="evict_sometimes")
    x = tl.load(x_ptr + offs, eviction_policy="evict_sometimes")
    tl.store(x_ptr + offs, x)


@triton.jit
def atomic_max_fp16(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.full((BLOCK,), 1.0, dtype=tl.float16)
    # ATOMICF16: errors{{/|\\}}memory.py:[[@LINE+2]]:5: error: atomic_max does not support fp16{{$}}
    # ATOMICF16-NEXT: tl.atomic_max(x_ptr + offs, v)
    tl.atomic_max(x_ptr + offs, v)


@triton.jit
def program_id_axis3(x_ptr):
    # PID: errors{{/|\\}}memory.py:[[@LINE+2]]:11: error: program_id axis must be 0, 1, or 2 but got 3{{$}}
    # PID-NEXT: pid = tl.program_id(axis=3)
    pid = tl.program_id(axis=3)
    tl.store(x_ptr + pid, 1.0)


@triton.jit
def num_programs_axis3(x_ptr):
    # NPROG: errors{{/|\\}}memory.py:[[@LINE+2]]:9: error: num_programs axis must be 0, 1, or 2 but got 3{{$}}
    # NPROG-NEXT: n = tl.num_programs(3)
    n = tl.num_programs(3)
    tl.store(x_ptr + n, 1.0)


@triton.jit
def load_from_int(x_ptr, n):
    # LOADINT: errors{{/|\\}}memory.py:[[@LINE+2]]:9: error: Unsupported ptr type int32 in `tl.load`{{$}}
    # LOADINT-NEXT: x = tl.load(n)
    x = tl.load(n)
    tl.store(x_ptr, x)


@triton.jit
def store_to_float(x, BLOCK: tl.constexpr):
    # STOREFLOAT: errors{{/|\\}}memory.py:[[@LINE+2]]:5: error: Unsupported ptr type fp32 in `tl.store`{{$}}
    # STOREFLOAT-NEXT: tl.store(x, 1.0)
    tl.store(x, 1.0)


@triton.jit
def other_without_mask(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # OTHER: errors{{/|\\}}memory.py:[[@LINE+2]]:9: error: `other` cannot be provided without `mask`{{$}}
    # OTHER-NEXT: x = tl.load(x_ptr + offs, other=0.0)
    x = tl.load(x_ptr + offs, other=0.0)
    tl.store(x_ptr + offs, x)


@triton.jit
def block_ptr_rank_mismatch(x_ptr, n, BLOCK: tl.constexpr):
    # BPRANK: errors{{/|\\}}memory.py:[[@LINE+2]]:10: error: Expected shape/strides/offsets/block_shape to have the same length{{$}}
    # BPRANK-NEXT: bp = tl.make_block_ptr(x_ptr, shape=(n, n), strides=(n, 1), offsets=(0, 0),
    bp = tl.make_block_ptr(x_ptr, shape=(n, n), strides=(n, 1), offsets=(0, 0),
                           block_shape=(BLOCK,), order=(1, 0))
    x = tl.load(bp)
    tl.store(bp, x)


@triton.jit
def boundary_check_bad_dim(x_ptr, n, BLOCK: tl.constexpr):
    bp = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(0,),
                           block_shape=(BLOCK,), order=(0,))
    # BOUNDARY: errors{{/|\\}}memory.py:[[@LINE+2]]:9: error: boundary_check dimension 1 is out of range for a block of rank 1{{$}}
    # BOUNDARY-NEXT: x = tl.load(bp, boundary_check=(1,))
    x = tl.load(bp, boundary_check=(1,))
    tl.store(bp, x)


@triton.jit
def atomic_bad_sem(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # SEM: errors{{/|\\}}memory.py:[[@LINE+2]]:5: error: Memory semantic sequential not supported (use 'acquire', 'release', 'acq_rel' or 'relaxed'){{$}}
    # SEM-NEXT: tl.atomic_add(x_ptr + offs, 1, sem="sequential")
    tl.atomic_add(x_ptr + offs, 1, sem="sequential")


@triton.jit
def store_mask_shape(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = tl.arange(0, 2 * BLOCK) < 10
    # MASKSHAPE: errors{{/|\\}}memory.py:[[@LINE+2]]:5: error: Cannot broadcast, the expanded size of the tensor (64) must match the existing size (128) at non-singleton dimension 0{{$}}
    # MASKSHAPE-NEXT: tl.store(x_ptr + offs, 1.0, mask=m)
    tl.store(x_ptr + offs, 1.0, mask=m)
