# A module bound at import time by a function of the package (FlagGems'
# `tl_extra_shim = backend.get_tl_extra_backend_module()`): a static
# reader cannot run that function. tridentc says which name, where it is
# bound and what to do; under Python the package hands the compiler the
# interpreter's module (frontend/python/test/test_module_facts.py).
# RUN: not tridentc %S/Inputs/shimpkg/ops.py --kernel rsqrt_kernel --signature '*fp32, *fp32, i32, 64' --target cpu -o /dev/null 2>&1 | FileCheck %s
# CHECK: ops.py:14:30: error: module-level 'tl_extra_shim' (line 6) cannot be evaluated: 'get_tl_extra_backend_module' (backend.py:4) is a host function; Trident does not run host code
# CHECK-SAME: (it depends on tl_extra_shim: launched through the trident Python package, or `python -m trident`, the interpreter's values are used
