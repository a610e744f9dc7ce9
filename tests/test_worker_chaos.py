"""Workers that die: ``--jobs`` loses nothing and never ends in an internal error.

A worker killed while it checks a batch, while it waits for one, or while the main process
sends it one, has its batch checked again in the main process: the output is byte for byte
that of ``--jobs 1``, each death is one line on standard error naming the file, and the run
goes on.  Once ProcessPoolExecutor gave BrokenProcessPool (exit 70) within half a second,
a truncated JSON document, or a parent that never exited.

The pool itself (``run/workers.py``), then kills chosen by hypothesis in this process, then
SIGKILL sent at random moments to the workers of a real ``blocknot validate --jobs 2``.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.run import parallel
from blocknotation.run.validate import Options, run_validate
from blocknotation.run.workers import RESTARTS, Lost, Pool
from blocknotation.simulator.writer import generate

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals, /proc")

DIED = re.compile(r"blocknot: a worker process ended \((killed by SIGKILL|an error \(\w+\))\) "
                  r"while checking (\S+); its games were checked again in the main process")


def _work(order: str) -> str:
    """What a worker does with ``order``: dies, raises, or answers."""
    if order == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    if order == "raise":
        raise ValueError(order)
    return order.upper()


def _answers(pool: Pool[str, str], orders: list[str]) -> dict[object, object]:
    answers: dict[object, object] = {}
    waiting = list(enumerate(orders))
    while waiting or pool.busy:
        while waiting and pool.give(*waiting[0]):
            waiting.pop(0)
        answers.update(pool.wait())
    return answers


def test_the_pool_gives_back_the_work_of_a_worker_that_died() -> None:
    pool: Pool[str, str] = Pool(2, _work)
    try:
        answers = _answers(pool, ["a", "die", "b", "raise", "c"])
    finally:
        pool.close()
    lost = {ticket: answer.reason.render() for ticket, answer in answers.items()
            if isinstance(answer, Lost)}
    assert lost == {1: "killed by SIGKILL", 3: "an error (ValueError)"}
    assert {t: a for t, a in answers.items() if t not in lost} == {0: "A", 2: "B", 4: "C"}
    assert multiprocessing.active_children() == []


def test_the_pool_stops_replacing_workers_that_keep_dying() -> None:
    pool: Pool[str, str] = Pool(1, _work)
    deaths = 0
    try:
        while pool.give(deaths, "die"):
            deaths += sum(isinstance(a, Lost) for _, a in pool.wait())
    finally:
        pool.close()
    assert deaths == 1 + RESTARTS  # the first worker and its replacements, then no more
    assert multiprocessing.active_children() == []


def records(tmp_path: Path) -> list[str]:
    """Three record files of many games, each a batch or more at ``BATCH_CHARS`` 3000."""
    paths = []
    for number in range(3):
        games = list(generate(seed=20 + number, games=12, players=3, claims=number != 1))
        path = tmp_path / f"{number}.block"
        path.write_text("\n".join(games), encoding="utf-8")
        paths.append(str(path))
    return paths


def report(paths: list[str], fmt: str, jobs: int) -> tuple[str, int, str]:
    out, said = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(said):
        status = run_validate(paths, Options(fmt=fmt, jobs=jobs, progress=False), out,
                              io.BytesIO(b""))
    return out.getvalue(), status, said.getvalue()


@settings(max_examples=6, deadline=None)
@given(kills=st.sets(st.integers(0, 40), max_size=6),
       when=st.sampled_from(["working", "idle"]), fmt=st.sampled_from(["text", "json"]))
def test_killed_workers_change_nothing_in_the_report(
        tmp_path_factory: pytest.TempPathFactory, kills: set[int], when: str, fmt: str) -> None:
    paths = records(tmp_path_factory.mktemp("chaos"))
    original = Pool.give
    given_out = iter(range(1000))
    killed: list[int] = []

    def give(self: Pool[object, object], ticket: object, work: object) -> bool:
        number = next(given_out)
        if when == "idle" and number in kills:  # one idle worker dies before work is sent
            idle = [worker for worker in self.workers if not worker.busy]
            if idle:
                os.kill(idle[0].process.pid, signal.SIGKILL)
                idle[0].process.join()
                killed.append(number)
        taken = original(self, ticket, work)
        if when == "working" and number in kills:
            for worker in self.workers:
                if worker.held is ticket and worker.busy:
                    os.kill(worker.process.pid, signal.SIGKILL)
                    killed.append(number)
        return taken

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parallel, "BATCH_CHARS", 3000)
        expected, status, _ = report(paths, fmt, 1)
        patch.setattr(Pool, "give", give)
        out, chaotic, said = report(paths, fmt, 2)
    assert (out, chaotic) == (expected, status)
    lines = said.splitlines()
    assert all(DIED.fullmatch(line) and DIED.fullmatch(line).group(2) in paths  # type: ignore[union-attr]
               for line in lines), said
    assert len(lines) <= len(killed)  # a worker killed after it answered loses nothing
    assert multiprocessing.active_children() == []


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as listing:
            return [int(child) for child in listing.read().split()]
    except OSError:
        return []


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
                    reason="needs /proc/PID/task/PID/children")
# Each moment is drawn again from the seed; the second seed (text) and the third (the first's
# format at other moments) run under the ``slow`` marker (``--run-slow``, as .ci/run runs it).
@pytest.mark.parametrize(("seed", "fmt"), [(1, "json"),
                                           pytest.param(2, "text", marks=pytest.mark.slow),
                                           pytest.param(3, "json", marks=pytest.mark.slow)])
def test_sigkill_to_workers_at_random_moments(tmp_path: Path, seed: int, fmt: str) -> None:
    game = "\n".join(generate(seed=seed, games=3, players=4, claims=True))
    names = []
    for number in range(60):
        path = tmp_path / f"{number:02}.block"
        path.write_text(game if number % 7 else game.replace("hand 2\n", "hand 2\nx\n"),
                        encoding="utf-8")
        names.append(str(path))
    command = [sys.executable, "-m", "blocknotation", "validate", "--isolated", "--format", fmt]
    alone = subprocess.run([*command, *names], capture_output=True, timeout=120, check=False)
    process = subprocess.Popen([*command, "--jobs", "2", *names], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env={**os.environ, "LC_ALL": "C"})
    chance, kills = random.Random(seed), []

    def chaos() -> None:
        while process.poll() is None:
            time.sleep(chance.uniform(0.0, 0.05))
            children = _children(process.pid)
            if children:
                victim = chance.choice(children)
                with contextlib.suppress(ProcessLookupError):
                    os.kill(victim, signal.SIGKILL)
                    kills.append(victim)

    killer = threading.Thread(target=chaos)
    killer.start()
    out, error = process.communicate(timeout=120)
    killer.join()
    assert process.returncode == alone.returncode == 1  # one file in seven has an error
    assert out == alone.stdout  # whole, every file in it, as with one process
    said = error.decode().splitlines()
    assert all(DIED.fullmatch(line) for line in said), said
    assert len(said) <= len(kills)


def test_workers_are_started_only_as_batches_need_them(tmp_path: Path) -> None:
    """``--jobs 64`` on one small file once started 64 processes; a worker starts when a
    batch has none to take it."""
    from blocknotation.run import workers

    started = []
    original = workers._Worker.__init__

    def counted(self: workers._Worker, function: object) -> None:
        started.append(self)
        original(self, function)  # type: ignore[arg-type]

    paths = records(tmp_path)[:1]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parallel, "BATCH_CHARS", 3000)
        expected = report(paths, "json", 1)
        patch.setattr(workers._Worker, "__init__", counted)
        assert report(paths, "json", 64) == expected
    assert 1 <= len(started) < 12  # a batch or two of the file's dozen games each
    assert report([str(tmp_path / "nothing.block")], "text", 64)[1] == 2
