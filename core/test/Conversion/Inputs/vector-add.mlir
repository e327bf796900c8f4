#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_aligned(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %pid = tt.get_program_id x : i32
    %c512 = arith.constant 512 : i32
    %base = arith.muli %pid, %c512 : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
    %bs = tt.splat %base : i32 -> tensor<512xi32, #b>
    %o = arith.addi %bs, %r : tensor<512xi32, #b>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
    %m = arith.cmpi slt, %o, %ns : tensor<512xi32, #b>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
    %xp = tt.addptr %xs, %o : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
    %v = tt.load %xp, %m : tensor<512x!tt.ptr<f32>, #b>
    %w = arith.addf %v, %v : tensor<512xf32, #b>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
    %yp = tt.addptr %ys, %o : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
    tt.store %yp, %w, %m : tensor<512x!tt.ptr<f32>, #b>
    tt.return
  }
  tt.func public @add_unaligned_mask(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %pid = tt.get_program_id x : i32
    %c512 = arith.constant 512 : i32
    %base = arith.muli %pid, %c512 : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
    %bs = tt.splat %base : i32 -> tensor<512xi32, #b>
    %o = arith.addi %bs, %r : tensor<512xi32, #b>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
    %m = arith.cmpi slt, %o, %ns : tensor<512xi32, #b>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
    %xp = tt.addptr %xs, %o : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
    %v = tt.load %xp, %m : tensor<512x!tt.ptr<f32>, #b>
    %w = arith.addf %v, %v : tensor<512xf32, #b>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
    %yp = tt.addptr %ys, %o : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
    tt.store %yp, %w, %m : tensor<512x!tt.ptr<f32>, #b>
    tt.return
  }
}
