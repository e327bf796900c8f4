"""`triton.runtime.driver.active` for Trident: the device kernels launch on
by default, its properties, and the benchmarking hooks Triton scripts use."""

import sys

from .. import _native


class GPUTarget:
    def __init__(self, backend, arch, warp_size):
        self.backend, self.arch, self.warp_size = backend, arch, warp_size

    def __repr__(self):
        return f"GPUTarget(backend='{self.backend}', arch={self.arch!r}, warp_size={self.warp_size})"

    def __eq__(self, other):
        return (isinstance(other, GPUTarget) and (self.backend, self.arch, self.warp_size)
                == (other.backend, other.arch, other.warp_size))


class _Utils:
    def __init__(self, driver):
        self._driver = driver

    def get_device_properties(self, index):
        d = self._driver._device(index)
        regs = d.attribute("max_registers_per_block", 0)
        return {
            "max_shared_mem": d.shared_memory_per_block_optin,
            "max_num_regs": regs,
            "multiprocessor_count": d.multiprocessor_count,
            "warpSize": d.warp_size,
            "sm_clock_rate": d.attribute("clock_rate_khz", 0),
            "mem_clock_rate": d.attribute("memory_clock_rate_khz", 0),
            "mem_bus_width": d.attribute("global_memory_bus_width", 0),
            "max_threads_per_sm": d.attribute("max_threads_per_multiprocessor", 0),
        }


class ActiveDriver:
    """The first GPU driver with devices (cuda, then hip), else the host."""

    def __init__(self):
        self.utils = _Utils(self)

    @property
    def _kind(self):
        rt = _native.runtime()
        for kind in ("cuda", "hip"):
            if any(d.driver == kind for d in rt.devices):
                return kind
        return "cpu"

    def _device(self, index=None):
        if index is None:
            index = self.get_current_device()
        return _native.runtime().find(self._kind, index)

    def is_active(self):
        return True

    def get_current_device(self):
        torch = sys.modules.get("torch")
        if self._kind == "cuda" and torch is not None:
            return torch.cuda.current_device()
        return 0

    def set_current_device(self, index):
        torch = sys.modules.get("torch")
        if torch is not None and self._kind == "cuda":
            torch.cuda.set_device(index)

    def get_current_stream(self, index=None):
        torch = sys.modules.get("torch")
        if torch is not None and self._kind == "cuda":
            return torch.cuda.current_stream(index).cuda_stream
        return 0

    def get_current_target(self):
        d = self._device()
        if d.driver == "cuda":
            return GPUTarget("cuda", int(d.target.split(":")[1]), d.warp_size)
        if d.driver == "hip":
            return GPUTarget("hip", d.target.split(":")[1], d.warp_size)
        return GPUTarget("cpu", "cpu", 1)

    def get_active_torch_device(self):
        import torch
        if self._kind in ("cuda", "hip"):
            return torch.device("cuda", self.get_current_device())
        return torch.device("cpu")

    def get_benchmarker(self):
        from ..testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self):
        import torch
        dev = "cuda" if self._kind in ("cuda", "hip") else "cpu"
        return torch.empty(int(256e6 // 4), dtype=torch.int, device=dev)

    def clear_cache(self, cache):
        cache.zero_()

    def get_device_interface(self):
        import torch
        return torch.cuda


class _DriverConfig:
    def __init__(self):
        self._active = None

    @property
    def active(self):
        if self._active is None:
            self._active = ActiveDriver()
        return self._active

    def set_active(self, d):
        self._active = d

    def reset_active(self):
        self._active = None


driver = _DriverConfig()
