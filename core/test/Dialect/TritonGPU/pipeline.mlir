// Software pipelining of a K loop (conformance's dot_pipelined, fp32 on
// core's FMA dot, tl.range(num_stages=3)): the schedule, its expansion with
// asynchronous copies or with loads staged in registers, and stages capped
// by the shared-memory limit.
// RUN: tridentc %S/../../../../conformance/kernels/dot.py --kernel dot_pipelined --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, 32, 32, 16, 3, False" --emit ttir -o %t.ttir
// RUN: trident-opt %t.ttir --convert-triton-to-tritongpu="num-warps=4 target=cuda:80" --tritongpu-schedule-loops | FileCheck %s --check-prefix=SCHED
// RUN: trident-opt %t.ttir --convert-triton-to-tritongpu="num-warps=4 target=cuda:80" --tritongpu-schedule-loops --tritongpu-pipeline | FileCheck %s --check-prefix=ASYNC
// RUN: trident-opt %t.ttir --convert-triton-to-tritongpu="num-warps=4 target=cuda:80" --tritongpu-schedule-loops="strategy=registers" --tritongpu-pipeline="strategy=registers" | FileCheck %s --check-prefix=REGS
// RUN: trident-opt %t.ttir --convert-triton-to-tritongpu="num-warps=4 target=cuda:80" --tritongpu-schedule-loops="shared-limit=4096" --tritongpu-pipeline | FileCheck %s --check-prefix=LIMIT
// RUN: not trident-opt %t.ttir --tritongpu-schedule-loops="strategy=tma" 2>&1 | FileCheck %s --check-prefix=BADSTRATEGY

// The loads and their addresses run ahead (stage 0, after this iteration's
// reads: cluster 1); the rest at the last stage, first.
// SCHED: scf.for
// SCHED: tt.load {{.*}}loop.cluster = 1 : i32, loop.stage = 0 : i32
// SCHED: tt.load {{.*}}loop.cluster = 1 : i32, loop.stage = 0 : i32
// SCHED: ttg.convert_layout {{.*}}loop.cluster = 0 : i32, loop.stage = 2 : i32
// SCHED: tt.dot {{.*}}loop.cluster = 0 : i32, loop.stage = 2 : i32
// The pointer advances run ahead with the loads they feed.
// SCHED: tt.addptr {{.*}}loop.cluster = 1 : i32, loop.stage = 0 : i32
// SCHED: tt.addptr {{.*}}loop.cluster = 1 : i32, loop.stage = 0 : i32
// SCHED: tt.scheduled_max_stage = 2 : i32

// Two buffers per operand; the prologue's copies for iterations 0 and 1,
// each masked by whether the iteration exists (K may be 0 or 16).
// ASYNC-DAG: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x16xf32, #shared, #smem, mutable>
// ASYNC-DAG: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x16x32xf32, #shared1, #smem, mutable>
// ASYNC: %[[FIRST:.*]] = arith.cmpi slt, %{{.*}}, %arg5 : i32
// ASYNC: tt.splat %[[FIRST]] : i1
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: %[[G0:.*]] = ttg.async_commit_group tokens
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: %[[G1:.*]] = ttg.async_commit_group tokens
// ASYNC: scf.for {{.*}} iter_args({{.*}}, %[[T0:.*]] = %[[G0]], %[[T1:.*]] = %[[G1]])
// Wait for this iteration's group (one younger may stay in flight), read
// its buffers, compute, then copy for two iterations on (masked off at the
// end) into the buffer just read.
// ASYNC: %[[W:.*]] = ttg.async_wait %[[T0]] {num = 1 : i32}
// The buffer indices are counters the loop carries (no remainder of the
// induction variable, a division every iteration).
// ASYNC: ttg.memdesc_index %[[A]][%[[READ:arg[0-9]+]]]
// ASYNC: ttg.local_load {{.*}} token %[[W]]
// ASYNC: ttg.memdesc_index %[[B]][%[[READ]]]
// ASYNC: ttg.local_load {{.*}} token %[[W]]
// ASYNC: tt.dot
// ASYNC: %[[NEXT:.*]] = arith.addi %[[READ]], %c1_i32{{.*}} : i32
// ASYNC: %[[WRAP:.*]] = arith.cmpi sge, %[[NEXT]], %c2_i32{{.*}} : i32
// ASYNC: arith.select %[[WRAP]], %c0_i32{{.*}}, %[[NEXT]] : i32
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: %[[G:.*]] = ttg.async_commit_group tokens
// ASYNC: scf.yield {{.*}}, %[[T1]], %[[G]]
// ASYNC-NOT: loop.stage
// ASYNC-NOT: arith.remsi
// ASYNC-NOT: tt.load

// Registers: the next iteration's loads first, carried into the loop.
// REGS-NOT: ttg.local_alloc
// REGS: tt.load
// REGS: tt.load
// REGS: scf.for {{.*}} -> (tensor<32x16x!tt.ptr<f32>, #blocked>, tensor<32x32xf32, #blocked>, tensor<16x32x!tt.ptr<f32>, #blocked>, tensor<32x16xf32, #blocked>, tensor<16x32xf32, #blocked>)
// REGS: tt.load
// REGS: tt.load
// REGS: tt.dot
// REGS: scf.yield

// 4096 bytes of shared memory hold one stage's buffers (2048 + 2048
// bytes): two stages, one buffer each, and a remark.
// LIMIT: ttg.local_alloc : () -> !ttg.memdesc<1x32x16xf32
// LIMIT: ttg.async_wait {{.*}} {num = 0 : i32}
// LIMIT: ttg.pipeline_remark = "num_stages 3 lowered to 2: its buffers would need 8192 bytes of shared memory, more than the 4096 there are"

// BADSTRATEGY: tritongpu-schedule-loops: strategy 'tma' is none of async-copy, registers
