# Tensor descriptors (Triton's TMA descriptors) are not supported yet: each
# way a kernel meets one is a located error saying so, never "tensor has no
# attribute".
#
# RUN: not tridentc %s --kernel makes_one --signature '*fp32:16, i32, i32, 16' 2>&1 | FileCheck %s --check-prefix=MAKE
# RUN: not tridentc %s --kernel takes_one --signature '*fp32:16, 16' 2>&1 | FileCheck %s --check-prefix=METHOD
# RUN: not tridentc %s --kernel takes_one --signature 'tensordesc<fp32[16, 16]>, 16' 2>&1 | FileCheck %s --check-prefix=SIG
import triton
import triton.language as tl


# MAKE: tensor-descriptors.py:[[@LINE+3]]:12: error: triton.language.make_tensor_descriptor: tensor descriptors are not supported by Trident yet; use pointers or tl.make_block_ptr
@triton.jit
def makes_one(a_ptr, M, N, BLOCK: tl.constexpr):
    desc = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK, BLOCK])
    desc.store([0, 0], desc.load([0, 0]))


# METHOD: tensor-descriptors.py:[[@LINE+4]]:9: error: '.load' of a tensor descriptor: tensor descriptors (TensorDescriptor arguments, tl.make_tensor_descriptor) are not supported by Trident yet
# SIG: tensor-descriptors.py:[[@LINE+2]]:15: error: parameter 'desc' is a tensor descriptor ('tensordesc<fp32[16,16]>'): tensor descriptors are not supported by Trident yet; pass a pointer
@triton.jit
def takes_one(desc, BLOCK: tl.constexpr):
    x = desc.load([0, 0])
    desc.store([0, 0], x)
