#!/usr/bin/env python3
"""The README's table of diagnostic codes, made from Sources/CourseModel/DiagnosticCode.swift.

    python3 Scripts/diagnostic-codes.py            # print the table
    python3 Scripts/diagnostic-codes.py --write    # put it into README.md between the markers
    python3 Scripts/diagnostic-codes.py --check    # exit 1 when README.md's table is out of date
"""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import readme_section  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "Sources/CourseModel/DiagnosticCode.swift"
BEGIN = "<!-- diagnostic-codes: made by Scripts/diagnostic-codes.py from Sources/CourseModel/DiagnosticCode.swift -->"
END = "<!-- /diagnostic-codes -->"


def table():
    text = SOURCE.read_text()
    codes = re.findall(r'case (\w+) = "(PRM\d+)"', text)

    def texts(prop):
        body = text[text.index(f"public var {prop}: String"):]
        body = body[:body.index("\n    }\n")]
        return dict(re.findall(r'case \.(\w+): return "((?:[^"\\]|\\.)*)"', body))

    titles, fixes = texts("title"), texts("fix")
    lines = [BEGIN, "", "| code | what | what to do |", "| --- | --- | --- |"]
    for name, code in codes:
        fix = fixes[name].replace('\\"', '"').replace("|", "\\|")
        title = titles[name].replace('\\"', '"').replace("|", "\\|")
        lines.append(f"| {code} | {title} | {fix} |")
    lines += ["", END]
    return "\n".join(lines)


def main():
    readme_section.run(table(), BEGIN, END, "diagnostic-codes.py")


if __name__ == "__main__":
    main()
