"""What every Trident lit suite shares (core, frontend, each backend).

A suite's lit.cfg.py calls configure() with its name and file suffixes,
then adds what is its own (a feature for a tool it may lack, a
substitution for its plugin). configure() gives every suite:
- Trident's tools and LLVM's (FileCheck, not, llvm-objdump) on PATH;
- %kernels (the frontend's test kernels), %corpus (the kernel corpus,
  conformance/kernels/: the conformance cases' and the benchmarks' kernel
  files), %inputs (the suite's Inputs/), %trident_lib (the build's lib/) and
  %test_plugins (core's test plugins);
- a clean environment: no stray plugin path, cache or dump directory,
  while the variables in `passthrough` (toolkit locations) reach the tests.
"""
import os

import lit.formats


def configure(config, name, suffixes, excludes=(), passthrough=()):
    config.name = name
    config.test_format = lit.formats.ShTest(execute_external=False)
    config.suffixes = list(suffixes)
    config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"] + list(excludes)
    config.test_source_root = config.trident_test_source_dir
    config.test_exec_root = config.trident_test_binary_dir
    config.environment["PATH"] = os.pathsep.join(
        [config.trident_tools_dir, config.llvm_tools_dir,
         config.environment.get("PATH", os.environ.get("PATH", ""))])
    source = config.trident_source_dir
    for key, path in [
            ("%kernels", os.path.join(source, "frontend", "test", "kernels")),
            ("%corpus", os.path.join(source, "conformance", "kernels")),
            ("%inputs", os.path.join(config.trident_test_source_dir, "Inputs")),
            ("%trident_lib", config.trident_lib_dir),
            ("%test_plugins",
             os.path.join(config.trident_lib_dir, "trident", "test-plugins"))]:
        config.substitutions.append((key, path))
    for var in ["TRIDENT_PLUGIN_PATH", "TRIDENT_CACHE_DIR", "TRIDENT_DUMP_DIR"]:
        config.environment.pop(var, None)
    for var in passthrough:
        if var in os.environ:
            config.environment[var] = os.environ[var]


def plugin(config, name):
    """The path of the build's plugin `name` (cpu_backend, ...)."""
    return os.path.join(config.trident_lib_dir, "trident", "plugins",
                        name + ".so")
