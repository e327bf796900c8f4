"""A CI-sized batch of the random kernel generator
(tools/random-kernels/random_kernels.py): each seed's kernel compiles for
cpu, cuda:90 and hip:gfx942 and is right on the cpu. Seeds that once
found a bug stay in FOUND."""
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "tools",
                                "random-kernels"))
import random_kernels as rk  # noqa: E402

TARGETS = ("cpu", "cuda:90", "hip:gfx942")
BATCH = range(0, 40)
FOUND = []  # seeds that found a bug, kept after the fix


@pytest.mark.parametrize("seed", list(BATCH) + FOUND)
def test_random_kernel(seed, tmp_path):
    why = rk.check(seed, TARGETS, workdir=str(tmp_path))
    assert why is None, why


def test_the_check_can_fail(tmp_path, monkeypatch):
    real = rk.case

    def wrong(seed):
        src, name, shape, valid, a, b, mask, want = real(seed)
        return src, name, shape, valid, a, b, mask, want + np.float32(1.0)

    monkeypatch.setattr(rk, "case", wrong)
    assert "wrong result" in (rk.check(3, ("cpu",), workdir=str(tmp_path)) or "")


def test_seeds_are_deterministic():
    assert rk.case(11)[0] == rk.case(11)[0]
    assert rk.case(11)[0] != rk.case(12)[0]
