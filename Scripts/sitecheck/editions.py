"""The book editions gate: every locale's EPUB passes epubcheck with nothing to report and keeps
its text inside a phone's 375 px column (read in chromium), and every PDF has pages, bookmarks,
resolved page references, the locale's own text in its text layer, every font embedded and a glyph
for every character. Two pages of each PDF go to artifacts/editions/."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .report import Result

# Words that must not be in a PDF's text: Typst's mark for a reference it could not resolve.
UNRESOLVED = "??"


def check_editions(root: Path, content: Path, locales: list[str], artifacts: Path, result: Result) -> None:
    tools = ["epubcheck", "pdftotext", "pdfinfo", "pdffonts", "pdftoppm", "fc-match", "fc-query"]
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        result.problem("(tools)", f"{', '.join(missing)} missing: `make editions-deps` installs them")
        return
    epubs = {locale: _one(root, locale, "epub", result) for locale in locales}
    pdfs = {locale: _one(root, locale, "pdf", result) for locale in locales}
    with ThreadPoolExecutor(max_workers=3) as pool:
        checked = list(pool.map(lambda item: (item[0], item[1], _epubcheck(item[1])),
                                [(locale, path) for locale, path in epubs.items() if path]))
    for locale, path, (passed, report) in checked:
        size = path.stat().st_size
        if passed:
            result.notes.append(f"{path.relative_to(root)}: epubcheck clean, {size / 1000:.0f} KB")
        else:
            result.problem(str(path.relative_to(root)), "epubcheck: " + report)
    _check_epub_width(root, [path for path in epubs.values() if path], result)
    fonts = _font_charsets()
    (artifacts / "editions").mkdir(parents=True, exist_ok=True)
    catalog = json.loads((Path(__file__).resolve().parents[2] / "Templates" / "Localizable.xcstrings").read_text(encoding="utf-8"))
    for locale, path in pdfs.items():
        if path:
            words = {key: catalog["strings"][key]["localizations"].get(locale, catalog["strings"][key]["localizations"]["en"])
                     ["stringUnit"]["value"] for key in ("output_label", "edition_page_ref", "subject_index_title")}
            _check_pdf(root, path, locale, content, words, fonts, artifacts / "editions", result)
            figures = any("![" in chapter.read_text(encoding="utf-8") for chapter in (content / locale).glob("*.md"))
            problems = pdf_ua_problems(path, locale, expect_figures=figures)
            for problem in problems:
                result.problem(str(path.relative_to(root)), "PDF/UA-1: " + problem)
            if not problems:
                result.notes.append(f"{path.relative_to(root)}: PDF/UA-1 structure (tagged, pdfuaid:part 1, title, /Lang {locale})")
    for locale, path in epubs.items():
        problems = epub_accessibility_problems(path) if path else []
        for problem in problems:
            result.problem(str(path.relative_to(root)), "accessibility metadata: " + problem)
        if path and not problems:
            with zipfile.ZipFile(path) as archive:
                pages = archive.read("EPUB/nav.xhtml").decode("utf-8").split('epub:type="page-list"')[1:]
            listed = pages[0].count("<li>") if pages else 0
            result.notes.append(f"{path.relative_to(root)}: accessibility metadata, {listed} pages in its page list")


def pdf_ua_problems(path: Path, locale: str | None, expect_figures: bool) -> list[str]:
    """A structural check of PDF/UA-1 (veraPDF is on neither PyPI nor apt): tagged, the PDF/UA
    identification and a title in the XMP metadata, a structure tree under Document with
    headings (and figures when the book has pictures), and a catalog /Lang, the locale's when
    one is given."""
    def run(*arguments: str) -> str:
        return subprocess.run(["pdfinfo", *arguments, str(path)], capture_output=True, text=True, errors="replace").stdout
    problems = []
    if not re.search(r"^Tagged:\s+yes$", run(), re.M):
        problems.append("not tagged")
    meta = run("-meta")
    if not re.search(r"<pdfuaid:part>1</pdfuaid:part>|pdfuaid:part=\"1\"", meta):
        problems.append("no pdfuaid:part 1 in the XMP metadata")
    if not re.search(r"<dc:title>.*\S.*</dc:title>", meta, re.S):
        problems.append("no dc:title in the XMP metadata")
    structure = run("-struct")
    if not structure.startswith("Document"):
        problems.append("the structure tree does not start with Document")
    if not re.search(r"^\s*H1\b", structure, re.M):
        problems.append("no H1 in the structure tree")
    if expect_figures and not re.search(r"^\s*Figure\b", structure, re.M):
        problems.append("no Figure in the structure tree, though the book has pictures")
    lang = re.search(rb"/Lang\s*\(([^)]*)\)", path.read_bytes())
    if not lang or (locale and lang.group(1).decode("latin-1").split("-")[0].lower() != locale.split("-")[0].lower()):
        problems.append(f"the catalog's /Lang is {lang.group(1).decode('latin-1') if lang else 'missing'}, not {locale}")
    return problems


def epub_accessibility_problems(path: Path) -> list[str]:
    """The EPUB Accessibility 1.1 metadata every book has, and page features only with a page list."""
    with zipfile.ZipFile(path) as archive:
        package = archive.read("EPUB/package.opf").decode("utf-8")
        nav = archive.read("EPUB/nav.xhtml").decode("utf-8")
    problems = [f"no {name}" for name in ("schema:accessMode", "schema:accessModeSufficient", "schema:accessibilityFeature",
                                          "schema:accessibilityHazard", "schema:accessibilitySummary", "dcterms:conformsTo")
                if f'<meta property="{name}">' not in package]
    if ('epub:type="page-list"' in nav) != ("pageNavigation" in package):
        problems.append("pageNavigation claimed without a page list, or a page list not claimed")
    return problems


def _one(root: Path, locale: str, extension: str, result: Result) -> Path | None:
    found = sorted((root / locale / "downloads").glob(f"*-{locale}.{extension}"))
    if len(found) != 1:
        result.problem(f"{locale}/downloads", f"expected one .{extension} edition, found {len(found)}")
        return None
    home = (root / locale / "index.html").read_text(encoding="utf-8")
    if f'href="downloads/{found[0].name}"' not in home:
        result.problem(f"{locale}/index.html", f"no link to {found[0].name}")
    return found[0]


# The text an EPUB reader lays out in a narrow column: a long name or URL must wrap, not stick out.
_OVERFLOWING = """
    const width = document.documentElement.clientWidth, found = [];
    for (const element of document.querySelectorAll('p code, li code, p a, li a, h1, h2, h3, figcaption')) {
        if (element.closest('table, pre')) continue;
        if (element.getBoundingClientRect().right > width + 1) found.push(element.textContent.slice(0, 50));
    }
    return found;"""


def _check_epub_width(root: Path, epubs: list[Path], result: Result, width: int = 375) -> None:
    """Each chapter of each EPUB opened in chromium at a phone's width: no text outside the column."""
    from .browser import chromium, set_viewport
    with chromium() as driver, tempfile.TemporaryDirectory() as scratch:
        set_viewport(driver, width, 800)
        for epub in epubs:
            folder = Path(scratch) / epub.stem
            with zipfile.ZipFile(epub) as archive:
                archive.extractall(folder)
            pages = sorted(folder.rglob("*.xhtml"))
            outside = []
            for page in pages:
                driver.get(page.as_uri())
                outside += [f"{page.name}: {text!r}" for text in driver.execute_script(_OVERFLOWING)]
            if outside:
                result.problem(str(epub.relative_to(root)), f"{len(outside)} runs of text stick out of a {width} px column, e.g. {outside[:3]}")
            else:
                result.notes.append(f"{epub.relative_to(root)}: {len(pages)} pages read at {width} px, no text outside the column")


