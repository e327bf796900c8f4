"""triton.compiler.compiler for Trident: CompiledKernel, one
specialization of a kernel loaded on one device, with its metadata, its
stages' text (`asm`) and its launcher (the compiled one of _launcher.py,
or Python's)."""

import ctypes
import functools
import operator
import os
import re
import struct
import tempfile
import types

from .. import _native, _launcher
from .._devices import _stream_getter, _stream_source
from .._specialize import _BACKEND_OPTIONS, _is_descriptor, _descriptor_part, _tuple_element
from .._tensors import UnsupportedArgument, tensor_ref
from .errors import CompilationError  # noqa: F401 (triton.compiler.compiler has it too)


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
        self.global_scratch_align = int(g("global_scratch_align", "1"))
        self.profile_scratch_size = int(g("profile_scratch_size", "0"))
        self.cluster_dims = tuple(int(x) for x in g("cluster_dims", "1,1,1").split(","))
        # Launch features Trident's kernels do not use (Triton's names).
        self.launch_pdl = False
        self.launch_cooperative_grid = False
        # TMA descriptors the runtime encodes itself (docs/runtime.md).
        self.tensordesc_meta = None

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

    def __init__(self, make, made=None):
        super().__init__()
        self._make = make
        self._made = made is not None
        if made:
            self.update(made)

    def __reduce__(self):
        # The maker (a partial of _dump_stages) pickles; what it made, too.
        return (_Asm, (self._make, dict(dict.items(self)) if self._made else None))

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
    """One specialization of a kernel, loaded on one device.

    What the kernel is (its binary, metadata, parameters) lives in the
    instance's __dict__, which pickles: TorchInductor compiles in worker
    processes, pickles `kernel.__dict__` (with `module`, `function` and `run`
    replaced by None) to its parent, rebuilds the object there with
    `CompiledKernel.__new__` and `__dict__.update`, and calls
    `_init_handles()`. What a process holds once the kernel is loaded on a
    device (the runtime's handles, the launcher) lives in slots, outside
    __dict__, and `_init_handles()` makes it where it is missing. A kernel
    from `triton.compile` with a target is loaded only then (a compile
    worker never touches the GPU); the JIT path loads at once."""

    __slots__ = ("__dict__", "__weakref__", "device", "_module", "_kernel", "_parts",
                 "_positions", "_names", "_types", "_cpu", "_writes", "_gpu_launch",
                 "_launch", "_c_launch", "stream", "_run_abi")

    def __init__(self, fn, device, bundle, metadata_text, params, key=None, request=None):
        """`device`: a runtime Device (loaded now), or the key of one
        (kind, index), index None for the kind's current device when the
        kernel is loaded."""
        self.fn = fn
        self.metadata = KernelMetadata(metadata_text)
        self.name = self.metadata.name
        self._bundle = bundle
        self._params = params
        self.asm = _Asm(functools.partial(_dump_stages, fn, request))
        # Parameters given as torch tensors (their key is a plain "*fp32"
        # string): the launcher calls data_ptr() directly.
        self._torch_args = {i for i, k in enumerate(key or ()) if isinstance(k, str) and k.startswith("*")}
        if isinstance(device, tuple):
            self._device_key = device
        else:
            self._device_key = None
            self._load(device)

    def _init_handles(self):
        """Loads the kernel on its device where this process has not yet
        (Triton's name: Inductor calls it before launching)."""
        for k in ("run", "function", "module"):
            if k in self.__dict__ and self.__dict__[k] is None:
                del self.__dict__[k]  # Inductor's pickled placeholders
        try:
            self._launch
        except AttributeError:
            from .._devices import _resolve_device
            kind, index = self._device_key or (None, None)
            if kind is not None and index is None:
                index = 0
                if kind != "cpu":
                    from ..runtime.driver import driver
                    index = driver.active.get_current_device()
            self._load(_resolve_device(None if kind is None else (kind, index)))

    def _load(self, device):
        global load_count
        load_count += 1
        self.device = device
        rt = device.runtime
        self._module = device.load(self._bundle)
        k = ctypes.c_void_p()
        rt.check(rt.lib.trident_module_kernel(self._module, self.name.encode(), ctypes.byref(k)))
        self._kernel = k
        info = _native.KernelInfo()
        rt.check(rt.lib.trident_kernel_info(k, ctypes.byref(info)))
        self.n_regs = info.registers
        # Triton's n_spills: the local memory a thread uses, in 4-byte words
        # (TorchInductor skips configurations above its spill threshold).
        self.n_spills = int(info.local_memory) // 4
        self.n_max_threads = info.max_threads_per_block
        # Which parameters the binary takes, in order, and how each is passed.
        names = []
        for i in range(info.num_args):
            n, t = ctypes.c_char_p(), ctypes.c_char_p()
            rt.check(rt.lib.trident_kernel_arg(k, i, ctypes.byref(n), ctypes.byref(t)))
            names.append((n.value.decode(), t.value.decode()))
        params = self._params
        index = {p.name: i for i, p in enumerate(params)}
        # A tensor descriptor parameter is launched as several arguments
        # (`d`, `d.pack.shape0`, ..., `d.shape0`, ...): each reads from the
        # descriptor, placed after the parameters' values (_with_parts).
        parts = []
        positions = []
        for n, _ in names:
            if n in index:
                positions.append(index[n])
            else:
                base, _, part = n.partition(".")
                if base not in index:
                    raise TypeError(f"kernel '{self.name}' takes an argument '{n}' "
                                    f"that no parameter provides")
                positions.append(len(params) + len(parts))
                if all(k.isdigit() for k in part.split(".")):
                    # An element of a tuple parameter (`res.1.0`).
                    path = tuple(int(k) for k in part.split("."))
                    parts.append((index[base], _tuple_element(path), False))
                else:
                    parts.append((index[base], _descriptor_part(part), True))
        self._parts = parts
        self._positions = positions
        self._names = [n for n, _ in names]
        self._types = [t for _, t in names]
        self._cpu = device.driver == "cpu"
        # The pointer parameters the kernel may write through (the
        # compiler's x.writes; all of them for bundles from before it).
        writes = self.metadata.raw.get("x.writes")
        self._writes = set(self._names) if writes is None else set(filter(None, writes.split(",")))
        self._gpu_launch = self._make_launcher()
        launch = self._run_cpu if self._cpu else self._gpu_launch
        if self._parts:
            launch = self._with_parts(launch)
        self.stream = _stream_getter(device)
        # What the compiled dispatcher calls directly (it finds the stream
        # itself): the compiled launcher, when nothing wraps it.
        self._c_launch = launch if launch is self._gpu_launch and \
            not isinstance(self._gpu_launch, types.FunctionType) else None
        self._run_abi = self._make_run_abi(launch)
        self._launch = launch  # last: _init_handles reads it as "loaded"

    def __getstate__(self):
        return dict(self.__dict__)

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
                             struct.error, _stream_source(self.device))
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
        descs = sorted({p for p, _, is_desc in parts if is_desc})

        def expanded(grid, stream, values):
            full = list(values)
            for p in descs:
                if not _is_descriptor(full[p]):
                    raise TypeError(f"argument '{self.fn.arg_names[p]}' of "
                                    f"'{self.name}' must be a TensorDescriptor")
            full.extend(read(values[p]) for p, read, _ in parts)
            for p in descs:
                full[p] = full[p].base
            launch(grid, stream, full)
        return expanded

    def _run(self, grid, values, stream):
        try:
            self._launch(grid, stream, values)
        except struct.error as e:
            self._bad_arguments(grid, e, values)

    # Triton 3.6's launcher ABI (what TorchInductor calls, for a kernel from
    # triton.compile): the grid, the native stream, the launcher's handles
    # (unused: the kernel holds its own), the launch metadata for the hooks,
    # then every parameter in order, constexprs included. `run` is the
    # function made for this kernel when it was loaded (Inductor fetches it
    # once and calls it for every launch: one Python frame in front of the
    # compiled launcher).
    @property
    def run(self):
        try:
            return self._run_abi
        except AttributeError:
            self._init_handles()
            return self._run_abi

    def _make_run_abi(self, launch):
        stream_of = None if self._cpu else self.device.stream
        bad = self._bad_arguments

        def run(gridX, gridY, gridZ, stream, function, packed_metadata, launch_metadata,
                launch_enter_hook, launch_exit_hook, *args):
            if launch_enter_hook is not None:
                launch_enter_hook(launch_metadata)
            try:
                launch((gridX, gridY, gridZ),
                       None if stream_of is None else stream_of(stream or 0), args)
            except struct.error as e:
                bad((gridX, gridY, gridZ), e, args)
            if launch_exit_hook is not None:
                launch_exit_hook(launch_metadata)
        return run

    @property
    def function(self):
        """The kernel's handle in Trident's runtime (Triton: the CUfunction)."""
        self._init_handles()
        return self._kernel.value

    @property
    def packed_metadata(self):
        m = self.metadata
        return (m.num_warps, m.num_ctas, m.shared) + m.cluster_dims

    def launch_metadata(self, grid, stream, *args):
        """What the launch hooks get (Triton's LazyDict): the kernel's name,
        handle and stream, and what its @jit launch_metadata function says."""
        from ..knobs import LazyDict
        data = LazyDict({"name": self.name, "function": self.function, "stream": stream})
        fn = getattr(self.fn, "launch_metadata", None)
        if fn is not None:
            data.add(fn, (grid, self.metadata, dict(zip(self.fn.arg_names, args))))
        return data

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
            for name, pos, t in zip(self._names, self._positions, self._types):
                if t.startswith("*"):
                    ref = tensor_ref(values[pos])
                    if ref is None:
                        raise TypeError(f"argument '{name}' of "
                                        f"'{self.name}' must be a tensor")
                    if ref.device_type != "cpu":
                        raise UnsupportedArgument(
                            f"argument '{name}' is on device "
                            f"'{ref.device_type}', the kernel runs on the cpu")
                    if ref.readonly and name in self._writes:
                        raise ValueError(
                            f"argument '{name}' of '{self.name}' is "
                            f"read-only (a np.broadcast_to view, or writeable=False), and "
                            f"the kernel writes through it: pass a writable array")
                    wrapped.append(self.device.wrap(ref.address + ref.low, max(1, ref.nbytes)))
            self._gpu_launch(_grid3(grid), None, values)
        finally:
            for b in wrapped:
                self.device.release_buffer(b)

    def __getitem__(self, grid):
        """kernel[grid](*args): every parameter of the @jit function in order,
        constexprs included (they are checked against the compiled values
        only by position, as in Triton)."""
        self._init_handles()

        def runner(*args, **kwargs):
            values = list(args)
            if len(values) != len(self.fn.params):
                values, _ = self.fn._bind_all(*args, **kwargs)
            self._run(grid, values, self.stream())
        return runner

    def __repr__(self):
        where = getattr(self, "device", None)
        return f"<CompiledKernel {self.name}{' on ' + where.target if where else ''}>"


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




