"""Gate 5, continued: reading progress kept on the device — a chapter read by keyboard is ticked in
the contents after a reload, the home page offers to continue where the reader left off, one
button clears it all, and with storage disabled the site works without the controls."""

from __future__ import annotations

import time
from contextlib import contextmanager

from .browser import set_viewport, wait_for

DESKTOP = (1280, 800)

STATE = """
    const link = document.querySelector('#toc a[href="' + arguments[0] + '.html"]');
    const button = document.querySelector('.mark-read');
    return {ticked: !!(link && link.classList.contains('is-read')),
            note: link && link.querySelector('.read-note') ? link.querySelector('.read-note').textContent.trim() : '',
            pressed: button ? button.getAttribute('aria-pressed') : null,
            shown: button ? !button.closest('[hidden]') : false};
"""


def check_progress(reader, chapter: str, home: str) -> None:
    """`chapter` is `<locale>/<id>.html` and `home` that locale's `index.html`."""
    result = reader.result
    result.attempt(chapter, "reading progress by keyboard, kept and cleared", lambda: progress(reader, chapter, home))
    result.attempt(chapter, "reading progress without storage", lambda: without_storage(reader, chapter))


def focus_and_press(reader, selector: str) -> None:
    """Tab to the control (as a keyboard user would reach it, focus moves to it) and press Enter."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    element = reader.element(selector)
    reader.driver.execute_script("arguments[0].focus()", element)
    if reader.driver.execute_script("return document.activeElement") != element:
        raise AssertionError(f"{selector} cannot take the keyboard's focus")
    ActionChains(reader.driver).send_keys(Keys.ENTER).perform()


def progress(reader, chapter: str, home: str) -> None:
    set_viewport(reader.driver, *DESKTOP)
    chapter_id = chapter.split("/")[-1].removesuffix(".html")
    reader.open(home)
    reader.driver.execute_script("localStorage.clear()")
    reader.open(chapter)
    state = reader.driver.execute_script(STATE, chapter_id)
    if not state["shown"] or state["pressed"] != "false":
        reader.problem(f"the chapter's 'Mark as read' button is not shown unpressed at the top of a visit ({state})")
        return
    # Scrolled to the end: marked read. By keyboard, unmarked and marked again.
    reader.driver.execute_script("document.querySelector('.progress-mark').scrollIntoView()")
    if not wait_for(lambda: reader.driver.execute_script(STATE, chapter_id)["pressed"] == "true", 2):
        reader.problem("scrolled to its end, the chapter is not marked read")
    for expected in ("false", "true"):
        focus_and_press(reader, ".mark-read")
        if not wait_for(lambda: reader.driver.execute_script(STATE, chapter_id)["pressed"] == expected, 2):
            reader.problem(f"Enter on 'Mark as read' does not make it aria-pressed={expected}")
    # Read up to a section; a reload keeps both.
    section = reader.driver.execute_script(
        "const h = Array.from(document.querySelectorAll('article h2[id]')); return h.length > 1 ? h[1].id : null")
    if section:
        reader.driver.execute_script("document.getElementById(arguments[0]).scrollIntoView(); window.scrollBy(0, 20)", section)
        time.sleep(1)  # the place is kept half a second after scrolling stops
        # The place is the last heading in the top fifth of the window (a subsection may follow closely).
        section = reader.driver.execute_script("""
            let place = null;
            document.querySelectorAll('article.chapter h2[id], article.chapter h3[id], article.chapter h4[id]').forEach(h => {
              if (!h.closest('nav, .outline') && h.getBoundingClientRect().top <= innerHeight * 0.2) place = h.id; });
            return place;""")
    reader.open(chapter)
    state = reader.driver.execute_script(STATE, chapter_id)
    if not state["ticked"] or state["pressed"] != "true" or not state["note"]:
        reader.problem(f"after a reload the chapter is not ticked read in the contents ({state})")
    # The home page: the chapter ticked, "continue" to where the reading stopped, and clear.
    reader.open(home)
    ticked = reader.driver.execute_script(
        "const a = document.querySelector('.home-chapters a[href=\"' + arguments[0] + '.html\"]'); return !!(a && a.classList.contains('is-read'))",
        chapter_id)
    if not ticked:
        reader.problem("the home page does not tick the chapter read", home)
    resume = reader.driver.execute_script(
        "const p = document.querySelector('.continue-reading'); return p && !p.hidden ? p.querySelector('a').getAttribute('href') : null")
    if not resume or chapter_id not in resume or (section and not resume.endswith("#" + section)):
        reader.problem(f"the home page's 'continue' link is {resume!r}, not the chapter at #{section}", home)
    focus_and_press(reader, ".clear-progress")
    cleared = wait_for(lambda: reader.driver.execute_script(
        "return !document.querySelector('.home-chapters a.is-read') && document.querySelector('.continue-reading').hidden"
        " && document.querySelector('.progress-status').textContent.length > 0"), 2)
    if not cleared:
        reader.problem("'Clear reading progress' leaves a tick, the continue link or no status message", home)
    reader.open(chapter)
    if reader.driver.execute_script(STATE, chapter_id)["ticked"]:
        reader.problem("after clearing, a reload still ticks the chapter")
    reader.driver.execute_script("localStorage.clear()")


@contextmanager
def storage_disabled(driver):
    """Pages opened inside see a localStorage that throws (storage disabled by the reader)."""
    from selenium.common.exceptions import WebDriverException

    try:
        script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
            "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('disabled', 'SecurityError'); }});")})
    except WebDriverException as error:
        raise LookupError(f"cannot disable storage in this browser: {error}")
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def without_storage(reader, chapter: str) -> None:
    """localStorage that throws (storage disabled): no control shows, and nothing breaks."""
    with storage_disabled(reader.driver):
        reader.open(chapter)
        shown = reader.driver.execute_script("const b = document.querySelector('.progress-mark'); return !!(b && !b.hidden)")
        if shown:
            reader.problem("with storage disabled, 'Mark as read' still shows")
        reader.collect_console_errors()
