"""ctypes bindings of Trident's two C libraries.

libtrident-compiler (trident/compiler.h) turns a kernel source file, a kernel
name and a specialization into a bundle; libtrident-runtime
(trident/runtime.h) loads bundles and launches kernels on CUDA, HIP or the
host. ctypes (the standard library) reaches both, so one build of the
libraries serves every Python version -- Debian's 3.11 here, 3.12 on a GPU
machine -- with no extension module to compile per interpreter.

The libraries are looked for in TRIDENT_LIB_DIR, then in the build tree of
the checkout this package lives in (build/lib), then by the dynamic linker's
search path. The runtime needs no LLVM; the compiler is loaded only when a
kernel is not found in the launch or disk caches.
"""

import ctypes
import os
import sys
import threading

_here = os.path.dirname(os.path.abspath(__file__))


def _candidates(name):
    dirs = []
    env = os.environ.get("TRIDENT_LIB_DIR")
    if env:
        dirs.append(env)
    # frontend/python/trident -> <repo>/build/lib
    repo = os.path.dirname(os.path.dirname(os.path.dirname(_here)))
    dirs.append(os.path.join(repo, "build", "lib"))
    dirs.append(os.path.join(_here, "lib"))
    out = [os.path.join(d, name) for d in dirs]
    return [p for p in out if os.path.exists(p)] + [name]


# What libtrident-compiler.so needs, in load order. Loaded first from the
# compiler's own folder when they are there (a packed compiler,
# tools/trident-pack): the libraries' run paths name the build tree they
# were linked in, so the dynamic linker would not look beside them.
_COMPILER_DEPENDENCIES = ("libhiredis.so.0.14", "libLLVM.so.22.1", "libMLIR.so.22.1", "libtrident-core.so",
                          "libtrident-frontend.so", "libtrident-driver.so")


def _load(name, dependencies=()):
    errors = []
    for path in _candidates(name):
        folder = os.path.dirname(path)
        try:
            for dep in dependencies:
                if folder and os.path.exists(os.path.join(folder, dep)):
                    ctypes.CDLL(os.path.join(folder, dep), mode=ctypes.RTLD_GLOBAL)
            return ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        except OSError as e:
            errors.append(f"  {path}: {e}")
    raise ImportError(
        f"trident: cannot load {name} (set TRIDENT_LIB_DIR to the folder "
        f"holding Trident's libraries):\n" + "\n".join(errors))


def _declare(lib, signatures):
    """Sets the result and argument types of `lib`'s functions."""
    for name, (res, args) in signatures.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args


def _once(factory):
    """A function returning one `factory()` per process, made on the first
    call (a failed one is tried again by the next)."""
    made = []
    lock = threading.Lock()

    def get():
        if not made:
            with lock:
                if not made:
                    made.append(factory())
        return made[0]
    return get


class TridentError(RuntimeError):
    """An error reported by Trident's runtime (its message names the cause)."""


class PTXASError(TridentError):
    """ptxas refused the kernel's PTX (Triton's PTXASError, which its
    autotuner and TorchInductor's take as "skip this config")."""

    def __init__(self, error_message=None):
        self.error_message = error_message
        super().__init__(f"PTXAS error: {error_message or ''}")


class OutOfResources(TridentError):
    """A kernel needs more of a resource than the device has (shared memory,
    threads per block, registers): Triton's OutOfResources, which autotuning
    takes as "skip this config"."""

    def __init__(self, required=None, limit=None, name=None):
        if limit is None and name is None:
            self.required = self.limit = self.name = None
            super().__init__(str(required))
        else:
            self.required, self.limit, self.name = required, limit, name
            super().__init__(f"out of resource: {name}, required: {required}, "
                             f"hardware limit: {limit}")


# Runtime and driver messages that mean a resource ran out.
class DeviceAssertionError(TridentError, AssertionError):
    """A kernel's `tl.device_assert` failed (compiled with debug=True): the
    message names the assertion's file:line, the program and its text. On
    the cpu the launch raises it; a GPU reports the failure as its driver's
    error."""


class OutOfBoundsAccess(TridentError, IndexError):
    """A kernel in the cpu backend's checked mode (debug=True or
    TRIDENT_CPU_CHECKED=1) accessed memory outside every buffer the launch
    was given: the message names the file:line, the program, the access
    and the address."""


