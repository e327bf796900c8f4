"""Host-side kernel generators (FlagGems' pointwise_dynamic): Python code
writes a kernel file at run time and imports it; the file compiles like any
other kernel file. Also exec'd generated text, registered in linecache."""
import importlib.util
import linecache
import sys

import numpy as np

import trident as triton
import trident.language as tl


TEMPLATE = '''import trident as triton
import trident.language as tl


@triton.jit
def {name}(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(out_ptr + offs, {expr}, mask=m)
'''


def generate(tmp_path, name, expr):
    """What a generator does: write the kernel's source, import it."""
    path = tmp_path / f"gen_{name}.py"
    path.write_text(TEMPLATE.format(name=name, expr=expr))
    spec = importlib.util.spec_from_file_location(f"gen_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return getattr(module, name)


def test_generated_kernel_files(tmp_path):
    x = np.linspace(-2, 2, 300).astype(np.float32)
    y = np.linspace(1, 3, 300).astype(np.float32)
    for name, expr, want in (("fused_axpy", "x * 2.0 + y", x * 2 + y),
                             ("fused_mul_sub", "x * y - x", x * y - x)):
        kernel = generate(tmp_path, name, expr)
        out = np.zeros_like(x)
        kernel[(triton.cdiv(300, 128),)](x, y, out, 300, BLOCK=128)
        np.testing.assert_allclose(out, want, rtol=1e-6)


def test_regenerated_file_recompiles(tmp_path):
    x = np.arange(8, dtype=np.float32)
    out = np.zeros(8, np.float32)
    k1 = generate(tmp_path, "regen", "x + y")
    k1[(1,)](x, x, out, 8, BLOCK=8)
    np.testing.assert_array_equal(out, 2 * x)
    k2 = generate(tmp_path, "regen", "x * y")  # same file, new text
    k2[(1,)](x, x, out, 8, BLOCK=8)
    np.testing.assert_array_equal(out, x * x)


def test_exec_of_generated_text(tmp_path):
    name = "<generated pointwise 1>"
    src = TEMPLATE.format(name="gen_exec", expr="x - y")
    linecache.cache[name] = (len(src), None, src.splitlines(True), name)
    scope = {}
    exec(compile(src, name, "exec"), scope)
    x = np.arange(16, dtype=np.float32)
    out = np.zeros(16, np.float32)
    scope["gen_exec"][(1,)](x, x * 3, out, 16, BLOCK=16)
    np.testing.assert_array_equal(out, -2 * x)
