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
        .executableTarget(name: "value-vs-reference", dependencies: ["Fractions"]),
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
        .executableTarget(name: "error-path"),
        // Chapter 4: Collections
        .executableTarget(name: "sort-people"),
        .executableTarget(name: "set-algebra"),
        .executableTarget(name: "set-diagram"),
        .target(name: "IndexModel"),
        .executableTarget(name: "index-sections", dependencies: ["IndexModel"]),
        .executableTarget(name: "plist-catalog"),
        // Chapter 5: Key paths and observation
        .executableTarget(name: "key-path-chain"),
        .executableTarget(name: "collection-operators"),
        .executableTarget(name: "observed-property"),
        .executableTarget(name: "observable-value"),
        .executableTarget(name: "observation-tracking"),
        .executableTarget(name: "observation-cycle"),
        // Chapter 6: App anatomy and life cycle
        .target(name: "Lifecycle"),
        .executableTarget(name: "app-lifecycle", dependencies: ["Lifecycle"]),
        .executableTarget(name: "view-lifecycle"),
        .executableTarget(name: "lifecycle-scenarios", dependencies: ["Lifecycle"]),
        .executableTarget(name: "state-restoration", dependencies: ["Lifecycle"]),
        .executableTarget(name: "lifecycle-diagram", dependencies: ["Lifecycle"]),
        .executableTarget(name: "alert-actions"),
        // Chapter 7: Design patterns
        .executableTarget(name: "delegate-timer"),
        .executableTarget(name: "target-action"),
        .executableTarget(name: "notification-observer"),
        .executableTarget(name: "shared-store"),
        .executableTarget(name: "mvc-tasks"),
        .executableTarget(name: "message-flow"),
        // Chapter 8: Geometry, touches and drawing
        .target(name: "Geometry"),
        .executableTarget(name: "frame-bounds", dependencies: ["Geometry"]),
        .executableTarget(name: "gesture-classifier"),
        .executableTarget(name: "gesture-recognizer"),
        .executableTarget(name: "responder-chain"),
        .executableTarget(name: "easing-curves", dependencies: ["Geometry"]),
        .executableTarget(name: "svg-shapes", dependencies: ["Geometry"]),
        // Chapter 9: Table data sources
        .target(name: "TableModel"),
        .executableTarget(name: "simple-table", dependencies: ["TableModel"]),
        .executableTarget(name: "cell-reuse", dependencies: ["TableModel"]),
        .executableTarget(name: "searchable-sections", dependencies: ["TableModel", "IndexModel"]),
        .executableTarget(name: "edit-rows", dependencies: ["TableModel"]),
        .executableTarget(name: "diffable-snapshot"),
        // Chapter 10: Navigation
        .executableTarget(name: "nav-stack"),
        .executableTarget(name: "segue-router"),
        .executableTarget(name: "tab-overflow"),
        .executableTarget(name: "modal-unwind"),
        .executableTarget(name: "nav-hierarchy"),
        // Chapter 11: SwiftUI for UIKit developers
        .executableTarget(name: "view-tree"),
        .executableTarget(name: "state-rerender"),
        .executableTarget(name: "tree-diff"),
        .executableTarget(name: "typed-path"),
        // Chapter 12: Settings and defaults
        .target(name: "SettingsSchema"),
        .executableTarget(name: "register-defaults", dependencies: ["SettingsSchema"]),
        .executableTarget(name: "defaults-validation", dependencies: ["SettingsSchema"]),
        .executableTarget(name: "defaults-domains", dependencies: ["SettingsSchema"]),
        .executableTarget(name: "defaults-observer", dependencies: ["SettingsSchema"]),
        .executableTarget(name: "settings-bundle"),
        // Chapter 13: Files and the sandbox
        .executableTarget(name: "sandbox-tree"),
        .executableTarget(name: "file-attributes"),
        .executableTarget(name: "file-handle-patch"),
        .executableTarget(name: "one-vs-many"),
        .executableTarget(name: "bundle-resources", resources: [.process("Resources/trails.json"), .embedInCode("Resources/grades.txt")]),
        // Chapter 14: Persistence
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .executableTarget(name: "plist-state"),
        .executableTarget(name: "codable-notes"),
        .executableTarget(name: "sqlite-notes", dependencies: ["CSQLite"]),
        .executableTarget(name: "sql-palindrome", dependencies: ["CSQLite"]),
        .executableTarget(name: "sqlite-blobs", dependencies: ["CSQLite"]),
        // Chapter 15: XML and JSON
        .target(name: "TrailFeed"),
        .executableTarget(name: "rss-sax", dependencies: ["TrailFeed"]),
        .executableTarget(name: "xml-dom", dependencies: ["TrailFeed"]),
        .executableTarget(name: "feed-tree"),
        .executableTarget(name: "json-envelope", dependencies: ["TrailFeed"]),
        .executableTarget(name: "json-errors"),
        // Chapter 16: Web services
        .target(name: "StubServer"),
        .executableTarget(name: "url-components"),
        .executableTarget(name: "url-scheme-router"),
        .executableTarget(name: "rest-client", dependencies: ["StubServer"]),
        .executableTarget(name: "download-progress", dependencies: ["StubServer"]),
        .executableTarget(name: "http-sequence"),
        // Chapter 17: Location maths
        .target(name: "GeoMath"),
        .executableTarget(name: "haversine", dependencies: ["GeoMath"]),
        .executableTarget(name: "radius-search", dependencies: ["GeoMath", "CSQLite"]),
        .executableTarget(name: "track-speed", dependencies: ["GeoMath"]),
        .executableTarget(name: "dms"),
        .executableTarget(name: "geocode-stub", dependencies: ["GeoMath", "StubServer"]),
        // Chapter 18: Concurrency
        .executableTarget(name: "operation-deps"),
        .executableTarget(name: "dispatch-group"),
        .executableTarget(name: "task-group"),
        .executableTarget(name: "actor-counter"),
        .executableTarget(name: "lazy-singleton"),
        .executableTarget(name: "main-thread-blocking"),
        // Chapter 19: Localization and testing
        .target(name: "PluralRules"),
        .executableTarget(name: "string-tables", dependencies: ["PluralRules"], resources: [.copy("Resources/Tables")]),
        .executableTarget(name: "plural-rules", dependencies: ["PluralRules"]),
        .executableTarget(name: "locale-formatting"),
        .executableTarget(name: "key-extractor"),
        .target(name: "TaxRules"),
        .executableTarget(name: "tax-calculator", dependencies: ["TaxRules"]),
        .executableTarget(name: "notes-layers"),
    ],
    swiftLanguageModes: [.v6]
)
