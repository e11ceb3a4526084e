// swift-tools-version:6.0
// The sample programs of the course. The site builds and runs every executable
// target and shows its output under the listing; Outputs/<name>.txt holds the
// output each program is expected to print.
import PackageDescription

let package = Package(
    name: "Samples",
    targets: [
        // Chapter 1: Swift for Objective-C programmers
        .target(name: "Fractions"),
        .executableTarget(name: "fraction", dependencies: ["Fractions"]),
        .executableTarget(name: "fraction-calculator", dependencies: ["Fractions"]),
        .executableTarget(name: "protocol-check"),
        // Chapter 2: Memory and value semantics
        .executableTarget(name: "deinit-trace"),
        .executableTarget(name: "retain-cycle"),
        .executableTarget(name: "copy-on-write"),
        .executableTarget(name: "memory-diagrams"),
    ],
    swiftLanguageModes: [.v6]
)
