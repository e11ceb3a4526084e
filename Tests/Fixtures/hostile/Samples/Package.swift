// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HostileSamples",
    targets: [
        .executableTarget(name: "environ"),
        .executableTarget(name: "escape"),
        .executableTarget(name: "pgroup"),
        .executableTarget(name: "detach"),
        .executableTarget(name: "allocate"),
    ],
    swiftLanguageModes: [.v6]
)
