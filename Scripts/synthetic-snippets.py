#!/usr/bin/env python3
"""A course of N `{compile}` snippets (declarations, as compile-only snippets are), ten to a
chapter, and the same code as one SwiftPM package (one target, a file per snippet): the peer
`make bench` compares Primer's snippet checking with.

usage: synthetic-snippets.py FOLDER COUNT"""
import os
import sys

folder, count = sys.argv[1], int(sys.argv[2])
content = os.path.join(folder, "Content")
peer = os.path.join(folder, "peer", "Sources", "Snippets")
os.makedirs(os.path.join(content, "en"), exist_ok=True)
os.makedirs(peer, exist_ok=True)


def snippet(i: int) -> str:
    imports = "import Foundation\n\n" if i % 4 == 0 else ""
    extra = f'\nextension Route{i} {{\n    var summary: String {{ "\\(name): \\(stops.count) stops" }}\n}}\n' if i % 4 == 0 else ""
    return f"""{imports}struct Stop{i}: Hashable {{
    var name: String
    var minutes: Int
}}

protocol Timed{i} {{
    var totalMinutes: Int {{ get }}
}}

final class Route{i} {{
    let name: String
    private(set) var stops: [Stop{i}] = []
    weak var next: Route{i}?

    init(name: String) {{ self.name = name }}

    func add(_ stop: Stop{i}) {{ stops.append(stop) }}
}}

extension Route{i}: Timed{i} {{
    var totalMinutes: Int {{ stops.reduce(0) {{ $0 + $1.minutes }} }}
}}

enum Direction{i}: String, CaseIterable {{
    case inbound, outbound
    func reversed() -> Direction{i} {{ self == .inbound ? .outbound : .inbound }}
}}

func fastest{i}(_ routes: [Route{i}]) -> Route{i}? {{
    routes.min {{ $0.totalMinutes < $1.totalMinutes }}
}}
{extra}"""


chapters = []
for c in range((count + 9) // 10):
    cid = f"part-{c + 1:03d}"
    chapters.append(cid)
    body = [f"---\ntitle: Part {c + 1}\n---\n\n## Routes {{#routes-{c + 1}}}\n"]
    for i in range(c * 10, min(count, c * 10 + 10)):
        code = snippet(i)
        body.append(f"Snippet {i}:\n\n```swift {{compile}}\n{code}```\n")
        with open(os.path.join(peer, f"Snippet{i}.swift"), "w") as f:
            f.write(code)
    with open(os.path.join(content, "en", cid + ".md"), "w") as f:
        f.write("\n".join(body))

with open(os.path.join(content, "course.yml"), "w") as f:
    f.write("title: { en: Snippets }\nsource_locale: en\nlocales: [en]\nverify: strict\nparts:\n"
            "  - title: { en: All }\n    chapters: [" + ", ".join(chapters) + "]\n")
with open(os.path.join(folder, "peer", "Package.swift"), "w") as f:
    f.write('// swift-tools-version:6.0\nimport PackageDescription\n\n'
            'let package = Package(name: "Peer", targets: [.target(name: "Snippets")])\n')
