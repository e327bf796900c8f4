# lit configuration of the AMD backend's tests. `%perf` is the directory of
# the benchmark kernels (conformance/perf/kernels), `%kernels` the
# frontend's test kernels; LLVM's tools (llvm-readobj, llvm-objdump) are on
# PATH. The feature `device-libs` says whether the ROCm device libraries
# are installed (kernels that call ocml or ockl need them).
import os
import lit.formats

config.name = "trident-amd-backend"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.trident_tools_dir),
                                     "backends", "amd", "test")
config.environment["PATH"] = os.pathsep.join(
    [config.trident_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
config.substitutions.append(
    ("%perf", os.path.join(config.trident_source_dir, "conformance", "perf",
                           "kernels")))
config.substitutions.append(
    ("%kernels", os.path.join(config.trident_source_dir, "frontend", "test",
                              "kernels")))
config.substitutions.append(
    ("%inputs", os.path.join(os.path.dirname(__file__), "Inputs")))
for var in ["TRIDENT_PLUGIN_PATH", "TRIDENT_CACHE_DIR", "TRIDENT_DUMP_DIR"]:
    config.environment.pop(var, None)
for var in ["ROCM_PATH", "TRIDENT_ROCM_DEVICE_LIBS", "TRIDENT_LLD"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
for d in [os.environ.get("TRIDENT_ROCM_DEVICE_LIBS", ""),
          "/opt/rocm/amdgcn/bitcode", "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"]:
    if d and os.path.exists(os.path.join(d, "ocml.bc")):
        config.available_features.add("device-libs")
        break
