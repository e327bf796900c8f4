"""`@jit` kernels: specialization, the launch table, compiling and launching.

A JITFunction never runs its body as Python. On a call `kernel[grid](*args)`
it binds the arguments to the parameters, computes Triton 3.6's
specialization key (pointer dtype and 16-byte alignment, integers equal to 1
or divisible by 16, 32- or 64-bit integers, bools, floats, None, constexpr
values, `do_not_specialize`), and looks the key up in an in-process table.
A hit launches directly through the runtime; a miss hands the kernel's source
file, its name and the key (as a Triton signature) to the C++ compiler, loads
the bundle it returns and adds it to the table.
"""

import ctypes
import functools
import inspect
import math
import tokenize
import warnings
import operator
import os
import re
import struct
import sys
import tempfile
import types

from . import _native, _bundles, _interactive, _launcher
from ._tensors import UnsupportedArgument, dtype_name, tensor_ref


class CompilationError(Exception):
    """A kernel did not compile. The message is the compiler's diagnostic:
    file:line:col, the source line and a caret."""


CompilationError.__module__ = "trident"


OutOfResources = _native.OutOfResources


def _unwrap_constexpr(v):
    # tl.constexpr(x) on the host holds its value in `.value`.
    return v.value if type(v).__name__ == "constexpr" and hasattr(v, "value") else v