_ASSERTION_FAILED = 8  # TRIDENT_ASSERTION_FAILED
_OUT_OF_BOUNDS = 9  # TRIDENT_OUT_OF_BOUNDS

_RESOURCE_MESSAGES = ("bytes of shared memory", "allows at most", "OUT_OF_RESOURCES",
                      "too many resources")


# -- the runtime ---------------------------------------------------------------

ARG_BUFFER, ARG_POINTER, ARG_INT, ARG_FLOAT, ARG_UINT = 0, 1, 2, 3, 4


# A trident_arg_t is 24 bytes: the kind (an int) at 0, the value (a
# pointer, an int64 or a double) at 8; jit.py's launchers pack it so.


class LaunchConfig(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("grid", ctypes.c_uint32 * 3),
                ("stream", ctypes.c_void_p)]


class _Versioned(ctypes.Structure):
    """A runtime info struct versioned by size: struct_size set on creation."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.struct_size = ctypes.sizeof(self)


class DeviceInfo(_Versioned):
    _fields_ = [("struct_size", ctypes.c_size_t), ("name", ctypes.c_char_p), ("target", ctypes.c_char_p),
                ("driver", ctypes.c_char_p), ("total_memory", ctypes.c_uint64),
                ("multiprocessor_count", ctypes.c_int), ("warp_size", ctypes.c_int),
                ("shared_memory_per_block", ctypes.c_size_t),
                ("shared_memory_per_block_optin", ctypes.c_size_t),
                ("max_grid", ctypes.c_uint32 * 3),
                ("max_threads_per_block", ctypes.c_int)]


class KernelInfo(_Versioned):
    _fields_ = [("struct_size", ctypes.c_size_t), ("name", ctypes.c_char_p), ("target", ctypes.c_char_p),
                ("format", ctypes.c_char_p), ("num_warps", ctypes.c_int),
                ("threads_per_warp", ctypes.c_int), ("block_size", ctypes.c_int),
                ("shared_memory", ctypes.c_uint64), ("num_args", ctypes.c_size_t),
                ("num_ctas", ctypes.c_int), ("cluster_dims", ctypes.c_uint32 * 3),
                ("global_scratch_size", ctypes.c_uint64), ("spills", ctypes.c_int),
                ("registers", ctypes.c_int), ("local_memory", ctypes.c_uint64),
                ("max_threads_per_block", ctypes.c_int),
                ("num_variants", ctypes.c_size_t)]


_P = ctypes.c_void_p
_PP = ctypes.POINTER(ctypes.c_void_p)
_RUNTIME_SIGNATURES = {
    "trident_status_code": (ctypes.c_int, [_P]),
    "trident_status_message": (ctypes.c_char_p, [_P]),
    "trident_status_free": (None, [_P]),
    "trident_runtime_create": (_P, [_PP]),
    "trident_runtime_device_count": (ctypes.c_size_t, [_P]),
    "trident_runtime_device": (_P, [_P, ctypes.c_size_t, _PP]),
    "trident_runtime_driver_count": (ctypes.c_size_t, [_P]),
    "trident_runtime_driver_name": (ctypes.c_char_p, [_P, ctypes.c_size_t]),
    "trident_runtime_driver_unavailable_reason": (ctypes.c_char_p, [_P, ctypes.c_size_t]),
    "trident_device_info": (_P, [_P, ctypes.POINTER(DeviceInfo)]),
    "trident_device_attribute": (_P, [_P, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64)]),
    "trident_device_synchronize": (_P, [_P]),
    "trident_buffer_allocate": (_P, [_P, ctypes.c_size_t, _PP]),
    "trident_buffer_wrap": (_P, [_P, _P, ctypes.c_size_t, _PP]),
    "trident_buffer_release": (None, [_P]),
    "trident_buffer_address": (_P, [_P]),
    "trident_stream_wrap_native": (_P, [_P, _P, _PP]),
    "trident_stream_release": (None, [_P]),
    "trident_stream_synchronize": (_P, [_P]),
    "trident_event_create": (_P, [_P, _PP]),
    "trident_event_release": (None, [_P]),
    "trident_event_record": (_P, [_P, _P]),
    "trident_event_synchronize": (_P, [_P]),
    "trident_event_elapsed_ms": (_P, [_P, _P, ctypes.POINTER(ctypes.c_float)]),
    "trident_module_load_memory": (_P, [_P, ctypes.c_char_p, ctypes.c_size_t, _PP]),
    "trident_module_release": (None, [_P]),
    "trident_module_kernel": (_P, [_P, ctypes.c_char_p, _PP]),
    "trident_kernel_info": (_P, [_P, ctypes.POINTER(KernelInfo)]),
    "trident_kernel_arg": (_P, [_P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p),
                                ctypes.POINTER(ctypes.c_char_p)]),
    "trident_kernel_launch": (_P, [_P, _P, _P, ctypes.c_size_t]),
}


RUNTIME_API_VERSION = 5


class Runtime:
    """The process's one trident_runtime_t and its devices."""

    def __init__(self):
        lib = _load("libtrident-runtime.so")
        # The structs above are API version 5's (runtime.h; 5 added the
        # device-pointer argument kind, which _launch.c passes).
        version = getattr(lib, "trident_runtime_api_version", None)
        found = version() if version is not None else "3 or older"
        if found != RUNTIME_API_VERSION:
            raise ImportError(
                f"trident: libtrident-runtime has API version {found}, this package "
                f"needs {RUNTIME_API_VERSION} (rebuild the runtime, or use the package "
                f"of its checkout): {lib._name}")
        _declare(lib, _RUNTIME_SIGNATURES)
        self.lib = lib
        handle = ctypes.c_void_p()
        self.check(lib.trident_runtime_create(ctypes.byref(handle)))
        self.handle = handle
        self.devices = []
        for i in range(lib.trident_runtime_device_count(handle)):
            d = ctypes.c_void_p()
            self.check(lib.trident_runtime_device(handle, i, ctypes.byref(d)))
            info = DeviceInfo()
            self.check(lib.trident_device_info(d, ctypes.byref(info)))
            self.devices.append(Device(self, d, info))
        self.launch = lib.trident_kernel_launch
        # The same function without argument conversion, for launchers that
        # pass prebuilt ctypes objects (a third cheaper per call).
        raw = ctypes.CFUNCTYPE(ctypes.c_void_p)(("trident_kernel_launch", lib))
        self.launch_raw = raw

    def check(self, status):
        if status:
            message = self.lib.trident_status_message(status).decode("utf-8", "replace")
            code = self.lib.trident_status_code(status)
            self.lib.trident_status_free(status)
            if code == _ASSERTION_FAILED:
                raise DeviceAssertionError(message)
            if code == _OUT_OF_BOUNDS:
                raise OutOfBoundsAccess(message)
            if any(m in message for m in _RESOURCE_MESSAGES):
                raise OutOfResources(message)
            raise TridentError(message)

    def unavailable(self):
        """{driver: why it has no devices} for drivers that are not usable."""
        out = {}
        for i in range(self.lib.trident_runtime_driver_count(self.handle)):
            why = self.lib.trident_runtime_driver_unavailable_reason(self.handle, i)
            if why:
                out[self.lib.trident_runtime_driver_name(self.handle, i).decode()] = why.decode()
        return out

    def find(self, driver, index=0):
        """The index-th device of `driver` ("cuda", "hip", "cpu")."""
        matching = [d for d in self.devices if d.driver == driver]
        if index < len(matching):
            return matching[index]
        why = self.unavailable().get(driver)
        raise TridentError(
            f"no {driver} device {index} (this machine has {len(matching)})"
            + (f": {why}" if why else ""))