def _epubcheck(path: Path) -> tuple[bool, str]:
    # Debian's epubcheck is the jar itself, run through binfmt_misc where that is set up.
    found = Path(shutil.which("epubcheck")).resolve()
    command = ["java", "-jar", str(found)] if found.suffix == ".jar" else [str(found)]
    run = subprocess.run(command + [str(path)], capture_output=True, text=True, timeout=600)
    text = run.stdout + run.stderr
    clean = run.returncode == 0 and "No errors or warnings detected" in text
    problems = [line for line in text.splitlines() if line.startswith(("ERROR", "WARNING", "FATAL"))]
    return clean, "; ".join(problems[:5]) or text.strip()[-300:]


def _font_charsets() -> list[set[int]]:
    """The code points of the fonts the PDF edition uses (Noto: serif, sans, mono and CJK)."""
    charsets = []
    for family in ["Noto Serif", "Noto Sans", "Noto Sans Mono", "Noto Serif CJK SC", "Noto Sans CJK SC"]:
        file = subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True, text=True).stdout.strip()
        ranges = subprocess.run(["fc-query", "-f", "%{charset}\n", file], capture_output=True, text=True).stdout
        points: set[int] = set()
        for line in ranges.splitlines()[:1]:
            for part in line.split():
                first, _, last = part.partition("-")
                points.update(range(int(first, 16), int(last or first, 16) + 1))
        charsets.append(points)
    return charsets


