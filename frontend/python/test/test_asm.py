"""CompiledKernel.asm holds each stage's output under Triton's keys."""
import numpy as np

import kernels as K


def test_asm_has_the_stages_on_cpu():
    x = np.arange(16, dtype=np.float32)
    out = np.zeros(16, np.float32)
    h = K.add_kernel[(1,)](x, x, out, 16, BLOCK_SIZE=16)
    asm = h.asm
    assert "ttir" in asm and "llir" in asm
    assert "tt.func public @add_kernel" in asm["ttir"]
    assert "tt.load" in asm["ttir"]
    assert "define " in asm["llir"] and "add_kernel" in asm["llir"]
    # the host shared object is bytes, as Triton's cubin is
    assert isinstance(asm["host-so"], bytes) and asm["host-so"][:4] == b"\x7fELF"
    assert set(asm.keys()) >= {"ttir", "llir"}


def test_asm_for_gpu_targets_from_a_dump(tmp_path):
    # The keys a GPU target's stages give, from the stage files a compile
    # writes (this machine has no GPU to load the kernel on).
    from trident import _native
    from trident.compiler.compiler import _stage_outputs
    comp = _native.compiler()
    src = open(K.__file__).read()
    comp.compile(K.__file__, src, "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, 64",
                 "cuda:80", {"num_warps": "4"}, use_cache=False, dump_dir=str(tmp_path))
    asm = _stage_outputs(str(tmp_path))
    assert "ttgir" in asm and "#ttg.blocked" in asm["ttgir"]
    assert "ld.global" in asm["ptx"] and ".entry add_kernel" in asm["ptx"]
    assert "define " in asm["llir"]
    comp.compile(K.__file__, src, "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, 64",
                 "hip:gfx942", {"num_warps": "4"}, use_cache=False, dump_dir=str(tmp_path / "amd"))
    amd = _stage_outputs(str(tmp_path / "amd"))
    assert "global_load" in amd["amdgcn"] or "buffer_load" in amd["amdgcn"]
    assert isinstance(amd["hsaco"], bytes) and amd["hsaco"][:4] == b"\x7fELF"