def _constexpr_text(v, name):
    v = _unwrap_constexpr(v)
    # numpy scalars (np.int32(16)) count as the Python scalars they hold.
    if type(v).__module__ == "numpy" and getattr(v, "shape", None) == () and \
            hasattr(v, "item") and type(v).__name__ != "ndarray":
        v = v.item()
    if v is None or isinstance(v, bool):
        return repr(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        if "," in v or "'" in v:
            raise TypeError(f"constexpr '{name}': strings with ',' or a quote "
                            f"are not supported as constexpr values")
        return "'" + v + "'"
    tname = getattr(v, "name", None)
    if type(v).__name__ in ("dtype", "pointer_type") and isinstance(tname, str):
        return tname
    try:
        return dtype_name(v)  # a torch or numpy dtype
    except UnsupportedArgument:
        pass
    raise TypeError(f"constexpr '{name}' = {v!r}: Trident takes ints, floats, "
                    f"bools, None, strings and dtypes as constexpr values")


# -- specialization ----------------------------------------------------------------
# Each runtime argument maps to one key entry: a signature string for
# scalars ("i32:16", "i64", "fp32", "u1", "i32:1"), None for None (a
# constexpr), and for tensors "*fp32:16" (torch) or ("*fp32:16", "array")
# (other tensor types, whose address is read differently).

_I32_MIN, _I32_MAX = -(2 ** 31), 2 ** 31 - 1


def _spec_int_nospec(a):
    """An integer's type: i32, else i64, else u64 from 2^63."""
    if _I32_MIN <= a <= _I32_MAX:
        return "i32"
    if 2 ** 63 <= a < 2 ** 64:
        return "u64"
    if -(2 ** 63) <= a < 2 ** 63:
        return "i64"
    raise OverflowError(f"integer argument {a} does not fit in 64 bits")


def _spec_int(a):
    """The type, and :1 for 1 or :16 for multiples of 16."""
    if a == 1:
        return "i32:1"
    t = _spec_int_nospec(a)
    return t + ":16" if a % 16 == 0 else t


_POINTER_TYPES = {}  # dtype object -> "*fp32"


def _spec_tensor(a, align):
    dp = getattr(a, "data_ptr", None)
    if dp is not None and hasattr(a, "dtype"):
        dt = a.dtype
        ptr = _POINTER_TYPES.get(dt)
        if ptr is None:
            ptr = _POINTER_TYPES[dt] = "*" + dtype_name(dt)
        if hasattr(a, "get_device") and hasattr(a, "device"):
            _TORCH_TYPES.add(type(a))
        return ptr + ":16" if align and dp() % 16 == 0 else ptr
    ref = tensor_ref(a)
    if ref is None:
        raise UnsupportedArgument(
            f"an argument of type {type(a).__name__} is neither a tensor, an "
            f"int, a float, a bool nor None")
    return ("*" + ref.dtype + (":16" if align and ref.address % 16 == 0 else ""), "array")


# Types seen to be torch-like tensors (data_ptr, dtype, device), for the
# fast path of _spec and _device_of.
_TORCH_TYPES = set()


def _spec_other(a, align, nospec=False):
    """Arguments that are neither plain Python scalars nor known tensors."""
    if isinstance(a, bool):
        return "u1"
    if isinstance(a, int):
        return _spec_int_nospec(int(a)) if nospec else _spec_int(int(a))
    if isinstance(a, float):
        return "fp32"
    if type(a).__name__ == "constexpr" and hasattr(a, "value"):
        # tl.constexpr(v) for a parameter not annotated constexpr: a
        # constexpr, as in Triton.
        return ("constexpr", _constexpr_key(a.value))
    if _is_descriptor(a):
        return (_descriptor_key(a), "desc")
    # numpy scalars (np.float32(2.0): they also have __array_interface__)
    # are their value; 0-d arrays and tensors stay tensors, as in Triton.
    if type(a).__module__ == "numpy" and type(a).__name__ != "ndarray" and \
            getattr(a, "shape", None) == () and hasattr(a, "item"):
        v = a.item()
        if isinstance(v, (bool, int, float)):
            return _spec_other(v, align, nospec)
    return _spec_tensor(a, align)


def _is_descriptor(a):
    """A host-side TensorDescriptor (trident.tools.tensor_descriptor, or
    any object of that name with its fields)."""
    return type(a).__name__ == "TensorDescriptor" and hasattr(a, "block_shape") \
        and hasattr(a, "base")


def _descriptor_key(a):
    """`tensordesc<fp16[64, 64]>`, as Triton specializes a descriptor."""
    dims = ", ".join(str(int(d)) for d in a.block_shape)
    return f"tensordesc<{dtype_name(a.base.dtype)}[{dims}]>"


def _descriptor_part(desc, part):
    """One launch argument of a descriptor, by the suffix of its name in
    the compiled kernel (DescriptorArguments.h): pack.shape0, pack.stride1,
    pack.padding, shape0, strides1."""
    if part == "pack.padding":
        return desc.padding == "nan"
    name = part[5:] if part.startswith("pack.") else part
    if name.startswith("shape"):
        return int(desc.shape[int(name[5:])])
    if name.startswith("strides"):
        return int(desc.strides[int(name[7:])])
    if name.startswith("stride"):
        return int(desc.strides[int(name[6:])])
    raise TypeError(f"unknown part '{part}' of a tensor descriptor argument")


def _spec(a):
    t = type(a)
    if t in _TORCH_TYPES:
        ptr = _POINTER_TYPES.get(a.dtype)
        if ptr is not None:
            return ptr + ":16" if a.data_ptr() % 16 == 0 else ptr
    if t is int:
        return _spec_int(a)
    if t is float:
        return "fp32"
    if t is bool:
        return "u1"
    if a is None:
        return None
    return _spec_other(a, True)


def _spec_nospec(a):
    """do_not_specialize: neither the value (1, :16) nor the alignment."""
    t = type(a)
    if t is int:
        return _spec_int_nospec(a)
    if t in (float, bool) or a is None:
        return _spec(a)
    return _spec_other(a, False, nospec=True)


def _spec_noalign(a):
    """do_not_specialize_on_alignment: no :16 (integers still may be 1)."""
    t = type(a)
    if t is int:
        return "i32:1" if a == 1 else _spec_int_nospec(a)
    if t in (float, bool) or a is None:
        return _spec(a)
    return _spec_other(a, False)


def _constexpr_key(v):
    """A constexpr's entry in the launch table's key: 1, 1.0 and True are
    different kernels (Python's == would merge them), and NaN is equal to
    itself."""
    t = type(v)
    if t is int or t is str or v is None:
        return v
    if t is float or t is bool:
        return (t.__name__, repr(v))
    try:
        hash(v)
        return (t.__name__, v)
    except TypeError:
        return (t.__name__, repr(v))


def _ckey(v):
    return _constexpr_key(_unwrap_constexpr(v))


# Annotations that fix a scalar parameter's type (`n: tl.int64`, `n: "i64"`).
_ANNOTATION_TYPES = {
    "int1": "u1", "i1": "u1", "u1": "u1", "bool": "u1",
    "int8": "i8", "i8": "i8", "int16": "i16", "i16": "i16", "int32": "i32", "i32": "i32",
    "int64": "i64", "i64": "i64", "uint8": "u8", "u8": "u8", "uint16": "u16", "u16": "u16",
    "uint32": "u32", "u32": "u32", "uint64": "u64", "u64": "u64",
    "float16": "fp16", "fp16": "fp16", "bfloat16": "bf16", "bf16": "bf16",
    "float32": "fp32", "fp32": "fp32", "float64": "fp64", "fp64": "fp64",
}


def _annotation_type(ann):
    """Triton's type for an annotated scalar parameter, or None."""
    if ann is inspect.Parameter.empty or ann is None:
        return None
    if isinstance(ann, str):
        name = ann.split(".")[-1].strip()
    else:
        name = getattr(ann, "name", None) or getattr(ann, "__name__", "")
    return _ANNOTATION_TYPES.get(str(name))


def _with_annotation(spec, ann_type):
    """The key entry of a scalar whose parameter is annotated `ann_type`:
    the annotation's type, and for integers the value's :16 or :1."""
    if not isinstance(spec, str) or spec.startswith("*"):
        return spec
    if ann_type.startswith(("fp", "bf")) or ann_type == "u1":
        return ann_type
    suffix = spec[spec.index(":"):] if ":" in spec else ""
    return ann_type + suffix


# -- options ----------------------------------------------------------------------


def _options_key(options):
    """Launch options in the table's key, in a fixed order."""
    return tuple(sorted(options.items(), key=lambda kv: kv[0])) if len(options) > 1 \
        else tuple(options.items())


# Launch options Triton takes and what Trident does with them.
_BACKEND_OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg",
                    "enable_fp_fusion")
_IGNORED_OPTIONS = {
    # accepted, with no effect on Trident's output
    "launch_cooperative_grid": False, "launch_pdl": False,
    "extern_libs": None, "sanitize_overflow": True,
}
_UNSUPPORTED_OPTIONS = ("instrumentation_mode", "arch", "backend")
# One vendor's launch options (Triton's AMD backend takes these). The
# target's own backend gets those it implements; a target of another
# vendor -- the host, as Triton's cpu forks do -- ignores them with a note
# the first time, so one script's configs serve every device; and the
# rest of a vendor's own are ignored too (they tune, they do not change
# results).
_VENDOR_OPTIONS = {
    "hip": {"waves_per_eu": True, "matrix_instr_nonkdim": False, "kpack": False},
}
_noted_options = set()


def _vendor_option(target, name, kernel):
    """Whether the backend of `target` takes vendor option `name` (False:
    ignored, noted once); None when no vendor has such an option."""
    family = target.split(":")[0]
    for vendor, table in _VENDOR_OPTIONS.items():
        if name not in table:
            continue
        if vendor == family and table[name]:
            return True
        if (family, name) not in _noted_options:
            _noted_options.add((family, name))
            where = "this target's backend" if vendor == family else f"the {family} target"
            warnings.warn(f"trident: launch option '{name}' (kernel {kernel}) is ignored "
                          f"by {where}", stacklevel=4)
        return False
    return None


