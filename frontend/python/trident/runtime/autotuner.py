"""triton.autotune, triton.heuristics and triton.Config for Trident.

Autotuning follows Triton 3.6: the key is the values of the `key` arguments
plus the dtypes of the tensor arguments; on a new key every config (after
`prune_configs_by`) is benchmarked with do_bench, with `reset_to_zero` and
`restore_value` applied around each run, and the fastest is kept.

Unlike Triton, the choice is also kept on disk, so a second process does not
benchmark again: a JSON file per (kernel source, kernel, key, configs,
device, Trident build) under $TRIDENT_CACHE_DIR/autotune (default
~/.cache/trident/autotune). TRIDENT_AUTOTUNE chooses the policy:
  cached (default)  use the file when it exists, else benchmark and write it
  always            benchmark in every process, and write the file
  off               never benchmark: run the first config
Tuning that takes more than a second reports its progress on stderr.
"""

import builtins
import hashlib
import json
import os
import sys
import threading
import time

from .. import _native
from ..compiler.errors import CompilationError
from .errors import OutOfResources, PTXASError
from .jit import KernelInterface


class Config:
    def __init__(self, kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None,
                 pre_hook=None, ir_override=None):
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.num_ctas = num_ctas
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook
        self.ir_override = ir_override

    def all_kwargs(self):
        out = dict(self.kwargs)
        for k in ("num_warps", "num_ctas", "num_stages", "maxnreg"):
            v = getattr(self, k)
            if v is not None:
                out[k] = v
        return out

    def __str__(self):
        parts = [f"{k}: {v}" for k, v in self.kwargs.items()]
        parts += [f"num_warps: {self.num_warps}", f"num_ctas: {self.num_ctas}",
                  f"num_stages: {self.num_stages}", f"maxnreg: {self.maxnreg}"]
        return ", ".join(parts)

    __repr__ = __str__

    def __eq__(self, other):
        return (isinstance(other, Config) and self.all_kwargs() == other.all_kwargs()
                and self.pre_hook is other.pre_hook)

    def __hash__(self):
        return hash((tuple(sorted((k, repr(v)) for k, v in self.all_kwargs().items())),
                     id(self.pre_hook)))


def _cache_root():
    d = os.environ.get("TRIDENT_CACHE_DIR")
    if not d:
        d = os.path.join(os.path.expanduser("~"), ".cache", "trident")
    return os.path.join(d, "autotune")


def _policy():
    p = os.environ.get("TRIDENT_AUTOTUNE", "cached")
    if p not in ("off", "cached", "always"):
        raise ValueError(f"TRIDENT_AUTOTUNE={p}: expected off, cached or always")
    return p


def _jit_of(fn):
    while not hasattr(fn, "path"):
        fn = fn.fn
    return fn


def _zero(a):
    if hasattr(a, "zero_"):
        a.zero_()
    else:
        a[...] = 0


def _clone(a):
    return a.clone() if hasattr(a, "clone") else a.copy()


def _copy_into(dst, src):
    if hasattr(dst, "copy_"):
        dst.copy_(src)
    else:
        dst[...] = src


