# lit configuration of the NVIDIA backend's tests: its stages on kernel
# files through tridentc. The feature `ptxas` says whether the CUDA
# toolkit's assembler is there (cubin lines need it). Shared setup:
# cmake/lit/trident_lit.py.
import os
import shutil

import trident_lit

trident_lit.configure(
    config, "trident-nvidia-backend", [".mlir", ".test"],
    passthrough=["CUDA_HOME", "CUDA_PATH", "TRIDENT_PTXAS", "TRIDENT_LIBDEVICE"])
if (shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas") or
        os.environ.get("TRIDENT_PTXAS")):
    config.available_features.add("ptxas")