def _env_flag(name):
    v = os.environ.get(name, "")
    return v not in ("", "0", "false", "False")


# -- devices and streams --------------------------------------------------------------

def _torch_module():
    """torch, when the program uses it (the package never imports it)."""
    return sys.modules.get("torch")


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


# -- compiled kernels ----------------------------------------------------------------

class KernelMetadata:
    """The compiled kernel's metadata, with Triton's attribute names."""

    def __init__(self, text):
        self.raw = {}
        self.args = []
        for line in text.splitlines():
            k, _, v = line.partition("=")
            if k == "arg":
                self.args.append(v)
            else:
                self.raw[k] = v
        g = self.raw.get
        self.name = g("kernel", "")
        self.target = g("target", "")
        self.num_warps = int(g("num_warps", "4"))
        self.num_stages = int(g("num_stages", "3"))
        self.num_ctas = int(g("num_ctas", "1"))
        self.shared = int(g("shared_memory", g("shared", "0")))
        self.global_scratch_size = int(g("global_scratch_size", "0"))

    def __getitem__(self, k):
        return getattr(self, k)

    def _asdict(self):
        return dict(self.raw)


# Triton's CompiledKernel.asm keys, from each stage file's extension (or
# stage name); the remaining stages keep Trident's names.
_ASM_KEYS = {".ll": "llir", ".ptx": "ptx", ".cubin": "cubin", ".s": "amdgcn",
             ".hsaco": "hsaco", "ttir": "ttir", "ttgir": "ttgir"}
_BINARY_EXTS = (".cubin", ".hsaco", ".o", ".so")


def _stage_outputs(folder):
    """`{key: text or bytes}` of the stage files a compile dumped into
    `folder` (<kernel>.<target>.<NN>-<stage><ext>)."""
    out, named = {}, {}
    for name in sorted(os.listdir(folder)):
        m = re.match(r".*\.(\d\d)-([A-Za-z0-9_-]+)(\.[A-Za-z]+)$", name)
        if not m:
            continue
        stage, ext = m.group(2), m.group(3)
        mode = "rb" if ext in _BINARY_EXTS else "r"
        with open(os.path.join(folder, name), mode) as f:
            data = f.read()
        key = _ASM_KEYS.get(ext) or _ASM_KEYS.get(stage)
        if key:
            out[key] = data
        named[stage] = data
    for stage, data in named.items():
        out.setdefault(stage, data)
    return out


class _Asm(dict):
    """CompiledKernel.asm: what each stage produced, under Triton's keys
    (ttir, ttgir, llir, ptx, cubin for cuda; amdgcn, hsaco for hip) and
    Trident's stage names for the rest. Made on first use, by compiling
    the kernel once more with every stage written out."""

    def __init__(self, make):
        super().__init__()
        self._make = make
        self._made = False

    def _fill(self):
        if not self._made:
            self.update(self._make())
            self._made = True

    def __getitem__(self, k):
        self._fill()
        return super().__getitem__(k)

    def __contains__(self, k):
        self._fill()
        return super().__contains__(k)

    def __iter__(self):
        self._fill()
        return super().__iter__()

    def __len__(self):
        self._fill()
        return super().__len__()

    def __repr__(self):
        self._fill()
        return "{" + ", ".join(f"{k!r}: <{len(v)} {'bytes' if isinstance(v, bytes) else 'chars'}>"
                               for k, v in self.items()) + "}"

    def get(self, k, default=None):
        self._fill()
        return super().get(k, default)

    def keys(self):
        self._fill()
        return super().keys()

    def items(self):
        self._fill()
        return super().items()

    def values(self):
        self._fill()
        return super().values()


