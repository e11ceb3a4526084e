"""Gate 5, continued: what keeps a reader oriented in a long chapter — the outline that follows the
reading position, the phone's header and the back-to-top button, a search result that lands on its
section with the words marked, and drawings that stay legible in the dark theme and on a phone."""

from __future__ import annotations

import time

from .browser import set_color_scheme, set_viewport, wait_for

PHONE, DESKTOP = (375, 812), (1280, 800)
SEARCH_SECONDS = 10

# The outline link marked as the place being read, and the heading the reader is in.
OUTLINE_STATE = """
    const details = document.querySelector('.outline details');
    const current = document.querySelector('.outline a[aria-current]');
    const article = document.querySelector('main article').getBoundingClientRect();
    const box = details ? details.getBoundingClientRect() : null;
    return {open: !!(details && details.open), current: current ? current.getAttribute('href') : null,
            height: box ? box.height : 0, beside: !!(box && box.left >= article.right - 1 && box.top >= 0 && box.top < innerHeight)};
"""


def check_reading(reader, chapter: str, search_from: str, word: str, nonsense: str, homes: list[str]) -> None:
    """Runs every check of this module on `chapter` (an English chapter with sections and figures)."""
    result = reader.result
    result.attempt("(site)", "the header is one row at 1280 px", lambda: header_is_one_row(reader, homes))
    result.attempt(chapter, "outline follows the reading", lambda: outline_follows(reader, chapter))
    result.attempt(chapter, "phone header and back to top", lambda: phone_header(reader, chapter))
    result.attempt(chapter, "figures in the dark and at 375 px", lambda: figures(reader, chapter))
    result.attempt(search_from, f"search for {word} lands on a section", lambda: search_lands(reader, search_from, word))
    result.attempt(search_from, f"search for {nonsense} finds nothing", lambda: search_finds_nothing(reader, search_from, nonsense))


def header_is_one_row(reader, pages: list[str]) -> None:
    """At 1280 px the header (course title, site links, search, languages, theme) is one row in
    every language: a second row pushes the text down on every page."""
    set_viewport(reader.driver, *DESKTOP)
    for page in pages:
        reader.open(page)
        spread = reader.driver.execute_script(
            "const tops = Array.from(document.querySelectorAll('.site-brand > a, .site-tools > *'), e => e.getBoundingClientRect().top);"
            " return Math.max(...tops) - Math.min(...tops)")
        if spread > 30:  # one row's items differ by their alignment only (a few pixels)
            reader.problem(f"at 1280 px the header wraps onto a second row ({spread:.0f} px between its items' tops)", page)


