# One virtualenv in .venv; stamp files inside it record what is installed, so a
# second `make test` or `make run` with pyproject.toml unchanged installs nothing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip install -q

.PHONY: run test bench bench-web chromium

run: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

test: $(VENV)/.installed-dev chromium
	$(PY) -m pytest

# The browser tests drive Debian's chromium (Playwright cannot download its own here).
chromium:
	./scripts/ensure-chromium.sh

bench: $(VENV)/.installed-bench
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/web.py

bench-web: $(VENV)/.installed-dev
	$(PY) benchmarks/web.py

$(VENV)/.created:
	@$(PYTHON) -c "import ensurepip" 2>/dev/null || { \
	  echo "python3 cannot create virtualenvs; on Debian/Ubuntu: sudo apt-get install python3-venv" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	touch $@

$(VENV)/.installed: pyproject.toml $(VENV)/.created
	$(PIP) -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(VENV)/.created
	$(PIP) -e ".[dev]"
	touch $@

$(VENV)/.installed-bench: pyproject.toml $(VENV)/.created
	$(PIP) -e ".[dev,bench]"
	touch $@
