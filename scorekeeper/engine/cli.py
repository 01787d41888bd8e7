"""The command-line face: JSON Lines in, one JSON answer per line out, in order.

    python -m scorekeeper.engine score  < hands.jsonl
    python -m scorekeeper.engine settle < sessions.jsonl

It exits 0 even when lines are bad (they answer ok: false); only a wrong command
line exits non-zero.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from .answers import ScoreAnswer, SettleAnswer
from .errors import BAD_JSON, EngineError, contract_answer
from .scoring import score_hand
from .settlement import settle_session

COMMANDS: dict[str, Callable[[Any], Answer]] = {"score": score_hand, "settle": settle_session}
Answer = ScoreAnswer | SettleAnswer
USAGE = "usage: python -m scorekeeper.engine score|settle < input.jsonl"


def answer_lines(command: Callable[[Any], Answer], lines: Iterable[str]) -> Iterator[str]:
    for line in lines:
        if not line.strip():
            yield _dump(EngineError(BAD_JSON, "an empty line: each line must be one JSON object").refusal())
            continue
        answer: Answer
        try:
            data = json.loads(line)
        except ValueError as exc:
            answer = EngineError(
                BAD_JSON,
                "this line is not valid JSON ({reason})",
                reason=exc,
            ).refusal()
        else:
            answer = command(data)
        yield _dump(answer)


def _dump(answer: Answer) -> str:
    return json.dumps(contract_answer(answer.to_json()), ensure_ascii=False, separators=(", ", ": "))


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] not in COMMANDS:
        print(USAGE, file=sys.stderr)
        return 2
    source = stdin or sys.stdin
    sink = stdout or sys.stdout
    for text in answer_lines(COMMANDS[args[0]], source):
        sink.write(text + "\n")
        sink.flush()
    return 0
