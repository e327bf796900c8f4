"""The drop-in: `import triton` (and every `triton.*` module Trident has)
resolving to this package, so that a script written for Triton runs on
Trident unchanged. A `triton.*` module Trident does not have fails to import
with an error naming it."""

import importlib
import importlib.abc
import importlib.metadata
import importlib.util
import os
import sys

from ._version import TRITON_VERSION


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname != "triton" and not fullname.startswith("triton."):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        name = "trident" + spec.name[len("triton"):]
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith("trident"):
                raise ModuleNotFoundError(
                    f"{spec.name} is not supported by Trident (running this script "
                    f"through `python -m trident`)", name=spec.name) from None
            raise
        # Every trident module loaded so far under its triton name too: a
        # later `import triton.runtime.driver` then finds the module in
        # sys.modules, as under Triton, instead of loading it through here,
        # which would set it as its package's attribute over the name the
        # package binds there (triton.runtime.driver is the driver object).
        for loaded, mod in list(sys.modules.items()):
            if loaded == "trident" or loaded.startswith("trident."):
                sys.modules.setdefault("triton" + loaded[len("trident"):], mod)
        return module

    def exec_module(self, module):
        pass

    # importlib.metadata asks every finder on sys.meta_path for
    # distributions: under the drop-in, "triton" is Trident, at the Triton
    # version it implements (the one the compiler gives the same call in a
    # kernel file's module-level code).
    def find_distributions(self, context=importlib.metadata.DistributionFinder.Context()):
        name = context.name
        if name is None or name.replace("-", "_").lower() == "triton":
            yield _TritonDistribution()


class _TritonDistribution(importlib.metadata.Distribution):
    def read_text(self, filename):
        if filename == "METADATA":
            return (f"Metadata-Version: 2.1\nName: triton\nVersion: {TRITON_VERSION}\n"
                    f"Summary: Trident, running Triton's API (python -m trident)\n")
        return None

    def locate_file(self, path):
        return None


# A directory holding a `triton` package that installs the drop-in: on the
# path of the interpreters this one starts (_dropin_path/triton/__init__.py).
_CHILD_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_dropin_path")


def install():
    """Makes `import triton...` resolve to Trident, in this process and in
    the Python processes it starts."""
    if not any(isinstance(f, _Alias) for f in sys.meta_path):
        for name in [m for m in sys.modules if m == "triton" or m.startswith("triton.")]:
            del sys.modules[name]
        sys.meta_path.insert(0, _Alias())
    # The package that holds trident must be importable there too (an
    # installed one is: its site directory is on every interpreter's path).
    import site
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    installed = set(getattr(site, "getsitepackages", list)())
    installed.add(getattr(site, "getusersitepackages", str)())
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    wanted = [p for p in (_CHILD_PATH, here) if p not in paths and p not in installed]
    if wanted:
        os.environ["PYTHONPATH"] = os.pathsep.join(wanted + [p for p in paths if p])
    if _CHILD_PATH not in sys.path:
        # Launchers that pass sys.path on as the child's PYTHONPATH (TorchInductor's
        # compile workers) carry it too; here the meta-path alias answers first.
        sys.path.insert(0, _CHILD_PATH)


def load_file(path, name):
    """The Python file `path`, written for Triton (`import triton`), run as
    module `name` with `triton` and `triton.language` resolving to Trident
    while it imports, without installing the drop-in for the process:
    tests and benchmarks that hold Triton and Trident side by side."""
    import trident
    import trident.language
    saved = {k: sys.modules.get(k) for k in ("triton", "triton.language")}
    sys.modules["triton"], sys.modules["triton.language"] = trident, trident.language
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
