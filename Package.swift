// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Primer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "primer", targets: ["primer"]),
        // The preview (`primer serve`) is its own program, so that `make site` does not compile
        // SwiftNIO and Hummingbird: `primer serve` runs it from the folder primer is in.
        .executable(name: "primer-preview", targets: ["primer-preview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // load -> parse -> resolve -> render -> write; see ARCHITECTURE.md.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"])]),
        // CLDR plural rules from the system's ICU; C, so no ICU type leaks into Swift.
        .target(name: "CPluralRules", dependencies: ["CICU"], linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .target(name: "CourseModel"),
        // SHA-256 cache keys and the one file store every content-addressed cache goes through.
        .target(name: "ContentCache", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // The reproducible ZIP writer the sample downloads and the EPUB share.
        .target(name: "Archives", dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // Templates/ (through a link) and the starter course, compiled into the binary.
        .target(name: "Defaults", resources: [.embedInCode("Templates"), .embedInCode("Starter")]),
        .target(name: "Localization", dependencies: ["CourseModel", "CPluralRules"]),
        // PO and XLIFF 1.2 for translation tools: chapters as per-section units, the catalog as Xcode exports it.
        .target(name: "Exchange", dependencies: ["CourseModel", "Localization", "Markup"]),
        .target(name: "Loader", dependencies: ["CourseModel", "Blocks", "Localization", "Defaults", .product(name: "Yams", package: "Yams")]),
        .target(name: "Markdown", dependencies: ["CourseModel", "Blocks", "CCmarkGFM", "CPlatform"]),
        .target(name: "Samples", dependencies: [
            "CourseModel", "CPlatform", "ContentCache",
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        .target(name: "Resolver", dependencies: ["CourseModel"]),
        // `primer import mdbook|docc`: another tool's book → a Primer project (files and warnings).
        .target(name: "Importers", dependencies: ["CourseModel"]),
        .target(name: "Extras", dependencies: [
            "CourseModel", "ContentCache", "Archives",
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        // Build-time syntax highlighting: swift-syntax for Swift, small table-driven lexers for the rest.
        .target(name: "Highlight", dependencies: [
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftIDEUtils", package: "swift-syntax"),
        ]),
        // Escaping shared by the site's HTML, the templates and the EPUB's XHTML.
        .target(name: "Markup"),
        // Content blocks: the rendering core HTML, XHTML and Typst share, and the kinds of block.
        .target(name: "Blocks", dependencies: ["CourseModel", "Markup"]),
        .target(name: "Renderer", dependencies: ["CourseModel", "Blocks", "Markup", "Highlight", "ContentCache"]),
        .target(name: "Editions", dependencies: ["CourseModel", "CPlatform", "Blocks", "Markup", "Highlight", "ContentCache", "Archives"]),
        .target(name: "CPlatform"),
        .target(name: "Writer", dependencies: ["CourseModel", "CPlatform"]),
        .target(name: "Pipeline", dependencies: ["CourseModel", "Blocks", "Defaults", "Loader", "Markdown", "Samples", "Localization", "Resolver", "Extras", "Renderer", "Editions", "Writer", "ContentCache", "Exchange"]),
        .target(name: "Preview", dependencies: [
            "CourseModel", "Pipeline", "Renderer",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The command-line options primer and primer-preview share.
        .target(name: "CommandOptions", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "primer", dependencies: [
            "Pipeline", "CourseModel", "Samples", "Importers", "CPlatform", "CommandOptions",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "primer-preview", dependencies: [
            "Preview", "CommandOptions", "CPlatform",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Tests: one target per module (unit tests, no tool outside the test process), and
        // EndToEndTests for what needs the built primer, SwiftPM, Typst, epubcheck, Pagefind or
        // bubblewrap. PrimerTestSupport holds their shared helpers; only test targets use it.
        .target(name: "PrimerTestSupport", dependencies: ["CourseModel", "Markdown", "Resolver"], path: "Tests/PrimerTestSupport"),
        .testTarget(name: "CourseModelTests", dependencies: ["CourseModel", "PrimerTestSupport"]),
        .testTarget(name: "ContentCacheTests", dependencies: ["ContentCache", "PrimerTestSupport"]),
        .testTarget(name: "ArchivesTests", dependencies: ["Archives", "Extras", "ContentCache", "PrimerTestSupport",
                                                          .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "BlocksTests", dependencies: ["Blocks", "CourseModel", "Editions", "Markdown", "Markup", "Resolver", "Renderer",
                                                        "PrimerTestSupport"]),
        .testTarget(name: "EditionsTests", dependencies: ["CourseModel", "Editions", "Localization", "Markup", "PrimerTestSupport"]),
        .testTarget(name: "LocalizationTests", dependencies: ["CourseModel", "Localization", "PrimerTestSupport"]),
        .testTarget(name: "ExchangeTests", dependencies: ["CourseModel", "Exchange", "Loader", "Localization", "PrimerTestSupport"]),
        .testTarget(name: "LoaderTests", dependencies: ["CourseModel", "Loader", "PrimerTestSupport"]),
        .testTarget(name: "MarkdownTests", dependencies: ["CourseModel", "Markdown", "Resolver", "Renderer", "PrimerTestSupport"]),
        .testTarget(name: "SamplesTests", dependencies: ["CourseModel", "ContentCache", "Samples", "Resolver", "PrimerTestSupport"]),
        .testTarget(name: "ResolverTests", dependencies: ["CourseModel", "Markdown", "Resolver", "Renderer", "PrimerTestSupport"]),
        .testTarget(name: "ExtrasTests", dependencies: ["CourseModel", "Extras", "PrimerTestSupport"]),
        .testTarget(name: "HighlightTests", dependencies: ["CourseModel", "Highlight", "PrimerTestSupport"]),
        .testTarget(name: "RendererTests", dependencies: [
            "CourseModel", "Markdown", "Resolver", "Renderer", "PrimerTestSupport",
            // Only to check that Primer's Mustache renders templates as swift-mustache does.
            .product(name: "Mustache", package: "swift-mustache"),
        ]),
        .testTarget(name: "WriterTests", dependencies: ["CourseModel", "Writer", "PrimerTestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: [
            "CourseModel", "Loader", "Markdown", "Resolver", "Extras", "Renderer", "Samples", "Pipeline", "PrimerTestSupport",
        ]),
        .testTarget(name: "PreviewTests", dependencies: [
            "CourseModel", "Pipeline", "Preview", "PrimerTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
        .testTarget(name: "ImportersTests", dependencies: ["CourseModel", "Importers", "Pipeline", "PrimerTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: [
            "CourseModel", "Defaults", "Loader", "Markdown", "Samples", "Localization", "Resolver", "Extras", "Editions",
            "Renderer", "Pipeline", "Preview", "PrimerTestSupport",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
