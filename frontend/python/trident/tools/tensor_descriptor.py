"""Host-side tensor descriptors, as Triton 3.6's
triton.tools.tensor_descriptor spells them.

A TensorDescriptor passed to a kernel parameter specializes it as
`tensordesc<DTYPE[BLOCK...]>` and is launched as the arguments the compiled
kernel lists for it (its base pointer, shape, strides and padding; see
docs/python.md): the kernel reads and writes `block_shape` blocks of
`base` through it (`desc.load`, `desc.store`, ...)."""

from dataclasses import dataclass
from typing import Any, List


def _validate_block_shape(block_shape):
    for d in block_shape:
        d = int(d)
        if d <= 0 or d & (d - 1):
            raise ValueError(f"block_shape entries must be powers of two, got "
                             f"{list(block_shape)}")


def _itemsize(dtype):
    size = getattr(dtype, "itemsize", None)
    if size is None:  # torch before 2.1
        size = dtype.element_size() if hasattr(dtype, "element_size") else 0
    return int(size)


def _address(base):
    dp = getattr(base, "data_ptr", None)
    if dp is not None:
        return dp()
    from .._tensors import tensor_ref
    ref = tensor_ref(base)
    return None if ref is None else ref.address


@dataclass
class TensorDescriptor:
    base: Any
    shape: List[int]
    strides: List[int]
    block_shape: List[int]
    padding: str = "zero"

    def __post_init__(self):
        rank = len(self.shape)
        assert len(self.strides) == rank, f"rank mismatch: {self}"
        assert len(self.block_shape) == rank, f"rank mismatch: {self}"
        assert rank > 0, "rank must not be zero"
        assert rank <= 5, "rank cannot be more than 5"
        address = _address(self.base)
        if address is not None:
            assert address % 16 == 0, "base must be 16-byte aligned"
        _validate_block_shape(self.block_shape)
        elem_bytes = _itemsize(self.base.dtype)
        for stride in self.strides[:-1]:
            assert (stride * elem_bytes) % 16 == 0, "strides must be 16-byte aligned"
        assert self.strides[-1] == 1, "Last dimension must be contiguous"
        assert self.padding == "zero" or self.padding == "nan", "Illegal value for padding"
        if self.padding == "nan":
            from .._tensors import dtype_name
            assert dtype_name(self.base.dtype).startswith(("fp", "bf")), \
                "Padding option `nan` is only supported for floating point tensors"

    @staticmethod
    def from_tensor(tensor: Any, block_shape: List[int], padding="zero"):
        strides = tensor.stride() if callable(getattr(tensor, "stride", None)) else \
            [s // _itemsize(tensor.dtype) for s in tensor.strides]  # numpy: bytes
        return TensorDescriptor(tensor, list(tensor.shape), list(strides), block_shape,
                                padding)