def outline_follows(reader, chapter: str) -> None:
    """Wide: "On this page" is open beside the text and marks the section scrolled to. Narrow: folded."""
    set_viewport(reader.driver, *DESKTOP)
    reader.open(chapter)
    state = reader.driver.execute_script(OUTLINE_STATE)
    if not state["open"] or not state["beside"]:
        reader.problem(f"at 1280 px the outline is not open beside the text ({state})")
    # A section whose next outline entry is more than a screen further: scrolled to, it is the one read.
    targets = reader.driver.execute_script("""
        const ids = Array.from(document.querySelectorAll('.outline a[href^="#"]'), a => a.getAttribute('href').slice(1));
        const top = id => document.getElementById(id).getBoundingClientRect().top;
        return ids.filter((id, i) => i + 1 < ids.length && top(ids[i + 1]) - top(id) > innerHeight);""")
    if not targets:
        raise LookupError("the outline has no entry a screen long")
    reading = targets[len(targets) // 2]
    reader.driver.execute_script("document.getElementById(arguments[0]).scrollIntoView(); window.scrollBy(0, 40)", reading)
    marked = wait_for(lambda: reader.driver.execute_script(OUTLINE_STATE)["current"] == f"#{reading}", 2)
    reader.screenshot("outline-1280")
    if not marked:
        reader.problem(f"scrolled into #{reading}, the outline marks {reader.driver.execute_script(OUTLINE_STATE)['current']}")
    set_viewport(reader.driver, *PHONE)
    reader.open(chapter)
    state = reader.driver.execute_script(OUTLINE_STATE)
    if state["open"] or state["height"] > 80:
        reader.problem(f"at 375 px the outline is not folded ({state})")


def phone_header(reader, chapter: str) -> None:
    """At 375 px the header goes while scrolling down and comes back scrolling up; two screens down a
    back-to-top button shows and takes the reader up."""
    driver = reader.driver
    set_viewport(driver, *PHONE)
    reader.open(chapter)
    header_top = "return document.querySelector('.site-header').getBoundingClientRect().bottom"
    for _ in range(6):
        driver.execute_script("window.scrollBy(0, 400)")
        time.sleep(0.1)
    if not wait_for(lambda: driver.execute_script(header_top) <= 0, 2):
        reader.problem("at 375 px the header stays over the text while the reader scrolls down")
    if not reader.visible(".back-to-top"):
        reader.problem("two screens down at 375 px there is no back-to-top button")
    driver.execute_script("window.scrollBy(0, -150)")
    if not wait_for(lambda: driver.execute_script("return document.querySelector('.site-header').getBoundingClientRect().top") == 0, 2):
        reader.problem("at 375 px scrolling up does not bring the header back")
    reader.screenshot("chapter-375-scrolled-up")
    reader.element(".back-to-top").click()
    if not wait_for(lambda: driver.execute_script("return window.scrollY") == 0, 3):
        reader.problem("the back-to-top button does not return to the top")


def figures(reader, chapter: str) -> None:
    """A drawing without a dark version is inverted in the dark theme; at 375 px none is shown at
    less than three quarters of its size (its labels would be too small to read)."""
    driver = reader.driver
    set_viewport(driver, *PHONE)
    set_color_scheme(driver, "dark")
    try:
        reader.open(chapter, stored_theme=None)
        drawings = driver.execute_script(
            "return Array.from(document.querySelectorAll('.figure > img'), img => ({src: img.getAttribute('src'),"
            " filter: getComputedStyle(img).filter, scale: img.naturalWidth ? img.getBoundingClientRect().width / img.naturalWidth : 1}))")
        if not drawings:
            raise LookupError("the chapter has no figure")
        for drawing in drawings:
            if drawing["src"].endswith(".svg") and "invert" not in drawing["filter"]:
                reader.problem(f"in the dark theme {drawing['src']} stays as drawn for a white page (filter {drawing['filter']})")
            if drawing["scale"] < 0.74:
                reader.problem(f"at 375 px {drawing['src']} is shown at {drawing['scale']:.0%} of its size")
        driver.execute_script("document.querySelector('.figure').scrollIntoView()")
        reader.screenshot("figure-375-dark")
    finally:
        set_color_scheme(driver, "light")


def search_lands(reader, page: str, word: str) -> None:
    """A result's section link opens the chapter at that section, with the word marked in the text."""
    driver = reader.driver
    set_viewport(driver, *DESKTOP)
    reader.open(page)
    reader.element("#search-input").send_keys(word)
    sections = lambda: driver.execute_script(  # noqa: E731
        "return Array.from(document.querySelectorAll('#search-results .search-sections a'), a => a.getAttribute('href'))")
    if not wait_for(sections, SEARCH_SECONDS):
        reader.problem(f"searching {word} lists no section under its results")
        return
    reader.screenshot("search-sections")
    href = sections()[0]
    reader.element("#search-results .search-sections a").click()
    fragment = href.partition("#")[2]
    wait_for(lambda: driver.execute_script("return location.hash") == f"#{fragment}", 5)
    reader.page = driver.current_url.replace(reader.base, "")
    top = driver.execute_script("var h = document.getElementById(arguments[0]); return h ? h.getBoundingClientRect().top : null", fragment)
    marks = driver.execute_script("return Array.from(document.querySelectorAll('main article mark.search-hit'), m => m.textContent)")
    reader.screenshot("search-landing")
    if top is None or not -5 <= top <= 150:
        reader.problem(f"the result {href} does not open at #{fragment} (its top is at {top})")
    if not marks or any(mark.lower() != word.lower() for mark in marks):
        reader.problem(f"the page a search for {word} opened marks {marks[:5] or 'nothing'}")


def search_finds_nothing(reader, page: str, nonsense: str) -> None:
    """A word no page holds lists no page (Pagefind alone answers with pages holding a shorter word)."""
    set_viewport(reader.driver, *DESKTOP)
    reader.open(page)
    reader.element("#search-input").send_keys(nonsense)
    answered = wait_for(lambda: reader.driver.execute_script(
        "return document.querySelector('#search-results .search-message, #search-results a') !== null"), SEARCH_SECONDS)
    listed = reader.driver.execute_script("return document.querySelectorAll('#search-results a').length")
    if not answered or listed:
        reader.problem(f"searching {nonsense} lists {listed} link(s) instead of saying nothing was found")
