"""`import triton` in a child interpreter of a `python -m trident` process.

The drop-in puts this directory on PYTHONPATH (and on sys.path, which some
launchers pass on as PYTHONPATH, as TorchInductor's compile workers do), so
Python processes the script starts -- compile workers, multiprocessing's
spawned children, `subprocess.run([sys.executable, ...])` -- find this
package before an installed Triton and run on Trident too. It installs the
drop-in in that process and hands the import over to it."""

import importlib
import sys

from trident._dropin import install

install()  # also drops this half-imported module from sys.modules
sys.modules[__name__] = importlib.import_module(__name__)