# --- triton.compile: Triton 3.6's compiler API over the @jit function's own
# compile (TorchInductor and Triton's tests call it) ------------------------


class ASTSource:
    """A @jit function with its parameters' types, as Triton 3.6's
    triton.compiler.ASTSource: `signature` maps every parameter name to a
    type ("*fp32", "i32", "fp16", ... or "constexpr"), `constexprs` gives
    constexpr values by name or by (index,), and `attrs` attributes by
    (index,): [["tt.divisibility", 16]] marks a pointer 16-byte aligned or
    an integer divisible by 16."""

    def __init__(self, fn, signature, constexprs=None, attrs=None):
        self.fn = fn
        self.ext = "ttir"
        self.name = fn.__name__
        self.signature = signature
        for k in signature:
            if not isinstance(k, str):
                raise TypeError("Signature keys must be string")
        names = list(getattr(fn, "arg_names", ()))
        self.constants = {}
        for k, v in (constexprs or {}).items():
            if isinstance(k, str):
                if k not in names:
                    raise TypeError(f"{fn.__name__} has no parameter '{k}' (in "
                                    f"ASTSource's constexprs)")
                k = (names.index(k),)
            self.constants[k] = v
        self.attrs = attrs or {}

    def hash(self):
        import hashlib
        text = repr((getattr(self.fn, "src", ""), sorted(self.signature.items()),
                     sorted((k, repr(v)) for k, v in self.constants.items()),
                     sorted((k, repr(v)) for k, v in self.attrs.items())))
        return hashlib.sha256(text.encode()).hexdigest()


