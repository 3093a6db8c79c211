"""`filing load`: each filing claimed first (loader/leases.py), then the load pipeline of loader/filing.py
(prepare -> parse -> rows -> write), in this process or with N parse workers (`--jobs N`).

Every path holds a filing's lease with `Leases.claim`, from before its prepare stage until its result. With
`jobs == 1` (or a single filing) every stage runs in this process (`FilingLoader.load`, `FilingLoader.load_many`:
one driver). With more, N worker processes (spawned: a fresh interpreter each, with no
driver threads or sockets of the parent) each build one Arelle session and keep it; a worker runs
the parse and rows stages into a recording of the filing's statements (`filing.record_filing`:
plain rows, values as exact decimal strings, picklable), and sends it back. This process runs the
prepare stage (`filing.prepare`) and the write stage (`filing.write_recording`): one filing at a
time, on a writer thread, in one transaction (pending -> loaded last, as in-process), while the
workers parse the next ones. One open transaction at a time: concurrent MERGEs of the
concepts filings share would deadlock. A transaction another loader's deadlocked with is sent
again (the recording is still there; nothing of the failed attempt was kept).

Faults: a filing that fails in a worker is a `failed` result and the others go on. A worker that
dies (SIGKILL, out of memory) is replaced and its filing parsed once more; a second death makes it
`failed`. Workers never touch the database, so a dead worker leaves nothing behind. Workers ignore
SIGINT: on Ctrl-C this process stops them, lets the filing being committed end (committed or rolled
back, never half), and releases its claims. Memory per worker stays flat: each model is closed
and collected after its filing, and a worker is replaced after `max_tasks` filings.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
import threading
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, cast

from neo4j.exceptions import TransientError

from auditgraph.errors import LoadError
from auditgraph.graph import Graph
from auditgraph.loader.filing import (
    FilingLoader,
    LoadResult,
    Prepared,
    Recording,
    filing_session,
    prepare,
    record_filing,
    write_recording,
)
from auditgraph.loader.filing_source import (
    FilingInput,
    filing_input,  # refuses what Arelle must not see
)
from auditgraph.loader.leases import Leases
from auditgraph.loader.session import ArelleSession

MAX_TASKS = 25  # filings per worker process before it is replaced (memory stays flat whatever Arelle keeps)
DEADLOCK_RETRIES = 3
_KILL_ON = "AUDITGRAPH_TEST_KILL_WORKER_ON"  # tests only: a worker SIGKILLs itself on a filing whose path has this


def default_jobs() -> int:
    """The cores this process may run on (its CPU affinity), else the machine's."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def rss_mb() -> float:
    """This process's resident memory now (not its peak), in MiB."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@dataclass(frozen=True)
class WorkerStat:
    """What a worker reported after one filing: for benchmarks (memory flat across a run)."""

    pid: int
    filing: str
    nth: int  # the how-many-th filing of the run this worker finished (1-based, over all workers)
    tasks: int  # filings this worker process parsed so far
    rss_mb: float


def load_filings(
    graph: Graph,
    items: Sequence[Path | LoadError],
    packages: Sequence[Path] | None = None,
    force: bool = False,
    jobs: int = 1,
    claims: Leases | None = None,
    max_tasks: int = MAX_TASKS,
    on_worker: Callable[[WorkerStat], None] | None = None,
) -> Generator[LoadResult, None, None]:
    """Load `items` (from `filing_source.expand`), claiming each first; results in input order.

    A single filing that fails raises its LoadError (the message is the command's error), as
    `FilingLoader.load` does; in a batch a failure is a `failed` result and the others go on.
    """
    claims = claims or Leases(graph)
    with FilingLoader(graph, packages) as loader, claims.held():
        if len(items) == 1 and not isinstance(items[0], LoadError):
            yield _load_one(loader, claims, items[0], force)
        elif jobs <= 1:
            yield from _in_process(loader, claims, items, force)
        else:
            yield from _Parallel(graph, loader.packages, claims, items, force, jobs, max_tasks, on_worker).run()


def skipped(inp: FilingInput, why: str) -> LoadResult:
    return LoadResult(inp.id, inp.entry, "skipped", message=why)


def _load_one(loader: FilingLoader, claims: Leases, path: Path, force: bool) -> LoadResult:
    """One filing: its failure raises (the command's error), as `FilingLoader.load` does."""
    inp = filing_input(path)
    with claims.claim(inp.id) as why:
        return skipped(inp, why) if why else loader.load(inp.entry, force=force, inp=inp)


def _in_process(loader: FilingLoader, claims: Leases, items: Sequence[Path | LoadError], force: bool) -> Iterator[LoadResult]:
    """`load_many` in this process over the items this loader could claim; each lease held until the filing's result."""
    skips: deque[LoadResult] = deque()
    holding: dict[str, list[contextlib.ExitStack]] = defaultdict(list)  # filing id -> its open claims, oldest first

    def claimed() -> Iterator[Path | FilingInput | LoadError]:
        for item in items:
            if isinstance(item, LoadError):
                yield item
                continue
            try:
                inp = filing_input(Path(item))  # hashed once: load_many takes the input
            except LoadError:
                yield item  # load_many reports it
                continue
            hold = contextlib.ExitStack()
            why = hold.enter_context(claims.claim(inp.id))
            if why:
                hold.close()
                skips.append(skipped(inp, why))
                continue
            holding[inp.id].append(hold)
            yield inp

    try:
        for result in loader.load_many(claimed(), force=force):
            if holding.get(result.id):
                holding[result.id].pop(0).close()  # after the commit (or the failure): another loader finds it loaded
            yield result
            while skips:
                yield skips.popleft()
        yield from skips
    finally:
        for holds in holding.values():
            for hold in holds:
                hold.close()


# ---------------------------------------------------------------- worker processes
def _worker_main(conn: Connection, packages: list[Path], kill_on: str | None) -> None:
    """A worker: one Arelle session for its life; filings in, recordings (or failures) out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    session: ArelleSession | None = None
    tasks = 0
    try:
        while True:
            try:
                inp = conn.recv()
            except EOFError:
                return
            if inp is None:
                return
            if kill_on and kill_on in inp.entry:
                os.kill(os.getpid(), signal.SIGKILL)
            msg: tuple[str, Any]
            try:
                session = session or filing_session(packages)  # on the first filing: its failure is that filing's
                msg = ("ok", record_filing(session, inp))
            except LoadError as exc:
                msg = ("failed", str(exc))
            except Exception as exc:  # reported for this filing; the worker goes on with the next
                msg = ("failed", f"{inp.entry}: unexpected {type(exc).__name__}: {exc}")
            tasks += 1
            try:
                conn.send((*msg, tasks, rss_mb()))
            except (TypeError, AttributeError, ValueError) as exc:  # a row value that does not pickle
                conn.send(("failed", f"{inp.entry}: unexpected {type(exc).__name__} sending its rows: {exc}", tasks, rss_mb()))
            del msg
    finally:
        if session is not None:
            session.close()


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    task: int | None = None  # index of the item it parses
    tasks: int = 0


@dataclass
class _Parallel:
    graph: Graph
    packages: list[Path]
    claims: Leases
    items: Sequence[Path | LoadError]
    force: bool
    jobs: int
    max_tasks: int
    on_worker: Callable[[WorkerStat], None] | None
    ctx: Any = field(default_factory=lambda: multiprocessing.get_context("spawn"))
    workers: list[_Worker] = field(default_factory=list)
    todo: deque[int] = field(default_factory=deque)  # items not yet claimed
    ready: deque[int] = field(default_factory=deque)  # claimed and checked, to parse (a dead worker's first)
    inputs: dict[int, Prepared] = field(default_factory=dict)
    busy: dict[str, int] = field(default_factory=dict)  # filing id -> the item that holds it
    holds: dict[str, contextlib.ExitStack] = field(default_factory=dict)  # filing id -> its claim (Leases.claim), open
    later: dict[str, list[int]] = field(default_factory=dict)  # the same filing again: after the first lands
    deaths: Counter[int] = field(default_factory=Counter)
    results: dict[int, LoadResult] = field(default_factory=dict)
    finished: int = 0

    def run(self) -> Iterator[LoadResult]:
        self.todo.extend(range(len(self.items)))
        writes: queue.SimpleQueue[tuple[int, Recording, Prepared] | None] = queue.SimpleQueue()
        done: queue.SimpleQueue[tuple[int, LoadResult | BaseException]] = queue.SimpleQueue()
        pipe: tuple[Connection, Connection] = self.ctx.Pipe(duplex=False)
        wake_r, wake_w = pipe
        stopping = threading.Event()
        writer = threading.Thread(target=self._writer, args=(writes, done, wake_w, stopping), name="filing-writer", daemon=True)
        writer.start()
        queued = 0  # recordings handed to the writer and not yet landed
        out = 0
        try:
            while out < len(self.items):
                self._dispatch()
                while out in self.results:
                    yield self.results.pop(out)
                    out += 1
                if out >= len(self.items):
                    break
                waiting: list[Any] = [wake_r]
                if queued < self.jobs:  # else the workers wait with their rows: memory stays bounded
                    waiting += [w.conn for w in self.workers if w.task is not None]
                waiting += [w.process.sentinel for w in self.workers if w.task is not None]
                for obj in wait(waiting):
                    if obj is wake_r:
                        pipe[0].recv_bytes()
                        i, res = done.get()
                        queued -= 1
                        if isinstance(res, BaseException):
                            raise res
                        self._land(i, res)
                        continue
                    worker = next((w for w in self.workers if obj in (w.conn, w.process.sentinel) and w.task is not None), None)
                    if worker is None:
                        continue
                    if obj is worker.conn or worker.conn.poll():
                        i = cast(int, worker.task)
                        try:
                            status, payload, worker.tasks, rss = _recv(worker.conn)
                        except (EOFError, OSError):
                            self._died(worker)
                            continue
                        worker.task = None
                        self.finished += 1
                        if self.on_worker:
                            name = self.inputs[i].inp.id
                            self.on_worker(WorkerStat(worker.process.pid or 0, name, self.finished, worker.tasks, rss))
                        if status == "ok":
                            writes.put((i, payload, self.inputs[i]))
                            queued += 1
                        else:
                            inp = self.inputs[i].inp
                            self._land(i, LoadResult(inp.id, inp.entry, "failed", message=payload))
                        if worker.tasks >= self.max_tasks:
                            self._retire(worker)
                    else:
                        self._died(worker)
        finally:
            stopping.set()  # queued recordings are dropped: those filings stay absent
            self._stop_workers()
            writes.put(None)
            writer.join()  # the filing being committed ends committed or rolled back, never half
            for hold in self.holds.values():
                hold.close()
            wake_r.close()
            wake_w.close()

    # ---------------------------------------------------------------- items
    def _prepare(self, i: int) -> bool:
        """Claim and check item i: True when it is to be parsed, else its result is set (or it waits)."""
        item = self.items[i]
        if isinstance(item, LoadError):
            self.results[i] = LoadResult("?", "?", "failed", message=str(item))
            return False
        try:
            inp = filing_input(Path(item))
        except LoadError as exc:
            self.results[i] = LoadResult(Path(item).name, str(item), "failed", message=str(exc))
            return False
        if inp.id in self.busy:  # the same filing twice in one list: checked after the first lands
            self.later.setdefault(inp.id, []).append(i)
            return False
        hold = contextlib.ExitStack()
        why = hold.enter_context(self.claims.claim(inp.id))
        if why:
            hold.close()
            self.results[i] = skipped(inp, why)
            return False
        try:
            ready = prepare(self.graph, inp, self.force)
        except LoadError as exc:
            hold.close()
            self.results[i] = LoadResult(inp.id, inp.entry, "failed", message=str(exc))
            return False
        except BaseException:
            hold.close()
            raise
        if isinstance(ready, LoadResult):
            hold.close()
            self.results[i] = ready
            return False
        self.inputs[i] = ready
        self.busy[inp.id] = i
        self.holds[inp.id] = hold
        return True

    def _land(self, i: int, result: LoadResult) -> None:
        self.results[i] = result
        ready = self.inputs.pop(i, None)
        if ready is not None and self.busy.get(ready.inp.id) == i:
            del self.busy[ready.inp.id]
            self.holds.pop(ready.inp.id).close()  # after the commit (or the failure): another loader finds it loaded
            self.todo.extendleft(reversed(self.later.pop(ready.inp.id, [])))

    def _dispatch(self) -> None:
        """Give every idle worker a filing; start workers while there is work."""
        while True:
            if not self.ready:
                while self.todo and not self._prepare(self.todo[0]):
                    self.todo.popleft()
                if self.todo:
                    self.ready.append(self.todo.popleft())
            if not self.ready:
                return
            worker = next((w for w in self.workers if w.task is None), None)
            if worker is None:
                if len(self.workers) >= self.jobs:
                    return
                worker = self._start_worker()
            i = self.ready.popleft()
            worker.task = i
            try:
                worker.conn.send(self.inputs[i].inp)
            except OSError:
                self._died(worker)

    # ---------------------------------------------------------------- workers
    def _start_worker(self) -> _Worker:
        parent, child = self.ctx.Pipe()
        process = self.ctx.Process(
            target=_worker_main,
            args=(child, list(map(Path, self.packages)), os.environ.get(_KILL_ON) or None),
            name="auditgraph-parse",
            daemon=True,
        )
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self.workers.append(worker)
        return worker

    def _retire(self, worker: _Worker) -> None:
        with contextlib.suppress(OSError):
            worker.conn.send(None)
        worker.process.join(timeout=30)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.conn.close()
        self.workers.remove(worker)

    def _died(self, worker: _Worker) -> None:
        """A worker ended without answering: its filing is parsed again once, then reported."""
        worker.process.join(timeout=5)
        code = worker.process.exitcode
        i = worker.task
        worker.conn.close()
        self.workers.remove(worker)
        if i is None:
            return
        self.deaths[i] += 1
        if self.deaths[i] < 2:
            self.ready.appendleft(i)
            return
        how = f"was killed by signal {-code}" if code is not None and code < 0 else f"exited with code {code}"
        inp = self.inputs[i].inp
        self._land(
            i,
            LoadResult(
                inp.id,
                inp.entry,
                "failed",
                message=f"{inp.entry}: the Arelle worker parsing it {how} (twice); nothing of it was written; "
                "load it again, alone, to see why (memory?)",
            ),
        )

    def _stop_workers(self) -> None:
        for w in self.workers:
            if w.process.is_alive():
                w.process.kill()  # a parse has nothing to save: workers never write
        for w in self.workers:
            w.process.join(timeout=10)
            w.conn.close()
        self.workers.clear()

    # ---------------------------------------------------------------- the writer thread
    def _writer(
        self,
        writes: queue.SimpleQueue[tuple[int, Recording, Prepared] | None],
        done: queue.SimpleQueue[tuple[int, LoadResult | BaseException]],
        wake: Connection,
        stopping: threading.Event,
    ) -> None:
        while (job := writes.get()) is not None:
            if stopping.is_set():
                continue
            i, rec, ready = job
            res: LoadResult | BaseException
            try:
                res = _write(self.graph, ready, rec)
            except LoadError as exc:
                res = LoadResult(rec.inp.id, rec.inp.entry, "failed", message=str(exc))
            except BaseException as exc:  # the server is gone: the main loop raises it
                res = exc
            del job, rec
            done.put((i, res))
            try:
                wake.send_bytes(b"")
            except OSError:
                return


def _recv(conn: Connection) -> Any:
    """A worker's answer, read whole: a Ctrl-C waits until it is unpickled (an interrupt in the middle of
    unpickling a large recording leaves the connection's buffer in a state that raises BufferError)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        return conn.recv()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return conn.recv()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _write(graph: Graph, ready: Prepared, rec: Recording) -> LoadResult:
    """One transaction; sent again when Neo4j chose it as a deadlock victim (or another transient error)."""
    for attempt in range(DEADLOCK_RETRIES + 1):
        try:
            return write_recording(graph, ready, rec)
        except LoadError as exc:
            if not isinstance(exc.__cause__, TransientError) or attempt == DEADLOCK_RETRIES:
                raise
    raise AssertionError("unreachable")
