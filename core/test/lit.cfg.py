# lit configuration of the core's IR tests: trident-opt + FileCheck; the
# driver and plugin tests use the test plugins (%test_plugins) and the
# frontend's kernel files (%kernels). Shared setup: cmake/lit/trident_lit.py.
import trident_lit

trident_lit.configure(config, "trident-core", [".mlir", ".test"],
                      excludes=["plugins"])
