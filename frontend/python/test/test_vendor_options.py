"""Launch options of one vendor's backend on other targets (tutorial 03
passes AMD's waves_per_eu in its configs wherever it does not find CUDA)."""
import warnings

import numpy as np
import pytest

import trident as triton
import sys

import trident._specialize  # noqa: F401
tj = sys.modules["trident._specialize"]
import kernels as K


def test_amd_options_are_ignored_on_cpu_with_one_warning():
    tj._noted_options.clear()
    x = np.arange(8, dtype=np.float32)
    out = np.zeros(8, np.float32)
    with pytest.warns(UserWarning, match="'waves_per_eu'.*ignored by the cpu target"):
        K.add_kernel[(1,)](x, x, out, 8, BLOCK_SIZE=8, waves_per_eu=2)
    np.testing.assert_array_equal(out, 2 * x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once per option: no second warning
        K.add_kernel[(1,)](x, x, out, 8, BLOCK_SIZE=8, waves_per_eu=3)
    with pytest.warns(UserWarning, match="'matrix_instr_nonkdim'"):
        K.add_kernel[(1,)](x, x, out, 8, BLOCK_SIZE=8, matrix_instr_nonkdim=16)


def test_autotune_configs_written_for_amd_run_on_cpu():
    tj._noted_options.clear()

    @triton.autotune(configs=[
        triton.Config({"BLOCK": 16, "waves_per_eu": 2}, num_warps=4, num_stages=2),
        triton.Config({"BLOCK": 32, "waves_per_eu": 3, "kpack": 2}, num_warps=8, num_stages=2),
    ], key=["n"])
    @triton.jit
    def tuned_copy(x_ptr, out_ptr, n, BLOCK: triton.language.constexpr):
        tl = triton.language
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)

    x = np.arange(100, dtype=np.float32)
    out = np.zeros(100, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tuned_copy[lambda meta: (triton.cdiv(100, meta["BLOCK"]),)](x, out, 100)
    np.testing.assert_array_equal(out, x)


def test_options_no_backend_has_are_still_refused():
    x = np.zeros(8, np.float32)
    with pytest.raises(TypeError, match="unexpected keyword argument 'wave_per_eu'"):
        K.add_kernel[(1,)](x, x, x, 8, BLOCK_SIZE=8, wave_per_eu=2)
