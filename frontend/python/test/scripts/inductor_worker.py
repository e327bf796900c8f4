# What a TorchInductor compile worker does with a generated kernel file
# (torch 2.11's _worker_compile_triton and CachingAutotuner), run through
# `python -m trident`: import the file, compile each kernel with
# triton.compile(ASTSource(...), target=..., options=...), then clear what
# Inductor's prepare_for_pickle clears on the @jit function and pickle each
# compiled kernel's __dict__ as TritonCompileResult.__getstate__ does
# (module, function and run replaced by None) for the parent process.
#   inductor_worker.py KERNEL_FILE OUT.pickle
import importlib.util
import pickle
import sys

import triton
from triton.backends.compiler import GPUTarget
from triton.compiler.compiler import ASTSource
from torch._inductor.runtime.triton_heuristics import _ConstRepr

DIV16 = [["tt.divisibility", 16]]
CASES = {
    "triton_poi_fused_gelu_0": (
        {"in_ptr0": "*fp32", "out_ptr0": "*fp32", "xnumel": "i32", "XBLOCK": "constexpr"},
        {"XBLOCK": 1024}, (0, 1, 2)),
    "triton_per_fused_amax_var_1": (
        {"in_ptr0": "*fp32", "out_ptr0": "*fp32", "out_ptr1": "*fp32", "xnumel": "i32",
         "r0_numel": "i32", "XBLOCK": "constexpr"}, {"XBLOCK": 8}, (0, 1, 2, 3, 4)),
}


def main(path, out):
    spec = importlib.util.spec_from_file_location("generated", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    states = {}
    for name, (signature, constants, divisible) in CASES.items():
        fn = getattr(module, name)
        # CachingAutotuner._create_compile_meta: the declared constexprs
        # (triton_helpers.get_constexprs reads each parameter's `num`).
        assert [p.num for p in fn.params if p.is_constexpr] == fn.constexprs
        src = ASTSource(fn, signature, constants, {(i,): DIV16 for i in divisible})
        # Options Inductor passes, one this Triton release does not know
        # among them (left out, as Triton's parse_options leaves it out).
        kernel = triton.compile(src, target=GPUTarget("cpu", "cpu", 1),
                                options={"num_warps": 4, "num_stages": 1, "debug": False,
                                         "sanitize_overflow": False,
                                         "num_consumer_groups": 0})
        # prepare_for_pickle: it reads what it clears (restore_after_unpickle
        # puts the values back).
        saved = (fn.fn, fn.__globals__, fn.used_global_vals, fn.repr,
                 getattr(fn, "_hash_lock", None))
        assert saved[0] is not None and isinstance(saved[2], dict)
        # The source from `def` on, as Triton keeps it (Inductor hashes it).
        assert fn.src.startswith("def " + name + "(")
        fn.fn = None
        fn.__globals__ = None
        fn.used_global_vals = None
        fn.repr = _ConstRepr(fn.repr(fn))
        fn._hash_lock = None
        states[name] = {**kernel.__dict__, "metadata": kernel.metadata,
                        "packed_metadata": kernel.packed_metadata,
                        "module": None, "function": None, "run": None}
    with open(out, "wb") as f:
        pickle.dump(states, f)
    print("pickled", sorted(states), "loaded here:", hasattr(kernel, "_launch"))


if __name__ == "__main__":
    main(*sys.argv[1:])
