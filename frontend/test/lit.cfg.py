# lit configuration of the frontend's tests: kernel files through tridentc,
# checked with FileCheck (kernels/, language/) or for exact diagnostics
# (errors/).
import os
import lit.formats

config.name = "trident-frontend"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.trident_binary_dir

config.environment["PATH"] = os.pathsep.join(
    [config.trident_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
