/// What every course gets without a file of its own: Primer's templates, assets and the site's
/// words, compiled into the binary (SwiftPM's `embedInCode`, from the repository's `Templates/`
/// through the link beside this file). A course overrides them one file, one key at a time.
public enum BuiltIn {
    /// Where built-in files say they come from in diagnostics.
    public static let folder = "<built-in>"

    /// Template name (without `.mustache`) → text.
    public static let templates: [String: String] = [
        "404": text(PackageResources._04_mustache),
        "api-index": text(PackageResources.api_index_mustache),
        "chapter": text(PackageResources.chapter_mustache),
        "errors": text(PackageResources.errors_mustache),
        "gallery": text(PackageResources.gallery_mustache),
        "home": text(PackageResources.home_mustache),
        "index": text(PackageResources.index_mustache),
        "layout": text(PackageResources.layout_mustache),
        "print": text(PackageResources.print_mustache),
        "subject-index": text(PackageResources.subject_index_mustache),
        "toc": text(PackageResources.toc_mustache),
    ]

    /// Path under `assets/` → bytes.
    public static let assets: [String: [UInt8]] = [
        "favicon.svg": PackageResources.favicon_svg,
        "primer.js": PackageResources.primer_js,
        "style.css": PackageResources.style_css,
    ]

    /// The site's words in every language Primer ships (`Templates/Localizable.xcstrings`).
    public static let catalog: String = text(PackageResources.Localizable_xcstrings)
    public static let catalogPath = folder + "/Localizable.xcstrings"

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// The course `primer init` writes: one chapter in each language Primer has words for, and a
/// samples package with one sample (`Sources/Defaults/Starter/`).
public enum Starter {
    /// Locale → the chapter `getting-started.md` in that language.
    public static let chapters: [String: String] = [
        "en": BuiltIn.text(PackageResources.getting_started_en_md),
        "ru": BuiltIn.text(PackageResources.getting_started_ru_md),
        "zh-Hans": BuiltIn.text(PackageResources.getting_started_zh_Hans_md),
        "de": BuiltIn.text(PackageResources.getting_started_de_md),
        "fr": BuiltIn.text(PackageResources.getting_started_fr_md),
        "es": BuiltIn.text(PackageResources.getting_started_es_md),
        "ja": BuiltIn.text(PackageResources.getting_started_ja_md),
        "ko": BuiltIn.text(PackageResources.getting_started_ko_md),
        "pt": BuiltIn.text(PackageResources.getting_started_pt_md),
    ]
    /// `starter.json`: locale → `course`, `part` (titles) and `sample` (the gallery's description).
    public static let words: String = BuiltIn.text(PackageResources.starter_json)
    public static let packageManifest = BuiltIn.text(PackageResources.Package_swift_txt)
    public static let sampleSource = BuiltIn.text(PackageResources.greeting_swift_txt)
    public static let sampleOutput = BuiltIn.text(PackageResources.greeting_output_txt)
    public static let sampleName = "greeting"
    public static let chapterID = "getting-started"
}
