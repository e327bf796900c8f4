"""triton.runtime.jit for Trident: `@jit` kernels, their launch table,
compiling and launching.

A JITFunction never runs its body as Python. On a call `kernel[grid](*args)`
it binds the arguments to the parameters, computes Triton 3.6's
specialization key (_specialize.py), and looks the key up in an in-process
table. A hit launches directly through the runtime; a miss hands the
kernel's source file, its name and the key (as a Triton signature) to the
C++ compiler, loads the bundle it returns and adds it to the table.
"""

import functools
import inspect
import math
import os
import re
import struct
import sys
import textwrap
import tokenize
import types

from .. import _native, _bundles, _interactive, _launcher, knobs
from .._devices import _torch_is_hip, _device_of, _resolve_device
from .._specialize import _constexpr_text, _spec, _spec_nospec, _spec_noalign, _ckey, \
    _with_annotation, _annotation_type, _options_key, _vendor_option, _env_flag, \
    _TORCH_TYPES, _POINTER_TYPES, _BACKEND_OPTIONS, _IGNORED_OPTIONS, _UNSUPPORTED_OPTIONS
from ..compiler.compiler import CompiledKernel
from ..compiler.errors import CompilationError
from .errors import OutOfResources, PTXASError  # noqa: F401 (triton.runtime.jit has it too)


# -- @jit ------------------------------------------------------------------------------

class Param:
    def __init__(self, p, index, do_not_specialize, do_not_specialize_on_alignment):
        self.name = p.name
        self.index = index
        self.num = index  # Triton's name (TorchInductor's get_constexprs reads it)
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


