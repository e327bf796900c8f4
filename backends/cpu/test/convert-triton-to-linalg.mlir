// RUN: %cpu-opt --cpu-convert-triton-to-linalg --split-input-file --verify-diagnostics %s | FileCheck %s

// cpu-convert-triton-to-linalg on ops with host-specific lowerings.
//
// fp8 values are bytes on the host. Widening decodes through a 256-entry
// table of f32 values (exact); narrowing rounds to nearest even with
// saturation; arithmetic on fp8 runs in f32 and rounds back once.
// CHECK-LABEL: func.func @fp8
// CHECK-SAME: (%[[X:.*]]: tensor<16xi8>, %[[Y:.*]]: tensor<16xi8>)
// CHECK: %[[TABLE:.*]] = arith.constant dense<"0x{{[0-9A-F]+}}"> : tensor<256xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<16xi8>, tensor<16xi8>)
// CHECK: tensor.extract %[[TABLE]]
// CHECK: tensor.extract %[[TABLE]]
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: math.roundeven
// CHECK: arith.trunci %{{.*}} : i32 to i8
// CHECK: -> tensor<16xi8>
// CHECK: linalg.generic
// CHECK: tensor.extract
// CHECK: -> tensor<16xf32>
module {
  tt.func @fp8(%x: tensor<16xf8E4M3FN>, %y: tensor<16xf8E4M3FN>) -> tensor<16xf32> {
    %s = arith.addf %x, %y : tensor<16xf8E4M3FN>
    %w = tt.fp_to_fp %s : tensor<16xf8E4M3FN> -> tensor<16xf32>
    tt.return %w : tensor<16xf32>
  }
}

// -----

// Truncation toward zero of standard floats: round to nearest, then step
// one ulp back toward zero when that went away from zero.
// CHECK-LABEL: func.func @rtz
// CHECK: %[[N:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[B:.*]] = arith.extf %[[N]] : f16 to f32
// CHECK: %[[AWAY:.*]] = arith.cmpf ogt
// CHECK: arith.subi %{{.*}}, %c1_i16 : i16
// CHECK: arith.select %[[AWAY]]
module {
  tt.func @rtz(%x: tensor<16xf32>) -> tensor<16xf16> {
    %h = tt.fp_to_fp %x, rounding = rtz : tensor<16xf32> -> tensor<16xf16>
    tt.return %h : tensor<16xf16>
  }
}

// -----

// tl.gather: out[i, j] = src[i, clamp(index[i, j])] along axis 1.
// CHECK-LABEL: func.func @gather
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<4x2xi32>)
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: tensor.extract %{{.*}}[%[[ROW]], %{{.*}}] : tensor<4x8xf32>
// CHECK: -> tensor<4x2xf32>
module {
  tt.func @gather(%src: tensor<4x8xf32>, %idx: tensor<4x2xi32>) -> tensor<4x2xf32> {
    %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
    tt.return %g : tensor<4x2xf32>
  }
}

// -----

// Ops rebuilt one to one with converted types (the OneToOne pattern):
// splats of pointers splat the i64 address; the precise math ops are the
// IEEE ops of arith and math; tt.return is func.return.
// CHECK-LABEL: func.func @one_to_one
// CHECK-SAME: (%[[P:.*]]: i64, %[[X:.*]]: tensor<16xf32>, %[[Y:.*]]: tensor<16xf32>)
// CHECK: %[[S:.*]] = tensor.splat %[[P]] : tensor<16xi64>
// CHECK: %[[Q:.*]] = math.sqrt %[[X]] : tensor<16xf32>
// CHECK: %[[D:.*]] = arith.divf %[[Q]], %[[Y]] : tensor<16xf32>
// CHECK: return %[[S]], %[[D]] : tensor<16xi64>, tensor<16xf32>
module {
  tt.func @one_to_one(%p: !tt.ptr<f32>, %x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) {
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %q = tt.precise_sqrt %x : tensor<16xf32>
    %d = tt.precise_divf %q, %y : tensor<16xf32>
    tt.return %s, %d : tensor<16x!tt.ptr<f32>>, tensor<16xf32>
  }
}

// -----

module {
  tt.func @inline_asm(%x: tensor<16xi32>) -> tensor<16xi32> {
    // expected-error @+2 {{inline assembly is not supported by the cpu backend yet}}
    // expected-error @+1 {{failed to legalize operation 'tt.elementwise_inline_asm'}}
    %y = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xi32> -> tensor<16xi32>
    tt.return %y : tensor<16xi32>
  }
}
