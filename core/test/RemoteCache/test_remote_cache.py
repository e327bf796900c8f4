"""The remote cache (core/include/trident/Driver/RemoteCache.h) against a
real redis-server: a second process compiles nothing, autotuning happens
once per fleet, entries that are not authentic are refused, and faults
(server killed, restarted, paused, full) never fail or corrupt a compile."""
import glob
import hashlib
import hmac
import json
import os
import subprocess
import sys
import time

import pytest

from conftest import HERE, REPO, env, tool

SECRET = "fleet-secret"


def tridentc(e, *args):
    out_file = e["TRIDENT_CACHE_DIR"] + "-out.bundle"
    r = subprocess.run([tool("tridentc"), os.path.join(HERE, "kernels.py"),
                        "--kernel", "scale_add", "--signature",
                        "*fp32:16, *fp32:16, i32, 2.0, 32", "--target", "cpu",
                        "-o", out_file, "--timings", *args],
                       env=e, capture_output=True, text=True, timeout=300)
    return r, out_file


def outcome(stderr):
    for line in stderr.splitlines():
        if line.strip().startswith("cache:"):
            return line.strip()
    return ""


def run_kernels(e, *args):
    r = subprocess.run([sys.executable, os.path.join(HERE, "run_kernels.py"), *map(str, args)],
                       env=e, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1]), r.stderr


def seal(kind, key, payload, secret):
    """An entry as RemoteCache::seal writes it (its documented format)."""
    digest = hashlib.sha256(payload).digest()
    if secret:
        msg = b"trident-remote-cache/1\n" + kind + b"\n" + key.encode() + b"\n" + digest
        mac = hmac.new(secret.encode(), msg, hashlib.sha256).digest()
        return b"TRC1" + kind + b"1" + mac + payload
    return b"TRC1" + kind + b"0" + bytes(32) + payload


def local_entries(e):
    return sorted(glob.glob(os.path.join(e["TRIDENT_CACHE_DIR"], "[0-9a-f][0-9a-f]", "*.bundle")))


@pytest.fixture(autouse=True)
def _built_with_hiredis():
    if not os.path.exists(tool("tridentc")):
        pytest.fail("TRIDENT_BUILD_DIR must name a build with tridentc")


