# lit configuration of the core's IR tests: trident-opt + FileCheck.
import os
import lit.formats

config.name = "trident-core"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "plugins"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.trident_tools_dir),
                                     "core", "test")

config.environment["PATH"] = os.pathsep.join(
    [config.trident_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])

# Driver and plugin tests: the test plugins, the kernel files of the
# frontend's tests, and a clean environment (no stray plugins or cache).
config.substitutions.append(
    ("%test_plugins", os.path.join(config.trident_lib_dir, "trident",
                                   "test-plugins")))
config.substitutions.append(("%trident_lib", config.trident_lib_dir))
config.substitutions.append(
    ("%kernels", os.path.join(config.trident_source_dir, "frontend", "test",
                              "kernels")))
for var in ["TRIDENT_PLUGIN_PATH", "TRIDENT_CACHE_DIR", "TRIDENT_DUMP_DIR"]:
    config.environment.pop(var, None)
