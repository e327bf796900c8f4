"""A failing tl.device_assert on the cpu is a Python exception naming the
assertion (not SIGABRT of the interpreter)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import trident as triton
import trident.language as tl
from conftest import HERE


@triton.jit(debug=True)
def checked_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.device_assert(x >= 0, "x must not be negative")
    tl.store(x_ptr + offs, x + 1, mask=offs < n)


def test_failing_assert_raises_with_file_line_and_message():
    x = np.arange(64, dtype=np.int32)
    x[37] = -1
    with pytest.raises(AssertionError) as e:
        checked_kernel[(4,)](x, 64, BLOCK=16)
    text = str(e.value)
    assert "test_device_assert.py:19" in text, text
    assert "x must not be negative" in text
    assert "pid (2, 0, 0)" in text
    assert isinstance(e.value, triton.TridentError)


def test_passing_assert_and_the_process_goes_on():
    x = np.arange(64, dtype=np.int32)
    checked_kernel[(4,)](x, 64, BLOCK=16)
    np.testing.assert_array_equal(x, np.arange(64) + 1)
    # after a failure the runtime still launches
    x[3] = -5
    with pytest.raises(AssertionError):
        checked_kernel[(4,)](x, 64, BLOCK=16)
    x[3] = 0
    checked_kernel[(4,)](x, 64, BLOCK=16)


def test_finally_and_atexit_run_after_a_failed_assert(tmp_path):
    script = tmp_path / "assert_script.py"
    script.write_text(
        "import atexit, numpy as np\n"
        "import trident as triton\nimport trident.language as tl\n"
        "atexit.register(lambda: print('atexit ran'))\n"
        "@triton.jit(debug=True)\n"
        "def k(x_ptr):\n"
        "    tl.device_assert(tl.load(x_ptr) > 0, 'positive')\n"
        "try:\n"
        "    k[(1,)](np.zeros(1, np.int32))\n"
        "except AssertionError as e:\n"
        "    print('caught:', e)\n"
        "finally:\n"
        "    print('finally ran')\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(HERE) + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "caught:" in r.stdout and "assert_script.py:7" in r.stdout, r.stdout
    assert "positive" in r.stdout
    assert "finally ran" in r.stdout and "atexit ran" in r.stdout
