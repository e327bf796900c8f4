"""triton.profiler.viewer: reads the NAME.hatchet files trident.profiler
writes and prints their tree with derived metrics, as proton's viewer
does for its own: `time/s`, `time/ms`, `time/us`, `time/ns`, `count`,
`tflop/s` (all flops), `tflop8/s`, `tflop16/s`, `tflop32/s`,
`tflop64/s`, `tbyte/s`, `gbyte/s`, and any raw metric by its name."""

import json

_TIME = {"time/s": 1e9, "time/ms": 1e6, "time/us": 1e3, "time/ns": 1.0}


def _value(metrics, name):
    ns = metrics.get("time (ns)", 0)
    if name in _TIME:
        return ns / _TIME[name]
    if name.startswith("tflop") and name.endswith("/s"):
        width = name[len("tflop"):-2]
        flops = sum(v for k, v in metrics.items() if k.startswith("flops")) if not width \
            else metrics.get("flops" + width, 0)
        return flops / (ns * 1e-9) / 1e12 if ns else 0.0
    if name in ("tbyte/s", "gbyte/s"):
        scale = 1e12 if name == "tbyte/s" else 1e9
        return metrics.get("bytes", 0) / (ns * 1e-9) / scale if ns else 0.0
    if name in metrics:
        return metrics[name]
    raise ValueError(f"unknown metric '{name}' (Trident's viewer derives: "
                     f"{', '.join(list(_TIME) + ['tflop/s', 'tflop16/s', 'tbyte/s', 'gbyte/s'])}"
                     f", or a raw metric of the file)")


def parse(metrics, filename, include=None, exclude=None, threshold=None):
    """(tree, metric names): the file's tree with each frame's derived
    metrics in `node["derived"]`."""
    with open(filename) as f:
        tree = json.load(f)[0]

    def walk(node):
        node["derived"] = {m: _value(node["metrics"], m) for m in metrics}
        for c in node["children"]:
            walk(c)
    walk(tree)
    return tree, list(metrics)


def print_tree(tree, metrics, depth=100, format=None, print_sorted=False):
    def show(node, prefix, last, level):
        values = " ".join(f"{node['derived'][m]:.3f}" for m in metrics)
        branch = "" if level == 0 else ("└─ " if last else "├─ ")
        print(f"{prefix}{branch}{values} {node['frame']['name']}")
        if level >= depth:
            return
        kids = node["children"]
        if print_sorted:
            kids = sorted(kids, key=lambda c: -c["derived"][metrics[0]])
        for i, c in enumerate(kids):
            show(c, prefix + ("" if level == 0 else ("   " if last else "│  ")),
                 i == len(kids) - 1, level + 1)
    show(tree, "", True, 0)