class CompiledKernel:
    """One specialization of a kernel, loaded on one device."""

    def __init__(self, fn, device, bundle, metadata_text, params, key=None, request=None):
        self.fn = fn
        self.device = device
        self.metadata = KernelMetadata(metadata_text)
        self.name = self.metadata.name
        rt = device.runtime
        self._module = device.load(bundle)
        k = ctypes.c_void_p()
        rt.check(rt.lib.trident_module_kernel(self._module, self.name.encode(), ctypes.byref(k)))
        self._kernel = k
        info = _native.KernelInfo()
        rt.check(rt.lib.trident_kernel_info(k, ctypes.byref(info)))
        self.n_regs = info.registers
        self.n_spills = info.spills
        self.n_max_threads = info.max_threads_per_block
        self.asm = _Asm(lambda: _dump_stages(fn, request))
        # Which parameters the binary takes, in order, and how each is passed.
        names = []
        for i in range(info.num_args):
            n, t = ctypes.c_char_p(), ctypes.c_char_p()
            rt.check(rt.lib.trident_kernel_arg(k, i, ctypes.byref(n), ctypes.byref(t)))
            names.append((n.value.decode(), t.value.decode()))
        index = {p.name: i for i, p in enumerate(params)}
        # A tensor descriptor parameter is launched as several arguments
        # (`d`, `d.pack.shape0`, ..., `d.shape0`, ...): each reads from the
        # descriptor, placed after the parameters' values (_with_parts).
        self._parts = []
        self._positions = []
        for n, _ in names:
            if n in index:
                self._positions.append(index[n])
            else:
                base, _, part = n.partition(".")
                if base not in index:
                    raise TypeError(f"kernel '{self.name}' takes an argument '{n}' "
                                    f"that no parameter provides")
                self._positions.append(len(params) + len(self._parts))
                self._parts.append((index[base], part))
        self._names = [n for n, _ in names]
        self._types = [t for _, t in names]
        self._cpu = device.driver == "cpu"
        # The pointer parameters the kernel may write through (the
        # compiler's x.writes; all of them for bundles from before it).
        writes = self.metadata.raw.get("x.writes")
        self._writes = set(self._names) if writes is None else set(filter(None, writes.split(",")))
        # Parameters given as torch tensors (their key is a plain "*fp32"
        # string): the launcher calls data_ptr() directly.
        self._torch_args = {i for i, k in enumerate(key or ()) if isinstance(k, str) and k.startswith("*")}
        self._gpu_launch = self._make_launcher()
        self._launch = self._run_cpu if self._cpu else self._gpu_launch
        if self._parts:
            self._launch = self._with_parts(self._launch)
        self.stream = _stream_getter(device)

    def _make_launcher(self):
        """A function (grid, stream, values) -> None for this kernel's
        arguments: the compiled launcher (_launcher.py) where it could be
        built, else Python's."""
        fast = _launcher.module()
        if fast is not None:
            rt = self.device.runtime
            slots = []
            for pos, t in zip(self._positions, self._types):
                kind, _ = _arg_slot(t)
                slots.append((pos, kind, 0 if pos in self._torch_args else 1))
            return fast.make(ctypes.cast(rt.lib.trident_kernel_launch, ctypes.c_void_p).value,
                             self._kernel.value, slots, _address, _grid3, rt.check,
                             struct.error)
        return self._make_python_launcher()

    def _make_python_launcher(self):
        """The launcher in Python: one struct.pack for the arguments, one
        for the launch config, one call into the runtime."""
        fmt, items = "<", []
        for pos, t in zip(self._positions, self._types):
            kind, code = _arg_slot(t)
            fmt += f"i4x{code}8x"
            if kind == _native.ARG_POINTER:
                addr = f"v[{pos}].data_ptr()" if pos in self._torch_args else f"_addr(v[{pos}])"
                items.append(f"{kind}, {addr}")
            else:
                items.append(f"{kind}, v[{pos}]")
        n = len(self._positions)
        # The arguments and the launch config are packed into fresh bytes
        # on every launch: nothing is shared between threads, and the
        # runtime reads both before the call returns.
        src = (
            "def launch(g, stream, v):\n"
            "    if len(g) == 1:\n"
            "        g0, g1, g2 = g[0], 1, 1\n"
            "    else:\n"
            "        g0, g1, g2 = _grid3(g)\n"
            f"    st = run(kernel, pack('<Q3I4xQ', config_size, g0, g1, g2, stream or 0), "
            f"pack({fmt!r}{''.join(', ' + x for x in items)}), nargs)\n"
            "    if st:\n"
            "        check(st)\n")
        scope = {"pack": struct.pack,
                 "config_size": ctypes.sizeof(_native.LaunchConfig),
                 "run": self.device.runtime.launch_raw, "kernel": self._kernel,
                 "nargs": ctypes.c_size_t(n),
                 "check": self.device.runtime.check, "_addr": _address, "_grid3": _grid3}
        exec(src, scope)
        return scope["launch"]

    def _with_parts(self, launch):
        """`launch` taking the parameters' values, descriptors expanded."""
        parts = self._parts
        descs = sorted({p for p, _ in parts})

        def expanded(grid, stream, values):
            full = list(values)
            for p in descs:
                if not _is_descriptor(full[p]):
                    raise TypeError(f"argument '{self.fn.arg_names[p]}' of "
                                    f"'{self.name}' must be a TensorDescriptor")
            full.extend(_descriptor_part(values[p], part) for p, part in parts)
            for p in descs:
                full[p] = full[p].base
            launch(grid, stream, full)
        return expanded

    def run(self, grid, values, stream):
        try:
            self._launch(grid, stream, values)
        except struct.error as e:
            self._bad_arguments(grid, e, values)

    def _bad_arguments(self, grid, e, values=None):
        _grid3(grid)  # names a bad grid
        # Name the argument: the first whose value its slot cannot hold.
        for name, pos, t in zip(self._names, self._positions, self._types):
            if values is None or t.startswith("*") or pos >= len(values):
                continue
            v = values[pos]
            try:
                struct.pack("<" + _arg_slot(t)[1], v)
            except struct.error:
                raise TypeError(f"kernel '{self.name}': argument '{name}' = {v!r} "
                                f"does not fit its type {t}") from None
        raise TypeError(f"kernel '{self.name}': an argument does not fit its "
                        f"type ({e})") from None

    def _run_cpu(self, grid, stream, values):
        # Memory the cpu device did not allocate (numpy arrays, torch cpu
        # tensors) is wrapped for the launch, so the pointer check passes.
        wrapped = []
        try:
            for pos, t in zip(self._positions, self._types):
                if t.startswith("*"):
                    ref = tensor_ref(values[pos])
                    if ref is None:
                        raise TypeError(f"argument '{self.fn.arg_names[pos]}' of "
                                        f"'{self.name}' must be a tensor")
                    if ref.device_type != "cpu":
                        raise UnsupportedArgument(
                            f"argument '{self.fn.arg_names[pos]}' is on device "
                            f"'{ref.device_type}', the kernel runs on the cpu")
                    if ref.readonly and self.fn.arg_names[pos] in self._writes:
                        raise ValueError(
                            f"argument '{self.fn.arg_names[pos]}' of '{self.name}' is "
                            f"read-only (a np.broadcast_to view, or writeable=False), and "
                            f"the kernel writes through it: pass a writable array")
                    wrapped.append(self.device.wrap(ref.address + ref.low, max(1, ref.nbytes)))
            self._gpu_launch(_grid3(grid), None, values)
        finally:
            for b in wrapped:
                self.device.release_buffer(b)

    def _init_handles(self):
        pass

    def __getitem__(self, grid):
        """kernel[grid](*args): every parameter of the @jit function in order,
        constexprs included (they are checked against the compiled values
        only by position, as in Triton)."""
        def runner(*args, **kwargs):
            values = list(args)
            if len(values) != len(self.fn.params):
                values, _ = self.fn._bind_all(*args, **kwargs)
            self.run(grid, values, self.stream())
        return runner

    def __repr__(self):
        return f"<CompiledKernel {self.name} on {self.device.target}>"


