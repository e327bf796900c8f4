# Runs a tridentc command with -o FIFO while reading the FIFO, and checks
# that the FIFO is still one afterwards and that what came through it
# equals EXPECTED (the same compile written to a regular file).
#   fifo_output.py FIFO EXPECTED tridentc args...
import os
import stat
import subprocess
import sys
import threading

fifo, expected = sys.argv[1], sys.argv[2]
cmd = sys.argv[3:]
os.mkfifo(fifo)
got = []
# A daemon: when tridentc replaced the FIFO, the reader waits forever.
reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()),
                          daemon=True)
reader.start()
p = subprocess.run(cmd + ["-o", fifo], stderr=subprocess.PIPE, timeout=120)
if p.returncode != 0:
    sys.exit(f"tridentc failed: {p.stderr.decode()}")
if not stat.S_ISFIFO(os.lstat(fifo).st_mode):
    sys.exit(f"{fifo} is no longer a FIFO")
reader.join(120)
if not got or got[0] != open(expected, "rb").read():
    sys.exit("what came through the FIFO differs from the expected output")
print("written through the FIFO")