def _sentence(content: Path, locale: str) -> str | None:
    """A plain sentence of the locale's first chapter (no markup), to look for in the text layer."""
    for source in sorted((content / locale).glob("*.md")):
        body = source.read_text(encoding="utf-8").split("\n---", 2)[-1]
        fenced = False
        for line in body.splitlines():
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            if fenced or line.startswith("    "):
                continue
            line = line.strip()
            if len(line) > 40 and not re.search(r"[`*_\[\]<>#|{}\\$!\"']", line) and not re.match(r"[-+>\d]", line):
                return re.split(r"(?<=[.!?。！？])\s*", line)[0]
    return None


def _squeeze(text: str) -> str:
    """Text without line breaks, hyphenation at line ends, or spaces (CJK has none to keep)."""
    text = re.sub(r"[-\u00ad]\n", "", text)
    return re.sub(r"\s+", "", text).replace("\u2011", "-")


def _source_count(content: Path, locale: str, pattern: str) -> int:
    """How often `pattern` occurs in what the book prints verbatim: the locale's chapters and the samples' code."""
    files = list((content / locale).glob("*.md")) + list((content / "Samples").rglob("*.swift"))
    return sum(len(re.findall(pattern, file.read_text(encoding="utf-8", errors="replace"))) for file in files)


def _page_reference(pattern: str) -> str:
    """A regular expression for the page part of a reference in the PDF's text, from the language's
    `edition_page_ref` ("%1$@ on page %2$@", "第 %2$@ 页的%1$@"): the words around the page number."""
    before, _, after = pattern.partition("%2$@")
    before = before.split("%1$@")[-1].strip()
    after = after.split("%1$@")[0].strip()
    return (re.escape(before) + r"\s*(\S*?)" if before else r"(\S*?)\s*") + (r"\s*" + re.escape(after) if after else r"(?=[\s).,;:?!»”」）]|$)")


