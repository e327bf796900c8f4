# Stand-in for TorchInductor's heuristics module: decorator factories that
# wrap a @triton.jit kernel in an autotuner (here they return it).
def _keep(*args, **kwargs):
    # The autotuner keeps triton_meta (signature, constants, divisibility
    # configs) to compile the kernel with; here the function carries it.
    def wrap(fn):
        fn.inductor_triton_meta = kwargs.get("triton_meta")
        return fn
    return wrap


pointwise = reduction = persistent_reduction = template = _keep


class _ConstRepr:
    # What the autotuner puts in place of a @jit function's repr before it
    # pickles the function: a constant.
    def __init__(self, value):
        self.value = value

    def __call__(self, _=None):
        return self.value
