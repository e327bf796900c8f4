"""triton.backends.compiler for Trident: GPUTarget(backend, arch,
warp_size), and BaseBackend (what make_backend gives: its hash)."""
from ..runtime.driver import GPUTarget  # noqa: F401


class BaseBackend:
    def __init__(self, target):
        self.target = target

    def hash(self):
        from ..compiler.compiler import triton_key
        return f"{triton_key()}-{self.target.backend}-{self.target.arch}"
