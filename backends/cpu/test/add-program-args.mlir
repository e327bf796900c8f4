// cpu-add-program-args: on the host a kernel is a plain function called
// once per program, so program ids and grid sizes become six trailing i32
// arguments (pid x, y, z, then num_programs x, y, z), passed on at calls.
// RUN: %cpu-opt %s --cpu-add-program-args | FileCheck %s

// CHECK-LABEL: tt.func @kernel
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<i32>, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[Z:[^:]*]]: i32, %[[NX:[^:]*]]: i32, %[[NY:[^:]*]]: i32, %[[NZ:[^:]*]]: i32)
// CHECK-NOT: tt.get_program_id
// CHECK-NOT: tt.get_num_programs
// CHECK: arith.addi %[[Y]], %[[NZ]]
// CHECK: tt.call @helper(%{{.*}}, %[[X]], %[[Y]], %[[Z]], %[[NX]], %[[NY]], %[[NZ]])
tt.func @kernel(%p: !tt.ptr<i32>) {
  %pid = tt.get_program_id y : i32
  %n = tt.get_num_programs z : i32
  %s = arith.addi %pid, %n : i32
  tt.call @helper(%s) : (i32) -> ()
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}

// Helpers get the arguments too, so that their own program ids resolve.
// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: (%{{[^:]*}}: i32, %[[HX:[^:]*]]: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32)
// CHECK-NOT: tt.get_program_id
// CHECK: arith.muli %{{.*}}, %[[HX]]
tt.func private @helper(%v: i32) {
  %pid = tt.get_program_id x : i32
  %m = arith.muli %v, %pid : i32
  tt.return
}
