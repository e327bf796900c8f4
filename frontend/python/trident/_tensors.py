"""What a kernel argument is: a tensor (and where its memory lives), or a
scalar, and how Triton 3.6 specializes it.

Tensors are recognized without importing any framework: a torch tensor by its
`data_ptr` and `dtype`, a numpy array by `__array_interface__`, other GPU
arrays (CuPy, JAX, Numba) by `__cuda_array_interface__`, anything else by
`__dlpack__`/`__dlpack_device__`.
"""

import sys

from ._types import BY_FRAMEWORK_NAME as _DTYPE_NAMES, BY_TYPESTR as _TYPESTR, \
    ITEMSIZE as _ITEMSIZE


class UnsupportedArgument(TypeError):
    pass


def dtype_name(dtype):
    name = _DTYPE_NAMES.get(str(dtype))
    if name is None and str(dtype) in _ITEMSIZE:  # a triton.language dtype
        name = str(dtype)
    if name is None:
        raise UnsupportedArgument(f"tensors of dtype {dtype} are not supported")
    return name


def _typestr_name(typestr):
    if typestr[0] not in "<|=" or typestr[1:] not in _TYPESTR:
        raise UnsupportedArgument(
            f"arrays of element type '{typestr}' are not supported (Trident "
            f"takes little-endian numbers and bools)")
    return _TYPESTR[typestr[1:]]


def _extent(shape, strides, itemsize):
    """(lowest byte offset, bytes spanned) of a strided view."""
    low = high = 0
    for n, s in zip(shape, strides):
        if n == 0:
            return 0, 0
        if s >= 0:
            high += (n - 1) * s
        else:
            low += (n - 1) * s
    return low, high - low + itemsize


class TensorRef:
    """A tensor argument, reduced to what a launch needs."""
    __slots__ = ("address", "dtype", "device_type", "device_index", "low", "nbytes", "torch",
                 "readonly")

    def __init__(self, address, dtype, device_type, device_index, low, nbytes, torch=False,
                 readonly=False):
        self.address, self.dtype = address, dtype
        self.device_type, self.device_index = device_type, device_index
        self.low, self.nbytes, self.torch = low, nbytes, torch
        # The array interface's read-only flag (np.broadcast_to views,
        # arrays with writeable=False, read-only buffers).
        self.readonly = readonly


def _interface_ref(interface, device_type):
    """A TensorRef from an __array_interface__ or __cuda_array_interface__
    dict (strides in bytes; None for C-contiguous); a malformed one is an
    UnsupportedArgument naming what is missing or wrong."""
    try:
        return _interface_ref_checked(interface, device_type)
    except (KeyError, TypeError, IndexError, ValueError) as e:
        what = f"no {e.args[0]!r}" if isinstance(e, KeyError) else str(e)
        raise UnsupportedArgument(
            f"a malformed __{'cuda_' if device_type == 'cuda' else ''}array_interface__ "
            f"({what}): it needs 'typestr', 'shape' and 'data' (address, read-only)") from None


def _interface_ref_checked(interface, device_type):
    name = _typestr_name(interface["typestr"])
    itemsize = _ITEMSIZE[name]
    shape = interface["shape"]
    strides = interface.get("strides")
    if strides is None:
        strides, acc = [], itemsize
        for n in reversed(shape):
            strides.append(acc)
            acc *= n
        strides.reverse()
    low, nbytes = _extent(shape, strides, itemsize)
    data = interface["data"]
    return TensorRef(data[0], name, device_type, 0, low, nbytes,
                     readonly=bool(data[1]) if len(data) > 1 else False)


def tensor_ref(a):
    """A TensorRef for a tensor-like `a`, or None when it is not one."""
    if hasattr(a, "data_ptr") and hasattr(a, "dtype") and hasattr(a, "device"):
        dev = a.device
        name = dtype_name(a.dtype)
        itemsize = _ITEMSIZE[name]
        low, nbytes = _extent(a.shape, a.stride(), 1)
        return TensorRef(a.data_ptr(), name, dev.type, dev.index or 0,
                         low * itemsize, (nbytes - 1) * itemsize + itemsize, True)
    ai = getattr(a, "__array_interface__", None)
    if ai is not None:
        return _interface_ref(ai, "cpu")
    cai = getattr(a, "__cuda_array_interface__", None)
    if cai is not None:
        # Without a framework to ask, the memory is taken to be the current
        # device's; the runtime's pointer check refuses another device's.
        return _interface_ref(cai, "cuda")
    if hasattr(a, "__dlpack__") and hasattr(a, "__dlpack_device__"):
        # Seen through a framework that imports DLPack: numpy for host
        # memory, torch for GPU memory (the capsule shares the memory).
        kind, index = a.__dlpack_device__()
        if kind == _DL_CPU:
            import numpy
            ref = tensor_ref(numpy.from_dlpack(a))
            # numpy marks what it imports through DLPack read-only (the
            # protocol, before its version 1, says nothing of it).
            ref.readonly = False
            return ref
        torch = sys.modules.get("torch")
        if kind in (_DL_CUDA, _DL_ROCM) and torch is not None:
            return tensor_ref(torch.utils.dlpack.from_dlpack(a))
        raise UnsupportedArgument(
            f"a __dlpack__ object on DLPack device type {kind}: Trident reads "
            f"host ones through numpy and GPU ones through torch (import torch), "
            f"or objects with __cuda_array_interface__")
    return None


# DLPack device types (dlpack.h).
_DL_CPU, _DL_CUDA, _DL_ROCM = 1, 2, 10
