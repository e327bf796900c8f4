#!/usr/bin/env python3
"""Compile the Triton kernels of real packages with tridentc, as far as the
frontend (--emit ttir-raw), and count what compiles.

A package's kernels are called from host code that Trident never sees, so
their signatures are guessed from the source: parameters annotated
tl.constexpr get their autotune value or a plausible one (32, False,
tl.float32), parameters used as pointers (loads, stores, block pointers,
passed on to helpers that load) a pointer type, the rest i32 (fp32 for
names like eps or scale). When a guess makes the kernel fail, the other
types of each entry are tried while the error moves further into the
kernel. What still fails is either a gap of Trident's or a guess no type
fixes: read the errors (--json) to tell them apart.

    python3 tools/package-sweep/package_sweep.py --tridentc build/bin/tridentc \\
        --root PKG_CHECKOUT [--root ...] [--per-file 2] [--json out.json] [-D NAME=VALUE ...]

With --target T (cuda:90, hip:gfx942, cpu) every kernel that passes the
frontend is also compiled for T (to PTX, AMDGCN or the host's LLVM IR),
and a crash -- a pass crashed, LLVM ERROR, a signal -- is counted and
listed apart from an error.

Each --root is a checkout whose Python files are searched for @triton.jit
kernels (those that read tl.program_id); it is also the -I directory for
their imports. -D values go to every compile (a package's flags:
-D fla.utils.IS_NVIDIA=True). Needs only Python 3 and tridentc.
"""
import argparse
import ast
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

POINTER_USES = {"load", "store", "atomic_add", "atomic_max", "atomic_min", "atomic_cas",
                "atomic_xchg", "atomic_or", "atomic_and", "atomic_xor", "make_block_ptr",
                "make_tensor_descriptor", "prefetch"}
INT_POINTER = re.compile(r"(idx|index|indices|ids|offset|cu_seqlens|seqlen|seq_len|_len|loc|"
                         r"table|token|count|lens|position|pos|label|target|perm|expert|topk|"
                         r"src|dst|map|num_)", re.I)
FLOAT_SCALAR = re.compile(r"(eps|scale|alpha|beta|softcap|theta|momentum|^p$|value|weight|lr|"
                          r"temperature|gamma|lambda|factor|dropout|margin|min_val|max_val|"
                          r"threshold|fill|base$)", re.I)
FLAG_PREFIXES = ("IS_", "HAS_", "USE_", "ENABLE", "EVEN", "SAVE", "RETURN", "NEED", "DO_",
                 "APPLY", "STORE", "OUTPUT_", "REVERSE", "TRANSPOSE", "CAUSAL", "INPLACE",
                 "FUSE", "WITH", "HEAD_FIRST", "TRAIN")
OTHER_TYPES = {"*fp32": ["*i32", "*i64", "*fp16", "*i8"], "*i32": ["*fp32", "*i64"],
               "i32": ["fp32", "i64"], "fp32": ["i32"]}


def decorator_name(d):
    return ast.unparse(d.func if isinstance(d, ast.Call) else d)


def kernels_in(path):
    """The file's @jit functions that read tl.program_id, and all its
    functions by name (helpers whose pointer parameters count)."""
    tree = ast.parse(open(path, encoding="utf-8", errors="replace").read())
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    kernels = []
    for n in tree.body:
        if not isinstance(n, ast.FunctionDef):
            continue
        if not any(decorator_name(d).endswith("jit") for d in n.decorator_list):
            continue
        if any(isinstance(c, ast.Call) and ast.unparse(c.func).endswith("program_id")
               for c in ast.walk(n)):
            kernels.append(n)
    return kernels, funcs


def pointer_root(e):
    """The parameter an address expression starts from: `X + offs`,
    `X[...]`, `X.to(...)`."""
    while True:
        if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Sub)):
            e = e.left
        elif isinstance(e, ast.Subscript):
            e = e.value
        elif isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "to":
            e = e.func.value
        else:
            return e.id if isinstance(e, ast.Name) else None


