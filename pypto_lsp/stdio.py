"""stdin read ahead on a thread of its own: a whole message (its header lines and body) reaches the event
loop in one wake-up.

pygls's stdio reader runs each `readline` and the body's `read` on its thread pool, one after the other: three
round trips between the event loop and a pool thread per message, each a thread wake-up and two hand-overs of
the interpreter. While an analysis runs, each hand-over waits up to the switch interval, and on a busy machine
each wake-up waits for a core: a hover spent most of its time there (p50 3-14 ms from the client's write to
the server reading the request, against 0.5 ms answering it). Here one thread reads messages as pygls would
and hands each one over complete; `run_async`'s `readline` / `readexactly` then take the parts in order
without leaving the event loop.
"""

from __future__ import annotations

import asyncio
import collections
import re
import threading
from typing import BinaryIO

# pygls's own header rule (pygls.io_.run_async), so both sides agree on where each body starts
_CONTENT_LENGTH = re.compile(rb"^Content-Length: (\d+)\r\n$")


def read_message(stdin: BinaryIO) -> list[bytes]:
    """The header lines and the body of the next message, as pygls's reading loop asks for them in turn (its
    `readline` results, then its `readexactly`); the last part is b"" at the end of the stream."""
    parts: list[bytes] = []
    length = 0
    while True:
        line = stdin.readline()
        parts.append(line)
        if not line:
            return parts
        if not length:
            match = _CONTENT_LENGTH.fullmatch(line)
            if match:
                length = int(match.group(1))
        if length and not line.strip():
            parts.append(stdin.read(length))
            return parts


class ReadAheadReader:
    """pygls's AsyncReader over stdin, fed by a thread that reads a message at a time (see the module doc)."""

    def __init__(self, stdin: BinaryIO) -> None:
        self.stdin = stdin
        self.parts: collections.deque[bytes] = collections.deque()  # touched on the event loop only
        self.arrived: asyncio.Future[None] | None = None
        self.thread: threading.Thread | None = None

    def readline(self) -> asyncio.Future[bytes] | asyncio.Task[bytes]:
        """The next header line (b"" at the end of the stream)."""
        return self._next()

    def readexactly(self, n: int) -> asyncio.Future[bytes] | asyncio.Task[bytes]:
        """The body that follows the header lines (read with its length by the reading thread)."""
        return self._next()

    def _next(self) -> asyncio.Future[bytes] | asyncio.Task[bytes]:
        loop = asyncio.get_running_loop()
        if self.thread is None:
            self.thread = threading.Thread(target=self._read, args=(loop,), name="pypto-stdin", daemon=True)
            self.thread.start()
        if self.parts:  # already here: answered without a turn of the event loop
            done: asyncio.Future[bytes] = loop.create_future()
            done.set_result(self.parts.popleft())
            return done
        return loop.create_task(self._wait())

    async def _wait(self) -> bytes:
        while not self.parts:
            self.arrived = asyncio.get_running_loop().create_future()
            await self.arrived
        return self.parts.popleft()

    def _deliver(self, parts: list[bytes]) -> None:
        self.parts.extend(parts)
        if self.arrived is not None and not self.arrived.done():
            self.arrived.set_result(None)

    def _read(self, loop: asyncio.AbstractEventLoop) -> None:
        """The reading thread: a message at a time until the stream ends (or the loop is gone)."""
        while True:
            try:
                parts = read_message(self.stdin)
            except (OSError, ValueError):  # stdin closed under us: the end of the stream
                parts = [b""]
            try:
                loop.call_soon_threadsafe(self._deliver, parts)
            except RuntimeError:  # the event loop has closed
                return
            if not parts[-1]:
                return