def _dump_stages(fn, request):
    """Compiles `request` again (not from the cache) with every stage
    written to a temporary folder; their outputs by key (_stage_outputs)."""
    source, kernel, signature, target, options, debug, facts = request
    try:
        comp = _native.compiler()
    except ImportError as e:
        raise RuntimeError(f"{kernel}.asm: the stages' outputs need the compiler, which "
                           f"is not available here ({str(e).splitlines()[0]})") from None
    with tempfile.TemporaryDirectory(prefix="trident-asm-") as folder:
        comp.compile(fn.path, source, kernel, signature, target, options, debug=debug,
                     use_cache=False, dump_dir=folder, facts=facts)
        return _stage_outputs(folder)


def _device_index(device):
    same = [d for d in device.runtime.devices if d.driver == device.driver]
    return same.index(device)


def _address(a):
    dp = getattr(a, "data_ptr", None)
    if dp is not None:
        return dp()
    ref = tensor_ref(a)
    if ref is None:
        raise TypeError(f"expected a tensor, got {type(a).__name__}")
    return ref.address


def _arg_slot(t):
    """The runtime's argument kind for parameter type `t`, and the struct
    code of its 8-byte value: pointers and u64 (2^63 and up: the runtime's
    unsigned kind) unsigned, floats double, other integers signed."""
    if t.startswith("*"):
        return _native.ARG_POINTER, "Q"
    if t.startswith("fp") or t == "bf16":
        return _native.ARG_FLOAT, "d"
    if t.startswith("u64"):
        return _native.ARG_UINT, "Q"
    return _native.ARG_INT, "q"


def _grid3(g):
    n = len(g)
    if not 1 <= n <= 3:
        raise ValueError(f"a grid has 1 to 3 dimensions, got {n}")
    out = []
    for axis, v in zip("xyz", g):
        try:
            out.append(operator.index(v))  # ints, numpy ints; not 0.5
        except TypeError:
            raise TypeError(f"grid {axis} = {v!r}: a grid counts programs, "
                            f"it takes integers") from None
    out = tuple(out) + (1,) * (3 - n)
    for axis, v in zip("xyz", out):
        if not 0 <= v < 2 ** 32:
            raise ValueError(f"grid {axis} = {v} is out of range (0 to 2**32 - 1 programs)")
    return out


# -- @jit ------------------------------------------------------------------------------

class Param:
    def __init__(self, p, index, do_not_specialize, do_not_specialize_on_alignment):
        self.name = p.name
        self.index = index
        ann = p.annotation
        ann_name = ann if isinstance(ann, str) else getattr(ann, "__name__", "")
        self.is_constexpr = "constexpr" in str(ann_name) or "constexpr" in repr(ann)
        self.annotation_type = None if self.is_constexpr else _annotation_type(ann)
        self.default = p.default
        self.has_default = p.default is not inspect.Parameter.empty
        self.do_not_specialize = p.name in do_not_specialize or index in do_not_specialize
        self.do_not_specialize_on_alignment = (p.name in do_not_specialize_on_alignment
                                               or index in do_not_specialize_on_alignment)


_NO_GRID = object()  # JITFunction._last before any grid


class KernelInterface:
    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, warmup=False, **kwargs)


