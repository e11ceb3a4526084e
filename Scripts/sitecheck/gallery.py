"""The sample gallery as a reader uses it: the filter box narrows the samples by name or
description and says how many are shown; a sample's Copy button copies its whole output."""

from __future__ import annotations

from .browser import wait_for

GALLERY = "en/samples.html"
# A word in one sample's name and in no other sample's name or description (checked below).
FILTER_WORD = "haversine"

# The texts the page's Copy buttons hand over: the clipboard is replaced by a recorder, and so
# is the fallback that copies from a selected text area.
RECORD_COPIES = """
    window.primerCopied = [];
    const record = text => { window.primerCopied.push(text); return Promise.resolve(); };
    try { Object.defineProperty(navigator, 'clipboard', {value: {writeText: record}, configurable: true}); } catch (e) {}
    document.execCommand = () => { window.primerCopied.push(document.activeElement.value); return true; };
"""

VISIBLE_ENTRIES = """
    return Array.from(document.querySelectorAll('.gallery-entry'))
        .filter(e => e.offsetParent !== null).map(e => e.id);
"""


def check_gallery(reader) -> None:
    """Filter: a labelled box, every entry shown before typing, only the matching ones after,
    empty chapters hidden, the count announced; Escape shows all again. Copy: the longest
    output, cut short on the screen, is copied whole."""
    reader.open(GALLERY)
    driver = reader.driver
    headings = driver.execute_script("return Array.from(document.querySelectorAll('.gallery-chapter > h2'), h => h.textContent)")
    if len(headings) < 2 or not headings[0].startswith("Chapter 1"):
        reader.problem(f"the gallery's samples are not under their chapters' headings (headings: {headings[:3]})")
    total = len(driver.execute_script(VISIBLE_ENTRIES))
    label = driver.execute_script("const l = document.querySelector('label[for=gallery-filter-input]'); return l && l.textContent")
    if not label or not label.strip():
        reader.problem("the gallery's filter box has no label")
    if reader.element("#gallery-filter-count").get_attribute("role") != "status":
        reader.problem("the gallery's count is not a live region (role=status)")
    expected = driver.execute_script(
        "return Array.from(document.querySelectorAll('.gallery-entry'))"
        ".filter(e => e.dataset.filter.toLowerCase().includes(arguments[0])).map(e => e.id)", FILTER_WORD)
    if not expected or len(expected) == total:
        reader.problem(f"the filter word {FILTER_WORD!r} matches {len(expected)} of {total} samples: pick another")
        return
    box = reader.element("#gallery-filter-input")
    box.send_keys(FILTER_WORD)
    if not wait_for(lambda: driver.execute_script(VISIBLE_ENTRIES) == expected, 2):
        reader.problem(f"typing {FILTER_WORD!r} shows {driver.execute_script(VISIBLE_ENTRIES)}, not {expected}")
    status = lambda: reader.element("#gallery-filter-count").text  # noqa: E731
    if not wait_for(lambda: f"{len(expected)} of {total}" in status(), 2):
        reader.problem(f"after filtering, the count says {status()!r}, not {len(expected)} of {total}")
    empty = driver.execute_script("return Array.from(document.querySelectorAll('.gallery-chapter'))"
                                  ".filter(c => c.offsetParent !== null && !c.querySelector('.gallery-entry:not([hidden])')).length")
    if empty:
        reader.problem(f"{empty} chapter heading(s) stay shown with no sample under them")
    reader.screenshot("gallery-filtered")
    from selenium.webdriver.common.keys import Keys
    box.send_keys(Keys.ESCAPE)
    if not wait_for(lambda: len(driver.execute_script(VISIBLE_ENTRIES)) == total, 2):
        reader.problem("Escape in the filter box does not show every sample again")
    copy_whole_output(reader)


def copy_whole_output(reader) -> None:
    driver = reader.driver
    driver.execute_script(RECORD_COPIES)
    # The output with the most lines: the one a preview would cut.
    index = driver.execute_script(
        "const outs = Array.from(document.querySelectorAll('.gallery-output samp'));"
        "let best = 0; outs.forEach((s, i) => { if (s.textContent.split('\\n').length > outs[best].textContent.split('\\n').length) best = i; });"
        "outs[best].scrollIntoView({block: 'center'}); return best;")
    whole = driver.execute_script("return document.querySelectorAll('.gallery-output samp')[arguments[0]].textContent", index)
    clipped = driver.execute_script("const p = document.querySelectorAll('.gallery-output')[arguments[0]]; return p.scrollHeight > p.clientHeight + 1", index)
    if not clipped:
        reader.problem("the longest output in the gallery is not cut short on the screen: pick a longer one")
    driver.execute_script("document.querySelectorAll('.gallery-output')[arguments[0]].closest('.code-wrap').querySelector('.copy-button').click()", index)
    copied = wait_for(lambda: driver.execute_script("return window.primerCopied[0]"), 2)
    if copied is None:
        reader.problem("the gallery's Copy button copied nothing")
    elif copied.rstrip("\n") != whole.rstrip("\n"):
        reader.problem(f"Copy gave {len(copied.splitlines())} lines of an output of {len(whole.splitlines())}")
