// Warps and lanes per warp are powers of two from 1 to 1024: anything else
// is an error naming the option (0 used to divide by zero; 3 or -1 were
// accepted silently).
// RUN: not trident-opt %s --convert-triton-to-tritongpu="num-warps=0" 2>&1 | FileCheck %s --check-prefix=W0
// W0: error: convert-triton-to-tritongpu: num-warps = 0: it must be a power of two from 1 to 1024
// RUN: not trident-opt %s --convert-triton-to-tritongpu="num-warps=3" 2>&1 | FileCheck %s --check-prefix=W3
// W3: num-warps = 3: it must be a power of two
// RUN: not trident-opt %s --convert-triton-to-tritongpu="num-warps=2147483647" 2>&1 | FileCheck %s --check-prefix=WMAX
// WMAX: num-warps = 2147483647: it must be a power of two
// RUN: not trident-opt %s --convert-triton-to-tritongpu="threads-per-warp=0" 2>&1 | FileCheck %s --check-prefix=T0
// T0: threads-per-warp = 0: it must be a power of two
// RUN: not trident-opt %s --convert-triton-to-tritongpu="threads-per-warp=7" 2>&1 | FileCheck %s --check-prefix=T7
// T7: threads-per-warp = 7: it must be a power of two
// RUN: trident-opt %s --convert-triton-to-tritongpu="num-warps=8 threads-per-warp=64" | FileCheck %s --check-prefix=OK
// OK: "ttg.num-warps" = 8 : i32
tt.func public @k(%p: !tt.ptr<f32>) {
  tt.return
}
