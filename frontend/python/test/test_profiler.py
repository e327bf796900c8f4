"""triton.profiler (proton) and triton.knobs' launch hooks, as Triton's
persistent-matmul tutorial (09) uses them: a session with hook="triton",
kernels whose launch_metadata gives flops, scopes with metrics,
activate/deactivate, finalize writing NAME.hatchet, and the viewer's
derived metrics. On the cpu backend (the host clock times)."""
import os

import numpy as np

import trident as triton
import trident.language as tl
import trident.profiler as proton
import trident.profiler.viewer as viewer
from trident import knobs


def _flops(grid, kernel, args):
    return {"name": f"{kernel.name} [n={args['n']}]", "flops32": 2.0 * args["n"],
            "bytes": 12 * args["n"]}


@triton.jit(launch_metadata=_flops)
def axpy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, 2.0 * tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m),
             mask=m)


def test_hooks_see_each_launch_with_its_metadata():
    seen = []
    x, y = np.ones(1000, np.float32), np.zeros(1000, np.float32)
    knobs.runtime.launch_enter_hook = lambda md: seen.append(("enter", md.get()["name"]))
    knobs.runtime.launch_exit_hook = lambda md: seen.append(("exit", md.get()["flops32"]))
    try:
        axpy[(4,)](x, y, 1000, BLOCK=256)
        axpy[lambda meta: (triton.cdiv(meta["n"], meta["BLOCK"]),)](x, y, 1000, BLOCK=256)
    finally:
        knobs.runtime.launch_enter_hook = knobs.runtime.launch_exit_hook = None
    assert seen == [("enter", "axpy [n=1000]"), ("exit", 2000.0)] * 2
    np.testing.assert_array_equal(y, np.full(1000, 4.0, np.float32))
    axpy[(4,)](x, y, 1000, BLOCK=256)  # hooks gone: the fast path again
    assert len(seen) == 4


def test_session_tree_and_viewer(tmp_path, capsys):
    os.chdir(tmp_path)
    x, y = np.ones(4096, np.float32), np.zeros(4096, np.float32)
    sid = proton.start("run", hook="triton")
    proton.deactivate(sid)
    axpy[(16,)](x, y, 4096, BLOCK=256)  # not recorded: inactive
    proton.activate(sid)
    for _ in range(3):
        with proton.scope("outer", {"bytes": 10}):
            axpy[(16,)](x, y, 4096, BLOCK=256)
    with proton.scope("host work", {"flops32": 1e6}):
        sum(range(1000))
    proton.deactivate(sid)
    proton.finalize()
    assert knobs.runtime.launch_enter_hook is None
    tree, metrics = viewer.parse(["time/ms", "tflop32/s", "count"], "run.hatchet")
    kids = {c["frame"]["name"]: c for c in tree["children"]}
    assert set(kids) == {"outer", "host work"}
    outer = kids["outer"]
    kernel = outer["children"][0]
    assert kernel["frame"]["name"] == "axpy [n=4096]"
    assert kernel["metrics"]["count"] == 3 and kernel["metrics"]["flops32"] == 3 * 8192.0
    assert outer["metrics"]["bytes"] == 3 * 10 + 3 * 12 * 4096
    # The scope's time is its kernels' (each timed once), and the root's is
    # everything's.
    assert outer["metrics"]["time (ns)"] == kernel["metrics"]["time (ns)"] > 0
    assert tree["metrics"]["time (ns)"] == outer["metrics"]["time (ns)"] + \
        kids["host work"]["metrics"]["time (ns)"]
    assert kernel["derived"]["tflop32/s"] > 0
    viewer.print_tree(tree, metrics)
    out = capsys.readouterr().out
    assert "axpy [n=4096]" in out and "└─" in out


def test_unsupported_options_are_named():
    import pytest
    with pytest.raises(NotImplementedError, match="mode='pcsampling'"):
        proton.start("x", mode="pcsampling")
