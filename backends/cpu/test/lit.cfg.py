# lit configuration of the cpu backend's tests: `%cpu-opt` is trident-opt
# with the cpu plugin loaded, so its passes can be run one at a time.
import os
import lit.formats

config.name = "trident-cpu-backend"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.trident_tools_dir),
                                     "backends", "cpu", "test")

config.environment["PATH"] = os.pathsep.join(
    [config.trident_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
plugin = os.path.join(config.trident_lib_dir, "trident", "plugins",
                      "cpu_backend.so")
config.substitutions.append(("%cpu-opt", "trident-opt --load-plugin " + plugin))
config.substitutions.append(
    ("%kernels", os.path.join(config.trident_source_dir, "frontend", "test",
                              "kernels")))
for var in ["TRIDENT_PLUGIN_PATH", "TRIDENT_CACHE_DIR", "TRIDENT_DUMP_DIR"]:
    config.environment.pop(var, None)