class JITFunction(KernelInterface):
    def __init__(self, fn, do_not_specialize=None, do_not_specialize_on_alignment=None,
                 debug=None, noinline=None, repr=None, launch_metadata=None):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__qualname__ = getattr(fn, "__qualname__", fn.__name__)
        self.__doc__ = fn.__doc__
        self.__module__ = fn.__module__
        self.__globals__ = fn.__globals__
        self.module = fn.__module__
        self.noinline = bool(noinline)
        self.debug = debug
        # A cell of a notebook or REPL, or exec'd text: "<ipython-input-3-..>",
        # "<string>" -- named as Python names it (its text is in linecache).
        code_file = fn.__code__.co_filename
        self.path = code_file if code_file.startswith("<") else os.path.abspath(code_file)
        sig = inspect.signature(fn)
        dns = set(do_not_specialize or ())
        dnsa = set(do_not_specialize_on_alignment or ())
        self.params = [Param(p, i, dns, dnsa) for i, p in enumerate(sig.parameters.values())]
        self.arg_names = [p.name for p in self.params]
        self.constexprs = [p.index for p in self.params if p.is_constexpr]
        self.signature = sig
        self.cache = {}
        self._runtime_positions = [p.index for p in self.params if not p.is_constexpr]
        self._binder = self._make_binder()
        self._fast = self._make_fast()
        self._entry = self._fast  # what kernel[grid] calls (_make_dispatcher)
        self._last = (_NO_GRID, None)  # __getitem__'s last grid and its partial
        try:
            self.src = inspect.getsource(fn)
        except (OSError, TypeError):
            self.src = ""

    # Binding: a generated function with the kernel's own parameters, so
    # that Python binds positional and keyword arguments and defaults.
    # Every name it uses besides the parameters starts with _tg_ (no
    # parameter may), and it is named after the kernel in error messages.
    def _signature_code(self):
        params, key_items, values = [], [], []
        scope = dict(_tg_s=_spec, _tg_sn=_spec_nospec, _tg_sa=_spec_noalign,
                     _tg_c=_ckey, _tg_wa=_with_annotation)
        for p in self.params:
            if p.name.startswith("_tg_"):
                raise ValueError(f"{self.__name__}: parameter names starting with "
                                 f"'_tg_' are reserved by Trident ('{p.name}')")
            if p.has_default:
                scope[f"_tg_d{p.index}"] = p.default
                params.append(f"{p.name}=_tg_d{p.index}")
            else:
                params.append(p.name)
            values.append(p.name)
            if p.is_constexpr:
                item = f"_tg_c({p.name})"
            elif p.do_not_specialize:
                item = f"_tg_sn({p.name})"
            elif p.do_not_specialize_on_alignment:
                item = f"_tg_sa({p.name})"
            else:
                item = f"_tg_s({p.name})"
            if p.annotation_type:
                item = f"_tg_wa({item}, {p.annotation_type!r})"
            key_items.append(item)
        return params, key_items, values, scope

    def _named(self, fn):
        """`fn` with the kernel's name in tracebacks and TypeErrors."""
        try:
            fn.__code__ = fn.__code__.replace(co_name=self.__name__,
                                              co_qualname=self.__qualname__)
        except (AttributeError, TypeError, ValueError):
            pass
        fn.__name__ = self.__name__
        fn.__qualname__ = self.__name__  # what TypeErrors name
        return fn

    def _make_binder(self):
        """(key, values, options) of a call's arguments."""
        params, key_items, values, scope = self._signature_code()
        src = (f"def _tg_bind({', '.join(params + ['**_tg_options'])}):\n"
               f"    try:\n"
               f"        _tg_key = ({', '.join(key_items)},)\n"
               f"    except OverflowError:\n"
               f"        _tg_overflow(({', '.join(values)},))\n"
               f"    return _tg_key, [{', '.join(values)}], _tg_options\n")
        scope["_tg_overflow"] = self._name_overflow
        exec(src, scope)
        return self._named(scope["_tg_bind"])

    def _make_fast(self):
        """kernel[grid](...)'s whole path in one generated function: bind,
        key, table lookup, grid, launch."""
        params, key_items, values, scope = self._signature_code()
        src = (
            f"def _tg_launch(_tg_grid, {', '.join(params + ['**_tg_options'])}):\n"
            f"    try:\n"
            f"        _tg_key = ({', '.join(key_items)},)\n"
            f"    except OverflowError:\n"
            f"        _tg_overflow(({', '.join(values)},))\n"
            f"    _tg_values = ({', '.join(values)},)\n"
            f"    _tg_dev = _tg_device_of(_tg_values, _tg_positions)\n"
            f"    _tg_k = _tg_cache.get((_tg_key, _tg_okey(_tg_options) if _tg_options else (), _tg_dev))\n"
            f"    if _tg_k is None:\n"
            f"        return _tg_slow(_tg_grid, _tg_key, _tg_values, _tg_options, _tg_dev)\n"
            f"    if _tg_callable(_tg_grid):\n"
            f"        _tg_grid = _tg_grid(_tg_meta(_tg_values, _tg_options))\n"
            f"    try:\n"
            f"        _tg_k._launch(_tg_grid, _tg_k.stream(), _tg_values)\n"
            f"    except _tg_struct_error as e:\n"
            f"        _tg_k._bad_arguments(_tg_grid, e, _tg_values)\n"
            f"    return _tg_k\n")
        scope.update(_tg_device_of=_device_of, _tg_positions=self._runtime_positions,
                     _tg_cache=self.cache, _tg_slow=self._slow, _tg_meta=self._meta,
                     _tg_struct_error=struct.error, _tg_callable=callable,
                     _tg_okey=_options_key, _tg_overflow=self._name_overflow)
        exec(src, scope)
        return self._named(scope["_tg_launch"])

    def _name_overflow(self, values):
        """Raises the OverflowError of the first integer argument that no
        runtime integer type holds, naming it."""
        for p, v in zip(self.params, values):
            if isinstance(v, int) and not isinstance(v, bool) and \
                    not -(2 ** 63) <= v < 2 ** 64:
                raise OverflowError(
                    f"kernel '{self.__name__}': argument '{p.name}' = {v} does not fit in "
                    f"64 bits (integer arguments are i32, i64, or u64 from 2^63 to "
                    f"2^64-1)") from None
        raise OverflowError(f"kernel '{self.__name__}': an integer argument does not fit "
                            f"in 64 bits")

    def _meta(self, values, options):
        meta = dict(zip(self.arg_names, values))
        meta.update(options)
        return meta

    def _kernel_for(self, key, values, options, devkey):
        """The table's kernel for this key, compiled on a miss."""
        okey = _options_key(options) if options else ()
        kernel = self.cache.get((key, okey, devkey))
        if kernel is None:
            kernel = self._compile(key, values, options, devkey)
            self.cache[(key, okey, devkey)] = kernel
        return kernel

    def _slow(self, grid, key, values, options, devkey):
        kernel = self._kernel_for(key, values, options, devkey)
        if self._entry == self._fast:  # the first launch: compiled dispatch from now on
            self._entry = self._make_dispatcher() or self._fast
            self._last = (_NO_GRID, None)
        if callable(grid):
            grid = grid(self._meta(values, options))
        kernel.run(grid, values, kernel.stream())
        return kernel

    def __getitem__(self, grid):
        # kernel[(n,)] in a loop: a literal grid is one tuple object, whose
        # partial is kept (by identity: (1.0,) == (1,), and a float grid
        # must stay an error).
        last = self._last  # one (grid, partial) pair: threads see both or neither
        if last[0] is grid:
            return last[1]
        p = functools.partial(self._entry, grid)
        if type(grid) is tuple:
            self._last = (grid, p)
        return p

    def _make_dispatcher(self):
        """The compiled dispatcher (_launch.c) for kernel[grid](...), which
        does what _fast does for the plain cases and hands it the rest;
        None where it cannot be used (no compiled launcher, annotated
        scalar parameters)."""
        fast = _launcher.module()
        if fast is None or any(p.annotation_type for p in self.params):
            return None
        nodefault = object()
        modes = tuple(3 if p.is_constexpr else 1 if p.do_not_specialize else
                      2 if p.do_not_specialize_on_alignment else 0 for p in self.params)
        defaults = tuple(p.default if p.has_default else nodefault for p in self.params)
        return fast.dispatcher(self._fast, tuple(self.arg_names), defaults, nodefault, modes,
                               tuple(self._runtime_positions), self.cache, _TORCH_TYPES,
                               _POINTER_TYPES, _device_of,
                               "hip" if _torch_is_hip() else "cuda", struct.error)

    def _bind_all(self, *args, **kwargs):
        key, values, options = self._binder(*args, **kwargs)
        return values, options

    def run(self, *args, grid, warmup, **kwargs):
        if not warmup:
            return self._fast(grid, *args, **kwargs)
        key, values, options = self._binder(*args, **kwargs)
        return self._kernel_for(key, values, options,
                                _device_of(values, self._runtime_positions))

    def warmup(self, *args, grid=None, **kwargs):
        return self.run(*args, grid=grid, warmup=True, **kwargs)

    def _compile(self, key, values, options, devkey):
        device = _resolve_device(devkey)
        compile_options = {}
        debug = self.debug if self.debug is not None else _env_flag("TRITON_DEBUG")
        for k, v in options.items():
            if k in _BACKEND_OPTIONS:
                if v is not None:
                    compile_options[k] = str(int(v) if isinstance(v, bool) else v)
            elif k == "debug":
                debug = bool(v)
            elif k in _IGNORED_OPTIONS:
                pass
            elif (vendor := _vendor_option(device.target, k, self.__name__)) is not None:
                if vendor and v is not None:
                    compile_options[k] = str(int(v) if isinstance(v, bool) else v)
            elif k in _UNSUPPORTED_OPTIONS:
                raise NotImplementedError(
                    f"{self.__name__}: the launch option '{k}' is not supported by "
                    f"Trident")
            else:
                raise TypeError(
                    f"{self.__name__}() got an unexpected keyword argument '{k}' (not "
                    f"a parameter, nor a launch option: num_warps, num_stages, "
                    f"num_ctas, maxnreg, enable_fp_fusion, debug)")
        if device.driver == "cpu" and (debug or _env_flag("TRIDENT_CPU_CHECKED")):
            # Checked mode: an out-of-bounds access is a located error
            # (the cpu backend's option checked; slow, for debugging).
            compile_options["checked"] = "1"
        if compile_options.get("num_ctas", "1") != "1":
            raise NotImplementedError(f"{self.__name__}: num_ctas > 1 is not supported "
                                      f"by Trident yet")
        compile_options.pop("num_ctas", None)
        entries = []
        for p, k, v in zip(self.params, key, values):
            if p.is_constexpr:
                entries.append(_constexpr_text(v, p.name))
            elif k is None:
                entries.append("None")
            elif isinstance(k, tuple) and k[0] == "constexpr":
                entries.append(_constexpr_text(v, p.name))
            elif isinstance(k, tuple):
                entries.append(k[0])
            else:
                entries.append(k)
        signature = ", ".join(entries)
        source = self._source_text()
        facts = self._module_facts(source)
        request = (source, self.__name__, signature, device.target, compile_options, debug,
                   facts)
        try:
            comp = _native.compiler()
        except ImportError as e:
            # No compiler here (a GPU machine without LLVM): bundles that a
            # machine with the compiler left in the cache directory serve.
            found = _bundles.load(request)
            if found is None:
                raise CompilationError(
                    f"{self.path}: kernel '{self.__name__}' ({signature}) for "
                    f"{device.target} needs compiling, and the compiler is not "
                    f"available here ({str(e).splitlines()[0]}); no precompiled bundle "
                    f"for it is in {_bundles.directory()}") from None
            bundle, meta = found
        else:
            try:
                bundle, meta, _ = comp.compile(self.path, source, self.__name__, signature,
                                               device.target, compile_options, debug=debug,
                                               facts=facts)
            except _native.CompileFailure as e:
                message = str(e).rstrip("\n")
                # More shared memory than the device has: Triton's
                # OutOfResources, which autotuning skips and scripts catch.
                if "out of shared memory" in message:
                    raise OutOfResources(message) from None
                raise CompilationError(message) from None
            _bundles.store(request, bundle, meta, comp.build_id)
        return CompiledKernel(self, device, bundle, meta, self.params, key, request)

    def _module_facts(self, source):
        """What the interpreter knows that the compiler's static reader may
        not: the kernel file's module-level names that are bound to
        triton.language modules at run time (`tl_extra_shim =
        backend.get_tl_extra_backend_module()`), as (NAME, "module:DOTTED")
        pairs, and those bound to an int, float or bool (NAME,
        "value:LITERAL"). Only names the file's text mentions; the compiler uses a fact
        only where its own reading of the binding fails (KernelSpec::facts)."""
        facts = []
        for name, value in self.__globals__.items():
            if name not in source:
                continue
            # A constant the file computes by a call (`SCALE =
            # int(os.environ[...])`): its value, as a Python literal.
            if type(value) in (bool, int) or (type(value) is float and
                                              math.isfinite(value)):
                if type(value) is not int or -2**63 <= value < 2**63:
                    facts.append((name, "value:" + repr(value)))
                continue
            if not isinstance(value, types.ModuleType):
                continue
            module = value.__name__
            if module.startswith("trident."):
                module = "triton." + module[len("trident."):]
            if module.startswith("triton.language"):
                facts.append((name, "module:" + module))
        return tuple(sorted(facts))

    def _source_text(self):
        """The kernel's file as the compiler reads it. A kernel defined in an
        indented block -- inside a function (as tests do), under `if
        HAS_TRITON:` or `try:`, in a class -- is lifted to module level:
        in the enclosing top-level statement, every @jit function (with
        its decorators) and every import loses that block's indentation and
        every other line becomes blank, so every line keeps its number."""
        try:
            # As Python reads it: UTF-8 unless the file declares its
            # encoding (PEP 263) or starts with a BOM.
            with tokenize.open(self.path) as f:
                source = f.read()
        except OSError as e:
            # Not a file: a notebook cell, a REPL line, exec'd text. Python
            # (IPython, exec with linecache) keeps such text in linecache,
            # as inspect and Triton read it.
            cell = _interactive.source(self.fn)
            if cell is not None:
                return cell
            raise CompilationError(
                f"{self.path}: cannot read the kernel's source file: {e.strerror} "
                f"(code that is not in a file is read from linecache, where "
                f"IPython and Jupyter put each cell; register exec'd text there "
                f"with linecache.cache[filename] = ...)") from None
        except (UnicodeDecodeError, SyntaxError) as e:
            where = (f"byte {e.start}" if isinstance(e, UnicodeDecodeError)
                     else f"line {e.lineno}")
            raise CompilationError(
                f"{self.path}: the kernel's source file is not text Python can "
                f"read ({where}: {e.reason if hasattr(e, 'reason') else e.msg}); "
                f"Python source is UTF-8 unless it declares another encoding "
                f"(# -*- coding: latin-1 -*-)") from None
        try:
            own, start = inspect.getsourcelines(self.fn)
        except (OSError, TypeError):
            return source
        if not own or not own[0][:1].isspace():
            return source
        return _lift_block(source.splitlines(keepends=True), start - 1)

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"'{self.__name__}' is a @jit kernel: launch it with "
                           f"{self.__name__}[grid](...); it cannot be called as a "
                           f"Python function outside a kernel")

    def __repr__(self):
        return f"JITFunction({self.module}:{self.__qualname__})"


