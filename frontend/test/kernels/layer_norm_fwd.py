# Layer normalisation forward pass: one program per row.  Mean and variance
# are accumulated block by block over the columns, then the row is
# normalised, scaled by the weights and shifted by the bias.  Mean and 1/std
# are saved for the backward pass.
#
# RUN: tridentc %s --kernel layer_norm_fwd --signature '*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32, fp32, 1024' --emit ttir | FileCheck %s

# CHECK-LABEL: tt.func public @layer_norm_fwd(
# CHECK-SAME: %{{[^:]+}}: i32 {tt.divisibility = 16 : i32}
# CHECK-SAME: %{{[^:]+}}: i32{{[^,{]*}}, %[[EPS:[^:]+]]: f32
# CHECK: tt.get_program_id x : i32
# CHECK: tt.addptr %{{.+}}, %{{.+}} : !tt.ptr<f16>, i32
# Pass 1: sum of x.
# CHECK: %[[TOTAL:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<1024xf32>) : i32 {
# CHECK: tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f16>>
# CHECK: arith.extf %{{.+}} : tensor<1024xf16> to tensor<1024xf32>
# CHECK: arith.addf %{{.+}}, %{{.+}} : tensor<1024xf32>
# CHECK: scf.yield %{{.+}} : tensor<1024xf32>
# CHECK: "tt.reduce"(%[[TOTAL]]) <{axis = 0 : i32}>
# CHECK: arith.addf %{{.+}}, %{{.+}} : f32
# CHECK: %[[NF:.+]] = arith.sitofp %{{.+}} : i32 to f32
# CHECK: %[[MEAN:.+]] = arith.divf %{{.+}}, %[[NF]] : f32
# Pass 2: sum of squared deviations, with masked-off lanes zeroed.
# CHECK: %[[SQ:.+]] = scf.for {{.+}} -> (tensor<1024xf32>) : i32 {
# CHECK: arith.subf %{{.+}}, %{{.+}} : tensor<1024xf32>
# CHECK: arith.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<1024xi1>, tensor<1024xf32>
# CHECK: arith.mulf %{{.+}}, %{{.+}} : tensor<1024xf32>
# CHECK: scf.yield
# CHECK: "tt.reduce"(%[[SQ]]) <{axis = 0 : i32}>
# CHECK: %[[VAR:.+]] = arith.divf %{{.+}}, %[[NF]] : f32
# CHECK: %[[VE:.+]] = arith.addf %[[VAR]], %[[EPS]] : f32
# CHECK: %[[SD:.+]] = math.sqrt %[[VE]] : f32
# CHECK: %[[RSTD:.+]] = arith.divf %{{.+}}, %[[SD]] : f32
# CHECK: tt.store %{{.+}}, %[[MEAN]] : !tt.ptr<f32>
# CHECK: tt.store %{{.+}}, %[[RSTD]] : !tt.ptr<f32>
# Pass 3: normalise, scale and shift; the result is stored as fp16.
# CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} : i32 {
# CHECK-COUNT-3: tt.load %{{.+}} : tensor<1024x!tt.ptr<f16>>
# CHECK: arith.extf %{{.+}} : tensor<1024xf16> to tensor<1024xf32>
# CHECK: arith.mulf
# CHECK: arith.truncf %{{.+}} : tensor<1024xf32> to tensor<1024xf16>
# CHECK: tt.store %{{.+}}, %{{.+}}, %{{.+}} : tensor<1024x!tt.ptr<f16>>
# CHECK: }
# CHECK-NEXT: tt.return

import triton
import triton.language as tl

@triton.jit
def layer_norm_fwd(X, Y, W, B, Mean, Rstd, row_stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    X += row * row_stride
    Y += row * row_stride

    total = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in tl.range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        total += x
    mean = tl.sum(total, axis=0) / N

    sq = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in tl.range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        centered = tl.where(cols < N, x - mean, 0.)
        sq += centered * centered
    var = tl.sum(sq, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)

    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)

    for start in tl.range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        in_row = cols < N
        w = tl.load(W + cols, mask=in_row)
        b = tl.load(B + cols, mask=in_row)
        x = tl.load(X + cols, mask=in_row, other=0.).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(Y + cols, y, mask=in_row)
