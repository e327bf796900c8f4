"""A launch's specialization key, as Triton 3.6 computes it: each runtime
argument's entry (pointer dtype and 16-byte alignment, integers equal to 1
or divisible by 16, 32- or 64-bit integers, bools, floats, None, tensor
descriptors), constexpr values and their text for the compiler, scalar
type annotations, and the launch options (which ones the backends take)."""

import inspect
import os
import warnings

from ._types import ANNOTATIONS
from ._tensors import UnsupportedArgument, dtype_name, tensor_ref


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
    if isinstance(v, tuple):
        items = [_constexpr_text(e, name) for e in v]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
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


def _descriptor_part(part):
    """A reader of one launch argument of a descriptor, by the suffix of
    its name in the compiled kernel (DescriptorArguments.h): pack.shape0,
    pack.stride1, pack.padding, shape0, strides1. Resolved once, when the
    kernel is loaded; each launch only calls it."""
    if part == "pack.padding":
        return lambda desc: desc.padding == "nan"
    name = part[5:] if part.startswith("pack.") else part
    for prefix, field in (("shape", "shape"), ("strides", "strides"), ("stride", "strides")):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            k = int(name[len(prefix):])
            return lambda desc: int(getattr(desc, field)[k])
    raise TypeError(f"unknown part '{part}' of a tensor descriptor argument")


def _tuple_element(path):
    """A reader of one launch argument of a tuple parameter, by its place in
    the (nested) tuple: `res.1.0` is path (1, 0)."""
    def read(value):
        for k in path:
            value = value[k]
        return value
    return read


def _spec_tuple(a, spec):
    """A tuple argument (Triton's tuple arguments, nested ones too): its
    signature entry, `(*fp32:16, i32, 4, None)`, each element specialized
    as an argument of its own by `spec`, and a key."""
    entries = []
    for e in a:
        k = spec(e)
        if k is None:
            entries.append("None")
        elif isinstance(k, str):
            entries.append(k)
        elif k[0] == "constexpr":
            entries.append(_constexpr_text(e, "tuple element"))
        elif len(k) == 2 and k[1] in ("tuple", "array"):
            entries.append(k[0])
        else:
            raise UnsupportedArgument("a tensor descriptor inside a tuple argument "
                                      "is not supported by Trident")
    text = "(" + ", ".join(entries) + ("," if len(entries) == 1 else "") + ")"
    return (text, "tuple")


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
    if isinstance(a, tuple):
        return _spec_tuple(a, _spec)
    return _spec_other(a, True)


def _spec_nospec(a):
    """do_not_specialize: neither the value (1, :16) nor the alignment."""
    t = type(a)
    if t is int:
        return _spec_int_nospec(a)
    if t in (float, bool) or a is None:
        return _spec(a)
    if isinstance(a, tuple):
        return _spec_tuple(a, _spec_nospec)
    return _spec_other(a, False, nospec=True)


def _spec_noalign(a):
    """do_not_specialize_on_alignment: no :16 (integers still may be 1)."""
    t = type(a)
    if t is int:
        return "i32:1" if a == 1 else _spec_int_nospec(a)
    if t in (float, bool) or a is None:
        return _spec(a)
    if isinstance(a, tuple):
        return _spec_tuple(a, _spec_noalign)
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
_ANNOTATION_TYPES = ANNOTATIONS


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

