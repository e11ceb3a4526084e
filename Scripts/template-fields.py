#!/usr/bin/env python3
"""The README's list of what each template can read, made from Sources/Renderer/PageModels.swift and SitePageModels.swift.

Each page model is a struct marked `/// template: NAME` whose `field`/`child(named:)` switch
names the fields; a field whose value is another model of the file lists that model's fields.

    python3 Scripts/template-fields.py            # print the list
    python3 Scripts/template-fields.py --write    # put it into README.md between the markers
    python3 Scripts/template-fields.py --check    # exit 1 when README.md's list is out of date
"""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import readme_section  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MODELS = [ROOT / "Sources/Renderer/PageModels.swift", ROOT / "Sources/Renderer/SitePageModels.swift"]
BEGIN = "<!-- template-fields: made by Scripts/template-fields.py from Sources/Renderer/PageModels.swift -->"
END = "<!-- /template-fields -->"


def structs(text):
    """name -> (template or None, doc, {field: expression}, {property: type})"""
    found = {}
    for match in re.finditer(r"((?:^\s*///.*\n)*)(?:^|\n)(?:struct|protocol) (\w+)[^{]*\{", text, re.M):
        doc_lines = [l.strip()[3:].strip() for l in match.group(1).splitlines() if l.strip().startswith("///")]
        template = next((l.split(":", 1)[1].strip() for l in doc_lines if l.startswith("template:")), None)
        doc = " ".join(l for l in doc_lines if not l.startswith("template:"))
        start = match.end()
        depth, index = 1, start
        while depth and index < len(text):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            index += 1
        body = text[start:index]
        fields = {}
        for case in re.finditer(r'case "([\w-]+)": return (.+)', body):
            fields[case.group(1)] = case.group(2).strip()
        for single in re.finditer(r'name == "([\w-]+)" \? (\w+) : nil', body):
            fields[single.group(1)] = single.group(2)
        properties = dict(re.findall(r"^\s*var (\w+): ([^=\n]+?)(?:\s*=.*)?$", body, re.M))
        found[match.group(2)] = (template, doc, fields, properties)
    return found


def describe(name, models, seen=()):
    _, _, fields, properties = models[name]
    parts = []
    for field, expression in fields.items():
        dictionary = re.findall(r'"(\w+)":', expression) if expression.startswith('["') else []
        if dictionary:
            parts.append(f"`{field}`: {{{', '.join(f'`{key}`' for key in dictionary)}}}")
            continue
        bare = re.fullmatch(r"(?:self\.)?(\w+)(?: \?\? false)?", expression)
        kind = properties.get(bare.group(1), "").strip() if bare else ""
        inner = kind.strip("[]?")
        if inner in models and models[inner][2] and inner not in seen:
            listed = " (a list)" if kind.startswith("[") else ""
            parts.append(f"`{field}`{listed}: {{{describe(inner, models, seen + (name,))}}}")
        else:
            parts.append(f"`{field}`")
    return ", ".join(parts)


def listing():
    models = structs("\n".join(path.read_text() for path in MODELS))
    lines = [BEGIN, "", "Lists are `{{#name}}…{{/name}}` sections; `{{t.KEY}}` is any key of the string catalog, in the page's language.", ""]
    order = ["layout", "toc", "home", "chapter", "print", "gallery", "api-index", "errors", "index", "404"]
    pages = {m[0]: name for name, m in models.items() if m[0]}
    for template in order:
        name = pages[template]
        doc = models[name][1]
        own = describe(name, models)
        frame = "" if template == "layout" else " Everything of `layout.mustache` too."
        lines.append(f"- **`{template}.mustache`** (`{name}`){': ' + doc if doc else '.'}{frame}")
        lines.append(f"  {own}")
    lines += ["", END]
    return "\n".join(lines)


def main():
    readme_section.run(listing(), BEGIN, END, "template-fields.py")


if __name__ == "__main__":
    main()