class Device:
    def __init__(self, runtime, handle, info):
        self.runtime = runtime
        self.handle = handle
        self.name = info.name.decode()
        self.target = info.target.decode()
        self.driver = info.driver.decode()
        self.multiprocessor_count = info.multiprocessor_count
        self.warp_size = info.warp_size
        self.shared_memory_per_block_optin = info.shared_memory_per_block_optin
        self.max_threads_per_block = info.max_threads_per_block
        self.total_memory = info.total_memory
        self._streams = {}
        self._lock = threading.Lock()

    def attribute(self, name, default=None):
        v = ctypes.c_int64()
        status = self.runtime.lib.trident_device_attribute(
            self.handle, name.encode(), ctypes.byref(v))
        if status:
            self.runtime.lib.trident_status_free(status)
            return default
        return v.value

    def stream(self, native):
        """The trident stream wrapping native stream `native` (an int)."""
        s = self._streams.get(native)
        if s is None:
            with self._lock:
                s = ctypes.c_void_p()
                self.runtime.check(self.runtime.lib.trident_stream_wrap_native(
                    self.handle, native or None, ctypes.byref(s)))
                s = s.value
                self._streams[native] = s
        return s

    def synchronize(self):
        self.runtime.check(self.runtime.lib.trident_device_synchronize(self.handle))

    def load(self, bundle):
        m = ctypes.c_void_p()
        self.runtime.check(self.runtime.lib.trident_module_load_memory(
            self.handle, bundle, len(bundle), ctypes.byref(m)))
        return m

    def wrap(self, address, nbytes):
        b = ctypes.c_void_p()
        self.runtime.check(self.runtime.lib.trident_buffer_wrap(
            self.handle, address, nbytes, ctypes.byref(b)))
        return b.value

    def release_buffer(self, buffer):
        self.runtime.lib.trident_buffer_release(buffer)

    def __repr__(self):
        return f"<trident device {self.target} ({self.name})>"


