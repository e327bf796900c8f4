# Runs N copies of a tridentc command at once on one cache directory and
# checks that all succeed with byte-identical output.
#   concurrent.py N CACHE_DIR OUT_PREFIX tridentc args...
import os
import subprocess
import sys

n, cache, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
cmd = sys.argv[4:]
env = dict(os.environ, TRIDENT_CACHE_DIR=cache)
procs = [subprocess.Popen(cmd + ["-o", f"{out}.{i}"], env=env,
                          stderr=subprocess.PIPE) for i in range(n)]
for i, p in enumerate(procs):
    _, err = p.communicate()
    if p.returncode != 0:
        sys.exit(f"process {i} failed: {err.decode()}")
    if b"warning" in err:
        sys.exit(f"process {i} warned: {err.decode()}")
first = open(f"{out}.0", "rb").read()
for i in range(1, n):
    if open(f"{out}.{i}", "rb").read() != first:
        sys.exit(f"output {i} differs from output 0")
print(f"{n} concurrent compiles agree")
