"""How long a phone takes to send the hands it kept offline, once the connection returns.

    .venv/bin/python benchmarks/offline_send.py [--hands 10] [--runs 5] [--earlier 0 100]

Starts gunicorn as `make serve` does (production settings, a throw-away SQLite database; see
benchmarks/load.py), and drives Debian's chromium at phone size (Playwright, touch, the service
worker on): for each run, a new session with `--earlier` hands already saved, then `--hands` wins by
figure entered offline through the screens (won, discarder, figure, Save), then the connection
back. Timed: from the connection's return to the session screen showing "N changes ... were saved"
(the queue sent, saved on the server and the page reloaded), and the queue request alone as the
browser saw it (its Resource Timing). Target (issue 18): 10 hands in <= 3 s.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, Request, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import ROOT, Server, server_env  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WINS = [("Bob", "Discard by Cy", "40"), ("Cy", "Self-drawn", "30"), ("Di", "Discard by Ann", "20"),
        ("Ann", "Discard by Bob", "10")]


def sign_up(page: Page, base: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.get_by_label("Username").fill("bench")
    page.get_by_label("Password", exact=True).fill("tiles and tea 88")
    page.get_by_label("Password confirmation").fill("tiles and tea 88")
    page.get_by_role("button", name="Create the account").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def new_session(page: Page, base: str) -> str:
    page.goto(base + "/sessions/new/?ruleset=zung-jung")
    for seat, name in zip(("East 東", "South 南", "West 西", "North 北"), ("Ann", "Bob", "Cy", "Di")):
        page.get_by_label(seat).fill(name)
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()
    return page.url.split("?")[0]


def win(page: Page, number: int) -> None:
    winner, how, figure = WINS[number % len(WINS)]
    page.get_by_role("link", name=f"{winner} won").tap()
    page.get_by_role("radio", name=how).tap()
    page.get_by_role("button", name=figure, exact=True).tap()
    expect(page.locator("#standings")).to_be_visible()


def earlier_hands(page: Page, session: str, count: int) -> None:
    """Hands saved before, through the queue endpoint at once (as fast as a table could not)."""
    if not count:
        return
    page.evaluate("""async ([url, count]) => {
      const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
      for (let start = 0; start < count; start += 20) {
        const base = document.getElementById("standings").dataset.revision;
        const changes = Array.from({length: Math.min(20, count - start)}, () => ({token: crypto.randomUUID(),
          kind: "draw", fields: []}));
        const answer = await fetch(url + "queue/", {method: "POST", headers: {"Content-Type": "application/json",
          "X-CSRFToken": token}, body: JSON.stringify({device: crypto.randomUUID(), base, changes})});
        document.getElementById("standings").dataset.revision = (await answer.json()).revision;
      }
    }""", [session, count])
    page.reload()


def one_run(page: Page, base: str, hands: int, earlier: int) -> tuple[float, float]:
    session = new_session(page, base)
    earlier_hands(page, session, earlier)
    while not page.evaluate("url => caches.match(url).then(hit => hit !== undefined)", session + "win/"):
        page.wait_for_timeout(100)  # wait_for_function ends on a promise of false
    page.context.set_offline(True)
    for number in range(hands):
        win(page, number)
    sent: list[float] = []

    def timed(request: Request) -> None:  # the queue request from its start to its answer's end
        if request.url.endswith("/queue/"):
            sent.append(request.timing["responseEnd"] / 1000)
    page.on("requestfinished", timed)
    started = time.perf_counter()
    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text(f"{hands} changes kept on this phone were saved",
                                                         timeout=60_000)
    whole = time.perf_counter() - started
    page.remove_listener("requestfinished", timed)
    return whole, (sent[-1] if sent else float("nan"))


def figures(seconds: list[float]) -> str:
    return f"median {statistics.median(seconds):.2f}, max {max(seconds):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--earlier", type=int, nargs="+", default=[0, 100])
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    env = server_env(f"sqlite:///{folder / 'bench.sqlite3'}", folder / "static")
    # The browser keeps secure cookies and service workers over plain HTTP for localhost only.
    env.update({"ALLOWED_HOSTS": "localhost,127.0.0.1", "SECURE_SSL_REDIRECT": "0"})
    server = Server(env, workers=2, log=folder / "gunicorn.log")
    server.prepare()
    server.start()
    base = f"http://localhost:{server.port}"
    print(f"Sending {args.hands} hands kept offline (zung-jung, by figure), {args.runs} runs each; gunicorn, "
          f"2 workers, SQLite; Debian chromium at 390x844")
    print(f"{'hands saved before':>18}  {'connection back -> saved, shown (s)':>38}  {'queue request (s)':>20}")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            page = context.new_page()
            sign_up(page, base)
            for earlier in args.earlier:
                try:
                    runs = [one_run(page, base, args.hands, earlier) for _ in range(args.runs)]
                except Exception:
                    page.screenshot(path=str(folder / "failed.png"), full_page=True)
                    print("failed: the page is in", folder / "failed.png")
                    raise
                whole, request = [r[0] for r in runs], [r[1] for r in runs]
                print(f"{earlier:>18}  {figures(whole):>38}  {figures(request):>20}")
            browser.close()
    finally:
        server.stop()
    errors = server.logged_errors()
    if errors:
        print("server errors:", *errors[:5], sep="\n  ")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
