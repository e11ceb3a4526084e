#!/usr/bin/env python3
"""Writes a course with COUNT runnable samples (one chapter embeds them all) for the samples benchmark."""
import os
import sys

out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 50
os.makedirs(f"{out}/en", exist_ok=True)
with open(f"{out}/course.yml", "w") as f:
    f.write("title: Samples benchmark\nsource_locale: en\nlocales: [en]\nparts:\n  - title: Part\n    chapters: [all-samples]\n")
with open(f"{out}/en/all-samples.md", "w") as f:
    f.write("---\ntitle: Samples\n---\n")
    for i in range(count):
        f.write(f"## Sample {i}\n\n```swift {{sample=\"s{i:02d}\"}}\n```\n\n")
os.makedirs(f"{out}/Samples/Outputs", exist_ok=True)
with open(f"{out}/Samples/Package.swift", "w") as f:
    f.write("// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(\n    name: \"BenchSamples\",\n    targets: [\n")
    for i in range(count):
        f.write(f"        .executableTarget(name: \"s{i:02d}\"),\n")
    f.write("    ],\n    swiftLanguageModes: [.v6]\n)\n")
for i in range(count):
    os.makedirs(f"{out}/Samples/Sources/s{i:02d}", exist_ok=True)
    with open(f"{out}/Samples/Sources/s{i:02d}/main.swift", "w") as f:
        f.write(f"""struct Point {{ var x: Int; var y: Int }}
func walk(_ steps: Int) -> [Point] {{
    var p = Point(x: 0, y: 0)
    return (0..<steps).map {{ step in p.x += step % 3; p.y += {i} % 5; return p }}
}}
for (n, point) in walk(8).enumerated() {{
    print("sample {i} step \\(n): (\\(point.x), \\(point.y))")
}}
""")
    expected = []
    x = y = 0
    for n in range(8):
        x += n % 3; y += i % 5
        expected.append(f"sample {i} step {n}: ({x}, {y})\n")
    with open(f"{out}/Samples/Outputs/s{i:02d}.txt", "w") as f:
        f.write("".join(expected))
