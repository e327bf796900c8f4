# lit configuration of the core's IR tests: trident-opt + FileCheck.
import os
import lit.formats

config.name = "trident-core"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.trident_tools_dir),
                                     "core", "test")

config.environment["PATH"] = os.pathsep.join(
    [config.trident_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
