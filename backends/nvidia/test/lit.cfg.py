# lit configuration of the NVIDIA backend's tests. `%perf` is the directory
# of the benchmark kernels (conformance/perf/kernels); the feature `ptxas`
# says whether the CUDA toolkit's assembler is there (cubin lines need it).
import os
import shutil
import lit.formats

config.name = "trident-nvidia-backend"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.trident_tools_dir),
                                     "backends", "nvidia", "test")
config.environment["PATH"] = os.pathsep.join(
    [config.trident_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
config.substitutions.append(
    ("%perf", os.path.join(config.trident_source_dir, "conformance", "perf",
                           "kernels")))
config.substitutions.append(
    ("%kernels", os.path.join(config.trident_source_dir, "frontend", "test",
                              "kernels")))
for var in ["TRIDENT_PLUGIN_PATH", "TRIDENT_CACHE_DIR", "TRIDENT_DUMP_DIR"]:
    config.environment.pop(var, None)
for var in ["CUDA_HOME", "CUDA_PATH", "TRIDENT_PTXAS", "TRIDENT_LIBDEVICE"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
if (shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas") or
        os.environ.get("TRIDENT_PTXAS")):
    config.available_features.add("ptxas")
