# tl.device_print prefixes and a tl.device_assert message holding printf
# conversions; the kernel is add_kernel as trident-runtime-c-example runs it
# (256 elements per program). The assertion fails in program 1 with --debug.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x + y, mask=m)
    if pid == 0:
        tl.device_print("%s%s", n)
        tl.device_print("pct %d%%", pid)
        tl.device_print("%n%s no values")
    tl.device_assert(pid < 1, "%s%n pct %d%% of programs")
