# Python accepts "\n", "\r\n" and a lone "\r" (old Mac files) as line
# breaks. The same kernel saved each way is found, compiles to the same
# TTIR with the same locations, and reports errors at the same line:col;
# blank and comment lines, a continued line and a docstring included.
#
# RUN: rm -rf %t && mkdir -p %t/lf %t/cr %t/crlf
# RUN: python3 -c "import sys; d = open(sys.argv[1], 'rb').read(); [open(sys.argv[2] + '/' + n + '/k.py', 'wb').write(d.replace(b'\n', e)) for n, e in [('lf', b'\n'), ('cr', b'\r'), ('crlf', b'\r\n')]]" %s %t
# RUN: cd %t/lf && tridentc k.py --kernel scale --signature '*fp32:16, 64' > %t/lf.ttir
# RUN: cd %t/cr && tridentc k.py --kernel scale --signature '*fp32:16, 64' > %t/cr.ttir
# RUN: cd %t/crlf && tridentc k.py --kernel scale --signature '*fp32:16, 64' > %t/crlf.ttir
# RUN: FileCheck %s --check-prefix=TTIR < %t/cr.ttir
# RUN: diff %t/lf.ttir %t/cr.ttir
# RUN: diff %t/lf.ttir %t/crlf.ttir
# RUN: cd %t/cr && not tridentc k.py --kernel bad --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ERR
# RUN: cd %t/crlf && not tridentc k.py --kernel bad --signature '*fp32:16, 64' 2>&1 | FileCheck %s --check-prefix=ERR

# TTIR-LABEL: tt.func public @scale(
# TTIR: arith.mulf
# TTIR: tt.store

import triton
import triton.language as tl


@triton.jit
def scale(x_ptr, BLOCK: tl.constexpr):
    """Doubles a block.

    (a docstring over several lines)
    """
    # A comment, then a blank line.

    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr +
                offs)
    y = x * \
        2.0
    tl.store(x_ptr + offs, y)


@triton.jit
def bad(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # ERR: k.py:[[@LINE+2]]:9: error: {{.*}}'nope'{{.*}}
    # ERR-NEXT: x = nope + offs
    x = nope + offs
    tl.store(x_ptr + offs, x)
