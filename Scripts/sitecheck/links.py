"""Gate 2: every internal link reaches a file of the site, every #anchor an id of its page."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from .pages import EXTERNAL, INTERNAL, Page, file_of, kind_of, resolve, style_sheets
from .report import Result

# Fragments the HTML standard scrolls to without any element: the top of the page.
TOP_FRAGMENTS = {"", "top"}


def check_links(root: Path, pages: dict[str, Page], result: Result) -> None:
    web: Counter[str] = Counter()  # http(s) and protocol-relative URLs, not fetched
    schemes: Counter[str] = Counter()  # mailto:, tel: …
    internal = 0
    for page in pages.values():
        for name, lines in page.ids.items():
            if len(lines) > 1:
                result.problem(page.path, f"duplicate id \"{name}\" on lines {', '.join(map(str, lines))}")
        for ref in page.refs:
            kind = kind_of(ref.url)
            if kind == EXTERNAL:
                web[ref.url] += 1
            elif kind != INTERNAL:
                schemes[ref.url.split(":", 1)[0] + ":"] += 1
            else:
                internal += 1
                _check(root, pages, page.path, f"line {ref.line}: <{ref.tag} {ref.attr}=\"{ref.url}\">",
                       ref.url, result)
    for path, urls in style_sheets(root):
        for url in urls:
            if kind_of(url) == INTERNAL:
                internal += 1
                _check(root, pages, path, f"url({url})", url, result)
    result.notes.append(f"{len(pages)} pages, {internal} internal links checked; {sum(web.values())} "
                        f"external links ({len(web)} distinct) not fetched"
                        + "".join(f"; {scheme} {count}" for scheme, count in sorted(schemes.items())))


def _check(root: Path, pages: dict[str, Page], from_path: str, where: str, url: str, result: Result) -> None:
    target = resolve(from_path, url)
    if target.escapes:
        result.problem(from_path, f"{where} leaves the site root")
        return
    if target.root_relative:
        result.warning(from_path, f"{where} is root-relative: it works only when the site is served "
                                  "at the root of its host")
    if file_of(root, target) is None:
        result.problem(from_path, f"{where} points to {target.path}, which does not exist")
        return
    target_page = pages.get(target.path)
    if target_page is not None and target.fragment not in TOP_FRAGMENTS | target_page.anchors:
        result.problem(from_path, f"{where}: no id \"{target.fragment}\" in {target.path}")
