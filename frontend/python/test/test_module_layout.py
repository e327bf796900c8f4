"""Triton's classes where Triton keeps them: code that imports them by
path (vLLM, Liger and others test `isinstance(fn, JITFunction)`) finds the
real ones under the drop-in."""
from conftest import run_script


def test_triton_paths_hold_the_real_classes(tmp_path):
    script = tmp_path / "layout.py"
    script.write_text(
        "import numpy as np\n"
        "import triton\n"
        "import triton.language as tl\n"
        "from triton.runtime.jit import JITFunction, KernelInterface\n"
        "from triton.runtime.autotuner import Autotuner, Config, Heuristics\n"
        "from triton.compiler.compiler import CompiledKernel\n"
        "from triton.compiler.errors import CompilationError\n"
        "from triton.runtime.errors import OutOfResources\n"
        "from triton.runtime import driver\n"
        "import triton.testing\n"
        "\n"
        "@triton.jit\n"
        "def k(x_ptr, BLOCK: tl.constexpr):\n"
        "    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)\n"
        "\n"
        "@triton.autotune(configs=[triton.Config({'BLOCK': 8})], key=[])\n"
        "@triton.heuristics({'B2': lambda a: 2})\n"
        "@triton.jit\n"
        "def t(x_ptr, BLOCK: tl.constexpr, B2: tl.constexpr):\n"
        "    tl.store(x_ptr + tl.arange(0, BLOCK), 2.0)\n"
        "\n"
        "assert isinstance(k, JITFunction) and isinstance(k, KernelInterface)\n"
        "assert JITFunction.__module__ == 'trident.runtime.jit'\n"
        "assert type(t) is Autotuner and type(t.fn) is Heuristics\n"
        "assert isinstance(t.configs[0], Config)\n"
        "assert triton.jit is triton.runtime.jit.jit\n"
        "assert triton.CompilationError is CompilationError\n"
        "assert triton.OutOfResources is OutOfResources\n"
        "assert driver.active.get_current_target().backend == 'cpu'\n"
        "x = np.zeros(8, np.float32)\n"
        "h = k.warmup(x, BLOCK=8, grid=(1,))\n"
        "assert isinstance(h, CompiledKernel), type(h)\n"
        "assert callable(triton.testing.do_bench)\n"
        "print('ok')\n")
    r = run_script(script)
    assert r.returncode == 0, r.stderr
    assert "ok" in r.stdout
