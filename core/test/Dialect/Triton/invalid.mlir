// Every tt verifier rejects ill-typed IR with a message naming the op and the
// mismatch.
// RUN: trident-opt %s -split-input-file -verify-diagnostics

tt.func @tensor_not_power_of_two(%x: tensor<12xf32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op operand type 'tensor<12xf32>' has 12 elements, which is not a power of two}}
  %0 = tt.precise_sqrt %x : tensor<12xf32>
  tt.return
}

// -----

tt.func @bitcast_width(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tt.bitcast' op requires source and result of the same bit width, got 32 ('tensor<16xf32>') and 16 ('tensor<16xf16>')}}
  %0 = tt.bitcast %x : tensor<16xf32> -> tensor<16xf16>
  tt.return
}

// -----

tt.func @fp_to_fp_downcast_needs_rounding(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tt.fp_to_fp' op requires a rounding mode for the down-cast from 'f32' to 'f16'}}
  %0 = tt.fp_to_fp %x : tensor<16xf32> -> tensor<16xf16>
  tt.return
}

// -----

tt.func @load_mask_shape(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask is i1 of the shape of ptr}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<128x!tt.ptr<f32>>, tensor<64xi1>) -> tensor<128xf32>
  tt.return
}

// -----

tt.func @load_result_type(%p: tensor<128x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op failed to verify that result type is the pointee type of ptr}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<128x!tt.ptr<f32>>) -> tensor<128xf16>
  tt.return
}

// -----

tt.func @load_other_type(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf16>) {
  // expected-error @+1 {{'tt.load' op failed to verify that other has the type of the loaded value}}
  %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<128x!tt.ptr<f32>>, tensor<128xi1>, tensor<128xf16>) -> tensor<128xf32>
  tt.return
}

// -----