runtime = _once(lambda: Runtime())


# -- the compiler ------------------------------------------------------------------


class CompileRequest(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("path", ctypes.c_char_p),
                ("source", ctypes.c_char_p), ("source_size", ctypes.c_size_t),
                ("kernel", ctypes.c_char_p), ("signature", ctypes.c_char_p),
                ("defines", ctypes.c_char_p), ("target", ctypes.c_char_p),
                ("options", ctypes.c_char_p), ("debug", ctypes.c_int),
                ("no_cache", ctypes.c_int), ("cache_dir", ctypes.c_char_p),
                ("import_path", ctypes.c_char_p), ("dump_dir", ctypes.c_char_p),
                ("facts", ctypes.c_char_p)]


def _import_path():
    """sys.path as the compiler's search path for the modules kernel files
    import ('' is the working directory, as for Python)."""
    return "\n".join(p or os.getcwd() for p in sys.path
                     if isinstance(p, str)).encode()


_COMPILER_SIGNATURES = {
    "trident_compiler_api_version": (ctypes.c_int, []),
    "trident_compiler_build_id": (ctypes.c_char_p, []),
    "trident_compiler_create": (_P, [ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t]),
    "trident_compiler_load_errors": (ctypes.c_char_p, [_P]),
    "trident_compile": (_P, [_P, ctypes.POINTER(CompileRequest)]),
    "trident_compile_result_release": (None, [_P]),
    "trident_compile_result_ok": (ctypes.c_int, [_P]),
    "trident_compile_result_errors": (ctypes.c_char_p, [_P]),
    "trident_compile_result_warnings": (ctypes.c_char_p, [_P]),
    "trident_compile_result_bundle": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
    "trident_compile_result_metadata": (ctypes.c_char_p, [_P]),
    "trident_compile_result_from_cache": (ctypes.c_int, [_P]),
    "trident_compile_result_milliseconds": (ctypes.c_double, [_P]),
    "trident_compile_result_cache": (ctypes.c_char_p, [_P]),
    "trident_remote_cache_get": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_char_p,
                                                ctypes.POINTER(_P),
                                                ctypes.POINTER(ctypes.c_size_t),
                                                ctypes.POINTER(ctypes.c_char_p)]),
    "trident_remote_cache_free": (None, [_P]),
    "trident_remote_cache_put": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_char_p,
                                                ctypes.c_char_p, ctypes.c_size_t]),
    "trident_remote_cache_stats": (ctypes.c_char_p, []),
    "trident_remote_cache_flush": (None, [ctypes.c_int]),
}

COMPILER_API_VERSION = 2

# What served this process's compiles and autotuning choices, by level:
# "local hit", "remote hit", "miss" (compiled / benchmarked), "off".
cache_counts = {"compile": {}, "autotune": {}}


def count_cache(what, outcome):
    d = cache_counts[what]
    d[outcome] = d.get(outcome, 0) + 1


class CompileFailure(Exception):
    """The compiler's located diagnostics for one compile."""


