"""Quick entry's per-line errors in the reader's language: the check names a bad line in Chinese on a
Chinese screen, and in the reader's script."""
from __future__ import annotations

import uuid

import pytest
from django.utils import translation

from scorekeeper.tables.entry.quick_entry import parse_quick_entry

from web_helpers import ACCEPT, rev


def check(client, session, text, language):
    return client.post(f"/sessions/{session.pk}/quick/", {
        "text": text, "action": "check", "token": str(uuid.uuid4()), "revision": rev(session)},
        HTTP_ACCEPT_LANGUAGE=ACCEPT[language])


@pytest.mark.parametrize("language, expected", [
    ("zh-hant", ["第 2 行：沒有 5 號座位：座位是 1 至 4", "第 3 行：1 號座位不能胡自己打出的牌"]),
    ("zh-hans", ["第 2 行：没有 5 号座位：座位是 1 至 4", "第 3 行：1 号座位不能胡自己打出的牌"]),
    ("en", ["line 2: seat 5 does not exist: seats are 1 to 4", "line 3: seat 1 cannot win on their own discard"]),
])
def test_a_bad_line_is_named_in_the_readers_language(client, make_session, language, expected):
    session = make_session()

    response = check(client, session, "W2 d3 30\nW5 d3 8\nW1 d1 8", language)

    assert response.status_code == 422
    html = response.content.decode()
    for message in expected:
        assert message in html, message
    if language != "en":
        assert "does not exist" not in html and "cannot win on their own discard" not in html
    assert not session.hands.exists()


def test_every_parser_message_is_translated():
    """Each wrong line, read in Traditional Chinese, says what is wrong in Chinese."""
    wrong = {"zung-jung": ["W5 d3 8", "W2 d2 8", "W2 d3", "W2 d3 8 9", "W2 d3 s 8", "W2 d3 8 r1 r4", "W d3 8",
                           "W2 d3 8 ron", "X2 8", "D 8", "W2 d3 100001", "W2 s 8 r1", "W2 d3 8 r2", "F2 x2",
                           "W2 d3 44 L 6 - 24 0"],
             "taizhou": ["W2 d3 44", "W2 d3 44 L 6 24 0", "W2 d3 44 L - 6 24 0", "W2 d3 44 L - 6 24 100001"],
             "taiwan": ["S", "S chase", "S tea 1", "S dice_123 2", "S failed_peng 1", "S failed_peng 1 to 1",
                        "S chase 1 x2", "F2 x9", "F2 to 3", "S chase 1 zz"]}
    with translation.override("zh-hant"):
        for ruleset, lines in wrong.items():
            for text in lines:
                (line,) = parse_quick_entry(text, ruleset=ruleset)
                assert line.error.startswith("第 1 行："), (ruleset, text, line.error)
                for english in ("seat", "does not", "needs", "is not", "only", "give", "leave out", "whose", "who "):
                    assert english not in line.error, (ruleset, text, line.error)
