"""The changes feeds: each locale's `feed.xml` parses as Atom with Python's feedparser, and its
entries link to chapter pages of the site."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import feedparser

from .report import Result


def check_feeds(root: Path, locales: list[str], result: Result) -> None:
    found = 0
    for locale in locales:
        path = root / locale / "feed.xml"
        if path.is_file():
            found += 1
            result.attempt(f"{locale}/feed.xml", "Atom feed", lambda: _check_feed(root, locale, path, result))
    if found == 0:
        result.problem("site", "no locale has a feed.xml (the course's chapters have `updated` dates)")


def _check_feed(root: Path, locale: str, path: Path, result: Result) -> None:
    feed = feedparser.parse(path.read_bytes())
    page = f"{locale}/feed.xml"
    if feed.bozo:
        result.problem(page, f"feedparser: {feed.bozo_exception}")
    if feed.version != "atom10":
        result.problem(page, f"is {feed.version or 'no known format'}, not Atom 1.0")
    if not feed.feed.get("title") or not feed.feed.get("updated_parsed") or not feed.feed.get("id"):
        result.problem(page, "the feed lacks a title, an updated time or an id")
    if feed.feed.get("language") != locale:
        result.problem(page, f"its language is {feed.feed.get('language')!r}, not {locale!r}")
    self_link = next((link.href for link in feed.feed.get("links", []) if link.rel == "self"), None)
    # Under base_url every link is absolute: the self link tells what the locale's folder is.
    base = self_link[: -len("feed.xml")] if self_link and self_link.endswith("feed.xml") else ""
    if not feed.entries:
        result.problem(page, "the feed has no entry")
    ids = set()
    for entry in feed.entries:
        name = entry.get("title", "?")
        if not entry.get("id") or entry.id in ids:
            result.problem(page, f"entry {name!r} has no id or a repeated one")
        ids.add(entry.get("id"))
        if not entry.get("updated_parsed"):
            result.problem(page, f"entry {name!r} has no updated time")
        href = entry.get("link", "")
        local = href[len(base):] if base and href.startswith(base) else href
        if urlsplit(local).scheme or not (path.parent / urlsplit(local).path).is_file():
            result.problem(page, f"entry {name!r} links to {href!r}, which is not a page of the site")
    result.notes.append(f"{page}: {len(feed.entries)} entries")
