"""What a gate hands back: its problems (which fail it), its warnings and notes (which don't)."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field


@dataclass
class Result:
    name: str
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return not self.problems

    def problem(self, page: str, message: str) -> None:
        _add_once(self.problems, f"{page}: {message}")

    def warning(self, page: str, message: str) -> None:
        _add_once(self.warnings, f"{page}: {message}")

    def attempt(self, page: str, what: str, check) -> None:
        """Runs one check; an exception (a missing element, a timeout) becomes a problem of
        `page`, so one broken feature does not hide the checks after it."""
        try:
            check()
        except Exception as error:  # noqa: BLE001 - every failure is reported, none is fatal
            text = str(error).strip()
            self.problem(page, f"{what}: {type(error).__name__}" + (f": {text.splitlines()[0]}" if text else ""))
            if not isinstance(error, (LookupError, AssertionError)):
                traceback.print_exc()  # a timeout, or a bug of the check itself

    def print(self) -> None:
        print(f"\n== {self.name} ==")
        for line in self.notes:
            print(f"  {line}")
        for line in self.warnings:
            print(f"  warning: {line}")
        for line in self.problems:
            print(f"  FAIL {line}")
        verdict = "PASS" if self.passed else f"FAIL ({len(self.problems)} problems)"
        print(f"-- {self.name}: {verdict} in {self.seconds:.1f} s")


def _add_once(lines: list[str], line: str) -> None:
    """The same problem seen on several loads of a page is reported once."""
    if line not in lines:
        lines.append(line)


def timed(name: str, run) -> Result:
    """Runs a gate, `run(result)`, and records its time; a crash of the gate itself fails it."""
    result = Result(name)
    start = time.monotonic()
    try:
        run(result)
    except Exception as error:  # noqa: BLE001
        traceback.print_exc()
        result.problem("(gate)", f"crashed: {type(error).__name__}: {error}")
    result.seconds = result.seconds or time.monotonic() - start  # a gate may time itself
    result.print()
    return result
