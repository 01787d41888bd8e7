"""Reading a photographed hand (issue 38): the tile detector (detector.py) and the engine's choice of reading
(scorekeeper/engine/photo_reading.py), put together by `read_photo` (reading.py).

Like the engine, this package knows nothing of Django. Its packages (numpy, onnxruntime, Pillow and the detector's
model) come with the `camera` extra: `is_available()` says whether they are installed, and the app offers the camera
only where they are. A photo is read in memory and forgotten: nothing here writes it anywhere.
"""
from __future__ import annotations

import importlib.util


def is_available() -> bool:
    """Whether the detector and its packages are installed (pyproject.toml, the `camera` extra)."""
    return all(importlib.util.find_spec(name) is not None
               for name in ("mahjong_detector", "onnxruntime", "numpy", "PIL"))
