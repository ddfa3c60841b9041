"""The stdio transport: one thread reads stdin and hands the event loop whole chunks, announcing read
requests as soon as their bytes arrive.

pygls's own reader asks a thread pool for every header line and every body (three hand-overs of the
interpreter per message, each waiting out the switch interval while an analysis runs), and a hover is
known to be one only when the event loop parses it. Here a dedicated thread does one `read1` per burst
of bytes, frames the messages itself, and makes the analyses step aside (scheduler.READS) for a read
request before the event loop has even seen it. The bytes are forwarded unchanged: framing errors are
still pygls's to report.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import sys
import threading
from typing import BinaryIO

from pygls.io_ import StdoutWriter, run_async
from pygls.server import JsonRPCServer

from pypto_lsp.scheduler import READS, ReadGate

log = logging.getLogger(__name__)

CHUNK = 1 << 16
_CONTENT_LENGTH = re.compile(rb"content-length:\s*(\d+)", re.IGNORECASE)
_PEEKED_BODY = 4096  # larger messages (didOpen, didChange) are never read requests


class ReadAnnouncer:
    """Frames the bytes of a JSON-RPC stream and enters each read request into the read gate."""

    def __init__(self, read_methods: frozenset[str], gate: ReadGate = READS) -> None:
        self.read_methods = read_methods
        self.gate = gate
        self.pending = bytearray()

    def feed(self, data: bytes) -> None:
        """Take the next bytes of the stream; announce every whole read request they complete."""
        self.pending += data
        while True:
            end = self.pending.find(b"\r\n\r\n")
            if end < 0:
                if len(self.pending) > CHUNK:  # no header end in sight: garbage, resynchronise later
                    del self.pending[:-4]
                return
            found = _CONTENT_LENGTH.search(bytes(self.pending[:end]))
            if found is None:
                del self.pending[: end + 4]  # a header block without a length: pygls reports it
                continue
            length = int(found.group(1))
            if len(self.pending) < end + 4 + length:
                return
            body = bytes(self.pending[end + 4 : end + 4 + length])
            del self.pending[: end + 4 + length]
            self._announce(body)

    def _announce(self, body: bytes) -> None:
        if len(body) > _PEEKED_BODY or b'"method"' not in body:
            return
        try:
            message = json.loads(body)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        method, msg_id = message.get("method"), message.get("id")
        if method in self.read_methods and isinstance(msg_id, int | str) and not isinstance(msg_id, bool):
            self.gate.enter(msg_id)


class ThreadedStdinReader:
    """pygls's AsyncReader over a StreamReader that a dedicated thread fills from a binary stream."""

    def __init__(self, stream: BinaryIO, announcer: ReadAnnouncer) -> None:
        self.stream = stream
        self.announcer = announcer
        self.buffer = asyncio.StreamReader(limit=1 << 30)
        self.loop = asyncio.get_running_loop()
        threading.Thread(target=self._pump, name="pypto-stdin", daemon=True).start()

    def _pump(self) -> None:
        """On the reader thread: forward each burst of bytes, and the end of the stream."""
        read = getattr(self.stream, "read1", self.stream.read)
        try:
            while data := read(CHUNK):
                try:
                    self.announcer.feed(data)
                except Exception:  # announcing is an optimisation: never lose the bytes over it
                    log.exception("could not frame the incoming bytes")
                    self.announcer.pending.clear()
                self.loop.call_soon_threadsafe(self.buffer.feed_data, data)
        except (OSError, ValueError):
            log.warning("stdin closed")
        finally:
            with contextlib.suppress(RuntimeError):  # the loop is already closed
                self.loop.call_soon_threadsafe(self.buffer.feed_eof)

    async def readline(self) -> bytes:
        """The next line, with its newline (b"" at the end of the stream)."""
        return await self.buffer.readline()

    async def readexactly(self, n: int) -> bytes:
        """The next n bytes, or what is left before the end of the stream."""
        try:
            return await self.buffer.readexactly(n)
        except asyncio.IncompleteReadError as cut:
            return cut.partial


def serve_stdio(server: JsonRPCServer, read_methods: frozenset[str]) -> None:
    """Serve the protocol over this process's stdin and stdout until exit."""
    stop = threading.Event()
    server._stop_event = stop  # pygls's shutdown sets it to end the message loop
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))

    async def serve() -> None:
        reader = ThreadedStdinReader(sys.stdin.buffer, ReadAnnouncer(read_methods))
        await run_async(
            stop_event=stop,
            reader=reader,
            protocol=server.protocol,
            logger=log,
            error_handler=server.report_server_error,
        )

    try:
        asyncio.run(serve())
    except BrokenPipeError:
        log.error("the client closed the connection: shutting down")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()
