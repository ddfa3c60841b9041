"""Source files read as Python reads them, and only what can be read safely.

Only a regular file under the size limit is read (a FIFO would block forever, `/dev/zero` never ends, a
folder is not source); the check is made on the open file itself, so a file swapped for a FIFO after the
check is still refused. Its bytes are decoded the way Python decodes a module: a UTF-8 byte-order mark or a
PEP 263 coding line (`# -*- coding: latin-1 -*-`) names the codec, else UTF-8.
"""

from __future__ import annotations

import io
import os
import stat
import tokenize
from dataclasses import dataclass
from pathlib import Path

from compiler.source import Span

MAX_SOURCE_BYTES = 2_000_000  # the largest real kernel file is ~450 KB
_BOM = b"\xef\xbb\xbf"


class Unreadable(OSError):
    """A path that is not read: why, in a few words (`not a regular file`, `larger than 2 MB`)."""


@dataclass(frozen=True, slots=True)
class Decoded:
    """A source file's text (its byte-order mark dropped, its line breaks as they are), how it was encoded,
    and where it could not be decoded, as Python reports it (PTO-F0)."""

    text: str
    encoding: str = "utf-8"
    bom: bool = False
    error: tuple[Span, str] | None = None

    def encode(self, text: str) -> bytes:
        """New text for this file, in its own encoding (and byte-order mark); ValueError when the text has
        characters that encoding cannot hold."""
        try:
            data = text.encode(self.encoding)
        except (UnicodeEncodeError, LookupError) as exc:
            raise ValueError(
                f"the new text cannot be written in the file's encoding ({self.encoding})"
            ) from exc
        return _BOM + data if self.bom else data


def read_bytes(path: Path, limit: int = MAX_SOURCE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; Unreadable for anything else."""
    try:
        info = os.stat(path)  # follows a symlink: what is read is its target
    except (OSError, ValueError) as exc:
        raise Unreadable(_reason(exc)) from exc
    _check(info, limit)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError) as exc:
        raise Unreadable(_reason(exc)) from exc
    try:
        _check(os.fstat(fd), limit)  # the file opened, not the one looked at before
        with os.fdopen(fd, "rb", closefd=True) as stream:
            fd = -1
            data = stream.read(limit + 1)
    except OSError as exc:
        raise Unreadable(_reason(exc)) from exc
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:
        raise Unreadable(f"larger than the {_size(limit)} limit")
    return data


def decode(data: bytes) -> Decoded:
    """Decode source bytes as Python does; undecodable bytes are replaced and reported in `error`."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:  # an unknown codec, or a coding line that contradicts the byte-order mark
        text = data.removeprefix(_BOM).decode("utf-8", "replace")
        line = _cookie_line(data)
        return Decoded(text, "utf-8", data.startswith(_BOM), (Span(line, 0, line, 1), exc.msg))
    bom = encoding == "utf-8-sig"
    codec = "utf-8" if bom else encoding
    body = data[len(_BOM) :] if bom else data
    try:
        return Decoded(body.decode(codec), codec, bom)
    except UnicodeDecodeError as exc:
        before = body[: exc.start].decode(codec, "replace")
        line = before.count("\n") + before.count("\r") - before.count("\r\n") + 1
        col = len(before) - max(before.rfind("\n"), before.rfind("\r")) - 1
        detail = (
            f"(unicode error) '{codec}' codec can't decode byte 0x{body[exc.start]:02x} in position "
            f"{exc.start}: {exc.reason}"
        )
        return Decoded(body.decode(codec, "replace"), codec, bom, (Span(line, col, line, col + 1), detail))


def read_source(path: Path, limit: int = MAX_SOURCE_BYTES) -> Decoded:
    """A source file, read safely (see `read_bytes`) and decoded as Python does."""
    return decode(read_bytes(path, limit))


def _check(info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a folder"
            if stat.S_ISDIR(info.st_mode)
            else "a FIFO"
            if stat.S_ISFIFO(info.st_mode)
            else "a device"
            if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
            else "a socket"
            if stat.S_ISSOCK(info.st_mode)
            else "a special file"
        )
        raise Unreadable(f"not a regular file ({kind})")
    if info.st_size > limit:
        raise Unreadable(f"larger than the {_size(limit)} limit ({_size(info.st_size)})")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{n / 1000:.0f} KB"


def _cookie_line(data: bytes) -> int:
    """The line (1 or 2) of a coding declaration, for the error of an unknown codec."""
    first, _, rest = data.partition(b"\n")
    return 1 if b"coding" in first else 2 if b"coding" in rest.partition(b"\n")[0] else 1
