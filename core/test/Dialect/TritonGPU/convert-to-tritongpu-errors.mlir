// RUN: trident-opt %s --convert-triton-to-tritongpu -verify-diagnostics

// What the GPU backends cannot lower is refused where it is written: block
// pointers reach this pass only when triton-rewrite-tensor-pointer (run
// before it in every GPU backend's ttgir stage) was skipped.
tt.func public @block_pointer(%base: !tt.ptr<f16>, %M: i64, %N: i64, %s: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' is not supported by the GPU backends yet}}
  %p = tt.make_tensor_ptr %base, [%M, %N], [%s, %s], [%o, %o] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  tt.return
}
