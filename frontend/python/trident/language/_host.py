"""What `triton.language` is on the host: dtypes, `constexpr`, and names
that only mean something inside a kernel.

Kernel bodies are compiled from their source by Trident's C++ frontend, so
none of tl's functions ever runs in Python. Host code still touches the
module -- annotations (`BLOCK: tl.constexpr`), dtypes passed as constexprs
(`DTYPE=tl.float16`), module-level constants (`tl.constexpr(128)`), helpers
referenced at import time -- and all of that works. Calling a tl function
from Python raises an error that says it runs only inside a @jit function.
"""


import inspect

from .._types import TYPES


class dtype:
    """An element type: `tl.float16` and friends (`.name` is Triton's:
    fp16, bf16, fp32, i32, ...)."""

    def __init__(self, name):
        self.name = name

    @property
    def primitive_bitwidth(self):
        digits = "".join(c for c in self.name if c.isdigit())
        return 1 if self.name == "int1" else int(digits.split("e")[0] if digits else 0) or 8

    def is_floating(self):
        return self.name.startswith(("fp", "bf"))

    def is_int(self):
        return self.name.startswith(("i", "u"))

    def to_ir(self, builder):
        raise RuntimeError("dtype.to_ir is Triton's Python code generator, which Trident does not have")

    def __eq__(self, other):
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"triton.language.{_PUBLIC.get(self.name, self.name)}"

    __str__ = lambda self: self.name


class pointer_type(dtype):
    def __init__(self, element_ty, address_space=1, const=False):
        super().__init__("*" + element_ty.name)
        self.element_ty = element_ty


_PUBLIC = {}


def _make(public, name):
    d = dtype(name)
    _PUBLIC[name] = public
    return d


# tl.int1 ... tl.float64, one per row of the type table.
for _sig, _lang, *_ in TYPES:
    globals()[_lang] = _make(_lang, _sig)
pi32_t = pointer_type(globals()["int32"])


class constexpr:
    """`tl.constexpr`: as an annotation it marks a compile-time parameter;
    `tl.constexpr(v)` at module level is a constant kernels may use."""

    def __init__(self, value):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return f"constexpr[{self.value!r}]"

    def __index__(self):
        return self.value.__index__()

    def __int__(self):
        return int(self.value)

    def __float__(self):
        return float(self.value)

    def __bool__(self):
        return bool(self.value)

    def __eq__(self, other):
        return self.value == (other.value if isinstance(other, constexpr) else other)

    def __hash__(self):
        return hash(self.value)

    def __call__(self, *args, **kwargs):
        return self.value(*args, **kwargs)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.value, name)



# Host-side arithmetic and comparisons on tl.constexpr (`cdiv(n, BLOCK)`
# with BLOCK = tl.constexpr(128), `if B < 256:`), giving constexprs.
for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lshift",
              "rshift", "and", "or", "xor"):
    def _make(n):
        def fwd(self, other):
            other = other.value if isinstance(other, constexpr) else other
            return constexpr(getattr(self.value, f"__{n}__")(other))

        def rev(self, other):
            other = other.value if isinstance(other, constexpr) else other
            return constexpr(getattr(other, f"__{n}__")(self.value))
        return fwd, rev
    _f, _r = _make(_name)
    setattr(constexpr, f"__{_name}__", _f)
    setattr(constexpr, f"__r{_name}__", _r)
for _name in ("lt", "le", "gt", "ge", "ne"):
    def _make_cmp(n):
        def cmp(self, other):
            other = other.value if isinstance(other, constexpr) else other
            return getattr(self.value, f"__{n}__")(other)
        return cmp
    setattr(constexpr, f"__{_name}__", _make_cmp(_name))
constexpr.__neg__ = lambda self: constexpr(-self.value)
constexpr.__abs__ = lambda self: constexpr(abs(self.value))


class _DeviceOnly:
    """A tl name that exists only inside kernels."""

    # Signed like Triton 3.6's builtins, which take `_semantic`: TorchInductor
    # reads the signature of tl.core.view to tell Triton releases apart.
    __signature__ = inspect.Signature([
        inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL),
        inspect.Parameter("_semantic", inspect.Parameter.KEYWORD_ONLY, default=None),
        inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD)])

    def __init__(self, qualname):
        self._qualname = qualname

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            f"{self._qualname} can only be called inside a @triton.jit function "
            f"(Trident compiles kernels from their source; their body never runs "
            f"as Python)")

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _DeviceOnly(f"{self._qualname}.{name}")

    def __repr__(self):
        return f"<device-only {self._qualname}>"


def device_only(module_name):
    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _DeviceOnly(f"{module_name}.{name}")
    return __getattr__