def triton_key():
    """What identifies the compiler in caches keyed by it (Inductor's)."""
    from .._version import TRIDENT_VERSION, TRITON_VERSION
    try:
        build = _native.compiler().build_id
    except ImportError:
        build = "no-compiler"
    return f"trident-{TRIDENT_VERSION}-triton-{TRITON_VERSION}-{build}"


def make_backend(target):
    """The backend for `target` (a GPUTarget): what Trident keys its cache by."""
    from ..backends.compiler import BaseBackend
    return BaseBackend(target)


def _device_key(target):
    """(device key, target string) for a GPUTarget: the kind's current
    device when the kernel is loaded (index None), and the target the
    kernel is compiled for, read from the GPUTarget itself, so that a
    compile touches no GPU (TorchInductor's compile workers). None for no
    target: the active driver's current device, now."""
    if target is None:
        return None, None
    kind = {"cuda": "cuda", "hip": "hip", "cpu": "cpu"}.get(getattr(target, "backend", None))
    if kind is None:
        raise ValueError(f"triton.compile: unknown target {target!r} (backends: cuda, hip, cpu)")
    if kind == "cpu":
        from .._devices import _resolve_device
        return ("cpu", 0), _resolve_device(("cpu", 0)).target
    arch = target.arch
    if kind == "cuda":
        arch = int(arch)
    elif not str(arch).startswith("gfx"):
        raise ValueError(f"triton.compile: {target!r}: a hip target's arch is a gfx name")
    return (kind, None), f"{kind}:{arch}"


