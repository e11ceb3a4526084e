#!/usr/bin/env python3
"""Writes a synthetic course for benchmarks: CHAPTERS chapters in en, ru and zh-Hans
(3 x CHAPTERS pages), each with sections, lists, code listings, tables, callouts and
cross-references to other chapters."""
import os
import sys

out = sys.argv[1]
chapters = int(sys.argv[2]) if len(sys.argv) > 2 else 334
locales = ["en", "ru", "zh-Hans"]
words = {
    "en": "value type reference copy protocol extension optional closure memory".split(),
    "ru": "значение тип ссылка копия протокол расширение опционал замыкание память".split(),
    "zh-Hans": "值 类型 引用 复制 协议 扩展 可选 闭包 内存".split(),
}

os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "course.yml"), "w", encoding="utf-8") as f:
    f.write("title:\n  en: Synthetic\n  ru: Синтетика\n  zh-Hans: 合成\nsource_locale: en\nlocales: [en, ru, zh-Hans]\nparts:\n")
    per_part = 20
    for p in range(0, chapters, per_part):
        f.write(f"  - title: Part {p // per_part + 1}\n    chapters:\n")
        for c in range(p, min(p + per_part, chapters)):
            f.write(f"      - ch{c:04d}\n")

def chapter(c, locale):
    w = words[locale]
    text = [f"---\ntitle: {w[c % 9].capitalize()} {c}\nsummary: {' '.join(w)}\n---\n"]
    text.append(f"Intro to chapter {c}: see [](#s{c}-2), [](ch{(c + 1) % chapters:04d}.md) and [](ch{(c + 7) % chapters:04d}.md#s{(c + 7) % chapters}-1).\n")
    for s in range(1, 6):
        text.append(f"## {w[s].capitalize()} {s} {{#s{c}-{s}}}\n")
        for p in range(3):
            text.append(" ".join(w[(i + p + s) % 9] for i in range(60)) + f" **{w[p]}** *{w[s]}* `code{p}`.\n")
        text.append("\n".join(f"- {w[i]} item {i} with `x{i}`" for i in range(6)) + "\n")
        text.append(f"### {w[s + 1].capitalize()} detail\n")
        text.append(f"```swift {{#lst-{c}-{s} title=\"File{s}.swift\"}}\n" +
                    "\n".join(f"let value{i} = {i} * {s} // {w[i % 9]}" for i in range(12)) + "\n```\n")
        text.append(f"As [](#lst-{c}-{s}) shows, and [](#tbl-{c}-{s}) lists.\n")
        text.append("| Name | Value | Note |\n| --- | ---: | :-: |\n" +
                    "\n".join(f"| {w[i]} | {i * s} | ~~{w[(i + 1) % 9]}~~ |" for i in range(5)) +
                    f"\n\nTable: {w[s]} values {{#tbl-{c}-{s}}}\n")
        text.append(f"> [!NOTE]\n> {' '.join(w)} [](#s{c}-{max(1, s - 1)}).\n")
    text.append("## Exercises {.exercises}\n\n1. " + " ".join(w) + "\n\n   > [!SOLUTION]\n   > " + " ".join(w) + "\n")
    return "\n".join(text)

for locale in locales:
    folder = os.path.join(out, locale)
    os.makedirs(folder, exist_ok=True)
    for c in range(chapters):
        with open(os.path.join(folder, f"ch{c:04d}.md"), "w", encoding="utf-8") as f:
            f.write(chapter(c, locale))
