# Shape manipulation: reshape, trans, permute, split, join, expand_dims and
# broadcast_to, each stored to its own region of the output.
#
# RUN: tridentc %s --kernel shape_ops_kernel --signature '*fp32:16, *fp32:16, 16, 32' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @shape_ops_kernel(
# CHECK: %[[X:.+]] = tt.load %{{.+}} : tensor<512x!tt.ptr<f32>>
# CHECK: %[[GRID:.+]] = tt.reshape %[[X]] : tensor<512xf32> -> tensor<16x32xf32>
# CHECK: %[[FLIP:.+]] = tt.trans %[[GRID]] {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
# CHECK: %[[FLAT1:.+]] = tt.reshape %[[FLIP]] : tensor<32x16xf32> -> tensor<512xf32>
# CHECK: tt.store %{{.+}}, %[[FLAT1]] : tensor<512x!tt.ptr<f32>>
# A reshape of a reshape is folded into one reshape of x.
# CHECK: %[[CUBE:.+]] = tt.reshape %[[X]] : tensor<512xf32> -> tensor<2x8x32xf32>
# tl.permute is a tt.trans with a 3-D order.
# CHECK: %[[ROT:.+]] = tt.trans %[[CUBE]] {order = array<i32: 2, 0, 1>} : tensor<2x8x32xf32> -> tensor<32x2x8xf32>
# CHECK: %[[FLAT2:.+]] = tt.reshape %[[ROT]] : tensor<32x2x8xf32> -> tensor<512xf32>
# CHECK: tt.store %{{.+}}, %[[FLAT2]] : tensor<512x!tt.ptr<f32>>
# CHECK: %[[PAIRS:.+]] = tt.reshape %[[X]] : tensor<512xf32> -> tensor<256x2xf32>
# CHECK: %[[EVEN:.+]], %[[ODD:.+]] = tt.split %[[PAIRS]] : tensor<256x2xf32> -> tensor<256xf32>
# CHECK: %[[SWAP:.+]] = tt.join %[[ODD]], %[[EVEN]] : tensor<256xf32> -> tensor<256x2xf32>
# CHECK: %[[FLAT3:.+]] = tt.reshape %[[SWAP]] : tensor<256x2xf32> -> tensor<512xf32>
# CHECK: tt.store %{{.+}}, %[[FLAT3]] : tensor<512x!tt.ptr<f32>>
# CHECK: %[[ROW:.+]] = tt.expand_dims %[[EVEN]] {axis = 0 : i32} : tensor<256xf32> -> tensor<1x256xf32>
# CHECK: %[[ROWS4:.+]] = tt.broadcast %[[ROW]] : tensor<1x256xf32> -> tensor<4x256xf32>
# CHECK: %[[SUMS:.+]] = "tt.reduce"(%[[ROWS4]]) <{axis = 0 : i32}>
# CHECK: }) : (tensor<4x256xf32>) -> tensor<256xf32>
# CHECK: %[[RES:.+]] = arith.addf %[[SUMS]], %[[ODD]] : tensor<256xf32>
# CHECK: tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
# CHECK: tt.store %{{.+}}, %[[RES]] : tensor<256x!tt.ptr<f32>>

import triton
import triton.language as tl

@triton.jit
def shape_ops_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    SIZE: tl.constexpr = M * N
    HALF: tl.constexpr = SIZE // 2
    offs = tl.arange(0, SIZE)
    x = tl.load(x_ptr + offs)

    grid = tl.reshape(x, (M, N))
    flipped = tl.trans(grid)
    tl.store(out_ptr + offs, tl.reshape(flipped, (SIZE,)))

    cube = tl.reshape(x, (2, M // 2, N))
    rotated = tl.permute(cube, (2, 0, 1))
    tl.store(out_ptr + SIZE + offs, tl.reshape(rotated, (SIZE,)))

    evens, odds = tl.split(tl.reshape(x, (HALF, 2)))
    swapped = tl.join(odds, evens)
    tl.store(out_ptr + 2 * SIZE + offs, tl.reshape(swapped, (SIZE,)))

    row = tl.expand_dims(evens, 0)
    rows4 = tl.broadcast_to(row, (4, HALF))
    col_sums = tl.sum(rows4, axis=0) + odds
    half = tl.arange(0, HALF)
    tl.store(out_ptr + 3 * SIZE + half, col_sums)
