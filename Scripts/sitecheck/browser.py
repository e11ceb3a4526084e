"""What the browser gates share: the site served on 127.0.0.1 and headless Chromium."""

from __future__ import annotations

import functools
import http.server
import threading
import time
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


# A page the not-found check asks for on purpose (not a broken link).
NOT_FOUND_PROBE = "primer-no-such-page"


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".svg": "image/svg+xml"}
    missing: list[str]

    def send_error(self, code, message=None, explain=None):
        if code == 404 and not self.path.startswith("/favicon.ico") and NOT_FOUND_PROBE not in self.path:
            self.missing.append(self.path)
        # As GitHub Pages and Netlify do: the site's 404.html, at the address that was asked for.
        page = Path(self.directory) / "404.html"
        if code == 404 and page.is_file():
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def log_message(self, format, *args):  # noqa: A002 - quiet: problems are collected instead
        pass


@contextmanager
def serve(root: Path):
    """Serves `root` on a free port of 127.0.0.1 from a background thread; yields the server,
    whose `base` is its URL and `missing` the paths it answered 404 to."""
    missing: list[str] = []
    handler = type("Handler", (_Handler,), {"missing": missing})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.base = f"http://127.0.0.1:{server.server_address[1]}/"
    server.missing = missing
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                     "--window-size=1280,800",
                     # A desktop reader's mouse: (hover: hover) and (pointer: fine), as on a laptop.
                     "--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The driver is named: Selenium Manager would try to download one, and there is no network.
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def set_viewport(driver, width: int, height: int) -> None:
    """An exact viewport: innerWidth is `width`, whatever the window decorations."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def set_color_scheme(driver, scheme: str) -> None:
    """Emulates the system's prefers-color-scheme ("light" or "dark")."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


KEEP = "keep"


def open_page(driver, url: str, stored_theme: str | None = KEEP) -> None:
    """Loads `url` with the reader's stored theme choice set, or cleared (None), before any
    script of the page runs; by default the choice is left as it is."""
    if stored_theme == KEEP:
        driver.get(url)
        settle(driver)
        return
    if stored_theme is None:
        script = "localStorage.removeItem('primer-theme');"
    else:
        script = f"localStorage.setItem('primer-theme', {stored_theme!r});"
    identifier = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})["identifier"]
    try:
        driver.get(url)
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
    settle(driver)


def settle(driver) -> None:
    """Waits for the document, its fonts, and two frames, so that layout and colors are final."""
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => done()));
        (document.fonts ? document.fonts.ready : Promise.resolve()).then(frames);
    """)


def wait_for(condition, timeout: float, interval: float = 0.1):
    """Polls `condition()` until it is truthy (returned) or `timeout` seconds pass (None)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(interval)


def console_errors(driver) -> list[str]:
    """The errors the page logged since the last call (uncaught exceptions, failed loads), but for
    the favicon.ico that the browser asks for by itself."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry.get("level") == "SEVERE" and "/favicon.ico" not in entry["message"]]
