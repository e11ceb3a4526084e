// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FixtureSamples",
    targets: [
        .target(name: "Greeting"),
        .executableTarget(name: "hello", dependencies: ["Greeting"]),
        .executableTarget(name: "hello-locale"),
        .executableTarget(name: "sliced"),
        .executableTarget(name: "fails-on-purpose"),
        .executableTarget(name: "clock"),
        .executableTarget(name: "stdin-reader"),
        .executableTarget(name: "echo-input"),
        .executableTarget(name: "writer"),
        .executableTarget(name: "forker"),
        .executableTarget(name: "forever"),
        .executableTarget(name: "flood"),
        .executableTarget(name: "segfault"),
        .executableTarget(name: "wrong-output"),
        .executableTarget(name: "unrecorded"),
    ],
    swiftLanguageModes: [.v6]
)
