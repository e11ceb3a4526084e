"""Gate 5: a real browser reads the site as a person would: layout at a phone's and a desktop's
width, the contents drawer, search in Russian and Chinese, the theme toggle, the keyboard."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .gallery import GALLERY, check_gallery
from .browser import KEEP, NOT_FOUND_PROBE, chromium, console_errors, open_page, set_color_scheme, set_viewport, settle, wait_for
from .pages import Page
from .progress import check_progress
from .questions import check_questions
from .reading import check_reading
from .report import Result

PHONE, DESKTOP = (375, 812), (1280, 800)
DRAWER_SECONDS = 2  # for an opening transition
SEARCH_SECONDS = 10


@dataclass
class Search:
    """Typing `word` on `from_page` lists `expected` among the results; the word is taken from
    `source`, the chapter's Markdown, where it is checked to still occur."""
    from_page: str
    word: str
    expected: str
    source: str


# Words found in one chapter only of their language.
SEARCHES = [
    Search("ru/swift-for-objc.html", "автоосвобождения", "ru/memory.html", "ru/memory.md"),  # autorelease
    Search("zh-Hans/swift-for-objc.html", "写时复制", "zh-Hans/memory.html", "zh-Hans/memory.md"),  # copy-on-write
]

VISIBLE = """
    const element = arguments[0];
    if (!element) return false;
    if (element.checkVisibility && !element.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0
        && box.left < innerWidth && box.top < innerHeight;
"""
# Blocks whose Copy button lies over a character of their text: the first words of each.
COPY_BUTTON_OVER_TEXT = """
    const found = [];
    for (const wrap of document.querySelectorAll('.code-wrap')) {
        const button = wrap.querySelector('.copy-button'), pre = wrap.querySelector('pre');
        if (!button || !pre) continue;
        const b = button.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(pre);
        const over = Array.from(range.getClientRects()).some(r => r.width > 0 && r.height > 0
            && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top);
        if (over) found.push(pre.textContent.trim().slice(0, 40));
    }
    return found;
"""

# The outermost elements that stick out past the right edge, none of their ancestors clipping them.
OVERFLOWING = """
    const found = [];
    const clips = (element) => {
        for (let e = element.parentElement; e && e !== document.documentElement; e = e.parentElement) {
            if (getComputedStyle(e).overflowX !== 'visible') return true;
        }
        return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
        if (element.getBoundingClientRect().right <= innerWidth + 0.5) continue;
        if (found.some(outer => outer.contains(element)) || clips(element)) continue;
        found.push(element);
    }
    return found.slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
        + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
        + ' (right edge ' + Math.round(e.getBoundingClientRect().right) + ' px)');
"""


def check_behaviour(base: str, server, pages: dict[str, Page], content: Path, artifacts: Path,
                    result: Result) -> None:
    chapters = sorted(path for path, page in pages.items() if page.is_chapter)
    if not chapters:
        raise LookupError("no chapter page in the site")
    chapter = next((c for c in chapters if c.startswith("en/")), chapters[0])
    artifacts.mkdir(parents=True, exist_ok=True)
    with chromium() as driver:
        reader = Reader(driver, base, artifacts, result)
        set_color_scheme(driver, "light")
        for width, height in (PHONE, DESKTOP):
            set_viewport(driver, width, height)
            for page in chapters:
                result.attempt(page, f"layout at {width} px", lambda: reader.no_sideways_scroll(page, width))
        result.attempt(chapter, "drawer at 375 px", lambda: reader.drawer(chapter))
        result.attempt(chapter, "contents at 1280 px", lambda: reader.desktop_contents(chapter))
        result.attempt(chapter, "screenshots", lambda: reader.screenshots(chapter))
        result.attempt(chapter, "theme toggle", lambda: reader.theme_toggle(chapter, other="ru/index.html"))
        result.attempt(chapter, "language switch keeps the place", lambda: reader.language_switch(chapter, "ru"))
        for missing in (f"ru/{NOT_FOUND_PROBE}.html", f"zh-Hans/deeper/{NOT_FOUND_PROBE}.html", f"{NOT_FOUND_PROBE}.html"):
            result.attempt(missing, "the 404 page", lambda: reader.not_found(missing, pages))
        keyboard_page = next((c for c in chapters if pages[c].links_next), None)
        if keyboard_page is None:
            result.problem("(site)", "no chapter has an a[rel=next]")
        else:
            result.attempt(keyboard_page, "keyboard", lambda: reader.keyboard(keyboard_page))
        if GALLERY in pages:
            result.attempt(GALLERY, "gallery filter and copy", lambda: check_gallery(reader))
        for search in SEARCHES:
            result.attempt(search.from_page, f"search for {search.word}", lambda: reader.search(search, content))
        homes = sorted(path for path in pages if path.count("/") == 1 and path.endswith("/index.html"))
        check_reading(reader, chapter, search_from=chapter, word="weak", nonsense="xyzzyq", homes=homes)
        check_progress(reader, chapter, chapter.split("/")[0] + "/index.html")
        check_questions(reader, pages)
        reader.collect_console_errors()
    for path in sorted(set(server.missing)):
        result.problem("(server)", f"the browser asked for {path}, which does not exist")
    result.notes.append(f"screenshots in {artifacts}")


