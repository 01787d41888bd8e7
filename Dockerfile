# syntax=docker/dockerfile:1
# The app's image: gunicorn as `make serve` runs it (deploy/compose.yaml runs it behind Caddy, README "Host it
# for your club"). The same image runs the live-update server (compose's `live` service).

# Stage 1: every dependency as a wheel, built with pip's tools, none of which reach the runtime.
FROM python:3.11-slim AS wheels
WORKDIR /src
COPY pyproject.toml README.md requirements.lock ./
COPY scorekeeper ./scorekeeper
# The sentry extra too: error reports are one setting away (SENTRY_DSN in deploy/.env); and the camera extra, the
# photo reader (~186 MB: drop it from this line for a smaller image, and the app offers no camera).
# The versions CI tested (requirements.lock).
RUN pip wheel --no-cache-dir --wheel-dir /wheels -c requirements.lock ".[sentry,camera]" \
    # The project itself runs from /app, beside its templates and static files (settings.BASE_DIR).
    && rm /wheels/mahjong_scorekeeper-*.whl

# Stage 2: the runtime, a slim Python with the wheels, the code, and a system user without a shell or rights.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
RUN --mount=type=bind,from=wheels,source=/wheels,target=/wheels \
    pip install --no-cache-dir --no-index /wheels/*.whl \
    && adduser --system --group --no-create-home --home /app scorekeeper
WORKDIR /app
COPY manage.py gunicorn.conf.py ./
COPY scorekeeper ./scorekeeper
COPY templates ./templates
COPY static ./static
COPY locale ./locale
COPY deploy/healthcheck.py ./deploy/healthcheck.py
# The static files as production serves them (hashed names, compressed copies), collected once, here. Settings
# refuse DEBUG=0 without a key and hosts: throwaway ones, for this step only (the server gets the real ones).
RUN DEBUG=0 SECRET_KEY=collectstatic-only ALLOWED_HOSTS=build.invalid python manage.py collectstatic --noinput -v 0

USER scorekeeper
EXPOSE 8000 8001
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["python", "deploy/healthcheck.py"]
# compose.yaml gives the command (migrate first); this one serves alone, for `docker run`.
CMD ["gunicorn", "--bind", "0.0.0.0:8000", "--workers", "2"]
