"""Engine tests: pure Python, no database."""
import json

import pytest

from engine_helpers import run_engine


@pytest.fixture
def engine_cli():
    def run(command: str, objects: list) -> list[dict]:
        proc = run_engine(command, [json.dumps(o) + "\n" for o in objects])
        assert proc.returncode == 0, proc.stderr
        return [json.loads(line) for line in proc.stdout.splitlines()]
    return run