class Autotuner(KernelInterface):
    def __init__(self, fn, arg_names, configs, key, reset_to_zero=None, restore_value=None,
                 pre_hook=None, post_hook=None, prune_configs_by=None, warmup=None, rep=None,
                 use_cuda_graph=False, do_bench=None, cache_results=False):
        # Per-thread launch state (the arguments being tuned or launched,
        # the copies restore_value keeps): threads launching the kernel at
        # once each see their own. One lock makes a key tuned once while
        # the other threads wait for its config.
        self._local = threading.local()
        self._tune_lock = threading.Lock()
        self.fn = fn
        self.arg_names = arg_names
        self.configs = list(configs) if configs else [Config({}, num_warps=4, num_stages=3)]
        self.keys = list(key)
        self.cache = {}
        self.reset_to_zero = list(reset_to_zero or [])
        self.restore_value = list(restore_value or [])
        self.user_pre_hook, self.user_post_hook = pre_hook, post_hook
        prune_configs_by = prune_configs_by or {}
        self.perf_model = prune_configs_by.get("perf_model")
        self.configs_top_k = prune_configs_by.get("top_k", 1.0)
        self.early_config_prune = prune_configs_by.get("early_config_prune")
        # Not `self.warmup`: that is the method that compiles every config.
        self.num_warmups = 25 if warmup is None else warmup
        self.num_reps = 100 if rep is None else rep
        self.user_do_bench = do_bench
        self.best_config = None
        self.configs_timings = None
        self.nargs = None
        for attr in ("__name__", "__doc__", "arg_names", "params"):
            if hasattr(fn, attr) and attr != "arg_names":
                setattr(self, attr, getattr(fn, attr))
        self.__name__ = getattr(fn, "__name__", "kernel")

    @property
    def nargs(self):
        return getattr(self._local, "nargs", None)

    @nargs.setter
    def nargs(self, value):
        self._local.nargs = value

    @property
    def _restore_copies(self):
        return getattr(self._local, "restore_copies", {})

    @_restore_copies.setter
    def _restore_copies(self, value):
        self._local.restore_copies = value

    # -- hooks around each benchmarked run
    def _pre_hook(self, nargs, reset_only=False):
        for name in self.reset_to_zero:
            if nargs.get(name) is not None:
                _zero(nargs[name])
        if not reset_only:
            self._restore_copies = {n: _clone(nargs[n]) for n in self.restore_value
                                    if nargs.get(n) is not None}
        if self.user_pre_hook is not None:
            self.user_pre_hook(nargs)

    def _post_hook(self, nargs, exception):
        for name, saved in self._restore_copies.items():
            _copy_into(nargs[name], saved)
        self._restore_copies = {}
        if self.user_post_hook is not None:
            self.user_post_hook(nargs, exception)

    def _bench(self, *args, config, **meta):
        from ..testing import do_bench
        conflicts = set(meta) & set(config.all_kwargs())
        if conflicts:
            raise ValueError(
                f"Conflicting meta-parameters: {', '.join(sorted(conflicts))}. Make sure "
                f"that you don't re-define auto-tuned symbols.")
        current = dict(meta, **config.all_kwargs())
        full_nargs = {**self.nargs, **current}

        def kernel_call():
            if config.pre_hook:
                config.pre_hook(full_nargs)
            self._pre_hook(full_nargs)
            exception = None
            try:
                self.fn.run(*args, **current)
            except Exception as e:
                exception = e
                raise
            finally:
                self._post_hook(full_nargs, exception)

        try:
            if self.user_do_bench is not None:
                r = self.user_do_bench(kernel_call, quantiles=(0.5, 0.2, 0.8))
            else:
                r = do_bench(kernel_call, warmup=self.num_warmups, rep=self.num_reps,
                             quantiles=(0.5, 0.2, 0.8))
            return r if isinstance(r, (list, tuple)) else [r, r, r]
        except (OutOfResources, PTXASError, CompilationError) as e:
            if os.environ.get("TRIDENT_AUTOTUNE_VERBOSE"):
                print(f"trident: config {config} failed: {e}", file=sys.stderr)
            return [float("inf")] * 3

    def prune_configs(self, kwargs):
        pruned = self.configs
        if self.early_config_prune:
            pruned = self.early_config_prune(self.configs, self.nargs, **kwargs)
            if not pruned:
                raise RuntimeError(f"{self.__name__}: early_config_prune left no config")
        if self.perf_model:
            top_k = self.configs_top_k
            if isinstance(top_k, float) and top_k <= 1.0:
                top_k = max(1, int(len(self.configs) * top_k))
            elif not isinstance(top_k, int):
                raise TypeError("prune_configs_by['top_k'] must be an int or a float <= 1")
            if len(pruned) > top_k:
                est = {c: self.perf_model(**self.nargs, **kwargs, **c.all_kwargs()) for c in pruned}
                pruned = sorted(est, key=est.get)[:top_k]
        return pruned

    # -- the persistent choice
    def _disk_path(self, key, device):
        jit = _jit_of(self.fn)
        try:
            with open(jit.path, "rb") as f:
                source = hashlib.sha256(f.read()).hexdigest()
        except OSError:
            source = hashlib.sha256(jit.src.encode()).hexdigest()
        try:
            build = _native.compiler().build_id
        except ImportError:
            build = "no-compiler"
        material = json.dumps({
            "source": source, "kernel": jit.__name__, "key": repr(key),
            "configs": [repr(sorted((k, repr(v)) for k, v in c.all_kwargs().items()))
                        for c in self.configs],
            "device": device, "trident": build,
        }, sort_keys=True)
        h = hashlib.sha256(material.encode()).hexdigest()[:32]
        return os.path.join(_cache_root(), f"{jit.__name__}-{h}.json")

    def _load(self, path):
        """The config chosen before (the local file, then the remote
        cache, whose hit is written locally), or None."""
        from .._bundles import read_regular
        try:
            data = json.loads(read_regular(path, limit=16 << 20))
        except FileNotFoundError:
            found = self._load_remote(path)
            _native.count_cache("autotune", "remote hit" if found else "miss")
            return found
        except (OSError, ValueError, RecursionError) as e:
            data = e
        config = self._config_of(path, data)
        if config is not None:
            _native.count_cache("autotune", "local hit")
        return config

    def _load_remote(self, path):
        try:
            comp = _native.compiler()
        except ImportError:
            return None
        raw = comp.remote_get("autotune", os.path.basename(path)[:-len(".json")])
        if raw is None:
            return None
        try:
            data = json.loads(raw.decode())
        except (ValueError, UnicodeDecodeError, RecursionError):
            return None
        config = self._config_of(path, data, quiet=True)
        if config is not None:
            self._write_local(path, raw)
        return config

    def _config_of(self, path, data, quiet=False):
        if not isinstance(data, dict):
            # Valid JSON of another shape, or not JSON, or not a file:
            # tuned again and rewritten, with one warning.
            if quiet:
                return None
            print(f"trident: warning: ignoring the autotuning cache {path}: "
                  f"{data if isinstance(data, Exception) else 'not a JSON object'}",
                  file=sys.stderr)
            return None
        for c in self.configs:
            if repr(sorted((k, repr(v)) for k, v in c.all_kwargs().items())) == data.get("config"):
                return c
        return None

    def _store(self, path, config, timings):
        raw = json.dumps({"config": repr(sorted((k, repr(v)) for k, v in config.all_kwargs().items())),
                          "readable": str(config),
                          "timings_ms": {str(c): t[0] for c, t in timings.items()}},
                         indent=1).encode()
        self._write_local(path, raw)
        try:
            _native.compiler().remote_put("autotune", os.path.basename(path)[:-len(".json")],
                                          raw)
        except ImportError:
            pass

    def _write_local(self, path, raw):
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "wb") as f:
                f.write(raw)
            os.replace(tmp, path)
        except OSError as e:
            print(f"trident: warning: cannot write the autotuning cache {path}: {e}",
                  file=sys.stderr)

    def _device_name(self, args, kwargs):
        from .._devices import _device_of, _resolve_device
        jit = _jit_of(self.fn)
        # The configs' meta-parameters complete the arguments (the device
        # is that of the first tensor; they do not change it).
        positional = set(jit.arg_names[:len(args)])
        given = {k: v for k, v in {**self.configs[0].all_kwargs(), **kwargs}.items()
                 if k in jit.arg_names and k not in positional}
        values, _ = jit._bind_all(*args, **given)
        d = _resolve_device(_device_of(values, jit._runtime_positions))
        return f"{d.target} ({d.name})"

    def _tune(self, key, args, kwargs):
        pruned = self.prune_configs(kwargs)
        timings = {}
        start = time.perf_counter()
        reported = False
        for i, config in enumerate(pruned):
            elapsed = time.perf_counter() - start
            if elapsed > 1.0:
                if not reported:
                    print(f"trident: autotuning {self.__name__} for key {key}: "
                          f"{len(pruned)} configs", file=sys.stderr)
                    reported = True
                print(f"trident:   [{i + 1}/{len(pruned)}] {config}", file=sys.stderr)
            timings[config] = self._bench(*args, config=config, **kwargs)
        best = builtins.min(timings, key=lambda c: timings[c][0])
        if reported:
            print(f"trident: autotuning {self.__name__} done in "
                  f"{time.perf_counter() - start:.1f} s: {best}", file=sys.stderr)
        self.configs_timings = timings
        return best, timings

    def run(self, *args, **kwargs):
        self.nargs = dict(zip(self.arg_names, args))
        if len(self.configs) > 1:
            all_args = {**self.nargs, **kwargs}
            _args = {k: v for k, v in all_args.items() if k in self.arg_names}
            key = [_args[k] for k in self.keys if k in _args]
            for arg in _args.values():
                if hasattr(arg, "dtype"):
                    key.append(str(arg.dtype))
            key = tuple(key)
            if key not in self.cache:
                with self._tune_lock:
                    if key not in self.cache:
                        self._fill_cache(key, args, kwargs)
            config = self.cache[key]
        else:
            config = self.configs[0]
        self.best_config = config
        if config.pre_hook is not None:
            config.pre_hook({**self.nargs, **kwargs, **config.all_kwargs()})
        ret = self.fn.run(*args, **kwargs, **config.all_kwargs())
        self.nargs = None
        return ret

    def _fill_cache(self, key, args, kwargs):
        """Tunes (or reads from disk) the config of `key`; under the lock."""
        policy = _policy()
        meta = {k: v for k, v in kwargs.items() if k not in ("grid", "warmup")}
        if policy == "off":
            self.cache[key] = self.configs[0]
            return
        path = self._disk_path(key, self._device_name(args, meta))
        config = self._load(path) if policy == "cached" else None
        if config is None:
            config, timings = self._tune(key, args, kwargs)
            self._store(path, config, timings)
            full = {**self.nargs, **kwargs, **config.all_kwargs()}
            self._pre_hook(full, reset_only=True)
        self.cache[key] = config

    def warmup(self, *args, **kwargs):
        self.nargs = dict(zip(self.arg_names, args))
        out = [self.fn.warmup(*args, **kwargs, **c.all_kwargs()) for c in self.prune_configs(kwargs)]
        self.nargs = None
        return out


