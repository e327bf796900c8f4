import triton
import triton.language as tl

from ..utils import host_only, no_such_name
from ..constants import FACT
from ..missing_mod import thing
from .cyc_a import loop_fn
from .cyc_b import b_helper
from .broken import broken_helper
from .typed import outer, direct
import kpkg.ops.typed as typed_mod


@triton.jit
def k_host(x_ptr):
    tl.store(x_ptr, host_only(1.0))


@triton.jit
def k_fact(x_ptr):
    tl.store(x_ptr, FACT)


@triton.jit
def k_missing(x_ptr):
    tl.store(x_ptr, thing(1.0))


@triton.jit
def k_no_name(x_ptr):
    tl.store(x_ptr, no_such_name(1.0))


@triton.jit
def k_cycle(x_ptr):
    tl.store(x_ptr, loop_fn(1.0))


@triton.jit
def k_cycle_ok(x_ptr):
    tl.store(x_ptr, b_helper(tl.load(x_ptr)))


@triton.jit
def k_broken(x_ptr):
    tl.store(x_ptr, broken_helper(tl.load(x_ptr)))


@triton.jit
def k_nested(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 8))
    tl.store(x_ptr + tl.arange(0, 8), outer(x))


@triton.jit
def k_direct(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 8))
    tl.store(x_ptr + tl.arange(0, 8), typed_mod.direct(x))


@triton.jit
def k_no_attr(x_ptr):
    tl.store(x_ptr, typed_mod.nothing_here(1.0))
