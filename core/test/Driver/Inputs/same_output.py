# Runs N copies of a tridentc command at once, all writing one -o path, and
# checks that all succeed, that the path holds exactly EXPECTED (never a
# torn or mixed file) and that no temporary file is left beside it; five
# rounds, as a race does not show every time.
#   same_output.py N OUT EXPECTED tridentc args...
import os
import subprocess
import sys

n, out, expected = int(sys.argv[1]), sys.argv[2], sys.argv[3]
cmd = sys.argv[4:]
for round in range(5):
    procs = [subprocess.Popen(cmd + ["-o", out], stderr=subprocess.PIPE)
             for _ in range(n)]
    for i, p in enumerate(procs):
        _, err = p.communicate()
        if p.returncode != 0:
            sys.exit(f"round {round}, process {i} failed: {err.decode()}")
    if open(out, "rb").read() != open(expected, "rb").read():
        sys.exit(f"round {round}: {out} differs from {expected}")
    left = [f for f in os.listdir(os.path.dirname(out) or ".") if "tmp" in f]
    if left:
        sys.exit(f"round {round}: temporary files left behind: {left}")
print(f"{n} concurrent compiles to one output agree")
