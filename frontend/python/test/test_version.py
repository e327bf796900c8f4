"""Host code and compiler see one Triton version (issue: a script sized its
buffer for one block size while the kernel wrote another)."""
import re

import trident
from conftest import HERE, run_script


def test_host_and_kernel_take_the_same_version_branch():
    r = run_script(f"{HERE}/scripts/version_branch.py")
    assert r.returncode == 0, r.stderr
    assert "version=3.6.0 metadata=3.6.0" in r.stdout, r.stdout
    assert "BLOCK=64 BLOCK_META=32" in r.stdout, r.stdout


def test_trident_keeps_its_own_version():
    assert trident.__version__ == "3.6.0"
    assert re.fullmatch(r"\d+\.\d+\.\d+", trident.__trident_version__)
    assert trident.__trident_version__ != trident.__version__


def test_compiler_evaluates_the_same_version():
    # The compiler's constant (frontend/include/trident/Frontend/Parser.h)
    # and the package's must not drift apart.
    import os
    parser = os.path.join(HERE, "..", "..", "include", "trident", "Frontend",
                          "Parser.h")
    text = open(parser).read()
    m = re.search(r'kTritonVersion = "([0-9.]+)"', text)
    assert m and m.group(1) == trident.__version__


def test_trident_version_is_the_builds():
    # Trident's version is written once, in CMakeLists.txt's project(); the
    # package's copy must be the one this build was made with.
    import os
    from trident import _native
    cmake = open(os.path.join(HERE, "..", "..", "..", "CMakeLists.txt")).read()
    m = re.search(r"project\(Trident VERSION ([0-9.]+)", cmake)
    assert m and m.group(1) == trident.__trident_version__
    build = _native.compiler().build_id
    assert build.split("+")[0] == trident.__trident_version__, build
