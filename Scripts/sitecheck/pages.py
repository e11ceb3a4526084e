"""The built site as parsed HTML pages: their ids and every URL they reference."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

# Attributes holding one URL, by element; srcset holds several.
URL_ATTRIBUTES = {
    "a": ("href",), "area": ("href",), "link": ("href",),
    "script": ("src",), "img": ("src",), "source": ("src",), "iframe": ("src",),
    "video": ("src", "poster"), "audio": ("src",), "track": ("src",), "embed": ("src",),
    "input": ("src",), "object": ("data",),
}
SRCSET_ELEMENTS = ("img", "source")
CSS_IMPORT = re.compile(r"""@import\s+(?:url\()?\s*["']?([^"')\s;]+)""")
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+?)["']?\s*\)""")


@dataclass
class Ref:
    """One URL in a page: `<tag attr="url">` on `line`; `rel` is the element's rel words."""
    tag: str
    attr: str
    url: str
    line: int
    rel: frozenset[str] = frozenset()


@dataclass
class Page:
    path: str  # relative to the site root, with "/"
    ids: dict[str, list[int]] = field(default_factory=dict)  # id -> the lines it is on
    names: set[str] = field(default_factory=set)  # <a name>
    refs: list[Ref] = field(default_factory=list)
    is_chapter: bool = False  # <article class="chapter">, or see mark_chapters()
    links_next: bool = False  # has an a[rel=next]
    has_question: bool = False  # has a self-check question (<div class="question">)
    size: int = 0

    @property
    def anchors(self) -> set[str]:
        return set(self.ids) | self.names


class _Parser(HTMLParser):
    def __init__(self, page: Page):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        line = self.getpos()[0]
        page = self.page
        if "id" in attributes:
            page.ids.setdefault(attributes["id"], []).append(line)
        if tag == "a" and "name" in attributes:
            page.names.add(attributes["name"])
        rel = frozenset(attributes.get("rel", "").lower().split())
        if tag == "article" and "chapter" in attributes.get("class", "").split():
            page.is_chapter = True
        if tag == "a" and "next" in rel:
            page.links_next = True
        if tag == "div" and "question" in attributes.get("class", "").split():
            page.has_question = True
        for attr in URL_ATTRIBUTES.get(tag, ()):
            if attr in attributes:
                page.refs.append(Ref(tag, attr, attributes[attr].strip(), line, rel))
        if tag in SRCSET_ELEMENTS and "srcset" in attributes:
            for candidate in attributes["srcset"].split(","):
                if candidate.strip():
                    page.refs.append(Ref(tag, "srcset", candidate.split()[0], line, rel))
        if tag == "meta" and attributes.get("http-equiv", "").lower() == "refresh":
            match = re.search(r"url\s*=\s*['\"]?([^'\"]+)", attributes.get("content", ""), re.I)
            if match:
                page.refs.append(Ref(tag, "content", match.group(1).strip(), line))
        if "style" in attributes:
            self._css_urls(attributes["style"], tag, "style", line)
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self._css_urls(data, "style", "css", self.getpos()[0])

    def _css_urls(self, css: str, tag: str, attr: str, line: int):
        for url in css_urls(css):
            self.page.refs.append(Ref(tag, attr, url, line))


def css_imports(css: str) -> list[str]:
    return CSS_IMPORT.findall(css)


def css_urls(css: str) -> list[str]:
    """The URLs a style sheet loads: @import and url(…)."""
    urls = css_imports(css) + [url for url in CSS_URL.findall(css) if not url.startswith("data:")]
    return list(dict.fromkeys(urls))


def style_sheets(root: Path) -> list[tuple[str, list[str]]]:
    """Each .css file of the site (its site path) with the URLs it loads."""
    return [(file.relative_to(root).as_posix(), css_urls(file.read_text(errors="replace")))
            for file in sorted(root.rglob("*.css"))]


def parse_page(root: Path, file: Path) -> Page:
    data = file.read_bytes()
    page = Page(path=file.relative_to(root).as_posix(), size=len(data))
    parser = _Parser(page)
    parser.feed(data.decode("utf-8", errors="replace"))
    parser.close()
    return page


def load_site(root: Path) -> dict[str, Page]:
    """Every .html page under `root`, by its site path."""
    return {page.path: page for page in
            (parse_page(root, file) for file in sorted(root.rglob("*.html")) if file.is_file())}


def mark_chapters(pages: dict[str, Page], content: Path) -> None:
    """Marks as chapters the pages of Content/<locale>/<name>.md, whatever their markup."""
    for source in content.glob("*/*.md"):
        page = pages.get(f"{source.parent.name}/{source.stem}.html")
        if page is not None:
            page.is_chapter = True


# --- URLs -----------------------------------------------------------------------------------

EXTERNAL = "external"  # http:, https:, protocol-relative //host
OTHER_SCHEME = "scheme"  # mailto:, tel:, data:, javascript: …
INTERNAL = "internal"


def kind_of(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme in ("http", "https") or (not parts.scheme and parts.netloc):
        return EXTERNAL
    if parts.scheme:
        return OTHER_SCHEME
    return INTERNAL


@dataclass
class Target:
    path: str  # the file in the site, relative to the root ("" when the link escapes it)
    fragment: str  # decoded; "" when none
    escapes: bool = False
    root_relative: bool = False


def resolve(from_path: str, url: str) -> Target:
    """Where an internal `url` in the page `from_path` points, in site paths."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    fragment = unquote(parts.fragment)
    if not path:
        return Target(from_path, fragment)
    root_relative = path.startswith("/")
    joined = path if root_relative else posixpath.join(posixpath.dirname(from_path), path)
    normal = posixpath.normpath("/" + joined if root_relative else joined)
    if root_relative:
        normal = normal.lstrip("/") or "."
    if normal == ".." or normal.startswith("../"):
        return Target("", fragment, escapes=True)
    if path.endswith("/") or normal == ".":
        normal = posixpath.join(normal, "index.html")
    return Target(posixpath.normpath(normal), fragment, root_relative=root_relative)


def file_of(root: Path, target: Target) -> Path | None:
    """The existing file a target names (a folder means its index.html), or None."""
    file = root / target.path
    if file.is_dir():
        file = file / "index.html"
        target.path = posixpath.join(target.path, "index.html")
    return file if file.is_file() else None