tt.func @load_block_pointer_with_mask(%p: !tt.ptr<tensor<16x16xf32>>, %m: tensor<16x16xi1>) {
  // expected-error @+1 {{'tt.load' op through a block pointer takes no mask or other; bounds are checked with boundaryCheck}}
  %0 = tt.load %p, %m : !tt.ptr<tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @load_boundary_check_range(%p: !tt.ptr<tensor<16x16xf32>>) {
  // expected-error @+1 {{'tt.load' op boundaryCheck dimension 2 is out of range for a block of rank 2}}
  %0 = tt.load %p {boundaryCheck = array<i32: 2>} : !tt.ptr<tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @load_boundary_check_twice(%p: !tt.ptr<tensor<16x16xf32>>) {
  // expected-error @+1 {{'tt.load' op boundaryCheck lists dimension 1 twice}}
  %0 = tt.load %p {boundaryCheck = array<i32: 1, 1>} : !tt.ptr<tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @load_boundary_check_plain_pointer(%p: tensor<16x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op takes boundaryCheck and padding only through a block pointer, got 'tensor<16x!tt.ptr<f32>>'}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @store_value_type(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xf16>) {
  // expected-error @+1 {{'tt.store' op failed to verify that value type is the pointee type of ptr}}
  "tt.store"(%p, %v) : (tensor<128x!tt.ptr<f32>>, tensor<128xf16>) -> ()
  tt.return
}

// -----

tt.func @store_mask_shape(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tt.store' op failed to verify that mask is i1 of the shape of ptr}}
  "tt.store"(%p, %v, %m) : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<64xi1>) -> ()
  tt.return
}

// -----

tt.func @store_block_pointer_mask(%p: !tt.ptr<tensor<16x16xf32>>, %v: tensor<16x16xf32>, %m: tensor<16x16xi1>) {
  // expected-error @+1 {{'tt.store' op through a block pointer takes no mask or other}}
  tt.store %p, %v, %m : !tt.ptr<tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @atomic_rmw_element_type(%p: tensor<64x!tt.ptr<f32>>, %v: tensor<64xi32>) {
  // expected-error @+1 {{'tt.atomic_rmw' op pointer element type 'f32' does not match value element type 'i32'}}
  %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v : (tensor<64x!tt.ptr<f32>>, tensor<64xi32>) -> tensor<64xi32>
  tt.return
}

// -----

tt.func @atomic_rmw_shape(%p: tensor<64x!tt.ptr<f32>>, %v: tensor<32xf32>) {
  // expected-error @+1 {{'tt.atomic_rmw' op pointer shape [64] does not match value shape [32]}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<64x!tt.ptr<f32>>, tensor<32xf32>) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @atomic_rmw_mask_shape(%p: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>, %m: tensor<32xi1>) {
  // expected-error @+1 {{'tt.atomic_rmw' op mask shape [32] does not match value shape [64]}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<32xi1>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @atomic_rmw_fadd_int(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tt.atomic_rmw' op fadd needs floating-point values, got 'i32'}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_rmw_xor_float(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tt.atomic_rmw' op xor needs integer values, got 'f32'}}
  %0 = tt.atomic_rmw xor, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_rmw_result(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tt.atomic_rmw' op result type 'f16' does not match value type 'f32'}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f16
  tt.return
}

// -----

tt.func @atomic_cas_types(%p: !tt.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @+1 {{'tt.atomic_cas' op compare value type 'i64' does not match new value type 'i32'}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i64, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_cas_pointee(%p: !tt.ptr<i64>, %c: i32, %v: i32) {
  // expected-error @+1 {{'tt.atomic_cas' op pointer element type 'i64' does not match value element type 'i32'}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i64>, i32, i32) -> i32
  tt.return
}

// -----

tt.func @splat_tensor(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.splat' op source must be a scalar, got 'tensor<4xf32>'}}
  %0 = tt.splat %x : tensor<4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @splat_element_type(%x: f32) {
  // expected-error @+1 {{'tt.splat' op requires the same element type for all operands and results}}
  %0 = tt.splat %x : f32 -> tensor<4xf16>
  tt.return
}

// -----

tt.func @unsplat_size(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.unsplat' op source must have exactly one element, got 'tensor<4xf32>'}}
  %0 = tt.unsplat %x : tensor<4xf32>
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.expand_dims' op axis 2 is out of range for a tensor of rank 1}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.expand_dims' op result shape [4, 1] should be [1, 4]}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @reshape_size(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.reshape' op cannot reshape 32 elements [4, 8] into 64 [64]}}
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.broadcast' op source rank 1 differs from result rank 2}}
  %0 = tt.broadcast %x : tensor<4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @broadcast_dim(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'tt.broadcast' op cannot broadcast dimension 0 of size 2 to 8; only dimensions of size 1 can grow}}
  %0 = tt.broadcast %x : tensor<2x4xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @cat_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.cat' op result shape [4, 16] should be [8, 8]}}
  %0 = tt.cat %x, %x : tensor<4x8xf32> -> tensor<4x16xf32>
  tt.return
}

// -----

tt.func @join_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.join' op result must be [4, 8, 2] of 'f32', got 'tensor<8x8xf32>'}}
  %0 = tt.join %x, %x : tensor<4x8xf32> -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @split_last_dim(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.split' op source's last dimension must have size 2, got [4, 8]}}
  %0, %1 = tt.split %x : tensor<4x8xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @trans_not_permutation(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.trans' op order must be a permutation of [0, 2)}}
  %0 = tt.trans %x {order = array<i32: 1, 1>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @trans_rank(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.trans' op order has 3 entries but the tensor has rank 2}}
  %0 = tt.trans %x {order = array<i32: 2, 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @trans_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.trans' op result shape [4, 8] should be [8, 4] for this order}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @make_range_empty() {
  // expected-error @+1 {{'tt.make_range' op start 8 must be less than end 8}}
  %0 = tt.make_range {end = 8 : i32, start = 8 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_size() {
  // expected-error @+1 {{'tt.make_range' op result has 16 elements but the range [0, 8) has 8}}
  %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @dot_k_mismatch(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op reduction dimension of a (K=32) does not match that of b (K=16)}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_acc_shape(%a: tensor<16x32xf16>, %b: tensor<32x64xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{'tt.dot' op accumulator shape [16, 32] should be [16, 64]}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @dot_rank(%a: tensor<16xf16>, %b: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'tt.dot' op operands must be 2-D, or 3-D with a batch dimension, got rank 1}}
  %0 = tt.dot %a, %b, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op batch dimensions differ: a 2, b 4, c 2}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_mixed(%a: tensor<16x16xi8>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op cannot multiply 'i8' by 'f16'; operands must both be integers or both floats}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xi8> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_int_acc(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op accumulator of 'f32' does not suit operands of 'i8'}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_result(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op failed to verify that result type matches accumulator type}}
  %0 = "tt.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @reduce_axis(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis 2 is out of range for operands of rank 2}}
  %0 = "tt.reduce"(%x) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x32xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @reduce_result(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tt.reduce' op result 0 has type 'tensor<32xf32>', expected 'tensor<16xf32>'}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x32xf32>) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @reduce_region_arity(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region must take 2 arguments (two per operand), got 1}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<32xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_type(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region argument 1 has type 'f16', expected 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f16):
    tt.reduce.return %a : f32
  }) : (tensor<32xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_count(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region returns 2 values, expected 1}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<32xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_operand_shapes(%x: tensor<32xf32>, %y: tensor<16xi32>) {
  // expected-error @+1 {{'tt.reduce' op requires the same shape for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tt.reduce.return %a, %ai : f32, i32
  }) : (tensor<32xf32>, tensor<16xi32>) -> (f32, i32)
  tt.return
}

// -----

tt.func @scan_axis(%x: tensor<32xi32>) {
  // expected-error @+1 {{'tt.scan' op axis 1 is out of range for operands of rank 1}}
  %0 = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<32xi32>) -> tensor<32xi32>
  tt.return
}

// -----

tt.func @scan_return_type(%x: tensor<32xi32>) {
  // expected-error @+1 {{'tt.scan' op combine region returns 'i64' for operand 0, expected 'i32'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.extsi %a : i32 to i64
    tt.scan.return %s : i64
  }) : (tensor<32xi32>) -> tensor<32xi32>
  tt.return
}

// -----

tt.func @inline_asm_packing(%x: tensor<32xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op packed_element must be at least 1, got 0}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<32xi32> -> tensor<32xi32>
  tt.return
}

// -----

tt.func @inline_asm_shapes(%x: tensor<32xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<32xi32> -> tensor<16xi32>
  tt.return
}

// -----

tt.func @histogram_rank(%x: tensor<4x4xi32>) {
  // expected-error @+1 {{'tt.histogram' op source and result must be 1-D, got 'tensor<4x4xi32>' and 'tensor<8xi32>'}}
  %0 = tt.histogram %x : tensor<4x4xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @gather_shape(%src: tensor<8x16xf32>, %idx: tensor<8x4xi32>) {
  // expected-error @+1 {{'tt.gather' op result shape [8, 8] must equal indices shape [8, 4]}}
  %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<8x16xf32>, tensor<8x4xi32>) -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @gather_axis(%src: tensor<8x16xf32>, %idx: tensor<8x4xi32>) {
  // expected-error @+1 {{'tt.gather' op axis 2 is out of range for a source of rank 2}}
  %0 = tt.gather %src[%idx] {axis = 2 : i32} : (tensor<8x16xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @gather_dims(%src: tensor<8x16xf32>, %idx: tensor<16x4xi32>) {
  // expected-error @+1 {{'tt.gather' op indices dimension 0 (16) exceeds the source's (8)}}
  %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<8x16xf32>, tensor<16x4xi32>) -> tensor<16x4xf32>
  tt.return
}

// -----

tt.func @print_signedness(%x: tensor<16xi32>) {
  // expected-error @+1 {{'tt.print' op isSigned has 2 entries for 1 arguments}}
  tt.print "x" {hex = false, isSigned = array<i32: 1, 1>} : %x : tensor<16xi32>
  tt.return
}

// -----

tt.func @make_tensor_ptr_rank(%base: !tt.ptr<f16>, %M: i64, %s: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op has 1 shape entries for a block of rank 2}}
  %p = tt.make_tensor_ptr %base, [%M], [%s], [%o] {order = array<i32: 0>} : <tensor<64x32xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order(%base: !tt.ptr<f16>, %M: i64, %s: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op order must be a permutation of [0, 2)}}
  %p = tt.make_tensor_ptr %base, [%M, %M], [%s, %s], [%o, %o] {order = array<i32: 0, 2>} : <tensor<64x32xf16>>
  tt.return
}

// -----

tt.func @advance_rank(%p: !tt.ptr<tensor<64x32xf16>>, %o: i32) {
  // expected-error @+1 {{'tt.advance' op has 1 offsets for a block of rank 2}}
  %q = tt.advance %p, [%o] : <tensor<64x32xf16>>
  tt.return
}

// -----

tt.func @return_count(%x: f32) -> f32 {
  // expected-error @+1 {{'tt.return' op returns 0 values but @return_count declares 1 results}}
  tt.return
}

// -----

tt.func @return_type(%x: f32) -> i32 {
  // expected-error @+1 {{'tt.return' op returns 'f32' for result 0 but @return_type declares 'i32'}}
  tt.return %x : f32
}

// -----

tt.func @call_unknown(%x: f32) {
  // expected-error @+1 {{'tt.call' op 'nowhere' does not reference a tt.func in this module}}
  tt.call @nowhere(%x) : (f32) -> ()
  tt.return
}

// -----

tt.func private @callee(%x: f32) -> f32 {
  tt.return %x : f32
}
tt.func @call_argument_type(%x: i32) {
  // expected-error @+1 {{'tt.call' op argument 0 has type 'i32' but @callee expects 'f32'}}
  %0 = tt.call @callee(%x) : (i32) -> f32
  tt.return
}

// -----

tt.func private @callee(%x: f32) -> f32 {
  tt.return %x : f32
}
tt.func @call_arity(%x: f32) {
  // expected-error @+1 {{'tt.call' op passes 2 arguments to @callee, which takes 1}}
  %0 = tt.call @callee(%x, %x) : (f32, f32) -> f32
  tt.return
}

// -----

// expected-error @+1 {{a block pointer cannot point to a tensor of pointers}}
tt.func @bad_block_pointer(%p: !tt.ptr<tensor<4x!tt.ptr<f32>>>) {
  tt.return
}

// -----

tt.func @tensor_too_large(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.splat' op result type 'tensor<2048x1024x!tt.ptr<f32>>' has more than 1048576 elements}}
  %0 = tt.splat %p : !tt.ptr<f32> -> tensor<2048x1024x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @expand_dims_negative_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tt.expand_dims' op axis -1 is out of range for a tensor of rank 1}}
  %0 = tt.expand_dims %x {axis = -1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @reduce_negative_axis(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis -1 is out of range for operands of rank 1}}
  %0 = "tt.reduce"(%x) <{axis = -1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<32xf32>) -> f32
  tt.return
}

// -----

tt.func @zero_sized_tensor(%x: tensor<0xf32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op operand type 'tensor<0xf32>' has a dimension that is not positive}}
  %0 = tt.precise_sqrt %x : tensor<0xf32>
  tt.return
}

