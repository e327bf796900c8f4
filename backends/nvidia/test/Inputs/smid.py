import triton
import triton.language as tl


@triton.jit
def smid_out(out_ptr):
    s = tl.inline_asm_elementwise("mov.u32 $0, %smid;", "=r", [], dtype=tl.int32,
                                  is_pure=True, pack=1)
    tl.store(out_ptr + tl.program_id(0), s)


@triton.jit
def scalar_asm(out_ptr, v):
    y = tl.inline_asm_elementwise("add.s32 $0, $1, 7;", "=r,r", [v], dtype=tl.int32,
                                  is_pure=True, pack=1)
    tl.store(out_ptr + tl.program_id(0), y)


@triton.jit
def flag_cas(flag_ptr):
    # A pointer operand under "l" (torchao's symmetric-memory signal), the
    # constraints written with blanks.
    tl.inline_asm_elementwise("atom.global.relaxed.sys.cas.b32 $0, [$1], 0, 1;", "=r, l",
                              [flag_ptr], dtype=tl.int32, is_pure=False, pack=1)


@triton.jit
def cuda_utils(out_ptr):
    # triton.language.extra.cuda's utilities as kernels call them: the
    # special registers, and the launch's warps and threads as constants.
    i = tl.program_id(0)
    tl.store(out_ptr + 4 * i, tl.extra.cuda.smid())
    tl.store(out_ptr + 4 * i + 1, tl.extra.cuda.globaltimer().to(tl.int32))
    tl.static_assert(tl.extra.cuda.num_threads() == 32 * tl.extra.cuda.num_warps())
    offs = tl.arange(0, tl.extra.cuda.num_threads())
    tl.store(out_ptr + 4 * i + 2 + offs, offs * tl.extra.cuda.num_warps(), mask=offs < 2)
