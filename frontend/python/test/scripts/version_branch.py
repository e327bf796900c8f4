# A Triton script that sizes its buffer by the Triton version and whose
# kernel file picks its block size by the same check: host and compiler must
# take the same branch (run through `python -m trident`).
import importlib.metadata

import numpy as np
import triton
import triton.language as tl

if triton.__version__ >= "3.6":
    BLOCK = 64
else:
    BLOCK = 16
if importlib.metadata.version("triton") >= "3.6":
    BLOCK_META = 32
else:
    BLOCK_META = 8


@triton.jit
def fill(out_ptr, meta_ptr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs + 1)
    offs_meta = tl.arange(0, BLOCK_META)
    tl.store(meta_ptr + offs_meta, offs_meta + 1)


# One slot past each block, poisoned: the kernel must write BLOCK and
# BLOCK_META elements exactly.
out = np.full(BLOCK + 1, -7, np.int32)
meta = np.full(BLOCK_META + 1, -7, np.int32)
fill[(1,)](out, meta)
assert (out[:BLOCK] == np.arange(1, BLOCK + 1)).all(), out
assert out[BLOCK] == -7, "the kernel wrote past the host's block"
assert (meta[:BLOCK_META] == np.arange(1, BLOCK_META + 1)).all(), meta
assert meta[BLOCK_META] == -7, "the kernel wrote past the host's block"
print(f"version={triton.__version__} metadata={importlib.metadata.version('triton')} "
      f"trident={triton.__trident_version__} BLOCK={BLOCK} BLOCK_META={BLOCK_META}")
