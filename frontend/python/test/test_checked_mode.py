"""The cpu backend's checked mode (debug=True or TRIDENT_CPU_CHECKED=1): an
out-of-bounds access is an exception naming file:line, the program, the
access and the address, not a segfault or silently corrupted memory."""
import os
import subprocess
import sys

import numpy as np
import pytest

import trident as triton
import trident.language as tl
from conftest import HERE


@triton.jit(debug=True)
def copy_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, x, mask=offs < n)


@triton.jit(debug=True)
def unmasked_store(out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs)


def test_in_bounds_and_masked_accesses_pass():
    x = np.arange(100, dtype=np.float32)
    out = np.zeros(100, np.float32)
    copy_kernel[(4,)](x, out, 100, BLOCK=32)  # lanes 100..127 masked off
    np.testing.assert_array_equal(out, x)


def test_an_unmasked_store_past_the_end_is_located():
    memory = np.zeros(64 + 1024, np.int32)
    out = memory[:64].copy()  # its own 64 elements; what follows is not its
    with pytest.raises(triton.OutOfBoundsAccess) as e:
        unmasked_store[(3,)](out, BLOCK=32)  # program 2 writes 64..95
    text = str(e.value)
    assert "test_checked_mode.py:26" in text, text
    assert "out-of-bounds store of 4 bytes" in text and "pid (2, 0, 0)" in text
    assert isinstance(e.value, IndexError)


def test_reads_past_the_end_are_caught_too():
    x = np.arange(64, dtype=np.float32)
    out = np.zeros(128, np.float32)
    with pytest.raises(triton.OutOfBoundsAccess, match="out-of-bounds load"):
        copy_kernel[(4,)](x, out, 128, BLOCK=32)  # x has 64 elements, n says 128


def test_checked_mode_from_the_environment(tmp_path):
    script = tmp_path / "oob_script.py"
    script.write_text(
        "import numpy as np, trident as triton, trident.language as tl\n"
        "@triton.jit\n"
        "def k(out_ptr):\n"
        "    tl.store(out_ptr + tl.arange(0, 16), 1.0)\n"
        "try:\n"
        "    k[(1,)](np.zeros(8, np.float32))\n"
        "except triton.OutOfBoundsAccess as e:\n"
        "    print('caught', e)\n")
    env = dict(os.environ, TRIDENT_CPU_CHECKED="1")
    env["PYTHONPATH"] = os.path.dirname(HERE) + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "oob_script.py:4" in r.stdout and "out-of-bounds store" in r.stdout, r.stdout
