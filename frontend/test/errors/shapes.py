# Shape errors: tl.arange bounds, broadcasting, reshape, indexing and the
# shape-manipulating builtins.
#
# RUN: not tridentc %s --kernel arange_not_pow2 --signature '*fp32:16, 48' 2>&1 | FileCheck %s --check-prefix=POW2
# RUN: not tridentc %s --kernel arange_empty --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: not tridentc %s --kernel broadcast_mismatch --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=BCAST
# RUN: not tridentc %s --kernel reshape_numel --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=RESHAPE
# RUN: not tridentc %s --kernel too_many_indices --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=INDICES
# RUN: not tridentc %s --kernel slice_tensor --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=SLICE
# RUN: not tridentc %s --kernel permute_bad_dims --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=PERMUTE
# RUN: not tridentc %s --kernel permute_wrong_rank --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=PERMRANK
# RUN: not tridentc %s --kernel cat_no_reorder --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=CAT
# RUN: not tridentc %s --kernel expand_dims_bad_axis --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=EXPAND
# RUN: not tridentc %s --kernel broadcast_to_bad --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=BCASTTO
# RUN: not tridentc %s --kernel store_shape_mismatch --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=STORESHAPE
# RUN: not tridentc %s --kernel join_mismatch --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=JOIN
# RUN: not tridentc %s --kernel split_bad_last_dim --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=SPLIT
# RUN: not tridentc %s --kernel index_scalar --signature '*fp32:16, i32' 2>&1 | FileCheck %s --check-prefix=IDXSCALAR
# RUN: not tridentc %s --kernel trans_1d --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=TRANS1D
# RUN: not tridentc %s --kernel where_shape_mismatch --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=WHERE
# RUN: not tridentc %s --kernel gather_rank --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=GRANK
# RUN: not tridentc %s --kernel gather_float_index --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=GINDEX
# RUN: not tridentc %s --kernel gather_axis --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=GAXIS
# RUN: not tridentc %s --kernel gather_dims --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=GDIMS
# RUN: not tridentc %s --kernel flip_dim --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=FLIPDIM

import triton
import triton.language as tl


