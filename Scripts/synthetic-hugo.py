#!/usr/bin/env python3
"""Turns the synthetic course (Scripts/synthetic-course.py) into a Hugo site with the same
pages, so `make bench` can time Hugo, the speed peer, on the same work: the same Markdown in
the same three languages, each page in a layout with the whole table of contents (cached per
language, as Primer renders it once per locale), previous/next links and a language switcher.

Usage: synthetic-hugo.py CONTENT_FOLDER HUGO_SITE_FOLDER
"""
import os
import re
import shutil
import sys

content, out = sys.argv[1], sys.argv[2]
locales = {"en": "en", "ru": "ru", "zh-Hans": "zh-hans"}
shutil.rmtree(out, ignore_errors=True)
os.makedirs(os.path.join(out, "layouts", "_default"))
os.makedirs(os.path.join(out, "layouts", "partials"))

with open(os.path.join(out, "hugo.toml"), "w", encoding="utf-8") as f:
    f.write('baseURL = "https://example.org/course/"\ndefaultContentLanguage = "en"\ndefaultContentLanguageInSubdir = true\n'
            'disableKinds = ["taxonomy", "term", "rss"]\n'
            '[markup.goldmark.parser.attribute]\nblock = true\ntitle = true\n'
            '[markup.highlight]\ncodeFences = false\n')
    for weight, (locale, hugo) in enumerate(locales.items(), start=1):
        f.write(f'[languages.{hugo}]\nlanguageCode = "{locale}"\nweight = {weight}\ncontentDir = "content/{hugo}"\n')

layouts = {
    "_default/baseof.html": """<!DOCTYPE html>
<html lang="{{ .Site.Language.LanguageCode }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title><link rel="stylesheet" href="{{ "style.css" | relURL }}"></head>
<body>
<header><a href="{{ "" | relLangURL }}">{{ .Site.Title }}</a>
<nav>{{ range .Translations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Language.LanguageCode }}">{{ .Language.LanguageCode }}</a> {{ end }}</nav></header>
{{ partialCached "toc.html" . .Site.Language.Lang }}
<main>{{ block "main" . }}{{ end }}</main>
</body></html>
""",
    "_default/single.html": """{{ define "main" }}<article><h1>{{ .Title }}</h1><p>{{ .Summary }}</p>{{ .TableOfContents }}{{ .Content }}</article>
<nav>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }} {{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>{{ end }}
""",
    "_default/list.html": """{{ define "main" }}<h1>{{ .Site.Title }}</h1><ol>{{ range .Pages.ByWeight }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ol>{{ end }}
""",
    "partials/toc.html": """<nav class="toc"><ol>{{ range .Site.RegularPages.ByWeight }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ol></nav>
""",
}
for name, text in layouts.items():
    with open(os.path.join(out, "layouts", name), "w", encoding="utf-8") as f:
        f.write(text)
os.makedirs(os.path.join(out, "static"))
shutil.copy(os.path.join(os.path.dirname(__file__), "..", "Templates", "assets", "style.css"), os.path.join(out, "static", "style.css"))

attributes = re.compile(r"^(```\w+) \{[^}]*\}$", re.M)
for locale, hugo in locales.items():
    folder = os.path.join(out, "content", hugo)
    os.makedirs(folder)
    with open(os.path.join(folder, "_index.md"), "w", encoding="utf-8") as f:
        f.write("---\ntitle: Synthetic\n---\n")
    for name in sorted(os.listdir(os.path.join(content, locale))):
        with open(os.path.join(content, locale, name), encoding="utf-8") as f:
            text = f.read()
        weight = int(re.sub(r"\D", "", name) or 0)
        # Hugo reads the same front matter; it gets an order, and code fences lose Primer's attributes.
        text = text.replace("---\ntitle:", f"---\nweight: {weight}\ntitle:", 1)
        text = attributes.sub(r"\1", text)
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
