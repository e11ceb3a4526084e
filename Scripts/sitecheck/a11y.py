"""Gate 4: axe-core finds no serious or critical violation on each locale's home page and a
chapter, in the light theme, the system's dark theme and the dark theme the reader chose."""

from __future__ import annotations

from .browser import chromium, console_errors, open_page, set_color_scheme
from .report import Result

FAILING_IMPACTS = {"serious", "critical"}
# (name, the system's prefers-color-scheme, localStorage["primer-theme"])
MODES = [("light", "light", None), ("system dark", "dark", None), ("chosen dark", "light", "dark")]
# Transitions could leave colors half-way when axe reads them.
NO_TRANSITIONS = """
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.appendChild(style);
"""


def check_accessibility(base: str, pages: list[str], result: Result) -> None:
    from axe_selenium_python import Axe

    # A violation found in several color modes is reported once, naming them.
    found: dict[tuple[str, bool, str], list[str]] = {}
    with chromium() as driver:
        axe = Axe(driver)
        driver.get(base + pages[0])
        axe.inject()
        version = driver.execute_script("return axe.version")
        result.notes.append(f"axe-core {version}, {len(pages)} pages, {len(MODES)} color modes")
        if int(version.split(".")[0]) < 4:
            result.problem("(axe)", f"axe-core {version} is too old (false positives): "
                                    "`make check-deps` installs axe-selenium-python 3")
            return
        for mode, scheme, stored in MODES:
            set_color_scheme(driver, scheme)
            for page in pages:
                def check():
                    for violation in _violations(driver, axe, base + page, stored, result):
                        found.setdefault((page, *violation), []).append(mode)
                result.attempt(page, f"axe ({mode})", check)
    for (page, failing, text), modes in found.items():
        line = f"[{', '.join(modes)}] {text}"
        (result.problem if failing else result.warning)(page, line)


def _violations(driver, axe, url: str, stored: str | None, result: Result):
    """Yields (fails the gate, description) for each violation axe finds on the page."""
    open_page(driver, url, stored_theme=stored)
    page = url.split("/", 3)[-1]
    if stored is not None:
        theme = driver.execute_script("return document.documentElement.dataset.theme")
        if theme != stored:
            result.problem(page, f"localStorage primer-theme = \"{stored}\" but <html data-theme> is {theme!r}")
    driver.execute_script(NO_TRANSITIONS)
    axe.inject()
    for violation in axe.run(options="{resultTypes: ['violations']}")["violations"]:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        shown = "; ".join(targets[:5]) + (f"; … {len(targets) - 5} more" if len(targets) > 5 else "")
        text = f"{violation['impact']} {violation['id']}: {violation['help']} ({len(targets)}: {shown})"
        failing = violation["impact"] in FAILING_IMPACTS
        if failing:
            summary = " ".join(violation["nodes"][0].get("failureSummary", "").split())
            text += f" — e.g. {summary}"
        yield failing, text
    for error in console_errors(driver):
        result.warning(page, f"console: {error}")