class Compiler:
    def __init__(self):
        if os.environ.get("TRIDENT_COMPILER") == "off":
            raise ImportError("TRIDENT_COMPILER=off")
        lib = _load("libtrident-compiler.so", _COMPILER_DEPENDENCIES)
        _declare(lib, _COMPILER_SIGNATURES)
        if lib.trident_compiler_api_version() != COMPILER_API_VERSION:
            raise ImportError(
                f"trident: libtrident-compiler has API version "
                f"{lib.trident_compiler_api_version()}, this package needs "
                f"{COMPILER_API_VERSION}")
        self.lib = lib
        plugins = [p for p in os.environ.get("TRIDENT_PLUGINS", "").split(":") if p]
        arr = (ctypes.c_char_p * max(1, len(plugins)))(*[p.encode() for p in plugins])
        self.handle = lib.trident_compiler_create(arr, len(plugins))
        self.build_id = lib.trident_compiler_build_id().decode()
        self.lock = threading.Lock()

    def compile(self, path, source, kernel, signature, target, options,
                debug=False, use_cache=True, dump_dir=None, facts=()):
        """Returns (bundle bytes, metadata text, from_cache); raises
        CompileFailure with the formatted diagnostics. With `dump_dir`,
        every stage's output is written there."""
        src = source.encode()
        req = CompileRequest(
            ctypes.sizeof(CompileRequest), path.encode(), src, len(src),
            kernel.encode(), signature.encode(), b"", target.encode(),
            "".join(f"{k}={v}\n" for k, v in options.items()).encode(),
            int(bool(debug)), int(not use_cache), None, _import_path(),
            dump_dir.encode() if dump_dir else None,
            "".join(f"{k}={v}\n" for k, v in facts).encode() or None)
        r = self.lib.trident_compile(self.handle, ctypes.byref(req))
        if not r:
            raise MemoryError("trident_compile")
        try:
            if not self.lib.trident_compile_result_ok(r):
                errors = self.lib.trident_compile_result_errors(r).decode("utf-8", "replace")
                load = self.lib.trident_compiler_load_errors(self.handle).decode()
                if load and "no backend" in errors:
                    errors += load
                raise CompileFailure(errors)
            size = ctypes.c_size_t()
            data = self.lib.trident_compile_result_bundle(r, ctypes.byref(size))
            bundle = ctypes.string_at(data, size.value)
            meta = self.lib.trident_compile_result_metadata(r).decode()
            count_cache("compile", self.lib.trident_compile_result_cache(r).decode())
            for w in self.lib.trident_compile_result_warnings(r).decode(
                    "utf-8", "replace").splitlines():
                if w.startswith("remote cache"):
                    print(f"trident: warning: {w}", file=sys.stderr)
            return bundle, meta, bool(self.lib.trident_compile_result_from_cache(r))
        finally:
            self.lib.trident_compile_result_release(r)


    # -- the remote cache (TRIDENT_REMOTE_CACHE), for autotuning results
    def remote_get(self, kind, key):
        """The bytes of a usable remote entry, or None."""
        data, size, warning = _P(), ctypes.c_size_t(), ctypes.c_char_p()
        r = self.lib.trident_remote_cache_get(kind.encode(), key.encode(), ctypes.byref(data),
                                              ctypes.byref(size), ctypes.byref(warning))
        if warning.value:
            print(f"trident: warning: {warning.value.decode('utf-8', 'replace')}",
                  file=sys.stderr)
        if r != 1:
            return None
        try:
            return ctypes.string_at(data, size.value)
        finally:
            self.lib.trident_remote_cache_free(data)

    def remote_put(self, kind, key, data):
        return self.lib.trident_remote_cache_put(kind.encode(), key.encode(), data,
                                                 len(data)) == 1

    def remote_stats(self):
        text = self.lib.trident_remote_cache_stats().decode()
        out = {}
        for line in text.splitlines():
            k, _, v = line.partition("=")
            try:
                out[k] = float(v) if "." in v and k.endswith("_ms") else int(v)
            except ValueError:
                out[k] = v
        return out

    def remote_flush(self, milliseconds=2000):
        self.lib.trident_remote_cache_flush(milliseconds)


compiler = _once(lambda: Compiler())
