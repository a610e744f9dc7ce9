"""The C allocator of the server's process: fewer pools of memory for its threads.

The GNU C library gives each new thread a pool (an "arena") of its own, up to eight a
core.  Entries are written in worker threads (``app.py``), each reading and judging a
record, and each pool keeps the space its thread freed, in pieces the other pools cannot
use: under a full club the pools of eight workers grew by 7 MB in 135 s while what
they held in use grew by 2 MB (docs/serve.md, "How fast").  With ``ARENAS`` pools the
workers share the space freed.

``MALLOC_ARENA_MAX`` in the environment, when set, is left to rule.  Elsewhere than on the
GNU C library nothing is changed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

#: The pools the server's threads share: the event loop's and one for the workers.
ARENAS = 2
#: ``mallopt``'s parameter for the most pools (``M_ARENA_MAX`` in ``malloc.h``).
M_ARENA_MAX = -8


def share_arenas(arenas: int = ARENAS) -> bool:
    """Make the threads started from now on share ``arenas`` pools; whether it was done
    (not on another C library, nor when ``MALLOC_ARENA_MAX`` is set).  Called before the
    worker threads are started: a pool once made is kept."""
    if "MALLOC_ARENA_MAX" in os.environ:
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
        libc.gnu_get_libc_version  # noqa: B018  (only the GNU C library has it)
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_ARENA_MAX, arenas))
