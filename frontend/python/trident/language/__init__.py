"""Trident's `triton.language` for host code (see _host.py): dtypes,
`constexpr`, and device-only names. Kernels use the full language; Trident's
C++ frontend reads it from their source."""

from ._host import (constexpr, dtype, pointer_type, int1, int8, int16, int32, int64,
                    uint8, uint16, uint32, uint64, float8e5, float8e4nv, float8e4b8,
                    float8e5b16, float8e4b15, float16, bfloat16, float32, float64,
                    pi32_t, device_only)
from . import extra, math, core, standard  # noqa: F401

__getattr__ = device_only("triton.language")
