"""Launch arguments checked as Triton checks them (reliability II): an
integer from 2^63 is a u64 argument, one past 64 bits is refused naming
the argument; numpy scalars count as Python scalars for constexprs; a grid
takes integers; a malformed __array_interface__ is named."""
import numpy as np
import pytest

import trident as triton
import trident.language as tl


@triton.jit
def store_n(out_ptr, n):
    tl.store(out_ptr, n)


@triton.jit
def fill(out_ptr, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    tl.store(out_ptr + i, i)


def test_an_integer_from_2_63_is_u64():
    out = np.zeros(1, np.uint64)
    store_n[(1,)](out, 2 ** 63 + 5)
    assert int(out[0]) == 2 ** 63 + 5
    store_n[(1,)](out, 2 ** 64 - 1)
    assert int(out[0]) == 2 ** 64 - 1


def test_an_integer_past_64_bits_names_the_argument():
    out = np.zeros(1, np.uint64)
    with pytest.raises(OverflowError, match=r"kernel 'store_n': argument 'n' = 18446744073709551616 does not fit in 64 bits"):
        store_n[(1,)](out, 2 ** 64)
    with pytest.raises(OverflowError, match=r"argument 'n' = -9223372036854775809"):
        store_n[(1,)](out, -(2 ** 63) - 1)
    with pytest.raises(OverflowError, match=r"argument 'n' = 36893488147419103232"):
        store_n.warmup(out, 2 ** 65, grid=(1,))


def test_numpy_scalars_are_constexpr_values():
    out = np.zeros(16, np.int32)
    fill[(1,)](out, BLOCK=np.int32(16))
    assert (out == np.arange(16)).all()
    out[:] = 0
    fill[(1,)](out, BLOCK=np.int64(16))
    assert (out == np.arange(16)).all()


@pytest.mark.parametrize("grid", [(0.5,), (1, 2.0), (np.float32(1),)])
def test_a_grid_takes_integers(grid):
    out = np.zeros(16, np.int32)
    with pytest.raises(TypeError, match="a grid counts programs, it takes integers"):
        fill[grid](out, BLOCK=16)


def test_numpy_integers_are_a_grid():
    out = np.zeros(16, np.int32)
    fill[(np.int64(1),)](out, BLOCK=16)
    assert (out == np.arange(16)).all()


class _Malformed:
    __array_interface__ = {"shape": (16,)}


def test_a_malformed_array_interface_is_named():
    with pytest.raises(TypeError, match="malformed __array_interface__ \\(no 'typestr'\\)"):
        fill[(1,)](_Malformed(), BLOCK=16)
