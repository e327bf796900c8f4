// cpu-inline-all: `noinline = true` is a GPU code-size hint; on the host
// every call is inlined, so the pass sets `noinline = false` on every
// tt.func (the inliner runs next).
// RUN: %cpu-opt %s --cpu-inline-all | FileCheck %s

// CHECK-LABEL: tt.func @kernel
// CHECK-SAME: attributes {noinline = false}
// CHECK: tt.call @helper
tt.func @kernel(%v: i32) {
  tt.call @helper(%v) : (i32) -> ()
  tt.return
}

// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: attributes {noinline = false}
// CHECK-NOT: noinline = true
tt.func private @helper(%v: i32) attributes {noinline = true} {
  tt.return
}
