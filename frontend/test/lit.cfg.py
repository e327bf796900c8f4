# lit configuration of the frontend's tests: kernel files through tridentc,
# checked with FileCheck (kernels/, language/) or for exact diagnostics
# (errors/). Shared setup: cmake/lit/trident_lit.py.
import trident_lit

trident_lit.configure(config, "trident-frontend", [".py"])
