// RUN: trident-opt %s --test-print-axis-info -o /dev/null 2>&1 | FileCheck %s

// AxisInfo's facts per value (contiguity, divisibility, constancy along
// each dimension; the constant when known), as Triton 3.6 computes them:
// what the GPU backends vectorize loads and stores by.
module {
  tt.func @facts(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %m: i32) {
    // A range from 0: 128 consecutive values; 0 is divisible by anything
    // (Triton's 2^30).
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [4], constancy = [128], constant_value = 4
    %c4 = arith.constant dense<4> : tensor<128xi32>
    // A product of a range loses its runs.
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1073741824], constancy = [1], constant_value = <none>
    %s = arith.muli %r, %c4 : tensor<128xi32>
    // The argument's hint, splatted: constant along the tensor.
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
    %ns = tt.splat %n : i32 -> tensor<128xi32>
    // A run plus a multiple of 16: runs of 128 starting at multiples of 16.
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
    %o = arith.addi %r, %ns : tensor<128xi32>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
    %pp = tt.addptr %ps, %o : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant dense<128> : tensor<128xi32>
    // A loop-carried pointer advanced by 128 each iteration keeps its facts
    // (the fixed point over the back edge): the block argument, reported at
    // the loop, and the loop's result.
    // CHECK-DAG: :[[@LINE+2]]:{{.*}} %arg4: contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} %6: contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
    %res = scf.for %i = %c0 to %m step %c1 iter_args(%q = %pp) -> (tensor<128x!tt.ptr<f32>>) : i32 {
      %nq = tt.addptr %q, %c128 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      scf.yield %nq : tensor<128x!tt.ptr<f32>>
    }
    // The author's hints on an op (tl.multiple_of, tl.max_contiguous)
    // replace what was computed.
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [64], divisibility = [8], constancy = [1], constant_value = <none>
    %h = arith.addi %r, %ns {tt.divisibility = dense<8> : tensor<1xi32>, tt.contiguity = dense<64> : tensor<1xi32>} : tensor<128xi32>
    %c6 = arith.constant dense<6> : tensor<128xi32>
    // x % 6 of multiples of 4: multiples of gcd(4, 6) = 2 at most.
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [2], constancy = [1], constant_value = <none>
    %rem = arith.remsi %s, %c6 : tensor<128xi32>
    // Constants fold.
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} constant_value = 24
    %k = arith.muli %c4, %c6 : tensor<128xi32>
    tt.return
  }

  // The causal mask of the attention tutorials' backward pass,
  // `offs_m[None, :] >= offs_n[:, None]`, for a block at a multiple of 16.
  tt.func @causal_mask(%n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %ns = tt.splat %n : i32 -> tensor<16xi32>
    %o = arith.addi %r, %ns : tensor<16xi32>
    // A new axis of a run: its elements are n, n+1, ..., each divisible
    // only by what divides them all -- 1, not the run's 16.
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [16, 1], divisibility = [16, 1], constancy = [1, 1]
    %col = tt.expand_dims %o {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1, 16], divisibility = [1, 16], constancy = [1, 1]
    %row = tt.expand_dims %o {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %cb = tt.broadcast %col : tensor<16x1xi32> -> tensor<16x16xi32>
    %rb = tt.broadcast %row : tensor<1x16xi32> -> tensor<16x16xi32>
    // Each row of the mask changes at the diagonal: constant along no axis.
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]
    %mask = arith.cmpi sge, %rb, %cb : tensor<16x16xi32>
    // A run against a multiple of 16: `run < c` and `c > run` flip only at
    // c, so they are constant over the 16 (4 5 6 7 > 4 would not be).
    %c32 = arith.constant dense<32> : tensor<1x16xi32>
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 16]
    %lt = arith.cmpi slt, %row, %c32 : tensor<1x16xi32>
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 16]
    %gt = arith.cmpi sgt, %c32, %row : tensor<1x16xi32>
    // CHECK-DAG: :[[@LINE+1]]:{{.*}} contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]
    %bad = arith.cmpi sgt, %row, %c32 : tensor<1x16xi32>
    tt.return
  }
}
