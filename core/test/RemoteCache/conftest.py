"""A redis-server of the test's own, on a free loopback port, for each
test that asks for `redis`; stopped (killed) when the test ends."""
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("TRIDENT_BUILD_DIR", "")
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Redis:
    def __init__(self, tmp):
        self.dir = tmp
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/3"
        self.proc = None
        self.start()

    def start(self):
        exe = shutil.which("redis-server")
        if exe is None:
            pytest.fail("redis-server is not installed: run scripts/setup.sh")
        self.proc = subprocess.Popen(
            [exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                if self.cli("PING") == "PONG":
                    return
            except subprocess.CalledProcessError:
                pass
            time.sleep(0.05)
        pytest.fail("redis-server did not start")

    def cli(self, *args, raw=None):
        out = subprocess.run(["redis-cli", "-p", str(self.port), "-n", "3", *args],
                             input=raw, capture_output=True, check=True)
        return out.stdout.decode("latin-1").strip()

    def set_bytes(self, key, value):
        # -x: the last argument from stdin, byte for byte.
        subprocess.run(["redis-cli", "-p", str(self.port), "-n", "3", "-x", "SET", key],
                       input=value, capture_output=True, check=True)


    def keys(self):
        out = self.cli("KEYS", "trident:*")
        return [k for k in out.splitlines() if k]

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def restart(self):
        self.kill()
        self.start()


@pytest.fixture
def redis(tmp_path):
    r = Redis(tmp_path)
    yield r
    r.kill()


def tool(name):
    return os.path.join(BUILD, "bin", name)


def env(tmp_path, name, redis=None, **extra):
    """A process environment with a local cache of its own."""
    e = dict(os.environ)
    for k in [k for k in e if k.startswith("TRIDENT_REMOTE_CACHE")]:
        del e[k]
    e["TRIDENT_CACHE_DIR"] = str(tmp_path / f"cache-{name}")
    e["TRIDENT_LIB_DIR"] = os.path.join(BUILD, "lib")
    e["PYTHONPATH"] = os.path.join(REPO, "frontend", "python")
    e["PYTHONDONTWRITEBYTECODE"] = "1"
    if redis is not None:
        e["TRIDENT_REMOTE_CACHE"] = redis.url
    e.update({k: str(v) for k, v in extra.items()})
    return e
