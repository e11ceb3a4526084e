"""Gate 3: a chapter page with the CSS and JS it loads stays under the budget, and no page
makes a request that leaves the site.

The budget is what a reader downloads: the bytes gzip makes of the HTML, CSS and JS, as every
common static host serves them. Counting uncompressed bytes would weigh the same chapter two to
three times heavier in Russian or Chinese (two or three bytes a letter in UTF-8) than in English."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from .pages import EXTERNAL, INTERNAL, Page, Ref, css_imports, file_of, kind_of, resolve, style_sheets
from .report import Result

BUDGET = 64_000  # bytes transferred: HTML + CSS + JS, each gzip-compressed (level 6)
# <link rel> words that make the browser fetch the href.
FETCHING_RELS = {"stylesheet", "preload", "modulepreload", "prefetch", "icon", "apple-touch-icon",
                 "mask-icon", "manifest", "preconnect", "dns-prefetch"}
# Static imports load with the module; a dynamic import() (the search index) loads later.
STATIC_IMPORT = re.compile(r"""
    (?:^|;) \s* (?: import \s* ["']([^"']+)["']                       # import "./a.js"
                 | (?:import|export) \b [^;'"()]*? \bfrom \s* ["']([^"']+)["'] )  # import {x} from "./a.js"
""", re.M | re.X)
DYNAMIC_IMPORT = re.compile(r"""\bimport\s*\(\s*["']([^"']+)["']""")


def check_weight(root: Path, pages: dict[str, Page], result: Result) -> None:
    chapters = [page for page in pages.values() if page.is_chapter]
    if not chapters:
        result.problem("(site)", "no chapter page found (<article class=\"chapter\">, or a page of Content/)")
    for page in chapters:
        assets = _loaded_assets(root, page)
        html = compressed_size(root / page.path)
        total = html + sum(assets.values())
        raw = page.size + sum((root / path).stat().st_size for path in assets)
        parts = ", ".join(f"{path} {size:,}" for path, size in sorted(assets.items()))
        line = f"{total:,} bytes compressed, {raw:,} uncompressed (HTML {html:,}; {parts or 'no CSS or JS'})"
        if total >= BUDGET:
            result.problem(page.path, f"{line}: over the {BUDGET:,}-byte budget")
        else:
            result.notes.append(f"{page.path}: {line}")
    for page in pages.values():
        for ref in page.refs:
            if _fetches(ref) and kind_of(ref.url) == EXTERNAL:
                result.problem(page.path, f"line {ref.line}: <{ref.tag} {ref.attr}> loads {ref.url} "
                                          "from outside the site")
    for path, urls in style_sheets(root):
        for url in urls:
            if kind_of(url) == EXTERNAL:
                result.problem(path, f"loads {url} from outside the site")
    for file in sorted(root.rglob("*.js")):
        text = file.read_text(errors="replace")
        for url in static_imports(text) + DYNAMIC_IMPORT.findall(text):
            if kind_of(url) == EXTERNAL:
                result.problem(file.relative_to(root).as_posix(), f"imports {url} from outside the site")


def compressed_size(file: Path) -> int:
    """What the file weighs on the wire from a host that gzips it."""
    return len(gzip.compress(file.read_bytes(), compresslevel=6, mtime=0))


def _fetches(ref: Ref) -> bool:
    if ref.tag in ("a", "area", "meta"):
        return False
    if ref.tag == "link":
        return bool(ref.rel & FETCHING_RELS)
    return True


def _loaded_assets(root: Path, page: Page) -> dict[str, int]:
    """The site's CSS and JS files that loading `page` fetches, with their sizes: its style sheets
    and scripts, and what they import statically (not images, fonts or later imports)."""
    pending = [(page.path, ref.url) for ref in page.refs
               if (ref.tag == "link" and "stylesheet" in ref.rel) or (ref.tag == "script" and ref.attr == "src")]
    sizes: dict[str, int] = {}
    while pending:
        from_path, url = pending.pop()
        if kind_of(url) != INTERNAL:
            continue
        target = resolve(from_path, url)
        file = None if target.escapes else file_of(root, target)
        if file is None or target.path in sizes:
            continue  # a missing file is the links gate's to report
        text = file.read_text(errors="replace")
        sizes[target.path] = compressed_size(file)
        imports = css_imports(text) if target.path.endswith(".css") else static_imports(text)
        pending += [(target.path, imported) for imported in imports]
    return sizes


def static_imports(javascript: str) -> list[str]:
    return [plain or named for plain, named in STATIC_IMPORT.findall(javascript)]
