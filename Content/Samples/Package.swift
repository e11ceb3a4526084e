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
        .executableTarget(name: "initializer-phases"),
        .executableTarget(name: "option-set-flags"),
        // Chapter 2: Memory and value semantics
        .executableTarget(name: "deinit-trace"),
        .executableTarget(name: "retain-cycle"),
        .executableTarget(name: "copy-on-write"),
        .executableTarget(name: "memory-diagrams"),
        .executableTarget(name: "nested-copies"),
        .executableTarget(name: "closure-cycle"),
        // Chapter 3: Errors and diagnostics
        .executableTarget(name: "safe-index"),
        .executableTarget(name: "typed-throws"),
        .executableTarget(name: "nserror-bridge"),
        .executableTarget(name: "crash-trace"),
        .executableTarget(name: "format-specifiers"),
        // Chapter 4: Collections
        .executableTarget(name: "sort-people"),
        .executableTarget(name: "set-algebra"),
        .executableTarget(name: "index-sections"),
        .executableTarget(name: "plist-catalog"),
    ],
    swiftLanguageModes: [.v6]
)
