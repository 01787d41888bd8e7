"""Names and notes as people type them: kept in one Unicode form, refused when they hide or reorder text.

A name is compared as it reads: "é" typed as one character (NFC) or as e + a combining accent (NFD,
as some keyboards send it) is one name, so every name and note is stored in NFC. Nothing a person
types to be read is refused: letters of every script, digits, punctuation, symbols, emoji. What
is refused cannot be seen or changes how the rest is shown: control characters (NUL, which
PostgreSQL cannot store; BEL; line breaks in a one-line field), format characters such as the bidi
overrides (U+202E shows "gnp.exe" as "exe.png"), zero-width spaces and the byte-order mark.
Two format characters are part of writing: the zero-width joiner and non-joiner (Persian نیک‌نام,
Sinhala conjuncts, emoji families 👨‍👩‍👧), allowed inside a word, between two visible characters;
and the tag characters of a subdivision flag (🏴 followed by tags, as England's flag is written).
"""
from __future__ import annotations

import unicodedata

JOINERS = frozenset({"\u200c", "\u200d"})  # zero-width non-joiner, zero-width joiner
BLACK_FLAG = "\U0001f3f4"
TAGS = range(0xE0020, 0xE0080)  # tag characters: a subdivision flag's letters and its end


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def is_clean(text: str) -> bool:
    """Every character is one a person reads (see the module's docstring)."""
    return all(_allowed(text, index) for index in range(len(text)))


def _allowed(text: str, index: int) -> bool:
    char = text[index]
    category = unicodedata.category(char)
    if category in ("Cc", "Cs", "Zl", "Zp"):
        return False
    if category != "Cf":
        return True
    if char in JOINERS:
        return _inside_word(text, index)
    return ord(char) in TAGS and _in_flag(text, index)


def _inside_word(text: str, index: int) -> bool:
    if index == 0 or index == len(text) - 1:
        return False
    return all(not (c.isspace() or c in JOINERS) for c in (text[index - 1], text[index + 1]))


def _in_flag(text: str, index: int) -> bool:
    start = index
    while start > 0 and ord(text[start - 1]) in TAGS:
        start -= 1
    return start > 0 and text[start - 1] == BLACK_FLAG