def _check_pdf(root: Path, path: Path, locale: str, content: Path, words: dict[str, str], fonts: list[set[int]], shots: Path,
               result: Result) -> None:
    output = words["output_label"]
    name = str(path.relative_to(root))
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1)) if "Pages:" in info else 0
    chapters = len(list((content / locale).glob("*.md")))
    if pages < 2 * chapters:
        result.problem(name, f"{pages} pages for {chapters} chapters")
    if b"/Outlines" not in path.read_bytes():
        result.problem(name, "no bookmarks (the PDF has no /Outlines)")
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True).stdout
    # Swift's own ?? is in the code; more of them in the PDF than in its sources is Typst's mark.
    unresolved = text.count(UNRESOLVED) - _source_count(content, locale, re.escape(UNRESOLVED))
    if unresolved > 0:
        at = text.index(UNRESOLVED)
        result.problem(name, f"{unresolved} unresolved references (\"{UNRESOLVED}\"), the first near: {text[max(0, at - 60):at + 20]!r}")
    # Every "… on page N" has its number (a code line may say "on page" too: the sources are counted).
    reference = _page_reference(words["edition_page_ref"])
    found = re.findall(reference, text)
    numberless = [page for page in found if not re.fullmatch(r"\d+|[ivxlc]+", page)]
    connector = re.escape(re.sub(r"%\d\$@", "", words["edition_page_ref"]).strip())
    if len(numberless) > _source_count(content, locale, connector):
        result.problem(name, f"{len(numberless)} page references without a page number, e.g. {numberless[:3]}")
    result.notes.append(f"{name}: {len(found) - len(numberless)} page references, each with its page number")
    sentence = _sentence(content, locale)
    if sentence is None:
        result.problem(name, f"no plain sentence found in Content/{locale} to look for")
    elif _squeeze(sentence) not in _squeeze(text):
        result.problem(name, f"the text layer lacks the sentence {sentence!r}")
    _check_index_pages(root, name, locale, text.split("\f"), words, result)
    listed = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout.splitlines()[2:]
    names = []
    for row in listed:
        columns = row.split()
        if len(columns) < 7:
            continue
        names.append(columns[0].split("+")[-1])
        # name type [type...] encoding emb sub uni object ID: emb is the fifth column from the end.
        if columns[-5] != "yes":
            result.problem(name, f"font {columns[0]} is not embedded")
    if any(not font.startswith("Noto") for font in names):
        result.problem(name, f"fonts other than Noto: {sorted(set(names))}")
    covered = set().union(*fonts)
    lacking = sorted({char for char in text if not char.isspace() and ord(char) not in covered and ord(char) >= 0x20
                      and char not in "\ufffd\f"})
    if "\ufffd" in text:
        result.problem(name, "the text layer has replacement characters (U+FFFD)")
    if lacking:
        result.problem(name, f"characters no Noto font has a glyph for: {''.join(lacking[:20])}")
    # Two pages a person can look at: the first chapter's opening and the first page with a listing's output.
    per_page = text.split("\f")
    first = next((index + 1 for index, page in enumerate(per_page) if index > 0 and sentence
                  and _squeeze(sentence[:20]) in _squeeze(page)), 3)
    listing = next((index + 1 for index, page in enumerate(per_page) if index + 1 > first and re.search(r"\d\.\d", page)
                    and output in page), min(first + 1, pages))
    for number in (first, listing):
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", str(number), "-l", str(number), "-singlefile",
                        str(path), str(shots / f"{locale}-page-{number}")], check=False)
    result.notes.append(f"{name}: {pages} pages, {path.stat().st_size / 1000:.0f} KB, fonts {', '.join(sorted(set(names)))}; "
                        f"pages {first} and {listing} in {shots.relative_to(shots.parent.parent)}/")


def _check_index_pages(root: Path, name: str, locale: str, pages: list[str], words: dict[str, str], result: Result) -> None:
    """With a subject index on the site, the PDF ends with one: its title, and terms with page numbers."""
    if not (root / locale / "subject-index.html").is_file():
        return
    title = words.get("subject_index_title", "")
    # The first of the last pages that starts with the title (the ones after it repeat it as their running head).
    start = next((index for index in range(max(0, len(pages) - 40), len(pages)) if title and pages[index].lstrip().startswith(title)), None)
    if start is None:
        result.problem(name, f"the site has a subject index, but no PDF page starts with {title!r}")
        return
    numbered = len(re.findall(r",\s*\d+\s*$", "\n".join(pages[start:]), re.M))
    if numbered < 20:
        result.problem(name, f"the index from page {start + 1} has {numbered} terms with page numbers")
    last = len(pages) - (0 if pages[-1].strip() else 1)
    result.notes.append(f"{name}: subject index on pages {start + 1}-{last}, {numbered} lines ending in a page number")
