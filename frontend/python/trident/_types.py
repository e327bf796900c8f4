"""The one table of element types: Triton's signature name (fp16), its
triton.language name (float16), the torch and numpy dtypes that are it,
the __array_interface__ typestr, and the size. Tensors (_tensors.py),
scalar annotations (_specialize.py) and the host-side triton.language
dtypes (language/_host.py) all read it."""

# signature, triton.language, torch, numpy, typestr, bytes (None: no tensors)
TYPES = (
    ("i1", "int1", "torch.bool", "bool", "b1", 1),
    ("i8", "int8", "torch.int8", "int8", "i1", 1),
    ("i16", "int16", "torch.int16", "int16", "i2", 2),
    ("i32", "int32", "torch.int32", "int32", "i4", 4),
    ("i64", "int64", "torch.int64", "int64", "i8", 8),
    ("u8", "uint8", "torch.uint8", "uint8", "u1", 1),
    ("u16", "uint16", "torch.uint16", "uint16", "u2", 2),
    ("u32", "uint32", "torch.uint32", "uint32", "u4", 4),
    ("u64", "uint64", "torch.uint64", "uint64", "u8", 8),
    ("fp8e5", "float8e5", "torch.float8_e5m2", None, None, 1),
    ("fp8e4nv", "float8e4nv", "torch.float8_e4m3fn", None, None, 1),
    ("fp8e4b8", "float8e4b8", "torch.float8_e4m3fnuz", None, None, 1),
    ("fp8e5b16", "float8e5b16", "torch.float8_e5m2fnuz", None, None, 1),
    ("fp8e4b15", "float8e4b15", None, None, None, None),
    ("fp16", "float16", "torch.float16", "float16", "f2", 2),
    ("bf16", "bfloat16", "torch.bfloat16", "bfloat16", None, 2),
    ("fp32", "float32", "torch.float32", "float32", "f4", 4),
    ("fp64", "float64", "torch.float64", "float64", "f8", 8),
)

# The `str()` of a torch or numpy dtype -> signature name.
BY_FRAMEWORK_NAME = {n: sig for sig, _, torch, numpy, _, size in TYPES if size
                     for n in (torch, numpy) if n}
# __array_interface__ typestr (without its byte order) -> signature name.
BY_TYPESTR = {ts: sig for sig, _, _, _, ts, _ in TYPES if ts}
# Signature name -> bytes, for the types tensors may hold.
ITEMSIZE = {sig: size for sig, _, _, _, _, size in TYPES if size}
# A scalar parameter's annotation (`n: tl.int64`, `n: "i64"`) -> its type;
# bools are u1, as Triton specializes them; fp8 scalars do not exist.
ANNOTATIONS = {name: ("u1" if sig == "i1" else sig)
               for sig, lang, _, _, _, _ in TYPES if not sig.startswith("fp8")
               for name in (sig, lang)}
ANNOTATIONS.update({"u1": "u1", "bool": "u1"})