class Reader:
    """A person at the browser: opens pages, looks, clicks, types; reports what goes wrong."""

    def __init__(self, driver, base: str, artifacts: Path, result: Result):
        self.driver = driver
        self.base = base
        self.artifacts = artifacts
        self.result = result
        self.page = ""

    # --- looking ---

    def open(self, page: str, stored_theme=KEEP) -> None:
        self.collect_console_errors()
        self.page = page
        open_page(self.driver, self.base + page, stored_theme)

    def collect_console_errors(self) -> None:
        for error in console_errors(self.driver):
            if NOT_FOUND_PROBE in error:  # the 404 check's own page, asked for on purpose
                continue
            self.result.problem(self.page or "(browser)", f"console: {error.replace(self.base, '')}")

    def element(self, selector: str):
        from selenium.webdriver.common.by import By

        found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        if not found:
            raise LookupError(f"no {selector} on the page")
        return found[0]

    def visible(self, selector: str) -> bool:
        return self.driver.execute_script(VISIBLE, self.element(selector))

    def data_theme(self) -> str | None:
        return self.driver.execute_script("return document.documentElement.dataset.theme")

    def screenshot(self, name: str) -> None:
        self.driver.save_screenshot(str(self.artifacts / f"{name}.png"))

    def problem(self, message: str, page: str | None = None) -> None:
        self.result.problem(page or self.page, message)

    # --- the checks ---

    def no_sideways_scroll(self, page: str, width: int) -> None:
        self.open(page)
        scroll_width, inner_width = self.driver.execute_script(
            "return [document.documentElement.scrollWidth, innerWidth]")
        if scroll_width > inner_width:
            culprits = "; ".join(self.driver.execute_script(OVERFLOWING)) or "no single element found"
            self.problem(f"at {width} px the document scrolls sideways: scrollWidth {scroll_width} "
                         f"> innerWidth {inner_width} ({culprits})")
        # A Copy button covers no text of its block (checked as if hovered: shown).
        covered = self.driver.execute_script(COPY_BUTTON_OVER_TEXT)
        if covered:
            self.problem(f"at {width} px the Copy button covers text in {len(covered)} block(s), the first: {covered[0]!r}")
        # A compiler's errors wrap: a reader sees the whole message without scrolling the box.
        hidden = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('.compiler-errors pre'))"
            ".filter(function (pre) { return pre.scrollWidth > pre.clientWidth + 1; }).length")
        if hidden:
            self.problem(f"at {width} px {hidden} compiler error block(s) scroll sideways instead of wrapping")

    def drawer(self, chapter: str) -> None:
        set_viewport(self.driver, *PHONE)
        self.open(chapter)
        if self.visible("#toc"):
            self.problem("at 375 px #toc is visible before the drawer is opened")
        toggle = self.element("#toc-toggle")
        if not self.visible("#toc-toggle"):
            self.problem("at 375 px #toc-toggle is not visible")
        if toggle.get_attribute("aria-expanded") != "false":
            self.problem(f"#toc-toggle aria-expanded is {toggle.get_attribute('aria-expanded')!r} before "
                         "opening, not \"false\"")
        toggle.click()
        if not wait_for(lambda: self.visible("#toc"), DRAWER_SECONDS):
            self.problem("at 375 px clicking #toc-toggle does not show #toc")
        if toggle.get_attribute("aria-expanded") != "true":
            self.problem("#toc-toggle aria-expanded is not \"true\" once the drawer is open")
        self.screenshot("chapter-375-toc-open")

    def desktop_contents(self, chapter: str) -> None:
        set_viewport(self.driver, *DESKTOP)
        self.open(chapter)
        if not self.visible("#toc"):
            self.problem("at 1280 px #toc is not visible without clicking")

    def screenshots(self, chapter: str) -> None:
        """The chapter at both widths in both system themes."""
        for width, height in (PHONE, DESKTOP):
            set_viewport(self.driver, width, height)
            for scheme in ("light", "dark"):
                set_color_scheme(self.driver, scheme)
                self.open(chapter, stored_theme=None)
                self.screenshot(f"chapter-{width}-{scheme}")
        set_color_scheme(self.driver, "light")

    def language_switch(self, chapter: str, language: str) -> None:
        """The language link lands on the section being read: after scrolling into one (no
        fragment in the address), and from the fragment of a structural heading (#…-exercises)."""
        set_viewport(self.driver, *DESKTOP)
        self.open(chapter)
        ids = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('main h2[id]')).map(function (h) { return h.id; })")
        exercises = self.driver.execute_script(
            "var h = document.querySelector('main section.exercises > h2[id]'); return h ? h.id : null")
        if len(ids) < 3 or exercises is None:
            raise LookupError("the chapter has fewer than three sections with ids, or no exercises heading")
        reading = ids[2]
        # Scrolled into the section, a little below its heading: the address has no fragment.
        self.driver.execute_script("var h = document.getElementById(arguments[0]); h.scrollIntoView();"
                                   "window.scrollBy(0, 120)", reading)
        time.sleep(0.8)  # the reader stays there; going up to the language links then scrolls past other sections
        self.arrive(language, chapter, reading)
        self.open(f"{chapter}#{exercises}")
        self.arrive(language, chapter, exercises)

    def not_found(self, missing: str, pages: dict[str, Page]) -> None:
        """The host's 404 page, served at a missing address in a language folder or deeper, has
        its styles and links to pages that exist."""
        set_viewport(self.driver, *DESKTOP)
        self.open(missing)
        styled = self.driver.execute_script(
            "var l = document.querySelector('link[rel=stylesheet]');"
            "try { return !!(l && l.sheet && l.sheet.cssRules.length > 0); } catch (e) { return false; }")
        if not styled:
            self.problem("the 404 page has no style sheet")
        links = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('main a[href], header a[href]')).map(function (a) { return a.href; })")
        if not links:
            self.problem("the 404 page has no links")
        for link in links:
            path = link.split("#")[0].replace(self.base, "", 1)
            if link.startswith(self.base) and path != missing and path not in pages:
                self.problem(f"the 404 page links to {link.replace(self.base, '/')}, which does not exist")

    def arrive(self, language: str, chapter: str, section: str) -> None:
        """Follows the link to `language` and checks that the page opens at `section`."""
        self.element(f'.languages a[hreflang="{language}"]').click()
        wait_for(lambda: f"/{language}/" in self.driver.current_url, timeout=10)
        settle(self.driver)
        self.page = self.driver.current_url.replace(self.base, "")
        fragment = self.driver.current_url.partition("#")[2]
        if fragment != section:
            self.problem(f"switching language from {chapter} while reading #{section} opened "
                         f"#{fragment or '(no fragment)'}")
            return
        top = self.driver.execute_script(
            "var h = document.getElementById(arguments[0]); return h ? h.getBoundingClientRect().top : null", section)
        if top is None or not -5 <= top <= 120:
            self.problem(f"#{section} is not at the top of the page after switching language (top {top})")

    def theme_toggle(self, chapter: str, other: str) -> None:
        """Choosing dark with #theme-toggle holds on reload and on another page."""
        self.open(chapter, stored_theme=None)
        if self.data_theme() is not None:
            self.problem(f"<html data-theme> is {self.data_theme()!r} before the reader chose a theme")
        for _ in range(3):  # light → dark, or system → light → dark
            self.element("#theme-toggle").click()
            if self.data_theme() == "dark":
                break
        else:
            raise AssertionError(f"three clicks on #theme-toggle never set data-theme to \"dark\" "
                                 f"(it is {self.data_theme()!r})")
        stored = self.driver.execute_script("return localStorage.getItem('primer-theme')")
        if stored != "dark":
            self.problem(f"after choosing dark, localStorage primer-theme is {stored!r}")
        self.open(chapter)
        if self.data_theme() != "dark":
            self.problem(f"the dark theme is lost on reload (data-theme {self.data_theme()!r})")
        self.open(other)
        if self.data_theme() != "dark":
            self.problem(f"the dark theme chosen on {chapter} does not apply here (data-theme {self.data_theme()!r})")
        # The button names and shows the theme in use; from dark it goes back to the system's.
        self.theme_button_shows("dark")
        self.element("#theme-toggle").click()
        stored = self.driver.execute_script("return localStorage.getItem('primer-theme')")
        if self.data_theme() is not None or stored is not None:
            self.problem(f"a click after dark does not return to the system's theme "
                         f"(data-theme {self.data_theme()!r}, localStorage {stored!r})")
        self.theme_button_shows("system")
        self.open(other)
        if self.data_theme() is not None:
            self.problem(f"the system's theme chosen again is lost on reload (data-theme {self.data_theme()!r})")
        self.driver.execute_script("localStorage.removeItem('primer-theme')")

    def theme_button_shows(self, mode: str) -> None:
        """The theme button's name is the words for `mode` and its one visible icon is `mode`'s."""
        name, expected, icons = self.driver.execute_script(
            "var b = document.getElementById('theme-toggle');"
            "return [b.querySelector('.visually-hidden').textContent, b.dataset[arguments[0]],"
            " Array.from(b.querySelectorAll('svg')).filter(function (s) { return getComputedStyle(s).display !== 'none'; })"
            ".map(function (s) { return s.getAttribute('class'); })]", mode)
        if name != expected or icons != [f"theme-{mode}"]:
            self.problem(f"with the {mode} theme the button is named {name!r} (expected {expected!r}) and shows {icons}")

    def keyboard(self, page: str) -> None:
        """→ with the focus on the body goes to a[rel=next]; / focuses the search box."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        self.open(page)
        expected = self.element("a[rel~=next]").get_attribute("href")
        self.press(ActionChains, Keys.ARROW_RIGHT)
        if not wait_for(lambda: self.driver.current_url == expected, 5):
            self.problem(f"ArrowRight stays on {self.driver.current_url}, not the next chapter {expected}")
        self.open(self.driver.current_url.removeprefix(self.base))
        self.press(ActionChains, "/")
        if not wait_for(lambda: self.driver.execute_script("return document.activeElement.id") == "search-input", 1):
            self.problem("pressing / does not focus #search-input")
        elif self.element("#search-input").get_attribute("value"):
            self.problem("pressing / also types \"/\" into #search-input")

    def press(self, actions, key: str) -> None:
        self.driver.execute_script("document.activeElement && document.activeElement.blur()")
        actions(self.driver).send_keys(key).perform()

    def search(self, search: Search, content: Path) -> None:
        source = content / search.source
        if source.is_file() and search.word not in source.read_text():
            self.problem(f"the test word {search.word} no longer occurs in {source}: pick another in "
                         "sitecheck/behaviour.py", search.from_page)
            return
        self.open(search.from_page)
        self.element("#search-input").send_keys(search.word)
        hrefs = lambda: self.driver.execute_script(  # noqa: E731
            "return Array.from(document.querySelectorAll('#search-results a'), a => a.href)")
        expected = search.expected.removesuffix(".html")
        found = wait_for(lambda: any(urlsplit(href).path.removesuffix(".html").rstrip("/").endswith(expected)
                                     for href in hrefs()), SEARCH_SECONDS)
        self.screenshot(f"search-{search.expected.split('/')[0]}")
        if not found:
            shown = ", ".join(hrefs()[:5]) or "no #search-results a"
            self.problem(f"searching {search.word} does not list {search.expected} within "
                         f"{SEARCH_SECONDS} s (shown: {shown})")
