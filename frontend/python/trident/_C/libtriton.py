"""triton._C.libtriton, the part scripts use: `nvidia.cublas.CublasLt`,
Triton's cuBLASLt binding, which its tutorials use as the reference
matmul. Trident has no binding of its own: CublasLt here runs torch's
matmul (cuBLAS on NVIDIA GPUs; for fp8, torch._scaled_mm with unit
scales), with the same calls and results. Anything else of libtriton
raises AttributeError naming it."""

import types


class CublasLt:
    """CublasLt(workspace): matmul(A, B, C) writes A @ B.T into C (A is
    M x K, B is N x K, both row-major), as Triton's does."""

    def __init__(self, workspace):
        self.workspace = workspace

    def matmul(self, a, b, c):
        import torch
        if a.dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
            one = torch.ones((), device=a.device, dtype=torch.float32)
            out = torch._scaled_mm(a, b.T, scale_a=one, scale_b=one, out_dtype=torch.float16)
            c.copy_(out.to(c.dtype))
        else:
            torch.matmul(a, b.T, out=c)

    def gemm(self, a, b, c, d, alpha=1.0, beta=0.0):
        """D = alpha * A @ B.T + beta * C."""
        import torch
        d.copy_((alpha * torch.matmul(a.float(), b.float().T) + beta * c.float()).to(d.dtype))


nvidia = types.SimpleNamespace(cublas=types.SimpleNamespace(CublasLt=CublasLt))
