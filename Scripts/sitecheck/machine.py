"""The files for readers that are programs: each locale's llms.txt (and the root's) in the
llms.txt format (llmstxt.org: one H1 first, a summary quote, H2 sections of link lists) whose
links reach files of the site, and each chapter page's Markdown twin, which must hold every
program output the page shows (the `<pre class="output-text">` blocks) and be linked from the page's head."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlsplit, unquote

from sitecheck.pages import Page
from sitecheck.report import Result

OUTPUT = re.compile(r'<pre class="output-text"><samp>(.*?)</samp></pre>', re.S)
TWIN_LINK = re.compile(r'<link rel="alternate" type="text/markdown" href="([^"]+)">')
LINK = re.compile(r"^- \[[^\]]+\]\(([^)\s]+)\)(: .+)?$")


def check_machine(root: Path, pages: dict[str, Page], result: Result) -> None:
    locales = sorted({path.split("/")[0] for path in pages if "/" in path and (root / path.split("/")[0] / "llms.txt").is_file()})
    if not (root / "llms.txt").is_file():
        result.problem("llms.txt", "missing at the site's root")
    for path in ["llms.txt"] + [f"{locale}/llms.txt" for locale in locales]:
        if (root / path).is_file():
            result.attempt(path, "llms.txt format", lambda path=path: check_llms_txt(root, path, result))
    for locale in locales:
        if not (root / locale / "llms-full.txt").is_file():
            result.problem(f"{locale}/llms-full.txt", "missing")
    twins = 0
    for path, page in sorted(pages.items()):
        if page.is_chapter:
            twins += 1
            result.attempt(path, "Markdown twin", lambda path=path: check_twin(root, path, result))
    result.notes.append(f"{len(locales)} locales' llms.txt, {twins} chapter pages' twins checked")


def check_llms_txt(root: Path, path: str, result: Result) -> None:
    lines = (root / path).read_text(encoding="utf-8").split("\n")
    if not lines or not lines[0].startswith("# "):
        result.problem(path, "does not open with an H1 (the course's title)")
    if sum(1 for line in lines if line.startswith("# ")) != 1:
        result.problem(path, "has more than one H1")
    quote = next((line for line in lines[1:] if line.strip()), "")
    if not quote.startswith("> "):
        result.problem(path, "has no summary quote after its title")
    sections = [line for line in lines if line.startswith("## ")]
    if not sections or "## Optional" not in sections:
        result.problem(path, "has no H2 sections of links (and an Optional one)")
    in_section = False
    for line in lines:
        if line.startswith("## "):
            in_section = True
            continue
        if not in_section or not line.strip():
            continue
        match = LINK.match(line)
        if not match:
            result.problem(path, f"a line of a section is no '- [name](url): notes' link: {line[:80]}")
            continue
        target = resolve(root, path, match.group(1))
        if target is None or not target.is_file():
            result.problem(path, f"link {match.group(1)} reaches no file of the site")


def resolve(root: Path, source: str, href: str) -> Path | None:
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        # An absolute link (base_url set): the path after the base's folder is the site's.
        return None if not parts.path else find_under(root, unquote(parts.path))
    return (root / source).parent / unquote(parts.path)


def find_under(root: Path, path: str) -> Path | None:
    """The site's file an absolute URL's path names, whatever folder the site is published in."""
    segments = [segment for segment in path.split("/") if segment]
    for start in range(len(segments)):
        candidate = root.joinpath(*segments[start:])
        if candidate.is_file():
            return candidate
    return None


def flush(text: str) -> str:
    """Lines without what nests them in Markdown (a quote's `>`, a list item's indent): an output
    inside an exercise's solution is fenced inside a quote."""
    return "\n".join(re.sub(r"^[ >]*", "", line) for line in text.split("\n"))


def check_twin(root: Path, path: str, result: Result) -> None:
    page = (root / path).read_text(encoding="utf-8")
    linked = TWIN_LINK.search(page)
    twin_path = path[: -len(".html")] + ".md"
    if not linked or linked.group(1) != Path(twin_path).name:
        result.problem(path, "its head does not link its Markdown twin")
    twin_file = root / twin_path
    if not twin_file.is_file():
        result.problem(path, f"{twin_path} is missing")
        return
    twin = flush(twin_file.read_text(encoding="utf-8"))
    for output in OUTPUT.findall(page):
        text = html.unescape(output)
        block = flush(text if text.endswith("\n") else text + "\n")
        if f"```text\n{block}```" not in twin:
            first = text.strip().splitlines()[0] if text.strip() else "(empty)"
            result.problem(path, f"an output the page shows is not in {twin_path}: {first[:60]}")
