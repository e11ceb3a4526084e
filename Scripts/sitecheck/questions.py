"""Gate 5, continued: self-check questions — answered by keyboard alone (Tab to the choices, an
arrow to another choice, Tab to "Check answer", Enter), the verdict said in the live region and
the explanations shown; after a reload the answer is back; the home page's "Clear reading
progress" clears it; with storage disabled answering still works."""

from __future__ import annotations

from .browser import set_viewport, wait_for

DESKTOP = (1280, 800)

STATE = """
    const section = document.querySelectorAll('div.question[data-question]')[arguments[0]];
    if (!section) return null;
    const button = section.querySelector('.question-check');
    const answer = section.querySelector('.question-answer');
    return {id: section.getAttribute('data-question'),
            chosen: Array.from(section.querySelectorAll('.choice input')).filter(i => i.checked).map(i => i.value),
            type: section.querySelector('.choice input').type,
            verdict: section.querySelector('.question-verdict').textContent.trim(),
            right: section.getAttribute('data-correct'), wrong: section.getAttribute('data-wrong'),
            explained: Array.from(section.querySelectorAll('.choice-explanation')).filter(e => !e.hidden).length,
            button: !!(button && !button.hidden), answerFolded: !!(answer && answer.hidden),
            focus: document.activeElement === button ? 'button'
                 : (document.activeElement && document.activeElement.closest('.choice') === null ? 'elsewhere' : 'choice')};
"""


def check_questions(reader, pages: dict) -> None:
    """On the first chapter (English first) that has a question; none yet: a note, no check."""
    chapters = sorted(path for path, page in pages.items() if page.is_chapter and page.has_question)
    if not chapters:
        reader.result.notes.append("no chapter has a self-check question: their behaviour is not checked")
        return
    chapter = next((c for c in chapters if c.startswith("en/")), chapters[0])
    home = chapter.split("/")[0] + "/index.html"
    reader.result.attempt(chapter, "self-check question by keyboard, kept and cleared", lambda: answer(reader, chapter, home))
    reader.result.attempt(chapter, "self-check question without storage", lambda: without_storage(reader, chapter))


def state(reader, index: int = 0) -> dict:
    return reader.driver.execute_script(STATE, index)


def tab_until(reader, matches, limit: int = 8) -> bool:
    """Presses Tab until `matches(state)` or `limit` presses."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for _ in range(limit):
        ActionChains(reader.driver).send_keys(Keys.TAB).perform()
        if matches(state(reader)):
            return True
    return False


def answer_by_keyboard(reader) -> dict:
    """Focus just before the first question's choices, Tab into them, choose by keyboard, Tab to
    the button, Enter; returns the state after."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver = reader.driver
    driver.execute_script("""
        const prompt = document.querySelector('div.question .question-prompt, div.question');
        prompt.setAttribute('tabindex', '-1'); prompt.scrollIntoView({block: 'center'}); prompt.focus();""")
    if not tab_until(reader, lambda s: s["focus"] == "choice"):
        raise AssertionError("Tab from the question's prompt does not reach its choices")
    if state(reader)["type"] == "radio":
        # Arrows move within the radio group and select the choice they reach.
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        if not state(reader)["chosen"]:
            ActionChains(driver).send_keys(Keys.SPACE).perform()
    else:
        ActionChains(driver).send_keys(Keys.SPACE).perform()
    if not state(reader)["chosen"]:
        raise AssertionError("the keyboard chose nothing among the question's choices")
    if not tab_until(reader, lambda s: s["focus"] == "button", limit=3):
        raise AssertionError("Tab from the choices does not reach 'Check answer'")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(lambda: state(reader)["verdict"] != "", 2)
    return state(reader)


def answer(reader, chapter: str, home: str) -> None:
    from .progress import focus_and_press

    set_viewport(reader.driver, *DESKTOP)
    reader.open(home)
    reader.driver.execute_script("localStorage.clear()")
    reader.open(chapter)
    before = state(reader)
    if not before["button"] or not before["answerFolded"] or before["explained"]:
        reader.problem(f"before answering, 'Check answer' is not shown, 'Show answer' not folded away or an explanation shows ({before})")
        return
    after = answer_by_keyboard(reader)
    if after["verdict"] not in (after["right"], after["wrong"]) or not after["verdict"]:
        reader.problem(f"'Check answer' says {after['verdict']!r}, not the question's verdict ({after})")
    if not after["explained"]:
        reader.problem("after checking, no choice's explanation shows")
    stored = reader.driver.execute_script(
        "const v = Object.entries(localStorage).find(([k]) => k.startsWith('primer-progress:')); return v ? JSON.parse(v[1]).questions : null")
    if not stored or not any(key.endswith("#" + after["id"]) for key in stored):
        reader.problem(f"the answer is not kept under the progress key's questions ({stored})")
    reader.open(chapter)
    again = state(reader)
    if again["chosen"] != after["chosen"] or again["verdict"] != after["verdict"] or not again["explained"]:
        reader.problem(f"after a reload the answer is not restored: {again}, was {after}")
    reader.open(home)
    focus_and_press(reader, ".clear-progress")
    reader.open(chapter)
    cleared = state(reader)
    if cleared["chosen"] or cleared["verdict"] or cleared["explained"]:
        reader.problem(f"after 'Clear reading progress' the answer is still there ({cleared})")
    reader.result.notes.append(f"question {after['id']} on {chapter}: answered {after['chosen']} by keyboard, "
                               f"\"{after['verdict']}\", kept over a reload, cleared")
    reader.driver.execute_script("localStorage.clear()")


def without_storage(reader, chapter: str) -> None:
    """localStorage that throws: the question still answers, and nothing breaks."""
    from .progress import storage_disabled

    with storage_disabled(reader.driver):
        reader.open(chapter)
        after = answer_by_keyboard(reader)
        if not after["verdict"] or not after["explained"]:
            reader.problem(f"with storage disabled, checking an answer shows no verdict or explanation ({after})")
        reader.collect_console_errors()
