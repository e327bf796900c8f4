"""A read-only array (np.broadcast_to, writeable=False) may be a kernel's
input, and is refused where the kernel writes (the compiler's x.writes)."""
import numpy as np
import pytest

import kernels as K


def test_read_only_output_is_refused():
    x = np.arange(8, dtype=np.float32)
    out = np.broadcast_to(np.float32(0), (8,))  # zero strides, read-only
    with pytest.raises(ValueError, match=r"argument 'out_ptr' of 'add_kernel' is read-only"):
        K.add_kernel[(1,)](x, x, out, 8, BLOCK_SIZE=8)
    frozen = np.zeros(8, np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="out_ptr"):
        K.add_kernel[(1,)](x, x, frozen, 8, BLOCK_SIZE=8)
    assert (frozen == 0).all()


def test_read_only_inputs_are_fine():
    x = np.full(8, 2, np.float32)
    y = np.arange(8, dtype=np.float32)
    x.flags.writeable = False
    y.flags.writeable = False
    out = np.zeros(8, np.float32)
    K.add_kernel[(1,)](x, y, out, 8, BLOCK_SIZE=8)
    np.testing.assert_array_equal(out, y + 2)
