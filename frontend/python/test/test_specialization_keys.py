"""Specialization keys as Triton 3.6 computes them (constexprs, annotated
scalars, numpy scalars, do_not_specialize, 0-d arrays), and what decides
which compiled kernel a launch takes (concurrent launches, autotuner
warmup, kernels defined in blocks)."""
import threading

import numpy as np
import pytest

import trident as triton
import trident.language as tl
import review_kernels as R
import kernels as K
from conftest import HERE, run_script


def test_concurrent_launches_keep_their_own_arguments():
    outs = [np.zeros(256, np.float32) for _ in range(4)]
    R.fill_kernel[(1,)](outs[0], 0.0, 256, BLOCK=256)  # compile once
    errors = []

    def worker(t):
        try:
            for i in range(300):
                outs[t][:] = -1
                R.fill_kernel[(1,)](outs[t], float(t), 256, BLOCK=256)
                if not (outs[t] == t).all():
                    errors.append((t, i))
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []


def test_constexprs_1_1_0_and_true_are_different_kernels():
    a = np.zeros(4, np.float64)
    R.scaled_int_kernel[(1,)](a, C=2.0)
    b = np.zeros(4, np.float64)
    R.scaled_int_kernel[(1,)](b, C=2)
    assert a[0] == float(np.float32(16777217)) * 2  # the float product, rounded to fp32 first
    assert b[0] == 33554434  # the int32 product
    assert len(R.scaled_int_kernel.cache) == 2


def test_annotated_scalar_types_are_kept():
    out = np.zeros(1, np.int64)
    R.wide_kernel[(1,)](out, 10000)
    assert out[0] == 10_000_000_000  # i64 arithmetic, as annotated
    assert next(iter(R.wide_kernel.cache))[0][1] == "i64:16"


def test_parameters_named_like_builtins():
    out = np.zeros(8, np.int32)
    for _ in range(2):
        R.odd_names_kernel[(1,)](out, 4, 2, BLOCK=8, num_warps=2)
    assert (out == 42).all()


def test_numpy_scalars_are_scalars():
    out = np.zeros(64, np.float32)
    R.fill_kernel[(1,)](out, np.float32(2.5), np.int32(64), BLOCK=64)
    assert (out == 2.5).all()


def test_do_not_specialize_drops_value_and_alignment():
    x = np.zeros(64, np.float32)
    R.dns_kernel[(1,)](x, 16, BLOCK=64)
    key = next(iter(R.dns_kernel.cache))[0]
    assert key[0] == ("*fp32", "array") and key[1] == "i32"
    assert (x[:16] == 1).all() and (x[16:] == 0).all()


def test_autotuner_warmup_and_none_arguments():
    tuned = triton.autotune(configs=[triton.Config({"BLOCK": 32}), triton.Config({"BLOCK": 64})],
                            key=["n"], reset_to_zero=["other_ptr"], restore_value=["other_ptr"],
                            warmup=1, rep=2)(R.maybe_zero_kernel)
    x = np.zeros(100, np.float32)
    compiled = tuned.warmup(x, None, 100, grid=(1,))
    assert len(compiled) == 2
    tuned[lambda m: (triton.cdiv(100, m["BLOCK"]),)](x, None, 100)
    assert tuned.configs_timings is not None and (x >= 1).all()


def test_kernels_in_blocks_are_lifted():
    r = run_script(f"{HERE}/guarded_script.py")
    assert r.returncode == 0, r.stderr
    assert "guarded 6.0" in r.stdout


def test_host_constexpr_arithmetic():
    B = tl.constexpr(128)
    assert triton.cdiv(1000, B) == 8 and B < 256 and B * 2 == 256 and -B == -128


def test_zero_dimensional_arrays_stay_tensors():
    out = np.zeros((), np.float32)  # a 0-d array is a pointer, not a scalar
    R.fill_kernel[(1,)](out, 7.0, 1, BLOCK=16)
    assert float(out) == 7.0