def test_second_process_compiles_nothing(tmp_path, redis):
    a = env(tmp_path, "a", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    b = env(tmp_path, "b", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    r1, out1 = tridentc(a)
    assert r1.returncode == 0, r1.stderr
    assert "cache: miss" in outcome(r1.stderr)
    assert len(redis.keys()) == 1
    r2, out2 = tridentc(b)
    assert r2.returncode == 0, r2.stderr
    # Nothing compiled: no stage ran, the remote served it, and the local
    # cache of the second process now holds it.
    assert "cache: remote hit" in outcome(r2.stderr), r2.stderr
    assert "llir" not in r2.stderr and "frontend" not in r2.stderr
    assert open(out1, "rb").read() == open(out2, "rb").read()
    assert len(local_entries(b)) == 1
    r3, _ = tridentc(b)
    assert "cache: local hit" in outcome(r3.stderr)


def test_python_compiles_and_autotunes_once_per_fleet(tmp_path, redis):
    a = env(tmp_path, "a", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    b = env(tmp_path, "b", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s1, _ = run_kernels(a, 2.0, 3.0, "--tune")
    assert s1["benches"] == 3
    assert s1["compile"].get("miss", 0) >= 5  # 2 kernels + 3 configs
    assert s1["autotune"] == {"miss": 1}
    assert s1["remote"]["writes"] >= 6, s1
    s2, _ = run_kernels(b, 2.0, 3.0, "--tune")
    assert s2["benches"] == 0, s2
    assert s2["autotune"] == {"remote hit": 1}
    assert "miss" not in s2["compile"], s2
    assert s2["compile"]["remote hit"] >= 3
    assert s2["remote"]["refused"] == 0


@pytest.mark.parametrize("forgery", ["wrong_secret", "flipped", "truncated", "other_key",
                                     "unauthenticated", "garbage"])
def test_forged_entries_are_refused_and_kernels_still_run(tmp_path, redis, forgery):
    a = env(tmp_path, "a", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s, _ = run_kernels(a, 2.0, 5.0)
    keys = sorted(redis.keys())
    assert len(keys) == 2
    entries = {os.path.basename(p)[:-len(".bundle")]: open(p, "rb").read()
               for p in local_entries(a)}
    (k1, p1), (k2, p2) = sorted(entries.items())
    if forgery == "wrong_secret":
        value = seal(b"b", k1, p1, "not-the-secret")
    elif forgery == "flipped":
        value = bytearray(seal(b"b", k1, p1, SECRET))
        value[len(value) // 2] ^= 0x40
        value = bytes(value)
    elif forgery == "truncated":
        value = seal(b"b", k1, p1, SECRET)[:-100]
    elif forgery == "other_key":
        # A valid, authentic entry -- of the other kernel -- under this key.
        value = seal(b"b", k1, p2, SECRET)
    elif forgery == "unauthenticated":
        value = seal(b"b", k1, p2, "")
    else:
        value = b"\x00garbage" * 50
    redis.set_bytes(f"trident:bundle:{k1}", value)
    b = env(tmp_path, "b", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s2, err = run_kernels(b, 2.0, 5.0)  # checks both results
    assert s2["remote"]["refused"] == 1, (s2, err)
    assert err.count("refused the entry") == 1, err
    assert s2["compile"].get("miss") == 1 and s2["compile"].get("remote hit") == 1, s2


def test_a_writer_without_the_secret_cannot_reach_readers(tmp_path, redis):
    # Without a secret nothing is written, unless the writer opts in; an
    # entry written so is refused by every reader that holds the secret.
    ro = env(tmp_path, "ro", redis)
    s, _ = run_kernels(ro, 2.0)
    assert redis.keys() == [] and s["remote"]["writes"] == 0
    w = env(tmp_path, "w", redis, TRIDENT_REMOTE_CACHE_WRITE_UNAUTHENTICATED=1)
    s, _ = run_kernels(w, 2.0)
    assert len(redis.keys()) == 1
    r = env(tmp_path, "r", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s, err = run_kernels(r, 2.0)
    assert s["remote"]["refused"] == 1 and s["compile"] == {"miss": 1}, s
    assert "carries no HMAC" in err


def test_server_killed_mid_run_then_restarted(tmp_path, redis):
    a = env(tmp_path, "a", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET,
            TRIDENT_REMOTE_CACHE_TIMEOUT_MS=300)
    s, err = run_kernels(a, 1.0, 2.0, 3.0, 4.0, 5.0, "--kill", redis.proc.pid, 2)
    assert s["compile"] == {"miss": 5}, s
    # One warning for the lost server (and at most one for a write that
    # was in flight), however many compiles follow.
    assert err.count("unavailable") == 1 and err.count("warning") <= 2, err
    assert s["remote"]["unavailable"] >= 1, s
    redis.proc.wait()
    redis.start()  # a fresh, empty server on the same port
    b = env(tmp_path, "b", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s, _ = run_kernels(b, 1.0, 2.0)
    assert s["compile"] == {"miss": 2} and s["remote"]["writes"] == 2, s
    c = env(tmp_path, "c", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s, _ = run_kernels(c, 1.0, 2.0)
    assert s["compile"] == {"remote hit": 2}, s


def test_a_paused_server_costs_a_timeout_not_a_hang(tmp_path, redis):
    a = env(tmp_path, "a", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET,
            TRIDENT_REMOTE_CACHE_TIMEOUT_MS=200)
    redis.cli("CLIENT", "PAUSE", "30000", "ALL")
    start = time.time()
    r, _ = tridentc(a)
    took = time.time() - start
    assert r.returncode == 0, r.stderr
    assert "unavailable" in r.stderr and "cache: miss" in outcome(r.stderr)
    # Bounded by the call timeouts (and the exit's wait for the write),
    # not by the 30 s pause.
    assert took < 20, took


def test_a_full_server_evicts_or_refuses_and_nothing_breaks(tmp_path, redis):
    # Full, without eviction: every write is refused (OOM).
    used = int(next(line.split(":")[1] for line in redis.cli("INFO", "memory").splitlines()
                    if line.startswith("used_memory:")))
    redis.cli("CONFIG", "SET", "maxmemory", "1")
    redis.cli("CONFIG", "SET", "maxmemory-policy", "noeviction")
    a = env(tmp_path, "a", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s, err = run_kernels(a, 1.0, 2.0, 3.0)
    assert s["compile"] == {"miss": 3}
    assert s["remote"]["write_failures"] >= 1, s
    assert err.count("a write failed") == 1, err
    # With eviction the writes land (older keys go); readers see hits or
    # misses, never a wrong kernel (run_kernels checks every result).
    # With eviction, filled with other keys: writes evict them and land.
    redis.cli("CONFIG", "SET", "maxmemory", str(used + 300000))
    redis.cli("CONFIG", "SET", "maxmemory-policy", "allkeys-lru")
    for i in range(6):
        redis.cli("SET", f"filler:{i}", "x" * 100000)
    b = env(tmp_path, "b", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s, _ = run_kernels(b, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0)
    assert s["remote"]["writes"] == 6, s
    evicted = int(next(line.split(":")[1] for line in redis.cli("INFO", "stats").splitlines()
                       if line.startswith("evicted_keys:")))
    assert evicted >= 1
    c = env(tmp_path, "c", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
    s, _ = run_kernels(c, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0)
    assert s["remote"]["refused"] == 0
    assert sum(s["compile"].values()) == 6


def test_large_entries_are_not_stored(tmp_path, redis):
    a = env(tmp_path, "a", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET,
            TRIDENT_REMOTE_CACHE_MAX_BYTES=1000)
    s, _ = run_kernels(a, 2.0)
    assert redis.keys() == [] and s["remote"]["skipped_large"] == 1, s


def test_sixteen_processes_at_once(tmp_path, redis):
    # Four kernels, four processes each, each with its own local cache:
    # every process exits 0 and every bundle of one kernel is the same.
    procs = []
    for i in range(16):
        e = env(tmp_path, f"p{i}", redis, TRIDENT_REMOTE_CACHE_KEY=SECRET)
        factor = float(i % 4 + 1)
        procs.append((factor, e, subprocess.Popen(
            [sys.executable, os.path.join(HERE, "run_kernels.py"), str(factor)],
            env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
    bundles = {}
    for factor, e, p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
        s = json.loads(out.strip().splitlines()[-1])
        assert s["remote"]["refused"] == 0
        for path in local_entries(e):
            bundles.setdefault(os.path.basename(path), set()).add(open(path, "rb").read())
    assert len(bundles) == 4
    assert all(len(v) == 1 for v in bundles.values())
    assert len(redis.keys()) == 4


def test_bad_urls_warn_and_compile(tmp_path):
    for url, why in [("http://x", "expected redis://"), ("rediss://h:1", "TLS"),
                     ("redis://h:99999", "not a port number")]:
        e = env(tmp_path, "u", None, TRIDENT_REMOTE_CACHE=url)
        r, _ = tridentc(e)
        assert r.returncode == 0, r.stderr
        assert why in r.stderr and "remote cache is off" in r.stderr, r.stderr
