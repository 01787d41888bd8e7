"""When the bytes received on a connection hold one whole HTTP/1.1 request: its head and all of its body.

The worker (serving/worker.py) reads a request on its main thread until it is whole and only then gives it
a thread, so a client that trickles its request holds a connection, never a thread. This module only
counts bytes: gunicorn's parser, in the thread, still parses (and refuses) the request itself. Whatever it
cannot make sense of (a malformed length, a bad chunk size, a head past every limit) counts as whole, so
that the parser answers it with its own 400.
"""
from __future__ import annotations

import enum
from collections.abc import Callable

HEAD_END = b"\r\n\r\n"
# Past this a head is no request gunicorn would take (its limits: a 4,094-byte line, 100 fields of 8,190).
MOST_HEAD_BYTES = 1024 * 1024


class Verdict(enum.Enum):
    MORE = "more"  # wait for more bytes
    WHOLE = "whole"  # give it a thread
    TOO_LARGE = "too large"  # its body is over its path's limit: refuse it without reading on


class WholeRequest:
    """Fed the bytes a connection receives, says when they hold a whole request (or one too large)."""

    def __init__(self, body_limit: Callable[[str], int]) -> None:
        self.received = bytearray()
        self._body_limit = body_limit
        self._body_start: int | None = None
        self._length: int | None = None  # of the body, when the head gives a Content-Length
        self._chunked = False
        self._limit = 0
        self._next_chunk = 0  # where in a chunked body the next chunk's size line starts
        self.expects_continue = False

    def feed(self, data: bytes) -> Verdict:
        # A head's end is looked for only where the new bytes could complete it: a head trickled a byte at a
        # time is searched once through, not once per byte.
        searched_to = max(0, len(self.received) - len(HEAD_END) + 1)
        self.received += data
        if self._body_start is None:
            end = self.received.find(HEAD_END, searched_to)
            if end < 0:
                return Verdict.WHOLE if len(self.received) > MOST_HEAD_BYTES else Verdict.MORE
            if not self._read_head(bytes(self.received[:end])):
                return Verdict.WHOLE
            self._body_start = end + len(HEAD_END)
            if self._length is not None and self._length > self._limit:
                return Verdict.TOO_LARGE
        body = len(self.received) - self._body_start
        if self._chunked:
            return Verdict.TOO_LARGE if body > self._limit else self._chunks_verdict()
        return Verdict.WHOLE if body >= (self._length or 0) else Verdict.MORE

    def _read_head(self, head: bytes) -> bool:
        """Take the body's framing from the head; False when it makes no sense (the parser refuses it)."""
        request_line, _, fields = head.lstrip(b"\r\n").partition(b"\r\n")
        parts = request_line.split(b" ")
        if len(parts) != 3:
            return False
        self._limit = self._body_limit(parts[1].partition(b"?")[0].decode("latin-1"))
        lengths = []
        for line in fields.split(b"\r\n"):
            name, _, value = line.partition(b":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == b"content-length":
                lengths.append(value)
            elif name == b"transfer-encoding":
                self._chunked = self._chunked or value.endswith(b"chunked")
            elif name == b"expect":
                self.expects_continue = value == b"100-continue" and parts[2] == b"HTTP/1.1"
        if self._chunked:
            return not lengths
        if len(lengths) > 1 or (lengths and not lengths[0].isdigit()):
            return False
        self._length = int(lengths[0]) if lengths else None
        return True

    def _chunks_verdict(self) -> Verdict:
        assert self._body_start is not None
        data = self.received
        while True:
            start = self._body_start + self._next_chunk
            line_end = data.find(b"\r\n", start)
            if line_end < 0:
                return Verdict.MORE
            size_text = bytes(data[start:line_end]).partition(b";")[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                return Verdict.WHOLE
            if size < 0:
                return Verdict.WHOLE
            if size == 0:
                if data[line_end + 2:line_end + 4] == b"\r\n":
                    return Verdict.WHOLE
                return Verdict.WHOLE if data.find(HEAD_END, line_end) >= 0 else Verdict.MORE
            following = line_end + 2 + size + 2
            if following > len(data):
                return Verdict.MORE
            self._next_chunk = following - self._body_start
