"""Kernel source for code that is not in a file: a notebook cell, a REPL
line, exec'd text.

The compiler reads a kernel's file whole: its imports, constants and
helpers. A notebook cell holds only what it defines; `import triton`, `tl`,
a helper or a constant from an earlier cell live in the interpreter's
globals. `source(fn)` gives the compiler the cell's text (from linecache,
where IPython puts every cell and from where inspect and Triton read it)
followed by what the cell's names refer to in those globals, written as
module-level Python: an import for a module, the source of a @jit helper
from another cell (and, in turn, what it refers to), an assignment for a
constant. Those lines come after the cell's own, so a diagnostic in the
cell keeps its line and column.
"""

import ast
import inspect
import linecache
import math
import textwrap
import types


def _bound(tree):
    """Names the module-level statements of `tree` bind."""
    names = set()

    def visit(stmts):
        for s in stmts:
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(s.name)
            elif isinstance(s, (ast.Import, ast.ImportFrom)):
                for a in s.names:
                    names.add(a.asname or a.name.split(".")[0])
            elif isinstance(s, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = s.targets if isinstance(s, ast.Assign) else [s.target]
                for t in targets:
                    for n in ast.walk(t):
                        if isinstance(n, ast.Name):
                            names.add(n.id)
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue  # their bodies bind local names, not the module's
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(s, field, None)
                if isinstance(inner, list):
                    visit([x for x in inner if isinstance(x, ast.stmt)] +
                          [y for h in inner if isinstance(h, ast.excepthandler) for y in h.body])

    visit(tree.body)
    return names


def _used(tree):
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


def _constant(value):
    """Python text for a constant a kernel may use, or None."""
    from .language import core
    if isinstance(value, core.constexpr):
        inner = _constant(value.value)
        return None if inner is None else f"_tg_tl.constexpr({inner})"
    if isinstance(value, core.dtype):
        return "_tg_tl." + repr(value).rsplit(".", 1)[1]
    if value is None or isinstance(value, (bool, int, str)):
        return repr(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else f"float('{value}')"
    return None


def source(fn):
    """The text the compiler reads for `fn` defined outside a file, or None
    when linecache does not have it."""
    from .runtime.jit import JITFunction
    filename = fn.__code__.co_filename
    lines = linecache.getlines(filename, fn.__globals__)
    if not lines:
        return None
    text = "".join(lines)
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text  # the compiler reports it, located
    globs = fn.__globals__
    done = _bound(tree)
    queue = sorted(_used(tree) - done)
    extra = []
    while queue:
        name = queue.pop(0)
        if name in done or name not in globs:
            continue
        done.add(name)
        value = globs[name]
        if isinstance(value, types.ModuleType):
            module = value.__name__
            extra.append(f"import {module}" if module == name else f"import {module} as {name}")
            continue
        if isinstance(value, JITFunction):
            helper = value.fn
            origin = inspect.getmodule(helper)
            if origin is not None and getattr(origin, "__file__", None) and \
                    helper.__code__.co_filename == origin.__file__:
                # A helper from a module on disk: imported, as the
                # compiler resolves imports.
                extra.append(f"from {origin.__name__} import {helper.__name__} as {name}")
                continue
            try:
                helper_text = textwrap.dedent(inspect.getsource(helper))
            except (OSError, TypeError):
                continue
            extra.append(helper_text.rstrip("\n"))
            if helper.__name__ != name:
                extra.append(f"{name} = {helper.__name__}")
            try:
                queue.extend(sorted(_used(ast.parse(helper_text)) - done))
            except SyntaxError:
                pass
            continue
        text_value = _constant(value)
        if text_value is not None:
            extra.append(f"{name} = {text_value}")
    if not extra:
        return text
    if any("_tg_tl." in line for line in extra):
        extra.insert(0, "import triton.language as _tg_tl")
    return text + "\n" + "\n".join(extra) + "\n"
