"""One generated section of README.md, between two marker comments: print it, write it, or
check that the README has it as the code makes it today (the tests run --check)."""
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def run(text, begin, end, script):
    """`text` is the section, markers included; the command line says what to do with it."""
    if "--write" not in sys.argv and "--check" not in sys.argv:
        print(text)
        return
    readme = README.read_text()
    start, stop = readme.find(begin), readme.find(end)
    if start < 0 or stop < 0:
        sys.exit(f"README.md has no markers for {script}")
    if "--check" in sys.argv:
        if readme[start:stop + len(end)] != text:
            sys.exit(f"README.md is out of date: run python3 Scripts/{script} --write")
        return
    README.write_text(readme[:start] + text + readme[stop + len(end):])