# How many kernels triton.compile has compiled (or found in the cache) in
# this process, and how many compiled kernels were loaded on a device here
# (TorchInductor's parent process loads what its workers compiled): what a
# torch.compile run reads to show its kernels went through Trident
# (conformance/perf/torch_compile.py).
compile_count = 0
load_count = 0


def compile(src, target=None, options=None):
    """Triton 3.6's triton.compile for an ASTSource: the kernel compiled for
    `target` (its kind's current device; the host for GPUTarget("cpu", ...))
    with `options` (num_warps, num_stages, num_ctas, maxnreg,
    enable_fp_fusion, debug; others Triton takes are accepted and change
    nothing). The result launches with Triton's launcher ABI (`run`)."""
    if isinstance(src, str):
        raise NotImplementedError(
            "triton.compile of an IR file is not supported by Trident's Python package: "
            "compile it with `tridentc FILE --target ...`")
    if not isinstance(src, ASTSource):
        raise TypeError(f"triton.compile takes an ASTSource, not {type(src).__name__}")
    options = dict(options or {})
    # launch_pdl=True is taken and the kernel launched in stream order: its
    # gdc_wait / gdc_launch_dependents then have nothing to wait for or
    # release early (the same results, without the overlap). A cooperative
    # grid's barrier needs every program resident, which a plain launch
    # does not promise.
    if options.get("launch_cooperative_grid"):
        raise NotImplementedError("triton.compile: option launch_cooperative_grid=True "
                                  "is not supported by Trident")
    pdl = bool(options.get("launch_pdl"))
    devkey, target_name = _device_key(target)
    fn = src.fn
    key, values = [], []
    for i, p in enumerate(fn.params):
        t = src.signature.get(p.name)
        if p.is_constexpr or t == "constexpr" or (i,) in src.constants:
            if (i,) in src.constants:
                v = src.constants[(i,)]
            elif p.has_default:
                v = p.default
            else:
                raise TypeError(f"triton.compile: constexpr parameter '{p.name}' of "
                                f"{fn.__name__} has no value in the ASTSource's constexprs")
            key.append(("constexpr",))
            values.append(v)
            continue
        if t is None:
            raise TypeError(f"triton.compile: parameter '{p.name}' of {fn.__name__} has "
                            f"no type in the ASTSource's signature")
        if any(list(a) == ["tt.divisibility", 16] for a in src.attrs.get((i,), ())):
            t += ":16"
        # A tuple: the arguments' kind (torch tensor, numpy array, ...) is
        # not known until the launch (a plain "*fp32" key promises torch).
        key.append((t,))
        values.append(None)
    # The options Trident's backends take; like Triton's parse_options,
    # any other key (another release's, another vendor's) is left out.
    opts = {k: v for k, v in options.items()
            if k in _BACKEND_OPTIONS or k == "debug"}
    # Defaults as Triton's, given or not (a backend without the option,
    # the host's, then takes the call).
    if opts.get("enable_fp_fusion") is True:
        del opts["enable_fp_fusion"]
    if "maxnreg" in opts and opts["maxnreg"] is None:
        del opts["maxnreg"]
    kernel = fn._compile(tuple(key), values, opts, devkey, target=target_name)
    global compile_count
    compile_count += 1
    kernel.src = src
    kernel.metadata.launch_pdl = pdl  # asked for, launched in stream order
    # What was compiled: the source's hash with the target and the options
    # (Triton's CompiledKernel.hash is its compile's key, which has both).
    import hashlib
    what = repr((src.hash(), target_name, sorted((k, repr(v)) for k, v in options.items())))
    kernel.hash = hashlib.sha256(what.encode()).hexdigest()
    return kernel
