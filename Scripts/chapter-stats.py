#!/usr/bin/env python3
"""Per chapter and locale, what a closing note reports about the course: prose words (code blocks,
front matter and link targets left out, inline code one word; Chinese counted in characters), numbered sections,
samples, snippets by form, figures, tables, references and exercises.

usage: Scripts/chapter-stats.py [CONTENT]   (default: Content)"""
import os
import re
import sys

content = sys.argv[1] if len(sys.argv) > 1 else "Content"
config = open(os.path.join(content, "course.yml"), encoding="utf-8").read()
chapters = re.findall(r"^\s+- ([\w-]+)\s*$", config.split("parts:", 1)[1], re.M)
locales = re.search(r"^locales:\s*\[(.*?)\]", config, re.M).group(1).replace(" ", "").split(",")

FENCE = re.compile(r"^\s*(?:>\s*)*(`{3,}|~{3,})(.*)$")


def stats(text: str) -> dict:
    body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
    prose, blocks, open_fence = [], [], None
    for line in body.split("\n"):
        m = FENCE.match(line)
        if m and open_fence is None:
            open_fence = m.group(1)
            blocks.append(m.group(2).strip())
            continue
        if m and open_fence is not None and m.group(1).startswith(open_fence[0]) and not m.group(2).strip():
            open_fence = None
            continue
        if open_fence is None:
            prose.append(line)
    text_only = "\n".join(prose)
    text_only = re.sub(r"`[^`]*`", " code ", text_only)                # inline code: one word each
    text_only = re.sub(r"\]\([^)]*\)", "]", text_only)                  # link targets
    text_only = re.sub(r"\{[#.][^}]*\}", " ", text_only)                # attributes
    text_only = re.sub(r"^\s*>?\s*\[![A-Z]+\]", " ", text_only, flags=re.M)
    cjk = len(re.findall(r"[\u3400-\u9fff]", text_only))
    words = len(re.findall(r"[A-Za-zА-Яа-яЁё0-9][\w'’-]*", text_only))
    swift = [b for b in blocks if b.startswith("swift")]
    form = lambda name: sum(1 for b in swift if re.search(r"\{[^}]*(?<![\w-])" + re.escape(name) + r"(?![\w-])", b))
    return {
        "words": words, "cjk": cjk,
        "sections": len(re.findall(r"^## (?!.*\{[^}]*\.(exercises|summary))", body, re.M)),
        "samples": sum(1 for b in swift if "sample=" in b),
        "run": form("run"), "compile": form("compile"), "fails": form("fails"), "listing-only": form("listing-only"),
        "figures": len(re.findall(r"^!\[[^\]]*\]\([^)]*\)", body, re.M)),
        "tables": len(re.findall(r"^Table: ", body, re.M)),
        "references": len(re.findall(r"\]\((?:#[\w-]+|[\w-]+\.md(?:#[\w-]+)?)\)", body)),
        "exercises": len(re.findall(r"\{#ex-[\w-]+\}", body)),
    }


print("| chapter | locale | prose | sections | samples | run | compile | fails | listing-only | figures | tables | references | exercises |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for chapter in chapters:
    for locale in locales:
        path = os.path.join(content, locale, chapter + ".md")
        if not os.path.exists(path):
            print(f"| {chapter} | {locale} | missing |")
            continue
        s = stats(open(path, encoding="utf-8").read())
        words = f"{s['cjk']:,} characters + {s['words']:,} words" if s["cjk"] > 500 else f"{s['words']:,} words"
        print(f"| {chapter} | {locale} | {words} | {s['sections']} | {s['samples']} | {s['run']} | {s['compile']} | {s['fails']} "
              f"| {s['listing-only']} | {s['figures']} | {s['tables']} | {s['references']} | {s['exercises']} |")