def pointer_params(fn, funcs, depth=0):
    params = [a.arg for a in fn.args.args]
    found = {p for p in params if "ptr" in p.lower()}
    assigns = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if name in POINTER_USES:
                arg = node.args[0] if node.args else None
                for kw in node.keywords:
                    if kw.arg in ("pointer", "base", "ptr"):
                        arg = kw.value
                root = pointer_root(arg) if arg is not None else None
                if root:
                    found.add(root)
            elif name in funcs and depth < 3 and funcs[name] is not fn:
                callee = funcs[name]
                inner = pointer_params(callee, funcs, depth + 1)
                names = [a.arg for a in callee.args.args]
                for i, a in enumerate(node.args):
                    if i < len(names) and names[i] in inner and pointer_root(a):
                        found.add(pointer_root(a))
                for kw in node.keywords:
                    if kw.arg in inner and pointer_root(kw.value):
                        found.add(pointer_root(kw.value))
        if isinstance(node, ast.Attribute) and node.attr == "element_ty" and \
                isinstance(node.value, ast.Attribute) and isinstance(node.value.value, ast.Name):
            found.add(node.value.value.id)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name):
            assigns.append((node.targets[0].id, node.value))
    changed = True
    while changed:  # `p = X + off` then tl.load(p): X is a pointer
        changed = False
        for target, value in assigns:
            root = pointer_root(value)
            if target in found and root and root not in found:
                found.add(root)
                changed = True
    return found & set(params)


def autotune_values(fn):
    values = {}
    for d in fn.decorator_list:
        for node in ast.walk(d):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("Config") and \
                    node.args and isinstance(node.args[0], ast.Dict):
                for k, v in zip(node.args[0].keys, node.args[0].values):
                    if isinstance(k, ast.Constant) and isinstance(v, ast.Constant):
                        values.setdefault(k.value, repr(v.value))
    return values


def guess_constexpr(name):
    n = name.upper()
    if "DTYPE" in n or n.endswith("_TY") or n.endswith("TYPE"):
        return "tl.float32"
    if n.startswith(FLAG_PREFIXES):
        return "False"
    return "32"


def first_signature(fn, funcs):
    """(signature entries up to the last runtime parameter, -D for the
    constexprs after it)."""
    pointers = pointer_params(fn, funcs)
    tuned = autotune_values(fn)
    args = fn.args.args
    defaults = {args[len(args) - len(fn.args.defaults) + i].arg: d
                for i, d in enumerate(fn.args.defaults)}
    entries = []
    for a in args:
        p = a.arg
        is_const = a.annotation is not None and "constexpr" in ast.unparse(a.annotation)
        if is_const:
            value = None if p in defaults else tuned.get(p) or guess_constexpr(p)
        elif p in pointers:
            value = "*i32" if INT_POINTER.search(p) and "out" not in p.lower() else "*fp32"
        elif FLOAT_SCALAR.search(p) and "stride" not in p.lower():
            value = "fp32"
        else:
            value = "i32"
        entries.append((p, is_const, value))
    last = max([i for i, e in enumerate(entries) if not e[1]], default=-1)
    sig, defines = [], []
    for i, (p, is_const, value) in enumerate(entries):
        if i <= last:
            sig.append(value if value is not None else ast.unparse(defaults[p]))
        elif value is not None:
            defines.append(f"{p}={value}")
    return sig, defines


def compile_once(tridentc, path, kernel, sig, defines, root):
    cmd = [tridentc, path, "--kernel", kernel, "--signature", ",".join(sig),
           "--emit", "ttir-raw", "--no-cache", "-I", root, "-o", os.devnull]
    for d in defines:
        cmd += ["-D", d]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        return r.returncode, r.stderr[-3000:], cmd
    except subprocess.TimeoutExpired:
        return -1, "timeout", cmd


def error_depth(err, path):
    """How far into the file the first error is (later is better)."""
    m = re.search(re.escape(path) + r":(\d+):(\d+): error", err)
    return int(m.group(1)) * 1000 + int(m.group(2)) if m else 0


