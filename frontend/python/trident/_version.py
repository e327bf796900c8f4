"""The two versions the package reports.

TRITON_VERSION is the Triton release whose language and host API Trident
implements. It is `triton.__version__` for host code (under the drop-in and
as `trident.__version__`), `importlib.metadata.version("triton")` under the
drop-in, and what the compiler evaluates `triton.__version__` to in a
kernel file's module-level code: this line is the one source, from which
the build generates the compiler's constant (frontend/CMakeLists.txt,
TritonVersion.h), so that host code and kernel take the same branch of a
version check.

TRIDENT_VERSION is Trident's own, as `trident.__trident_version__`: a copy
of CMakeLists.txt's project version, the one source (configuring the build
refuses a copy that differs; test_version.py checks it against the
compiler's build id).
"""

TRITON_VERSION = "3.6.0"
TRIDENT_VERSION = "0.1.0"