class _KernelRepr:
    """JITFunction.repr: the kernel's name, or what jit(repr=...)'s function
    says of it (a class rather than a lambda: it pickles)."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, jit_fn):
        return jit_fn.__name__ if self.fn is None else self.fn(jit_fn)


class KernelInterface:
    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, warmup=False, **kwargs)


def _fact_of(value):
    """What the compiler is told a module-level name is bound to: an int,
    float, bool or string as its Python literal ("value:3"), a
    triton.language module by name ("module:triton.language.extra.cuda.
    libdevice"); None for anything else."""
    if type(value) in (bool, int) or (type(value) is float and math.isfinite(value)):
        if type(value) is not int or -2**63 <= value < 2**63:
            return "value:" + repr(value)
        return None
    if type(value) is str:
        return "value:" + repr(value)
    if isinstance(value, types.ModuleType):
        module = value.__name__
        if module.startswith("trident."):
            module = "triton." + module[len("trident."):]
        if module.startswith("triton.language"):
            return "module:" + module
    return None


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
        # fn(grid, metadata, args) -> dict, for the launch hooks (knobs.py).
        self.launch_metadata = launch_metadata
        # Triton's JITFunction.repr, called with the function (TorchInductor
        # calls it; jit(repr=...) gives it).
        self.repr = _KernelRepr(repr)
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
        self._bind_grid = None  # the compiled kernel[grid] callable's maker
        # The globals the body reads, with their values when compiled
        # (Triton's; TorchInductor saves and clears it before pickling).
        self.used_global_vals = {}
        # The source from `def` on, decorators left out, as Triton keeps it
        # (TorchInductor hashes it to look configurations up).
        try:
            src = textwrap.dedent(inspect.getsource(fn))
        except (OSError, TypeError):
            src = ""
        m = re.search(r"^def\s+\w+\s*\(", src, re.MULTILINE)
        self.src = src[m.start():] if m else src

    # Pickling (TorchInductor sends its kernels, with their compiled
    # specializations, from compile workers to the parent process): what
    # names and describes the kernel travels; the Python function and its
    # module's globals do not (Inductor clears them itself before pickling),
    # nor the launch table and generated launch functions, made again.
    _NOT_PICKLED = ("fn", "__globals__", "cache", "_binder", "_fast", "_entry", "_last",
                    "_bind_grid",
                    "signature")

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k not in self._NOT_PICKLED}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.fn = None
        self.__globals__ = None
        self.signature = None
        self.cache = {}
        self._binder = self._make_binder()
        self._fast = self._make_fast()
        self._entry = self._fast
        self._bind_grid = None
        self._last = (_NO_GRID, None)

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

    def _hooked(self, grid, *args, **kwargs):
        """A launch with triton.knobs' launch hooks called around it, given
        the launch's metadata (the kernel's name and stream, and what its
        launch_metadata function returns for this launch)."""
        key, values, options = self._binder(*args, **kwargs)
        values = tuple(values)
        kernel = self._kernel_for(key, values, options,
                                  _device_of(values, self._runtime_positions))
        meta = self._meta(values, options)
        if callable(grid):
            grid = grid(meta)
        stream = kernel.stream()
        metadata = knobs.LazyDict({"name": kernel.name, "function": None, "stream": stream})
        if self.launch_metadata is not None:
            metadata.add(self.launch_metadata, (grid, kernel.metadata, meta))
        enter, leave = knobs.runtime.launch_enter_hook, knobs.runtime.launch_exit_hook
        if enter is not None:
            enter(metadata)
        kernel._run(grid, values, stream)
        if leave is not None:
            leave(metadata)
        return kernel

    def _name_overflow(self, values):
        """Raises the OverflowError of the first integer argument that no
        runtime integer type holds, naming it."""
        def leaves(name, v):
            # An element of a tuple argument is named by its place: m_n[0].
            if isinstance(v, tuple):
                for i, e in enumerate(v):
                    yield from leaves(f"{name}[{i}]", e)
            else:
                yield name, v
        for p, value in zip(self.params, values):
            for name, v in leaves(p.name, value):
                if isinstance(v, int) and not isinstance(v, bool) and \
                        not -(2 ** 63) <= v < 2 ** 64:
                    raise OverflowError(
                        f"kernel '{self.__name__}': argument '{name}' = {v} does not fit "
                        f"in 64 bits (integer arguments are i32, i64, or u64 from 2^63 "
                        f"to 2^64-1)") from None
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
            if self._entry == self._fast:  # compiled dispatch from now on
                self._entry = self._make_dispatcher() or self._fast
                fast = _launcher.module() if self._entry is not self._fast else None
                # kernel[grid]'s callable: the compiled one, which hands
                # the call to the dispatcher without functools.partial's
                # detour.
                self._bind_grid = fast.bind if fast is not None else None
                self._last = (_NO_GRID, None)
                if fast is not None and JITFunction.__dict__["__getitem__"] is JITFunction._getitem:
                    # kernel[grid]'s common case in C from now on, for every
                    # kernel (it calls _getitem for the rest).
                    JITFunction.__getitem__ = fast.subscript(JITFunction._getitem, knobs.__dict__)
        return kernel

    def _slow(self, grid, key, values, options, devkey):
        kernel = self._kernel_for(key, values, options, devkey)
        if callable(grid):
            grid = grid(self._meta(values, options))
        kernel._run(grid, values, kernel.stream())
        return kernel

    def _getitem(self, grid):
        # kernel[(n,)] in a loop: a literal grid is one tuple object, whose
        # partial is kept (by identity: (1.0,) == (1,), and a float grid
        # must stay an error). Once the compiled launcher is built,
        # __getitem__ is its C form of the first lines (_launch.c,
        # Subscript), which calls this for everything else.
        if knobs.hooks_set:
            return functools.partial(self._hooked, grid)
        last = self._last  # one (grid, partial) pair: threads see both or neither
        if last[0] is grid:
            return last[1]
        bind = self._bind_grid
        p = bind(self._entry, grid) if bind else functools.partial(self._entry, grid)
        if type(grid) is tuple:
            self._last = (grid, p)
        return p

    __getitem__ = _getitem

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
            if knobs.hooks_set:
                return self._hooked(grid, *args, **kwargs)
            return self._fast(grid, *args, **kwargs)
        key, values, options = self._binder(*args, **kwargs)
        return self._kernel_for(key, values, options,
                                _device_of(values, self._runtime_positions))

    def warmup(self, *args, grid=None, **kwargs):
        return self.run(*args, grid=grid, warmup=True, **kwargs)

    def _compile(self, key, values, options, devkey, target=None):
        """The kernel compiled (or found in the cache) for `key`, loaded on
        the device `devkey` names; given `target` ("cuda:90"), compiled for
        it and loaded only when first used (triton.compile's kernels)."""
        if target is None:
            device = _resolve_device(devkey)
            target = device.target
        else:
            device = devkey  # CompiledKernel._init_handles loads it
        driver = target.partition(":")[0]
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
            elif (vendor := _vendor_option(target, k, self.__name__)) is not None:
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
        if driver == "cpu" and (debug or _env_flag("TRIDENT_CPU_CHECKED")):
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
        # Names an earlier specialization's compile asked for are given from
        # the start (their current values): no rounds of compiling again.
        facts = tuple(sorted(facts + self._facts_for(getattr(self, "_asked", ()), facts)))
        request = (source, self.__name__, signature, target, compile_options, debug,
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
                    f"{target} needs compiling, and the compiler is not "
                    f"available here ({str(e).splitlines()[0]}); no precompiled bundle "
                    f"for it is in {_bundles.directory()}") from None
            bundle, meta = found
        else:
            for attempt in range(8):
                try:
                    bundle, meta, _ = comp.compile(self.path, source, self.__name__,
                                                   signature, target,
                                                   compile_options, debug=debug,
                                                   facts=facts)
                    break
                except _native.CompileFailure as e:
                    message = str(e).rstrip("\n")
                    # A module-level binding the compiler could not
                    # evaluate (a value a host function computes, an `if`
                    # it could not decide) names what it depends on: the
                    # interpreter has those values, so compile again with
                    # them as facts (each round may reach the next one).
                    more = self._interpreter_facts(message, facts) if attempt < 7 else ()
                    if more:
                        self._asked = tuple(getattr(self, "_asked", ())) + \
                            tuple(name for name, _ in more)
                        facts = tuple(sorted(facts + more))
                        request = request[:-1] + (facts,)
                        continue
                    # More shared memory than the device has: Triton's
                    # OutOfResources, which autotuning skips and scripts catch.
                    if "out of shared memory" in message:
                        raise OutOfResources(message) from None
                    # ptxas refusing the PTX (a register or resource limit
                    # of this configuration): Triton's PTXASError.
                    if "ptxas failed" in message:
                        raise PTXASError(message) from None
                    raise CompilationError(message) from None
            _bundles.store(request, bundle, meta, comp.build_id)
        return CompiledKernel(self, device, bundle, meta, self.params, key, request)

    def _interpreter_facts(self, message, facts):
        """The interpreter's values of the names a compile error says a
        module-level binding depends on ("it depends on pkg.flags.IS_NVIDIA,
        USE_FAST: ..."): a name qualified by its module is read from that
        module, a plain one from the kernel's file. Ints, floats, bools and
        strings as values, triton.language modules as modules; only names
        without a fact yet."""
        m = re.search(r"it depends on ([\w.]+(?:, [\w.]+)*):", message)
        return self._facts_for(m.group(1).split(", "), facts) if m else ()

    def _facts_for(self, names, facts):
        """The interpreter's facts for `names` (plain or qualified by their
        module) that `facts` does not have yet."""
        known = {name for name, _ in facts}
        more = []
        for qualified in names:
            if qualified in known:
                continue
            module, _, name = qualified.rpartition(".")
            if module:
                namespace = getattr(sys.modules.get(module), "__dict__", {})
            else:
                namespace = self.__globals__
            if name not in namespace:
                continue
            fact = _fact_of(namespace[name])
            if fact is not None:
                more.append((qualified, fact))
        return tuple(more)

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
            if name not in source or type(value) is str:
                continue
            fact = _fact_of(value)
            if fact is not None:
                facts.append((name, fact))
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
                           debug=debug, noinline=noinline, repr=repr,
                           launch_metadata=launch_metadata)

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

