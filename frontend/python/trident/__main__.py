"""python -m trident SCRIPT [ARGS...]: runs a script written for Triton on
Trident, unchanged (`import triton` and `import triton.language as tl`
resolve to Trident), as `python SCRIPT ARGS...` would run it.

    python -m trident -m MODULE [ARGS...]   the same for a module
"""

import runpy
import sys

from ._dropin import install


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    install()
    if argv[0] == "-m":
        if len(argv) < 2:
            print("python -m trident -m: give a module", file=sys.stderr)
            return 2
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = argv
        import os
        sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))
        runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
