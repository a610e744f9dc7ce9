"""The environment of a process that must run as a user's does, without the start-up of
coverage.py, which ``.ci/run`` gives every process the tests start (``patch = subprocess``):
one whose start-up is what is checked (the modules it loads), or one under a limit that
coverage's own data file would break (a file size limit)."""

from __future__ import annotations

import os

UNMEASURED = {name: value for name, value in os.environ.items()
              if not name.startswith("COVERAGE_PROCESS_")}
