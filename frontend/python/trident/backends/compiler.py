"""triton.backends.compiler for Trident: GPUTarget(backend, arch,
warp_size), and BaseBackend (what make_backend gives: its hash and
parse_options)."""
import types

from ..runtime.driver import GPUTarget  # noqa: F401


class BaseBackend:
    def __init__(self, target):
        self.target = target

    def hash(self):
        from ..compiler.compiler import triton_key
        return f"{triton_key()}-{self.target.backend}-{self.target.arch}"

    def parse_options(self, options):
        """The compile options for this target, Triton's defaults where not
        given (TorchInductor reads num_stages and the rest of the object's
        __dict__); keys the backend does not know are left out, as
        Triton's parse_options leaves them out."""
        known = {"num_warps": 4, "num_ctas": 1, "num_stages": 3, "maxnreg": None,
                 "enable_fp_fusion": True, "debug": False, "sanitize_overflow": True,
                 "launch_cooperative_grid": False, "launch_pdl": False,
                 "warp_size": getattr(self.target, "warp_size", 32),
                 "arch": self.target.arch, "backend_name": self.target.backend,
                 "extern_libs": None, "max_num_imprecise_acc_default": 0}
        if self.target.backend == "hip":
            known.update({"num_stages": 2, "waves_per_eu": 0, "matrix_instr_nonkdim": 0,
                          "kpack": 1})
        known.update({k: v for k, v in dict(options or {}).items() if k in known})
        return types.SimpleNamespace(**known)
