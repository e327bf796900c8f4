# Like flag_gems' triton_lang_extension: tl functions with a twist.
import triton
import triton.language as tl


@triton.jit
def program_id(axis: tl.constexpr):
    return tl.program_id(axis).to(tl.int64)


@triton.jit
def num_programs(axis: tl.constexpr):
    return tl.num_programs(axis).to(tl.int64)
