import triton
import triton.language as tl

from ..fastops import exp, div, tanh


@triton.jit
def bp_kernel(g, o, T, BT: tl.constexpr):
    i_t = tl.program_id(0)
    p_g = tl.make_block_ptr(g, (T,), (1,), (i_t * BT,), (BT,), (0,))
    b_g = tl.load(p_g, boundary_check=(0,)).to(tl.float32)
    b_o = exp(b_g) + div(b_g, 2.0) + tanh(b_g)
    p_o = tl.make_block_ptr(o, (T,), (1,), (i_t * BT,), (BT,), (0,))
    tl.store(p_o, b_o.to(p_o.dtype.element_ty), boundary_check=(0,))