def autotune(configs, key, prune_configs_by=None, reset_to_zero=None, restore_value=None,
             pre_hook=None, post_hook=None, warmup=None, rep=None, use_cuda_graph=False,
             do_bench=None, cache_results=False):
    def decorator(fn):
        return Autotuner(fn, fn.arg_names, configs, key, reset_to_zero, restore_value,
                         pre_hook=pre_hook, post_hook=post_hook,
                         prune_configs_by=prune_configs_by, warmup=warmup, rep=rep,
                         use_cuda_graph=use_cuda_graph, do_bench=do_bench,
                         cache_results=cache_results)
    return decorator


class Heuristics(KernelInterface):
    def __init__(self, fn, arg_names, values):
        self.fn = fn
        self.values = values
        self.arg_names = arg_names
        self.__name__ = getattr(fn, "__name__", "kernel")

    def run(self, *args, **kwargs):
        for v, heur in self.values.items():
            kwargs[v] = heur({**dict(zip(self.arg_names, args)), **kwargs})
        return self.fn.run(*args, **kwargs)

    def warmup(self, *args, **kwargs):
        for v, heur in self.values.items():
            kwargs[v] = heur({**dict(zip(self.arg_names, args)), **kwargs})
        return self.fn.warmup(*args, **kwargs)


def heuristics(values):
    def decorator(fn):
        return Heuristics(fn, fn.arg_names, values)
    return decorator