// -----

tt.func @descriptor_load_shape(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op the result must be the descriptor's block, a tensor of shape [16, 16] of 'f16'; got 'tensor<16x32xf16>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x32xf16>
  tt.return
}

// -----

tt.func @descriptor_store_indices(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32, %v: tensor<16x16xf16>) {
  // expected-error @+1 {{'tt.descriptor_store' op has 1 indices for a descriptor of rank 2}}
  tt.descriptor_store %d[%i], %v : !tt.tensordesc<tensor<16x16xf16>>, tensor<16x16xf16>
  tt.return
}

// -----

tt.func @make_descriptor_element(%p: !tt.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op base points to 'f32' but the descriptor's blocks hold 'f16'}}
  %0 = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] : <f32>, <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @make_descriptor_rank(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op has 1 shape entries for a block of rank 2}}
  %0 = tt.make_tensor_descriptor %p, [%m], [%s] : <f16>, <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @gather_needs_one_row(%d: !tt.tensordesc<tensor<2x16xf16>>, %rows: tensor<8xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op needs a descriptor whose block is one row (1xN), got [2, 16]}}
  %0 = tt.descriptor_gather %d[%rows, %y] : (!tt.tensordesc<tensor<2x16xf16>>, tensor<8xi32>, i32) -> tensor<8x16xf16>
  tt.return
}

// -----

tt.func @scatter_shape(%d: !tt.tensordesc<tensor<1x16xf16>>, %rows: tensor<8xi32>, %y: i32, %v: tensor<4x16xf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op the scattered value must be a tensor of shape [8, 16] of 'f16'; got 'tensor<4x16xf16>'}}
  tt.descriptor_scatter %d[%rows, %y], %v : !tt.tensordesc<tensor<1x16xf16>>, tensor<8xi32>, i32, tensor<4x16xf16>
  tt.return
}

// -----

// expected-error @+1 {{a tensor descriptor's block has rank 1 to 5, got 'tensor<f16>'}}
tt.func @descriptor_type_without_shape(%a: !tt.tensordesc<f16>) {
  tt.return
}
