"""Where games run: a local process pool, or Dask's distributed scheduler.

Both are plain ``concurrent.futures.Executor`` objects to the rest of the batch code, so anything
else that is one (a thread pool for debugging, a Ray or loky executor) plugs in through the API.

The local pool forks its workers when the parent runs a single thread — fast, and a plain script
without an ``if __name__ == "__main__":`` guard just works — and uses ``forkserver`` (``spawn``
where there is none) once the parent runs other threads (a Dask client's event loop, a Jupyter
kernel): forking a multi-threaded process can deadlock the child on a lock some thread held.

Dask is optional (``pip install 'tabletop[dask]'``).  Without an address a LocalCluster is started
on the loopback interface only (nothing listens on the network), with one single-threaded worker
process per core, because games are pure-Python CPU work that threads would serialise on the GIL.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Iterator

from .errors import BatchError, DaskNotInstalledError


def cpu_count() -> int:
    """The cores this process may use (the affinity mask, where the platform has one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def check_workers(workers: int | None) -> int:
    if workers is None:
        return cpu_count()
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise BatchError(f"--workers must be a positive integer, got {workers!r}")
    return workers


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """A local pool of ``workers`` processes (default: every core)."""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        method = "fork"
    else:
        method = "forkserver" if "forkserver" in methods else "spawn"
    return ProcessPoolExecutor(max_workers=check_workers(workers), mp_context=multiprocessing.get_context(method),
                               initializer=_start_worker, initargs=(os.getpid(),))


PARENT_CHECK_SECONDS = 0.5  # how often a worker looks whether the batch that started it still lives


def _start_worker(parent: int) -> None:
    """Workers leave Ctrl-C to the parent, which stops the batch cleanly (instead of every worker
    printing its own KeyboardInterrupt traceback over the terminal); and a worker whose batch was
    killed (SIGKILL, a lost terminal) exits, instead of waiting forever on a queue nobody feeds."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_when_orphaned, args=(parent,), name="tabletop-parent-watch", daemon=True).start()


def _exit_when_orphaned(parent: int) -> None:
    while _alive(parent):
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)  # the parent is gone: nothing to report to, and no clean-up the parent awaits


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by another user (the pid was reused): treat as alive
    return _zombie(pid) is False


def _zombie(pid: int) -> bool:
    """A killed parent whose own parent has not reaped it yet is a zombie: gone for our purpose."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):
        return False


#: A LocalCluster started here has no dashboard, so nothing reads the workers' statistical
#: profiler (a stack sample every 10 ms) or the fine-grained health and system samples: off or
#: slowed, they cost the workers half the extra CPU per game Dask had over the process pool
#: (bench_batch.py, CPU per game: Dask 29% above the pool with them, 14% without).
_QUIET_LOCAL_CLUSTER = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    # the workers' and nannies' memory checks (10 a second by default: 1% of a worker's CPU under
    # py-spy); a game's memory does not grow between two checks a second apart
    "distributed.worker.memory.monitor-interval": "1s",
    # chunks are handed out a bounded window at a time (runner.stream) and queue on the
    # scheduler until a worker is free, so there is nothing to rebalance
    "distributed.scheduler.work-stealing": False,
}


@contextlib.contextmanager
def dask_executor(address: str | None = None, workers: int | None = None) -> Iterator[Executor]:
    """A Dask executor: the cluster at ``address``, or a LocalCluster on loopback with ``workers``
    single-threaded worker processes.  Everything started here is closed on exit."""
    try:
        import dask.config
        from distributed import Client, LocalCluster
    except ImportError:
        raise DaskNotInstalledError() from None
    # distributed ships no type hints: its constructors are untyped calls to mypy --strict
    with contextlib.ExitStack() as stack:
        if address is None:
            stack.enter_context(dask.config.set(_QUIET_LOCAL_CLUSTER))
            cluster = stack.enter_context(LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=check_workers(workers), threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=None))
            client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
        else:
            try:
                client = stack.enter_context(Client(address, timeout="10s"))  # type: ignore[no-untyped-call]
            except OSError as exc:
                raise BatchError(f"cannot reach the Dask scheduler at {address} ({exc})") from None
        executor = client.get_executor(pure=False)
        try:
            yield executor
        finally:
            executor.shutdown(wait=False)


def executor_workers(executor: Executor) -> int:
    """How many games the executor can run at once (to size chunks and the submission window)."""
    client = getattr(executor, "_client", None)  # distributed.ClientExecutor
    if client is not None:
        try:
            threads: int = sum(client.nthreads().values())
            return max(1, threads)
        except Exception:  # noqa: BLE001 - a scheduler that does not answer: assume the local cores
            return cpu_count()
    count = getattr(executor, "_max_workers", None)  # ProcessPoolExecutor, ThreadPoolExecutor
    return count if isinstance(count, int) and count > 0 else cpu_count()
