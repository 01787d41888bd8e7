# One virtualenv in .venv; stamp files inside it record what is installed, so a
# second `make test` or `make run` with pyproject.toml unchanged installs nothing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip install -q

# `make serve`: gunicorn's bind address and worker processes (gunicorn.conf.py). Two on a 2-core machine
# made more requests a second than four, with a third of the p95 (docs/load.md).
BIND ?= 127.0.0.1:8000
WORKERS ?= 2
# The live server (scorekeeper/live/): the session screens' event streams, which the proxy sends there
# (deploy/Caddyfile, LIVE_UPSTREAM). `make serve` runs it beside gunicorn; the two stop together.
LIVE_BIND ?= 127.0.0.1:8001
LIVE_HOST = $(firstword $(subst :, ,$(LIVE_BIND)))
LIVE_PORT = $(lastword $(subst :, ,$(LIVE_BIND)))
# A held stream would keep uvicorn waiting on a stop for ever: after 2 s it is cut (the phone opens it anew).
export UVICORN_TIMEOUT_GRACEFUL_SHUTDOWN ?= 2
# PostgreSQL connections each worker process may hold (a pool: see scorekeeper/settings.py).
DB_POOL_SIZE ?= 8

.PHONY: run serve test lint lock test-sqlite test-postgres load load-pg bench bench-web bench-offline chromium caddy messages

run: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

# Production: DEBUG off, so SECRET_KEY and ALLOWED_HOSTS must come from the environment
# (README, "Running in production"); DATABASE_URL picks the database.
serve: export DEBUG = 0
serve: $(VENV)/.installed
	@[ -n "$$SECRET_KEY" ] && [ -n "$$ALLOWED_HOSTS" ] || { \
	  echo "make serve runs with DEBUG off: set SECRET_KEY and ALLOWED_HOSTS (see README)" >&2; exit 1; }
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput -v 0
	$(VENV)/bin/uvicorn scorekeeper.live.asgi:application --host $(LIVE_HOST) --port $(LIVE_PORT) & live=$$!; \
	  DB_POOL_SIZE=$(DB_POOL_SIZE) $(VENV)/bin/gunicorn --bind $(BIND) \
	  --workers $(WORKERS); \
	  status=$$?; kill $$live 2>/dev/null; wait $$live; exit $$status

# The linters, then the whole suite twice: on SQLite, then on a throwaway PostgreSQL server
# (scripts/with-postgres.sh).
test: $(VENV)/.installed-dev chromium caddy
	@$(MAKE) --no-print-directory lint
	@$(MAKE) --no-print-directory test-sqlite
	@$(MAKE) --no-print-directory test-postgres

# ruff on everything; mypy --strict on the engine (pure Python), mypy with django-stubs on the app; ESLint on
# the scripts (eslint.config.js), no warning allowed.
lint: $(VENV)/.installed-dev node_modules/.installed
	@echo "== Lint: ruff, mypy, eslint =="
	npx --no-install eslint --max-warnings 0 .
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict scorekeeper/engine
	$(VENV)/bin/mypy scorekeeper/tables scorekeeper/live scorekeeper/camera scorekeeper/sqlite_backend scorekeeper/client_address.py \
	  scorekeeper/request_ids.py scorekeeper/admin_site.py scorekeeper/settings.py scorekeeper/urls.py \
	  scorekeeper/static_storage.py