def sweep_kernel(tridentc, path, fn, funcs, root, extra, budget=60, target=None):
    sig, defines = first_signature(fn, funcs)
    defines += extra
    rc, err, cmd = compile_once(tridentc, path, fn.name, sig, defines, root)
    tries, better = 1, True
    while rc != 0 and better and tries < budget and err != "timeout":
        better = False
        for i in range(len(sig)):
            for other in OTHER_TYPES.get(sig[i], []):
                trial = sig[:i] + [other] + sig[i + 1:]
                rc2, err2, cmd2 = compile_once(tridentc, path, fn.name, trial, defines, root)
                tries += 1
                if rc2 == 0 or error_depth(err2, path) > error_depth(err, path):
                    sig, rc, err, cmd, better = trial, rc2, err2, cmd2, True
                    break
            if better or tries >= budget:
                break
    first = next((l for l in err.splitlines() if "error" in l), err.strip()[:200])
    out = dict(file=path, kernel=fn.name, line=fn.lineno, ok=rc == 0,
               error="" if rc == 0 else first, command=cmd)
    if rc == 0 and target:
        # The whole way down for a target: the GPU layer and the backend's
        # lowering, where a crash (not an error) is a bug of Trident's.
        full = [c for c in cmd if c != os.devnull]
        at = full.index("--emit")
        full[at:at + 2] = ["--target", target, "--emit", target_stage(target)]
        full[full.index("-o"):full.index("-o") + 1] = []
        try:
            r = subprocess.run(full, capture_output=True, text=True, timeout=300)
            terr, trc = r.stderr[-3000:], r.returncode
        except subprocess.TimeoutExpired:
            terr, trc = "timeout", -1
        out["target_ok"] = trc == 0
        out["crash"] = trc < 0 or any(m in terr for m in CRASH_MARKS)
        out["target_error"] = "" if trc == 0 else next(
            (l for l in terr.splitlines() if "error" in l), terr.strip()[:200])
        out["target_command"] = full
    return out


CRASH_MARKS = ("a pass crashed", "LLVM ERROR", "Assertion", "Stack dump", "Segmentation")


def target_stage(target):
    """The last text stage before the vendor's assembler: PTX, AMDGCN, or
    the host's object code."""
    if target.startswith("cuda"):
        return "ptx"
    if target.startswith("hip"):
        return "amdgcn"
    return "llvm-ir"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tridentc", required=True)
    ap.add_argument("--root", action="append", required=True,
                    help="a package checkout (repeatable)")
    ap.add_argument("--per-file", type=int, default=2, help="kernels tried per file")
    ap.add_argument("-D", dest="defines", action="append", default=[])
    ap.add_argument("--json", help="write every kernel's outcome here")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--target", help="also compile each kernel that passes the frontend "
                    "for this target (cuda:90, hip:gfx942, cpu) and count crashes")
    args = ap.parse_args()
    jobs = []
    for root in args.root:
        root = os.path.abspath(root)
        for dirpath, _, files in os.walk(root):
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                if not name.endswith(".py"):
                    continue
                try:
                    if "jit" not in open(path, encoding="utf-8", errors="replace").read():
                        continue
                    kernels, funcs = kernels_in(path)
                except (SyntaxError, ValueError, OSError):
                    continue
                for fn in kernels[:args.per_file]:
                    jobs.append((root, path, fn, funcs))
    with ThreadPoolExecutor(args.j) as ex:
        results = list(ex.map(lambda j: dict(sweep_kernel(args.tridentc, j[1], j[2], j[3], j[0],
                                                          args.defines, target=args.target),
                                             root=j[0]), jobs))
    for root in args.root:
        root = os.path.abspath(root)
        mine = [r for r in results if r["root"] == root]
        line = f"{os.path.basename(root)}: {sum(r['ok'] for r in mine)} of {len(mine)} kernels compile"
        if args.target:
            line += (f"; for {args.target}: {sum(r.get('target_ok', False) for r in mine)}"
                     f" of {sum(r['ok'] for r in mine)}, crashes: "
                     f"{sum(r.get('crash', False) for r in mine)}")
        print(line)
    print(f"all: {sum(r['ok'] for r in results)} of {len(results)}")
    for r in results:
        if r.get("crash"):
            print("CRASH", r["file"], r["kernel"], r["target_error"][:160])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
