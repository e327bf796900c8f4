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


def test_the_compiler_takes_its_version_from_the_package():
    # The compiler's constant is generated from _version.py when the build
    # is configured (frontend/CMakeLists.txt): no C++ source writes it.
    import os
    import subprocess
    root = os.path.join(HERE, "..", "..", "..")
    r = subprocess.run(["git", "grep", "-n", "-F", '"' + trident.__version__ + '"', "--",
                        "*.cpp", "*.h", "*.td", "*.txt", "*.cmake"],
                       cwd=root, capture_output=True, text=True)
    assert r.returncode in (0, 1), r.stderr
    assert r.stdout == "", "the Triton version written in C++/CMake:\n" + r.stdout


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
