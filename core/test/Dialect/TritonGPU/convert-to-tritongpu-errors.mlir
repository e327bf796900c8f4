// RUN: trident-opt %s --convert-triton-to-tritongpu -verify-diagnostics

// What the GPU backends cannot lower yet is refused where it is written.
tt.func public @dot(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{'tt.dot' is not supported by the GPU backends yet}}
  %d = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  tt.return
}
