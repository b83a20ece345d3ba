"""Work over a long input in worker processes, results in input order: the one runner of batch and check.

``ordered(items, work, jobs, chunk)`` cuts ``items`` into chunks of ``chunk``, runs ``work`` over each
chunk in one of ``jobs`` forked workers, and yields the results of every chunk in input order. The
promises it keeps:

* **Flat memory**: at most ``DEPTH`` chunks per worker are read ahead of the results yielded, however
  long the input.
* **Ctrl-C is the parent's**: the workers ignore SIGINT (from the moment they exist: it is blocked
  across the fork), so an interrupt pressed at a terminal, which reaches the whole process group, is one
  ``KeyboardInterrupt`` in the parent and never a traceback from a worker.
* **Stopped at once**: however the run ends early (an interrupt, an exception, the generator closed
  because its reader went away), the workers are ended there and then, and waited for: no process
  outlives the run.
* **No wait for ever**: an exception in ``work`` is a ``WorkerError`` in the parent, at its chunk's
  place; so is a worker that dies (killed, out of memory).

Each worker has its own pair of pipes, and reads its tasks in a thread of its own, so the parent's
sending never waits for a worker that is itself waiting to send a result: no deadlock, and no helper
thread in the parent to stop.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
import threading
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from itertools import islice
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")
R = TypeVar("R")

DEPTH = 4  # chunks in flight per worker: enough to keep each busy, few enough to keep memory flat


class WorkerError(RuntimeError):
    """``work`` raised in a worker (the message holds the worker's traceback), or a worker ended
    without its results."""


class _Failed(NamedTuple):
    message: str  # the worker's traceback


class _Worker(NamedTuple):
    process: BaseProcess
    tasks: Connection  # the parent's end: chunks to the worker
    results: Connection  # the parent's end: results from it
    waiting: deque[int]  # the numbers of the chunks sent to it and not yet back, oldest first


def chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last one shorter)."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def ordered(
    items: Iterable[T], work: Callable[[list[T]], list[R]], jobs: int, chunk: int
) -> Generator[R, None, None]:
    """The results of ``work`` over every chunk of ``items``, in input order, worked out in ``jobs``
    worker processes (here, with ``jobs`` 1). ``work`` need not be picklable: the workers are forked."""
    if jobs <= 1:
        for piece in chunks(items, chunk):
            yield from work(piece)
        return
    workers: list[_Worker] = []
    try:
        _start(work, jobs, workers)
        yield from _run(workers, chunks(items, chunk))
        for worker in workers:
            _send(worker, None)  # the end of the input: each worker ends once its chunks are done
            worker.process.join()
    finally:
        _stop(workers)


def _start(work: Callable[[list[T]], list[R]], jobs: int, workers: list[_Worker]) -> None:
    """Fork ``jobs`` workers into ``workers`` with SIGINT blocked, so no interrupt reaches one before it
    ignores them (an interrupt meanwhile reaches the parent once they are started)."""
    context = multiprocessing.get_context("fork")
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        for _ in range(jobs):
            task_out, task_in = context.Pipe(duplex=False)
            result_out, result_in = context.Pipe(duplex=False)
            # The child closes the parent's ends, its own and the other workers': then a parent that dies
            # is an end of input to it, and a worker that dies is a broken pipe to the parent.
            inherited = [task_in, result_out, *(c for w in workers for c in (w.tasks, w.results))]
            process = context.Process(
                target=_serve, args=(work, task_out, result_in, inherited), daemon=True
            )
            process.start()
            task_out.close()
            result_in.close()
            workers.append(_Worker(process, task_in, result_out, deque()))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _run(workers: list[_Worker], pieces: Iterator[list[T]]) -> Iterator[R]:
    """Send chunks to the least busy worker, keep ``DEPTH`` per worker in flight, yield in order."""
    done: dict[int, list[R] | _Failed] = {}
    sent = given = 0
    more = True
    while more or given < sent:
        while more and sent - given < DEPTH * len(workers):
            piece = next(pieces, None)
            if piece is None:
                more = False
                break
            worker = min(workers, key=lambda w: len(w.waiting))
            _send(worker, (sent, piece))
            worker.waiting.append(sent)
            sent += 1
        while given in done:
            results = done.pop(given)
            if isinstance(
                results, _Failed
            ):  # raised in its place: every chunk before it is yielded
                raise WorkerError(results.message)
            yield from results
            given += 1
        if given < sent:
            _receive(workers, done)


def _send(worker: _Worker, message: object) -> None:
    try:
        worker.tasks.send(message)
    except OSError:  # a worker that has died: its pipe is broken (not the parent's own output)
        raise WorkerError(_ended(worker)) from None


def _receive(workers: list[_Worker], done: dict[int, Any]) -> None:
    """Wait for the next result from any worker; its chunk's results go into ``done``."""
    busy = {w.results: w for w in workers if w.waiting}
    for ready in wait(list(busy)):
        worker = busy[ready]  # type: ignore[index]
        try:
            number, results, failure = worker.results.recv()
        except (EOFError, OSError):
            raise WorkerError(_ended(worker)) from None
        assert number == worker.waiting[0]
        worker.waiting.popleft()
        done[number] = results if failure is None else _Failed(failure)


def _ended(worker: _Worker) -> str:
    worker.process.join(1)
    return f"a worker process ended without its results (exit status {worker.process.exitcode})"


def _stop(workers: list[_Worker]) -> None:
    """End every worker still running, at once, and wait for it; close the pipes. SIGINT is held off
    meanwhile, so a second Ctrl-C cannot leave a worker behind."""
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        for worker in workers:
            if worker.process.exitcode is None:
                worker.process.terminate()
        for worker in workers:
            worker.process.join()
            worker.tasks.close()
            worker.results.close()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _serve(
    work: Callable[[list[Any]], list[Any]],
    tasks: Connection,
    results: Connection,
    inherited: list[Connection],
) -> None:
    """A worker: ignore SIGINT, read tasks in a thread of their own, send each chunk's results back."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    for connection in inherited:
        connection.close()
    inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
    threading.Thread(target=_read, args=(tasks, inbox), daemon=True).start()
    while (task := inbox.get()) is not None:
        number, piece = task
        try:
            results.send((number, work(piece), None))
        except OSError:  # the parent has gone: nothing to send to
            return
        except Exception:  # in ``work``, or its results cannot be sent
            results.send((number, None, f"a worker failed:\n{traceback.format_exc()}"))


def _read(tasks: Connection, inbox: queue.SimpleQueue[Any]) -> None:
    try:
        while (task := tasks.recv()) is not None:
            inbox.put(task)
    except (EOFError, OSError):
        pass
    inbox.put(None)
