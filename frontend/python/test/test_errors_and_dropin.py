"""Errors a user gets from the Python face, and the drop-in."""
import numpy as np
import pytest

import trident as triton
import trident.language as tl
import kernels as K
from conftest import HERE, run_script


def test_dropin_runs_a_triton_script_unchanged():
    r = run_script(f"{HERE}/triton_style_script.py")
    assert r.returncode == 0, r.stderr
    assert "target=cpu" in r.stdout


def test_compile_error_is_located_in_the_users_file():
    r = run_script(f"{HERE}/bad_script.py")
    assert r.returncode != 0
    assert "CompilationError" in r.stderr
    assert "bad_script.py:9:28: error:" in r.stderr, r.stderr
    assert "undefined_name" in r.stderr
    # the source line and a caret under the name
    lines = r.stderr.splitlines()
    i = next(k for k, l in enumerate(lines) if "bad_script.py:9:28" in l)
    assert lines[i + 1].strip().startswith("tl.store(x_ptr + offs, undefined_name")
    assert lines[i + 2].index("^") == lines[i + 1].index("undefined_name")


def test_compilation_error_in_process():
    @triton.jit
    def typo_kernel(x_ptr):
        tl.store(x_ptr, tl.nonexistent_function(1))

    with pytest.raises(triton.CompilationError) as e:
        typo_kernel[(1,)](np.zeros(1, np.float32))
    assert "test_errors_and_dropin.py:" in str(e.value)
    assert "nonexistent_function" in str(e.value) and "^" in str(e.value)


def test_binding_errors_name_the_kernel():
    x = np.zeros(8, np.float32)
    with pytest.raises(TypeError, match="add_kernel"):
        K.add_kernel[(1,)](x, x, x)  # missing arguments
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        K.add_kernel[(1,)](x, x, x, 8, BLOCK_SIZE=8, bogus=1)
    with pytest.raises(NotImplementedError, match="instrumentation_mode"):
        K.add_kernel[(1,)](x, x, x, 8, BLOCK_SIZE=8, instrumentation_mode="fpsan")
    with pytest.raises(TypeError, match="neither a tensor"):
        K.add_kernel[(1,)](x, "not a tensor", x, 8, BLOCK_SIZE=8)
    with pytest.raises(RuntimeError, match=r"launch it with add_kernel\[grid\]"):
        K.add_kernel(x, x, x, 8, BLOCK_SIZE=8)
    with pytest.raises(RuntimeError, match="can only be called inside a @triton.jit function"):
        tl.load(x)


def test_launch_errors_come_from_the_runtime():
    x = np.zeros(8, np.float32)
    with pytest.raises(ValueError, match=r"grid x = 8589934592 is out of range"):
        K.add_kernel[(2 ** 33,)](x, x, x, 8, BLOCK_SIZE=8)
    # The runtime's own checks arrive as TridentError, naming the argument.
    k = K.add_kernel.warmup(x, x, x, 8, BLOCK_SIZE=8, grid=(1,))
    with pytest.raises(triton.TridentError, match=r"argument 3 'n_elements'.*does not fit"):
        k[(1,)](x, x, x, 2 ** 40, 8)
    with pytest.raises(ValueError, match="1 to 3 dimensions"):
        K.add_kernel[(1, 1, 1, 1)](x, x, x, 8, BLOCK_SIZE=8)


def test_unsupported_triton_modules_name_themselves(tmp_path):
    script = tmp_path / "uses_tools.py"
    script.write_text("import triton\nimport triton.experimental.gluon\n")
    r = run_script(script)
    assert r.returncode != 0
    assert "triton.experimental is not supported by Trident" in r.stderr


def test_precompiled_bundles_serve_without_the_compiler(tmp_path):
    env = {"TRIDENT_CACHE_DIR": str(tmp_path / "cache")}
    first = run_script(f"{HERE}/triton_style_script.py", env=env)
    assert first.returncode == 0, first.stderr
    assert list((tmp_path / "cache" / "python").glob("*.bundle"))
    # Where the compiler cannot be loaded, the bundle left there serves.
    off = run_script(f"{HERE}/triton_style_script.py", env=dict(env, TRIDENT_COMPILER="off"))
    assert off.returncode == 0, off.stderr
    assert "max_err=" in off.stdout
    # Without one, the error says what was needed and where it looked.
    fresh = run_script(f"{HERE}/triton_style_script.py",
                       env={"TRIDENT_CACHE_DIR": str(tmp_path / "empty"), "TRIDENT_COMPILER": "off"})
    assert fresh.returncode != 0
    assert "kernel 'softmax_kernel'" in fresh.stderr and "needs compiling" in fresh.stderr
    assert str(tmp_path / "empty" / "python") in fresh.stderr
