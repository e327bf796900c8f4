"""Files the package reads that are not what they should be (reliability
II): cache entries replaced by a FIFO, a device or a link; an autotuning
cache of valid JSON of the wrong shape; a kernel file in another
encoding."""
import json
import os
import threading

import numpy as np
import pytest

import trident as triton
from trident import _bundles
from trident.runtime.autotuner import Autotuner
from trident.compiler import CompilationError
import kernels as K
from conftest import run_script


REQUEST = ("source", "k", "*fp32", "cpu", {"num_warps": 4}, False, ())


def _entry(tmp_path, monkeypatch, suffix):
    monkeypatch.setenv("TRIDENT_CACHE_DIR", str(tmp_path))
    d = _bundles.directory()
    os.makedirs(d, exist_ok=True)
    return os.path.join(d, _bundles._key(REQUEST) + suffix)


def _returns_soon(fn, seconds=10):
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("value", fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "hung"
    return out.get("value")


@pytest.mark.parametrize("suffix", [".json", ".bundle"])
def test_a_fifo_in_the_bundle_cache_is_no_entry(tmp_path, monkeypatch, suffix):
    path = _entry(tmp_path, monkeypatch, suffix)
    os.mkfifo(path)
    assert _returns_soon(lambda: _bundles.load(REQUEST)) is None
    # Storing over it neither hangs nor fails the launch that stores.
    _returns_soon(lambda: _bundles.store(REQUEST, b"bundle", "meta", "build"))


def test_an_entry_linked_to_dev_zero_is_no_entry(tmp_path, monkeypatch):
    path = _entry(tmp_path, monkeypatch, ".json")
    os.symlink("/dev/zero", path)
    assert _returns_soon(lambda: _bundles.load(REQUEST)) is None


def test_an_oversized_entry_is_no_entry(tmp_path, monkeypatch):
    path = _entry(tmp_path, monkeypatch, ".bundle")
    with open(_entry(tmp_path, monkeypatch, ".json"), "w") as f:
        json.dump({"metadata": "m", "build": "b"}, f)
    with open(path, "wb") as f:
        f.truncate((256 << 20) + 1)
    assert _bundles.load(REQUEST) is None


def test_read_regular_reads_a_regular_file(tmp_path):
    p = tmp_path / "x"
    p.write_bytes(b"abc" * 1000)
    assert _bundles.read_regular(str(p)) == b"abc" * 1000


@pytest.mark.parametrize("text", ["[1, 2]", "\"config\"", "3", "null",
                                  "[" * 100000 + "]" * 100000, "{not json"])
def test_an_autotune_cache_of_the_wrong_shape_is_rebuilt(tmp_path, capsys, text):
    path = tmp_path / "entry.json"
    path.write_text(text)
    tuner = Autotuner.__new__(Autotuner)
    tuner.configs = [triton.Config({"BLOCK": 64})]
    assert tuner._load(str(path)) is None
    err = capsys.readouterr().err
    assert err.count("trident: warning: ignoring the autotuning cache") == 1


def test_a_missing_autotune_cache_is_silent(tmp_path, capsys):
    tuner = Autotuner.__new__(Autotuner)
    tuner.configs = []
    assert tuner._load(str(tmp_path / "none.json")) is None
    assert capsys.readouterr().err == ""


KERNEL = '''{cookie}import triton
import triton.language as tl

# caf\xe9
@triton.jit
def copy(src, dst, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    tl.store(dst + i, tl.load(src + i, mask=i < n), mask=i < n)

import numpy as np
x = np.arange(8, dtype=np.float32)
y = np.zeros(8, np.float32)
copy[(1,)](x, y, 8, BLOCK=8)
print("same" if (x == y).all() else "different")
'''


def test_a_declared_encoding_is_honoured(tmp_path):
    path = tmp_path / "latin1_declared.py"
    path.write_bytes(KERNEL.format(cookie="# -*- coding: latin-1 -*-\n").encode("latin-1"))
    r = run_script(path)
    assert r.returncode == 0, r.stderr
    assert "same" in r.stdout


def test_jit_source_text_names_an_undecodable_file(tmp_path):
    # A kernel file that is neither UTF-8 nor declares its encoding (Python
    # imported it from a .pyc, or it changed since): a CompilationError
    # naming the file, not a bare UnicodeDecodeError.
    src = K.add_kernel
    saved = src.path
    try:
        bad = tmp_path / "bad.py"
        bad.write_bytes(b"# caf\xe9\n" + open(saved, "rb").read())
        src.path = str(bad)
        with pytest.raises(CompilationError, match="bad.py: the kernel's source file is not text Python can read"):
            src._source_text()
    finally:
        src.path = saved
