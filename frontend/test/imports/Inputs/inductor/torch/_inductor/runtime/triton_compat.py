# Stand-in for TorchInductor's triton_compat: what Triton offers, bound in a
# module-level `if` on whether Triton imports, with host-only fallbacks.
from __future__ import annotations

import inspect
from typing import Any

import torch

try:
    import triton
except ImportError:
    triton = None


if triton is not None:
    import triton.language as tl

    try:
        from triton.language.extra import libdevice

        libdevice = tl.extra.libdevice  # noqa: F811
        math = tl.math
    except ImportError:
        libdevice = tl.math
        math = tl

    def _config_has(name: str) -> bool:
        return name in inspect.signature(triton.Config.__init__).parameters

    builtins_use_semantic_kwarg = (
        "_semantic" in inspect.signature(triton.language.core.view).parameters
    )
    HAS_TRITON = True
else:

    class tl:  # type: ignore[no-redef]
        @staticmethod
        def constexpr(val: Any) -> Any:
            return val

    libdevice = math = None
    builtins_use_semantic_kwarg = False
    HAS_TRITON = False
