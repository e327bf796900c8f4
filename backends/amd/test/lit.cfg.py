# lit configuration of the AMD backend's tests: its stages on kernel files
# through tridentc, the code objects through llvm-readobj and llvm-objdump.
# The feature `device-libs` says whether the ROCm device libraries are
# installed (kernels that call ocml or ockl need them). Shared setup:
# cmake/lit/trident_lit.py.
import os

import trident_lit

trident_lit.configure(
    config, "trident-amd-backend", [".mlir", ".test"],
    passthrough=["ROCM_PATH", "TRIDENT_ROCM_DEVICE_LIBS", "TRIDENT_LLD"])
for d in [os.environ.get("TRIDENT_ROCM_DEVICE_LIBS", ""),
          "/opt/rocm/amdgcn/bitcode", "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"]:
    if d and os.path.exists(os.path.join(d, "ocml.bc")):
        config.available_features.add("device-libs")
        break
