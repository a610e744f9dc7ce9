"""The server's threads share two pools of the C allocator (``serve/allocator.py``): counted
in a process of their own, from the GNU C library's own report (``malloc_info``)."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest

from blocknotation.serve.allocator import share_arenas

#: Eight threads allocating at once, as the server's workers do; then the pools the C
#: library made, from its report (``<heap nr="N">``, one per pool).
THREADS = r"""
import ctypes, re, sys, tempfile, threading
from blocknotation.serve.allocator import share_arenas
shared = sys.argv[1] == "shared" and share_arenas()
start = threading.Barrier(8)

def work():
    start.wait()
    for _ in range(2000):
        kept = [bytearray(4096) for _ in range(8)]
        del kept

threads = [threading.Thread(target=work) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
libc = ctypes.CDLL(None)
libc.fopen.restype = ctypes.c_void_p
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
with tempfile.NamedTemporaryFile() as report:
    stream = libc.fopen(report.name.encode(), b"w")
    libc.malloc_info(0, stream)
    libc.fclose(stream)
    heaps = len(re.findall(rb'<heap nr="\d+">', open(report.name, "rb").read()))
print(shared, heaps)
"""


def pools(mode: str, **env: str) -> tuple[str, int]:
    done = subprocess.run([sys.executable, "-c", THREADS, mode], capture_output=True,
                          text=True, check=True, timeout=120,
                          env={k: v for k, v in os.environ.items()
                               if k != "MALLOC_ARENA_MAX"} | env)
    shared, heaps = done.stdout.split()
    return shared, int(heaps)


needs_glibc = pytest.mark.skipif(platform.libc_ver()[0] != "glibc",
                                 reason="the pools are the GNU C library's")


@needs_glibc
def test_the_threads_share_two_pools() -> None:
    assert pools("shared") == ("True", 2)
    alone = pools("alone")  # without: a pool for most threads (up to 8 per core)
    assert alone[0] == "False" and alone[1] > 2


@needs_glibc
def test_malloc_arena_max_in_the_environment_rules() -> None:
    assert pools("shared", MALLOC_ARENA_MAX="3") == ("False", 3)


def test_it_is_left_alone_where_the_environment_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_ARENA_MAX", "1")
    assert share_arenas() is False
