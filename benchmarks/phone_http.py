"""A phone's HTTP/1.1 on asyncio, for the club night (club_night.py): four phones a table and hundreds of tables,
so no thread each; a kept-alive connection through the proxy, gzip answers and event streams read as they come.
"""
from __future__ import annotations

import asyncio
import zlib

from load import HOST


class Connection:
    """One kept-alive connection to the proxy."""

    def __init__(self, port: int, cookies: str) -> None:
        self.port, self.cookies = port, cookies
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def send(self, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str]]:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        lines = [f"GET {path} HTTP/1.1", f"Host: {HOST}:{self.port}", f"Cookie: {self.cookies}",
                 "Accept-Encoding: gzip", *(f"{k}: {v}" for k, v in headers.items())]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        assert self.reader is not None
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        head: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            head[name.strip().lower()] = value.strip()
        return int(status_line.split()[1]), head

    async def get(self, path: str, headers: dict[str, str]) -> tuple[int, str]:
        for attempt in (1, 2):  # a kept-alive connection the proxy closed meanwhile: once more on a new one
            try:
                status, head = await self.send(path, headers)
                body = await self.body(status, head)
                break
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        if head.get("content-encoding") == "gzip":
            body = zlib.decompress(body, 16 + zlib.MAX_WBITS)
        if head.get("connection", "").lower() == "close":
            self.close()
        return status, body.decode("utf-8", "replace")

    async def body(self, status: int, head: dict[str, str]) -> bytes:
        assert self.reader is not None
        if status in (204, 304):
            return b""
        if "content-length" in head:
            return await self.reader.readexactly(int(head["content-length"]))
        chunks = []
        while (size := int((await self.reader.readline()).split(b";")[0], 16)):
            chunks.append(await self.reader.readexactly(size))
            await self.reader.readline()
        await self.reader.readline()
        return b"".join(chunks)

    async def chunks(self):  # type: ignore[no-untyped-def]
        """A streamed (chunked) body, chunk by chunk."""
        assert self.reader is not None
        while (size := int((await self.reader.readline()).split(b";")[0], 16)):
            yield await self.reader.readexactly(size)
            await self.reader.readline()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
