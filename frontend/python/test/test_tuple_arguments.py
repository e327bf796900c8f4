"""Tuple arguments of kernels (Triton's test_tuple.py idioms), on the cpu
backend: tuples of arrays, of scalars, nested, with None and constexpr
elements, x.shape to a constexpr parameter and x.strides to a runtime one
(a stride of 1 specialized, as an int argument is)."""
import numpy as np

import trident as triton
import trident.language as tl


@triton.jit
def _tuple_increment(values):
    return tl.tuple([v + 1 for v in values])


@triton.jit
def _tuple_store_each(Ptrs, values):
    for i in tl.static_range(len(values)):
        tl.store(Ptrs[i], values[i])


@triton.jit
def _tuple_index(_0, Ptrs, _1: tl.constexpr, values, _2, _3: tl.constexpr, _4):
    values = _tuple_increment(values)
    _tuple_store_each(Ptrs, values)


def test_tuples_of_arrays_and_of_scalars():
    for size in (0, 1, 2, 3):
        vals = tuple(i + 1 for i in range(size))
        rets = tuple(np.zeros(1, np.float32) for _ in vals)
        _tuple_index[(1,)](0, rets, 0, vals, 0, 0, 0)
        assert vals == tuple(int(r[0]) - 1 for r in rets)


@triton.jit
def _tuple_assign(XPtrs, YPtrs, values):
    X0, X1 = XPtrs
    x0, x1, _ = values
    tl.store(X0, x0)
    tl.store(X1, x1)
    Y0, Y1, Y2 = YPtrs
    Y = Y0, Y1, Y2
    y = x0, 10, x1
    tl.store(Y[0], y[0])
    tl.store(Y[1], y[1])
    tl.store(Y[2], y[2])


def test_unpacking_tuple_arguments():
    vals = (2., 3., None)
    x = tuple(np.zeros(1, np.float32) for _ in range(2))
    y = tuple(np.zeros(1, np.float32) for _ in range(3))
    _tuple_assign[(1,)](x, y, vals)
    assert (x[0][0], x[1][0]) == (2., 3.)
    assert (y[0][0], y[1][0], y[2][0]) == (2., 10., 3.)


@triton.jit
def _tuple_fn0(Ptr, cst2: tl.constexpr, tuple1):
    tl.static_assert(tuple1[1] is None)
    tl.store(Ptr + 5, cst2)
    tl.store(Ptr + 6, tuple1[0])
    tl.store(Ptr + 7, tl.load(tuple1[2][0]))
    tl.store(Ptr + 8, tuple1[2][1][0])
    tl.store(Ptr + 9, tl.load(tuple1[2][1][2]))


@triton.jit
def _tuple_serialize(Ptr, N1, tuple1, cst1: tl.constexpr, val1, tuple2):
    tl.static_assert(N1 is None)
    tl.static_assert(tuple1[1][1] is None)
    tl.static_assert(tuple1[1][3] == 4)
    tl.store(Ptr + 0, tl.load(tuple1[0]))
    tl.store(Ptr + 1, tuple1[1][0])
    tl.store(Ptr + 2, tl.load(tuple1[1][2]))
    tl.store(Ptr + 3, cst1 + val1)
    tl.store(Ptr + 4, tl.load(tuple2[0]))
    _tuple_fn0(Ptr, 15, (-1, None, tuple1))


def test_nested_tuples_with_none_and_constexpr_elements():
    x0 = np.array([8], np.int32)
    x1 = np.array([12], np.int32)
    y0 = np.array([10], np.int32)
    z = np.full(10, -99, np.int32)
    _tuple_serialize[(1,)](z, None, (x0, (1, None, x1, tl.constexpr(4))), 20, 1, (y0,))
    np.testing.assert_array_equal(z, [8, 1, 12, 21, 10, 15, -1, 8, 1, 12])


@triton.jit
def _m_to_the_n(X, shape: tl.constexpr, strides, m_n):
    Xs = X + tl.arange(0, shape[0])[:, None] * strides[0] + \
        tl.arange(0, shape[1])[None, :] * strides[1]
    data = tl.load(Xs)
    for i in tl.range(0, m_n[1]):
        data = m_n[0] * data
    tl.store(Xs, data)


def test_shape_to_a_constexpr_and_strides_to_a_runtime_tuple():
    x = np.arange(64, dtype=np.int64).reshape(8, 8)
    want = 8 * x
    strides = tuple(s // x.itemsize for s in x.strides)
    _m_to_the_n[(1,)](x, x.shape, strides, (2, 3))
    np.testing.assert_array_equal(x, want)
    # A transposed view: the strides are no longer (8, 1), a new kernel.
    xt = np.arange(64, dtype=np.int64).reshape(8, 8)
    view = xt.T
    _m_to_the_n[(1,)](view, view.shape, tuple(s // 8 for s in view.strides), (3, 1))
    np.testing.assert_array_equal(xt, 3 * np.arange(64).reshape(8, 8))


def test_a_tuple_leaf_that_does_not_fit_is_named():
    x = np.zeros(4, np.int64)
    try:
        _m_to_the_n[(1,)](x.reshape(2, 2), (2, 2), (2, 1), (2 ** 70, 1))
    except (TypeError, OverflowError) as e:
        assert "m_n" in str(e)
    else:
        raise AssertionError("a 2**70 tuple element was accepted")