# Each pass spread over TEST_WORKERS processes (pytest-xdist): a test database each (..._gw0, _gw1); tests marked
# xdist_group run in one worker. TEST_WORKERS=0 runs the suite in this one process.
TEST_WORKERS ?= 2
PYTEST := $(PY) -m pytest $(if $(filter-out 0,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist loadgroup)

test-sqlite: $(VENV)/.installed-dev
	@echo "== Test suite on SQLite (an in-memory test database) =="
	env -u DATABASE_URL $(PYTEST)

test-postgres: $(VENV)/.installed-dev
	@echo "== Test suite on PostgreSQL (a throwaway server on 127.0.0.1) =="
	./scripts/with-postgres.sh $(PYTEST)

# Load test (benchmarks/load.py): gunicorn as `make serve` runs it, 50 tables for 30 s.
# LOAD_ARGS passes options, e.g. make load LOAD_ARGS="--tables 100 --seconds 60".
load: $(VENV)/.installed
	env -u DATABASE_URL $(PY) benchmarks/load.py --workers $(WORKERS) $(LOAD_ARGS)

# PostgreSQL with its durable defaults (fsync on), as a real server would run.
load-pg: $(VENV)/.installed
	PG_DURABLE=1 ./scripts/with-postgres.sh $(PY) benchmarks/load.py --workers $(WORKERS) $(LOAD_ARGS)

# The translations: collect the strings into locale/*/django.po and, the scripts' (static/js/: gettext,
# ngettext), into locale/*/djangojs.po (translate the new ones there; words no longer used are dropped, so
# every entry stays translated), then compile the .mo files, which are committed so a fresh clone runs
# translated as it is.
messages: $(VENV)/.installed chromium
	$(PY) scripts/engine_messages.py > engine_messages_for_makemessages.py
	$(PY) manage.py makemessages -l zh_Hant -l zh_Hans --no-location --no-obsolete --ignore=.venv --ignore=tests \
	  --ignore=artifacts --ignore=staticfiles --ignore=benchmarks --ignore="*.egg-info" --ignore=scripts --ignore=node_modules; \
	  status=$$?; rm -f engine_messages_for_makemessages.py; exit $$status
	$(PY) manage.py makemessages -d djangojs -l zh_Hant -l zh_Hans --no-location --no-obsolete --ignore=.venv \
	  --ignore=tests --ignore=artifacts --ignore=staticfiles --ignore=benchmarks --ignore="*.egg-info" --ignore=scripts --ignore=node_modules
	$(PY) manage.py compilemessages --ignore=.venv

# ESLint and its rules, at the versions package-lock.json pins (devDependencies only: the scripts need no
# build). `npm ci` runs again only when the lock changes. Node and npm: Debian's, when missing.
node_modules/.installed: package.json package-lock.json
	./scripts/ensure-node.sh
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The browser tests drive Debian's chromium (Playwright cannot download its own here).
chromium:
	./scripts/ensure-chromium.sh

# The proxy tests run deploy/Caddyfile with Debian's caddy (installed, never started as a service).
caddy:
	./scripts/ensure-caddy.sh

bench: $(VENV)/.installed-bench
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/web.py

bench-web: $(VENV)/.installed-dev
	$(PY) benchmarks/web.py

# Sending the hands a phone kept offline: gunicorn and Debian's chromium (benchmarks/offline_send.py).
bench-offline: $(VENV)/.installed-dev chromium
	env -u DATABASE_URL $(PY) benchmarks/offline_send.py

$(VENV)/.created:
	@$(PYTHON) -c "import ensurepip" 2>/dev/null || { \
	  echo "python3 cannot create virtualenvs; on Debian/Ubuntu: sudo apt-get install python3-venv" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	touch $@

# Every install takes the versions CI tested: requirements.lock (`make lock` writes it anew from pyproject.toml).
# The camera extra (the photo reader, pyproject.toml) with it: a server without it offers no camera.
$(VENV)/.installed: pyproject.toml requirements.lock $(VENV)/.created
	$(PIP) -c requirements.lock -e ".[camera]"
	touch $@

# The dev extra is a superset: `make serve` after `make test` installs nothing more.
$(VENV)/.installed-dev: pyproject.toml requirements.lock $(VENV)/.created
	$(PIP) -c requirements.lock -e ".[dev,camera]"
	touch $@ $(VENV)/.installed

$(VENV)/.installed-bench: pyproject.toml requirements.lock $(VENV)/.created
	$(PIP) -c requirements.lock -e ".[dev,bench,camera]"
	touch $@

# After a change to pyproject.toml's dependencies (or to take newer releases): every extra's versions, pinned.
lock: $(VENV)/.created
	$(PIP) pip-tools
	$(VENV)/bin/pip-compile -q --upgrade --all-extras --strip-extras --no-emit-find-links --no-emit-index-url \
	  --no-emit-trusted-host -o requirements.lock pyproject.toml
