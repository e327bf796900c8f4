# Tensor descriptors in Triton 3.6's TTIR form. A host-side descriptor
# parameter is the descriptor followed by its shape (i32) and strides
# (i64), which desc.shape / desc.strides read; the last stride is
# specialized to 1. tl.make_tensor_descriptor takes i32 shapes and i64
# strides, padding as an attribute. A descriptor passed to a @jit helper
# travels with its shape and strides.
# RUN: tridentc %s --kernel host --signature 'tensordesc<fp16[64, 32]>, i32' --no-locs --emit ttir-raw | FileCheck %s --check-prefix=HOST
# RUN: tridentc %s --kernel device --signature '*fp32:16, i32, i32, i64' --no-locs --emit ttir-raw | FileCheck %s --check-prefix=DEVICE
import triton
import triton.language as tl


@triton.jit
def _rows(desc, r):
    return desc.load([r, 0])


# HOST-LABEL: tt.func public @host(%desc: !tt.tensordesc<tensor<64x32xf16>>, %desc.shape0: i32, %desc.shape1: i32, %desc.strides0: i64, %n: i32)
# HOST: tt.call @{{.*}}_rows{{.*}}(%desc, %desc.shape0, %desc.shape1, %desc.strides0, %{{.*}}, %{{.*}}) : (!tt.tensordesc<tensor<64x32xf16>>, i32, i32, i64, i64, i32) -> tensor<64x32xf16>
# HOST: arith.addi %{{.*}}, %desc.shape0 : i32
# HOST: tt.descriptor_store %desc[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
# HOST: tt.descriptor_reduce add, %desc[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
# HOST: tt.func private @{{.*}}_rows{{.*}}(%desc: !tt.tensordesc<tensor<64x32xf16>>, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i64, %r: i32)
# HOST: tt.descriptor_load %desc[%r, %{{.*}}] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
@triton.jit
def host(desc, n):
    x = _rows(desc, n)
    row = n + desc.shape[0]
    desc.store([row, 0], x)
    desc.atomic_add([row, 0], x)


# DEVICE-LABEL: tt.func public @device
# DEVICE: %[[D:.*]] = tt.make_tensor_descriptor %a, [%m, %n], [%s, %{{.*}}] {padding = 2 : i32} : <f32>, <tensor<1x64xf32>>
# DEVICE: tt.descriptor_gather %[[D]][%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<16xi32>, i32) -> tensor<16x64xf32>
# DEVICE: tt.descriptor_scatter %[[D]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x64xf32>>, tensor<16xi32>, i32, tensor<16x64xf32>
@triton.jit
def device(a, m, n, s):
    d = tl.make_tensor_descriptor(a, [m, n], [s, 1], [1, 64], padding_option="nan")
    rows = tl.arange(0, 16)
    d.scatter(d.gather(rows, 0) * 2, rows, 0)
