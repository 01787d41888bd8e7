"""The worker gives a request a thread only once it is whole (scorekeeper/serving/whole_request.py): its head
and every byte of its body, however the bytes arrive; a body over its path's limit is refused from its head,
or at the limit as it streams in."""
from __future__ import annotations

import pytest

from scorekeeper.serving.whole_request import MOST_HEAD_BYTES, Verdict, WholeRequest

LIMIT = 1000


def counter() -> WholeRequest:
    return WholeRequest(lambda path: 10 * LIMIT if path == "/sessions/import/" else LIMIT)


def verdicts_byte_by_byte(request: bytes) -> list[Verdict]:
    whole = counter()
    return [whole.feed(request[n:n + 1]) for n in range(len(request))]


def post(body: bytes, *fields: str, path: str = "/accounts/login/") -> bytes:
    head = "".join(f"{field}\r\n" for field in fields)
    return f"POST {path} HTTP/1.1\r\nHost: example.com\r\n{head}\r\n".encode() + body


GET = b"GET /sessions/12/?tab=history HTTP/1.1\r\nHost: example.com\r\nCookie: a=b\r\n\r\n"
FORM = post(b"username=ann&password=tiles", "Content-Length: 27")
CHUNKED = post(b"4;note=x\r\nuser\r\n17\r\nname=ann&password=tiles\r\n0\r\n\r\n", "Transfer-Encoding: chunked")
CHUNKED_WITH_TRAILER = post(b"5\r\nhello\r\n0\r\nExpires: never\r\n\r\n", "Transfer-Encoding: chunked")


@pytest.mark.parametrize("request_bytes", [GET, FORM, CHUNKED, CHUNKED_WITH_TRAILER],
                         ids=["get", "content-length", "chunked", "chunked-trailer"])
def test_a_request_is_whole_at_its_last_byte_and_not_before(request_bytes):
    assert verdicts_byte_by_byte(request_bytes) == [Verdict.MORE] * (len(request_bytes) - 1) + [Verdict.WHOLE]


def test_a_request_in_one_piece_with_the_next_behind_it_is_whole():
    assert counter().feed(FORM + GET[:10]) is Verdict.WHOLE


def test_a_content_length_over_the_limit_is_refused_from_the_head_alone():
    head = post(b"", f"Content-Length: {LIMIT + 1}")
    assert verdicts_byte_by_byte(head)[-1] is Verdict.TOO_LARGE
    assert counter().feed(post(b"", f"Content-Length: {LIMIT}")) is Verdict.MORE


def test_each_path_has_its_own_limit():
    assert counter().feed(post(b"", f"Content-Length: {LIMIT + 1}", path="/sessions/import/")) is Verdict.MORE
    assert counter().feed(post(b"", f"Content-Length: {LIMIT + 1}", path="/accounts/login/?next=/")) \
        is Verdict.TOO_LARGE


def test_a_chunked_body_is_refused_once_past_the_limit():
    whole = counter()
    assert whole.feed(post(b"", "Transfer-Encoding: chunked")) is Verdict.MORE
    chunk = b"64\r\n" + b"x" * 100 + b"\r\n"
    verdicts = [whole.feed(chunk) for _ in range(12)]
    assert verdicts[:9] == [Verdict.MORE] * 9 and verdicts[9] is Verdict.TOO_LARGE


@pytest.mark.parametrize("request_bytes", [
    post(b"", "Content-Length: twelve"),
    post(b"", "Content-Length: 5", "Content-Length: 6"),
    post(b"zz\r\n", "Transfer-Encoding: chunked"),
    post(b"", "Transfer-Encoding: chunked", "Content-Length: 5"),
    b"NONSENSE\r\n\r\n",
], ids=["length-not-a-number", "two-lengths", "chunk-size-not-hex", "chunked-and-length", "no-request-line"])
def test_what_makes_no_sense_goes_on_to_the_parser_that_refuses_it(request_bytes):
    assert counter().feed(request_bytes) is Verdict.WHOLE


def test_a_head_past_every_limit_goes_on_to_the_parser():
    whole, start = counter(), b"GET / HTTP/1.1\r\nX: "
    assert whole.feed(start + b"y" * (MOST_HEAD_BYTES - len(start))) is Verdict.MORE
    assert whole.feed(b"y") is Verdict.WHOLE


def test_a_client_waiting_for_100_continue_is_seen():
    whole = counter()
    assert whole.feed(post(b"", "Content-Length: 5", "Expect: 100-continue")) is Verdict.MORE
    assert whole.expects_continue
    plain, old = counter(), counter()
    plain.feed(FORM)
    old.feed(post(b"", "Content-Length: 5", "Expect: 100-continue").replace(b"HTTP/1.1", b"HTTP/1.0"))
    assert not plain.expects_continue and not old.expects_continue  # HTTP/1.0 has no such handshake
