// RUN: trident-opt %s --convert-triton-to-tritongpu -verify-diagnostics

// What the GPU backends cannot lower yet is refused where it is written.
tt.func public @scan(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tt.scan' is not supported by the GPU backends yet}}
  %s = "tt.scan"(%x) ({
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    tt.scan.return %t : i32
  }) {axis = 0 : i32, reverse = false} : (tensor<64xi32>) -> tensor<64xi32>
  tt.return
}
