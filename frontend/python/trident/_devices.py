"""Which device a launch runs on (the first tensor argument's, torch's
current one, or the host) and the stream it is queued on."""

import os
import sys

from . import _native
from ._specialize import _TORCH_TYPES, _is_descriptor
from ._tensors import UnsupportedArgument


def _torch_module():
    """torch, when the program uses it (the package never imports it). A
    partial `torch` -- a module still being imported, a stand-in package
    holding only torch._inductor, a compile worker's mock -- is not it."""
    torch = sys.modules.get("torch")
    if torch is None or not (hasattr(torch, "Tensor") and hasattr(torch, "version")):
        return None
    return torch


_hip_torch = None


def _torch_is_hip():
    """Whether torch is a ROCm build (its "cuda" devices are HIP's)."""
    global _hip_torch
    if _hip_torch is None:
        torch = _torch_module()
        _hip_torch = bool(torch is not None and getattr(torch.version, "hip", None))
    return _hip_torch


def _default_device():
    """The device of a launch without tensor arguments."""
    rt = _native.runtime()
    want = os.environ.get("TRIDENT_DEVICE")
    if want:
        kind, _, idx = want.partition(":")
        return rt.find(kind, int(idx or 0))
    for kind in ("cuda", "hip"):
        if any(d.driver == kind for d in rt.devices):
            torch = _torch_module()
            idx = torch.cuda.current_device() if torch is not None and kind == "cuda" else 0
            return rt.find(kind, idx)
    return rt.find("cpu")


def _device_of(values, positions):
    """(key, device) for the first tensor among `values`."""
    for i in positions:
        a = values[i]
        if _is_descriptor(a):
            a = a.base
        if type(a) in _TORCH_TYPES:
            index = a.get_device()  # -1 on the host
            if index >= 0:
                return ("hip" if _torch_is_hip() else "cuda", index)
            return ("cpu", 0)
        dl = getattr(a, "__dlpack_device__", None)
        if dl is not None:
            kind, index = dl()
            if kind == 1:
                return ("cpu", 0)
            if kind in (2, 10):
                return ("hip" if kind == 10 else "cuda", index)
        d = getattr(a, "device", None)
        if d is None:
            if hasattr(a, "__array_interface__"):
                return ("cpu", 0)
            if hasattr(a, "__cuda_array_interface__"):
                return ("cuda", 0)
            continue
        if isinstance(d, str):  # numpy 2 arrays: "cpu"
            return ("cpu", 0)
        kind = getattr(d, "type", None)
        if kind is None:  # a CuPy array's device has only an id
            if hasattr(a, "__cuda_array_interface__"):
                return ("cuda", getattr(d, "id", 0))
            continue
        if kind == "cuda" and _torch_is_hip():
            kind = "hip"
        return (kind, d.index or 0)
    return None


def _resolve_device(key):
    rt = _native.runtime()
    if key is None:
        return _default_device()
    kind, index = key
    if kind not in ("cuda", "hip", "cpu"):
        raise UnsupportedArgument(f"tensors on device type '{kind}' are not supported")
    return rt.find(kind, index)


def _stream_source(device):
    """(raw, index, streams, getter) for the compiled launcher, which finds
    the stream itself as _stream_getter's function does: raw(index) is
    torch's current native stream, streams maps native streams to the
    runtime's, getter() the slow way. None where _stream_getter has no such
    parts (cpu, no torch, a torch without the raw-stream call)."""
    if device.driver == "cpu":
        return None
    torch = _torch_module()
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None) if torch else None
    if raw is None:
        return None
    return (raw, _device_index(device), device._streams, _stream_getter(device))


def _stream_getter(device):
    """A function returning the trident stream to launch on for `device`:
    torch's current stream of that device when torch is in use."""
    if device.driver == "cpu":
        return lambda: None
    index = _device_index(device)
    torch = _torch_module()
    if torch is None:
        return lambda: None
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is None:
        return lambda: device.stream(torch.cuda.current_stream(index).cuda_stream)
    streams = device._streams

    def current():
        native = raw(index)
        s = streams.get(native)
        return s if s is not None else device.stream(native)
    return current


def _device_index(device):
    same = [d for d in device.runtime.devices if d.driver == device.driver]
    return same.index(device)