def jit(fn=None, *, version=None, repr=None, launch_metadata=None, do_not_specialize=None,
        do_not_specialize_on_alignment=None, debug=None, noinline=None):
    """Triton's @triton.jit: the decorated function is a kernel (or a helper
    that kernels call), compiled by Trident when launched."""

    def decorator(f):
        return JITFunction(f, do_not_specialize=do_not_specialize,
                           do_not_specialize_on_alignment=do_not_specialize_on_alignment,
                           debug=debug, noinline=noinline)

    if fn is not None:
        return decorator(fn)
    return decorator


def _indent(line):
    return len(line) - len(line.lstrip())


def _continuation_lines(lines):
    """Indices of the lines that continue a token begun on an earlier line
    (a multi-line string's second line on): whatever their indentation,
    they belong to the statement above them."""
    import io
    rows = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO("".join(lines)).readline):
            if tok.start[0] < tok.end[0]:
                rows.update(range(tok.start[0], tok.end[0]))  # 0-based: start+1..end
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return rows


def _lift_block(lines, first):
    """See JITFunction._source_text; `first` is the kernel's first line."""
    continued = _continuation_lines(lines)

    def inner(i):  # blank, a comment, indented, or a string's continuation
        return (not lines[i].strip() or lines[i][0] in " \t" or
                lines[i].lstrip()[0] == "#" or i in continued)
    top = first
    while top > 0 and inner(top):
        top -= 1
    end = first + 1
    while end < len(lines) and inner(end):
        end += 1
    keep = {}  # line -> columns to drop
    i = top + 1
    while i < end:
        stripped = lines[i].lstrip()
        ind = _indent(lines[i])
        if stripped.startswith("@"):
            # decorators (maybe over several lines), then the def
            j = i
            while j < end and not (_indent(lines[j]) == ind and
                                   lines[j].lstrip().startswith(("def ", "async def "))):
                if lines[j].strip() and _indent(lines[j]) < ind:
                    break
                j += 1
            if j < end and _indent(lines[j]) == ind and \
                    lines[j].lstrip().startswith(("def ", "async def ")):
                k = j + 1
                while k < end and (not lines[k].strip() or _indent(lines[k]) > ind):
                    k += 1
                if any("jit" in lines[x] for x in range(i, j)):
                    for x in range(i, k):
                        keep[x] = ind
                i = k
                continue
        elif stripped.startswith(("import ", "from ")):
            keep[i] = ind
        i += 1
    out = lines[:top]
    for x in range(top, end):
        if x in keep:
            cut = keep[x]
            out.append(lines[x][cut:] if lines[x][:cut].strip() == "" else lines[x].lstrip())
        else:
            out.append("\n")
    return "".join(out + lines[end:])


class MockTensor:
    """Triton's stand-in for a tensor argument in warmup-only calls."""

    def __init__(self, dtype, shape=None):
        self.dtype = dtype
        self.shape = shape or [1]

    @staticmethod
    def data_ptr():
        return 0


class TensorWrapper:
    def __init__(self, base, dtype):
        self.base, self.dtype = base, dtype
        self.data = base.data
        self.device = base.device
        self.shape = base.shape

    def data_ptr(self):
        return self.base.data_ptr()

    def stride(self, *i):
        return self.base.stride(*i)


def reinterpret(tensor, dtype):
    return TensorWrapper(tensor, dtype)
