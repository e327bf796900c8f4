"""triton.autotune on the cpu backend: the choice, its hooks, and its
persistence across processes."""
import json

import numpy as np
import pytest

import trident as triton
import trident.language as tl
import kernels as K
from conftest import HERE, run_script


def test_autotune_persists_across_processes(tmp_path):
    env = {"TRIDENT_CACHE_DIR": str(tmp_path)}
    first = run_script(f"{HERE}/tune_script.py", "1000", env=env)
    assert first.returncode == 0, first.stderr
    a = json.loads(first.stdout.strip().splitlines()[-1])
    assert a["benchmarked"] and a["runs"] > 3
    second = run_script(f"{HERE}/tune_script.py", "1000", env=env)
    assert second.returncode == 0, second.stderr
    b = json.loads(second.stdout.strip().splitlines()[-1])
    assert not b["benchmarked"] and b["runs"] == 1 and b["best"] == a["best"]
    # Another key value is tuned again; TRIDENT_AUTOTUNE=always re-tunes.
    third = run_script(f"{HERE}/tune_script.py", "2000", env=env)
    assert json.loads(third.stdout.strip().splitlines()[-1])["benchmarked"]
    always = run_script(f"{HERE}/tune_script.py", "1000",
                        env=dict(env, TRIDENT_AUTOTUNE="always"))
    assert json.loads(always.stdout.strip().splitlines()[-1])["benchmarked"]
    off = run_script(f"{HERE}/tune_script.py", "1000", env=dict(env, TRIDENT_AUTOTUNE="off"))
    o = json.loads(off.stdout.strip().splitlines()[-1])
    assert not o["benchmarked"] and o["best"] == {"BLOCK": 64}
    assert len(list((tmp_path / "autotune").glob("tuned_add-*.json"))) == 2


def test_reset_to_zero_and_restore_value():
    sum_tuned = triton.autotune(
        configs=[triton.Config({"BLOCK": 32}), triton.Config({"BLOCK": 64})],
        key=["n"], reset_to_zero=["total_ptr"], warmup=1, rep=2)(K.atomic_sum_kernel)
    x = np.ones(1000, np.float32)
    total = np.zeros(1, np.float32)
    sum_tuned[lambda m: (triton.cdiv(1000, m["BLOCK"]),)](x, total, 1000)
    assert sum_tuned.configs_timings is not None
    assert total[0] == 1000.0  # zeroed before each benchmarked run and the final one

    inc_tuned = triton.autotune(
        configs=[triton.Config({"BLOCK": 32}), triton.Config({"BLOCK": 128})],
        key=["n"], restore_value=["x_ptr"], warmup=1, rep=2)(K.increment_kernel)
    y = np.zeros(500, np.float32)
    inc_tuned[lambda m: (triton.cdiv(500, m["BLOCK"]),)](y, 500)
    assert (y == 1.0).all()  # benchmark runs were undone


def test_prune_configs_and_conflicts():
    seen = []

    def prune(configs, nargs, **kwargs):
        seen.append(len(configs))
        return [c for c in configs if c.kwargs["BLOCK"] >= 128]

    tuned = triton.autotune(
        configs=[triton.Config({"BLOCK": b}) for b in (32, 64, 128, 256)],
        key=["n"], prune_configs_by={"early_config_prune": prune}, warmup=1, rep=2)(
        K.increment_kernel)
    y = np.zeros(300, np.float32)
    tuned[lambda m: (triton.cdiv(300, m["BLOCK"]),)](y, 300)
    assert seen == [4] and len(tuned.configs_timings) == 2
    assert tuned.best_config.kwargs["BLOCK"] in (128, 256)
    with pytest.raises(ValueError, match="Conflicting meta-parameters: BLOCK"):
        tuned[(1,)](np.zeros(7, np.float32), 7, BLOCK=64)


def test_progress_is_reported_for_tuning_longer_than_a_second(capsys):
    import time

    def slow_bench(fn, quantiles=None):  # Triton calls do_bench(fn, quantiles=...)
        fn()
        time.sleep(0.4)
        return [1.0, 1.0, 1.0]

    tuned = triton.autotune(
        configs=[triton.Config({"BLOCK": b}) for b in (32, 64, 128, 256)],
        key=["n"], do_bench=slow_bench)(K.increment_kernel)
    y = np.zeros(100, np.float32)
    tuned[lambda m: (triton.cdiv(100, m["BLOCK"]),)](y, 100)
    err = capsys.readouterr().err
    assert "trident: autotuning increment_kernel for key (100, 'float32'): 4 configs" in err
    assert "[4/4] BLOCK: 256" in err and "done in" in err


def test_concurrent_first_launches_tune_once_and_keep_their_arguments(tmp_path, monkeypatch):
    # Eight threads launch one untuned kernel at once, each on its own
    # tensors: one tunes, the others wait for its config, and reset_to_zero
    # and the launch touch only each thread's own tensors (the shared
    # argument state gave 7 TypeErrors and one result of 238 for 1.0).
    import threading
    monkeypatch.setenv("TRIDENT_CACHE_DIR", str(tmp_path))
    tuned = triton.autotune(
        configs=[triton.Config({"BLOCK": 32}), triton.Config({"BLOCK": 64})],
        key=["n"], reset_to_zero=["total_ptr"], warmup=1, rep=2)(K.atomic_sum_kernel)
    n = 1000
    xs = [np.full(n, float(t + 1), np.float32) for t in range(8)]
    totals = [np.zeros(1, np.float32) for _ in range(8)]
    errors = []

    def worker(t):
        try:
            tuned[lambda m: (triton.cdiv(n, m["BLOCK"]),)](xs[t], totals[t], n)
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert [float(t[0]) for t in totals] == [1000.0 * (t + 1) for t in range(8)]
