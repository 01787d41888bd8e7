"""A fresh clone installs the versions CI tested: requirements.lock pins every dependency pyproject.toml names
(every extra's too), `make` installs under it, and what this run has installed is what it pins."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from ops_helpers import ROOT


def pinned() -> dict[str, str]:
    lines = (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()
    found = [re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)", line.strip()) for line in lines]
    return {canonicalize_name(m.group(1)): m.group(2) for m in found if m}


def named_in_pyproject() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    return {canonicalize_name(Requirement(r).name) for r in requirements}


def test_every_dependency_is_pinned():
    assert named_in_pyproject() - set(pinned()) == set(), "run `make lock`"


def test_what_this_run_installed_is_what_the_lock_pins():
    installed = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    differ = {name: (version, installed[name]) for name, version in pinned().items()
              if name in installed and installed[name] != version}
    assert differ == {}


def test_every_install_goes_through_the_lock():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in makefile.splitlines() if line.strip().startswith("$(PIP)") and "-e " in line]
    assert installs and all("-c requirements.lock" in line for line in installs)
    assert "-c requirements.lock" in (ROOT / "Dockerfile").read_text(encoding="utf-8")
