# Run through `python -m trident` with an installed "Triton" (a stand-in
# package on PYTHONPATH that says so): the Python processes this script
# starts must import Trident as triton too, whether they inherit PYTHONPATH
# or are given this process's sys.path as PYTHONPATH (as TorchInductor
# starts its compile workers).
import multiprocessing
import os
import subprocess
import sys

import triton

PROBE = "import triton, triton.language; print(triton.__name__, triton.language.__name__)"


def spawned(queue):
    import triton as t
    queue.put(t.__name__)


if __name__ == "__main__":
    print("parent", triton.__name__)
    inherit = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True)
    print("inherited", inherit.stdout.strip(), inherit.stderr.strip()[-400:])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    given = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                           text=True)
    print("sys.path", given.stdout.strip(), given.stderr.strip()[-400:])
    ctx = multiprocessing.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=spawned, args=(q,))
    p.start()
    print("spawned", q.get(timeout=120))
    p.join()