@triton.jit
def arange_not_pow2(x_ptr, BLOCK: tl.constexpr):
    # POW2: errors{{/|\\}}shapes.py:[[@LINE+2]]:12: error: arange's range must be a power of 2{{$}}
    # POW2-NEXT: offs = tl.arange(0, BLOCK)
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def arange_empty(x_ptr, BLOCK: tl.constexpr):
    # EMPTY: errors{{/|\\}}shapes.py:[[@LINE+2]]:12: error: arange's end argument must be greater than the start argument{{$}}
    # EMPTY-NEXT: offs = tl.arange(BLOCK, BLOCK)
    offs = tl.arange(BLOCK, BLOCK)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def broadcast_mismatch(x_ptr, BLOCK: tl.constexpr):
    a = tl.arange(0, BLOCK)
    b = tl.arange(0, BLOCK // 2)
    # BCAST: errors{{/|\\}}shapes.py:[[@LINE+2]]:25: error: Cannot make_shape_compatible: incompatible dimensions at index 0: 64 and 32{{$}}
    # BCAST-NEXT: tl.store(x_ptr + a, a + b)
    tl.store(x_ptr + a, a + b)


@triton.jit
def reshape_numel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # RESHAPE: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: reshape() cannot change total number of elements in tensor (<[64], fp32> to <[16, 8], fp32>){{$}}
    # RESHAPE-NEXT: y = tl.reshape(x, (BLOCK // 4, 8))
    y = tl.reshape(x, (BLOCK // 4, 8))
    tl.store(x_ptr + offs, tl.sum(y, axis=1))


@triton.jit
def too_many_indices(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # As in Triton, ':' items are not counted against the rank (x[:, :] is
    # x); with '...' (Trident's) they are.
    # INDICES: errors{{/|\\}}shapes.py:[[@LINE+2]]:11: error: too many indices for a tensor of rank 1{{$}}
    # INDICES-NEXT: y = x[..., :, :]
    y = x[..., :, :]
    tl.store(x_ptr + offs, y)


@triton.jit
def slice_tensor(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # SLICE: errors{{/|\\}}shapes.py:[[@LINE+2]]:11: error: unsupported tensor index: only ':' slices are allowed (tensors cannot be sliced){{$}}
    # SLICE-NEXT: y = x[0:4]
    y = x[0:4]
    tl.store(x_ptr + tl.arange(0, 4), y)


@triton.jit
def permute_bad_dims(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs[:, None] * BLOCK + offs[None, :])
    # PERMUTE: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: permute dims must be a permutation of 0, 1, ..., n-1, but were (0, 0){{$}}
    # PERMUTE-NEXT: y = tl.permute(x, (0, 0))
    y = tl.permute(x, (0, 0))
    tl.store(x_ptr + offs[:, None] * BLOCK + offs[None, :], y)


@triton.jit
def permute_wrong_rank(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs[:, None] * BLOCK + offs[None, :])
    # PERMRANK: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: permute dims must have the same length as input shape{{$}}
    # PERMRANK-NEXT: y = tl.permute(x, (1, 0, 2))
    y = tl.permute(x, (1, 0, 2))
    tl.store(x_ptr + offs[:, None] * BLOCK + offs[None, :], y)


@triton.jit
def cat_no_reorder(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # CAT: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: current implementation of `cat` always may reorder elements; pass can_reorder=True{{$}}
    # CAT-NEXT: y = tl.cat(x, x)
    y = tl.cat(x, x)
    tl.store(x_ptr + tl.arange(0, 2 * BLOCK), y)


@triton.jit
def expand_dims_bad_axis(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # EXPAND: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: invalid axis 2. Expected -2 <= axis < 2{{$}}
    # EXPAND-NEXT: y = tl.expand_dims(x, 2)
    y = tl.expand_dims(x, 2)
    tl.store(x_ptr + offs[:, None], y)


@triton.jit
def broadcast_to_bad(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # BCASTTO: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: Cannot broadcast, rank mismatch: <[64], fp32> to <[64, 128], fp32>{{$}}
    # BCASTTO-NEXT: y = tl.broadcast_to(x, (BLOCK, 2 * BLOCK))
    y = tl.broadcast_to(x, (BLOCK, 2 * BLOCK))
    tl.store(x_ptr + offs[:, None], y)


@triton.jit
def store_shape_mismatch(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.zeros((2 * BLOCK,), dtype=tl.float32)
    # STORESHAPE: errors{{/|\\}}shapes.py:[[@LINE+2]]:5: error: Cannot broadcast, the expanded size of the tensor (64) must match the existing size (128) at non-singleton dimension 0{{$}}
    # STORESHAPE-NEXT: tl.store(x_ptr + offs, v)
    tl.store(x_ptr + offs, v)


@triton.jit
def join_mismatch(x_ptr, BLOCK: tl.constexpr):
    a = tl.zeros((BLOCK,), dtype=tl.float32)
    b = tl.zeros((BLOCK // 2,), dtype=tl.float32)
    # JOIN: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: Cannot make_shape_compatible: incompatible dimensions at index 0: 64 and 32{{$}}
    # JOIN-NEXT: c = tl.join(a, b)
    c = tl.join(a, b)
    tl.store(x_ptr, tl.sum(tl.sum(c, axis=1), axis=0))


@triton.jit
def split_bad_last_dim(x_ptr, BLOCK: tl.constexpr):
    x = tl.zeros((BLOCK, 4), dtype=tl.float32)
    # SPLIT: errors{{/|\\}}shapes.py:[[@LINE+2]]:12: error: split() requires that the last dimension have size 2, got <[64, 4], fp32>{{$}}
    # SPLIT-NEXT: a, b = tl.split(x)
    a, b = tl.split(x)
    tl.store(x_ptr + tl.arange(0, BLOCK), tl.sum(a + b, axis=1))


@triton.jit
def index_scalar(x_ptr, n):
    x = tl.load(x_ptr)
    # IDXSCALAR: errors{{/|\\}}shapes.py:[[@LINE+2]]:23: error: unsupported tensor index: constexpr 0 (only None, ':' and '...' are allowed){{$}}
    # IDXSCALAR-NEXT: tl.store(x_ptr, x[0])
    tl.store(x_ptr, x[0])


@triton.jit
def trans_1d(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # TRANS1D: errors{{/|\\}}shapes.py:[[@LINE+2]]:28: error: tl.trans without dims needs a 2-D tensor, got <[64], fp32>{{$}}
    # TRANS1D-NEXT: tl.store(x_ptr + offs, tl.trans(x))
    tl.store(x_ptr + offs, tl.trans(x))


@triton.jit
def where_shape_mismatch(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.zeros((BLOCK // 2,), dtype=tl.float32)
    # WHERE: errors{{/|\\}}shapes.py:[[@LINE+2]]:28: error: Cannot make_shape_compatible: incompatible dimensions at index 0: 64 and 32{{$}}
    # WHERE-NEXT: tl.store(x_ptr + offs, tl.where(x > 0, x, y))
    tl.store(x_ptr + offs, tl.where(x > 0, x, y))


@triton.jit
def gather_rank(x_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    i = tl.zeros((N, 2), dtype=tl.int32)
    # GRANK: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: source and index tensors must have the same rank{{$}}
    # GRANK-NEXT: y = tl.gather(x, i, 0)
    y = tl.gather(x, i, 0)


@triton.jit
def gather_float_index(x_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    # GINDEX: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: index must be an integer tensor{{$}}
    # GINDEX-NEXT: y = tl.gather(x, x, 0)
    y = tl.gather(x, x, 0)


@triton.jit
def gather_axis(x_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    i = tl.arange(0, N)
    # GAXIS: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: gather axis 1 must be < source rank (1){{$}}
    # GAXIS-NEXT: y = tl.gather(x, i, 1)
    y = tl.gather(x, i, 1)


@triton.jit
def gather_dims(x_ptr, N: tl.constexpr):
    x = tl.zeros((N, 4), dtype=tl.float32)
    i = tl.zeros((N, 8), dtype=tl.int32)
    # Triton's message names the gather axis, not the mismatched dimension.
    # GDIMS: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: index dim 0 must match the corresponding source dim{{$}}
    # GDIMS-NEXT: y = tl.gather(x, i, 0)
    y = tl.gather(x, i, 0)


@triton.jit
def flip_dim(x_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    # FLIPDIM: errors{{/|\\}}shapes.py:[[@LINE+2]]:9: error: static_assert failed: flip dim 1 must be in [-1, 1){{$}}
    # FLIPDIM-NEXT: y = tl.flip(x, 1)
    y = tl.flip(x, 1)

