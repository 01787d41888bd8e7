"""The live server: each phone on a session screen holds one event stream, told when the session changes.

Run as `uvicorn scorekeeper.live.asgi:application --host HOST --port PORT` (`make serve` starts it beside
gunicorn; the proxy sends it `/sessions/<pk>/events/` and everything else to gunicorn). See asgi.py.
"""
