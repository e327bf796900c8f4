"""pytest setup: the package from this checkout, the libraries from the
build (TRIDENT_LIB_DIR, set by ctest), a private cache directory."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory):
    os.environ["TRIDENT_CACHE_DIR"] = str(tmp_path_factory.mktemp("trident-cache"))
    os.environ.pop("TRIDENT_AUTOTUNE", None)
    yield


def run_script(path, *args, env=None, dropin=True):
    """Runs `path` in a fresh interpreter (through the drop-in by default)."""
    import subprocess
    e = dict(os.environ)
    e["PYTHONPATH"] = os.path.dirname(HERE) + os.pathsep + e.get("PYTHONPATH", "")
    e.update(env or {})
    cmd = [sys.executable] + (["-m", "trident"] if dropin else []) + [str(path), *args]
    return subprocess.run(cmd, env=e, capture_output=True, text=True, timeout=600)
