# Tensor descriptors used wrongly: each mistake is a located error naming
# what is wrong, as Triton's semantic checks say it.
#
# RUN: not tridentc %s --kernel last_stride --signature '*fp32:16, i32, i32, 16' 2>&1 | FileCheck %s --check-prefix=STRIDE
# RUN: not tridentc %s --kernel narrow_block --signature '*fp32:16, i32, i32' 2>&1 | FileCheck %s --check-prefix=NARROW
# RUN: not tridentc %s --kernel takes_one --signature 'tensordesc<fp32[16, 16]>, 16' 2>&1 | FileCheck %s --check-prefix=OFFSETS
# RUN: not tridentc %s --kernel takes_one --signature 'tensordesc<fp32[16, 12]>, 16' 2>&1 | FileCheck %s --check-prefix=SIG
# RUN: not tridentc %s --kernel takes_one --signature 'tensordesc<fp32>, 16' 2>&1 | FileCheck %s --check-prefix=SIGFORM
# RUN: not tridentc %s --kernel rebinds --signature 'tensordesc<fp32[16, 16]>, tensordesc<fp32[16, 16]>' 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not tridentc %s --kernel gathers --signature 'tensordesc<fp32[2, 16]>, *i32:16' 2>&1 | FileCheck %s --check-prefix=GATHER
# RUN: not tridentc %s --kernel no_such --signature 'tensordesc<fp32[16, 16]>' 2>&1 | FileCheck %s --check-prefix=ATTR
import triton
import triton.language as tl


@triton.jit
def last_stride(a_ptr, M, N, BLOCK: tl.constexpr):
    # STRIDE: tensor-descriptors.py:[[@LINE+1]]:12: error: Tensor descriptor last dim must be 1 but got 2
    desc = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 2], block_shape=[BLOCK, BLOCK])
    desc.store([0, 0], desc.load([0, 0]))


@triton.jit
def narrow_block(a_ptr, M, N):
    # NARROW: tensor-descriptors.py:[[@LINE+1]]:12: error: Descriptor block shape must have at least 16 bytes in the last dimension, but got 2 * 4 = 8 bytes
    desc = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[16, 2])
    desc.store([0, 0], desc.load([0, 0]))


# SIG: tensor-descriptors.py:[[@LINE+3]]:15: error: signature entry 'tensordesc<fp32[16,12]>' for parameter 'desc': block dimensions must be powers of two
# SIGFORM: tensor-descriptors.py:[[@LINE+2]]:15: error: signature entry 'tensordesc<fp32>' for parameter 'desc' is not a tensor descriptor type like tensordesc<fp16[64, 64]>
@triton.jit
def takes_one(desc, BLOCK: tl.constexpr):
    # OFFSETS: tensor-descriptors.py:[[@LINE+1]]:9: error: expected 2 offsets, but got 1
    x = desc.load([0])
    desc.store([0, 0], x)


# LOOP: tensor-descriptors.py:[[@LINE+4]]:5: error: 'd' holds a tensor descriptor (tensordesc<fp32[16, 16]>) and is reassigned in the loop: a descriptor cannot change from one iteration to the next
@triton.jit
def rebinds(a, b):
    d = a
    for i in range(4):
        d.store([i * 16, 0], d.load([0, 0]))
        d = b


@triton.jit
def gathers(desc, idx_ptr):
    idx = tl.load(idx_ptr + tl.arange(0, 8))
    # GATHER: tensor-descriptors.py:[[@LINE+1]]:9: error: descriptor block must have 1 row, but got <[2, 16], fp32>
    x = desc.gather(idx, 0)


@triton.jit
def no_such(desc):
    # ATTR: tensor-descriptors.py:[[@LINE+1]]:5: error: tensor descriptor has no attribute 'prefetch'
    desc.prefetch([0, 0])
