import CourseModel
import Foundation

/// Page descriptions: a chapter's summary or its first paragraph, as plain text of about 200 characters.
public enum PageDescription {
    public static let limit = 200

    /// The chapter's `summary`, else the plain text of its first paragraph (cut to `limit`).
    public static func of(summary: String?, document: Document) -> String {
        if let summary, !summary.isEmpty { return cut(summary) }
        for block in document.blocks {
            if case .paragraph(let inlines, _) = block {
                let text = inlines.plainText
                if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return cut(text) }
            }
        }
        return ""
    }

    /// `text` on one line, its runs of white space made one space; past `limit` characters, cut at
    /// the last space before the limit (or at the limit, in a language written without spaces) with "…".
    public static func cut(_ text: String, limit: Int = limit) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard words.count > limit else { return words }
        let head = words.prefix(limit - 1)
        let end = head.lastIndex(of: " ").flatMap { head.distance(from: head.startIndex, to: $0) > limit / 2 ? $0 : nil } ?? head.endIndex
        var kept = String(head[..<end])
        while let last = kept.last, last.isPunctuation || last.isWhitespace { kept.removeLast() }
        return kept + "…"
    }
}

extension LocaleTag {
    /// Open Graph's `language_TERRITORY` form: `en_US`, `ru_RU`, `zh_CN`; the territory is the
    /// tag's own, else the likeliest for its language and script (CLDR's likely subtags, through
    /// Foundation), else none.
    public var openGraphLocale: String {
        let maximal = Locale.Language(identifier: rawValue).maximalIdentifier
        let region = Locale.Language(identifier: maximal).region?.identifier
        return language + (region.map { "_" + $0.uppercased() } ?? "")
    }
}

/// JSON-LD written for a `<script type="application/ld+json">`.
public enum JSONLD {
    /// `value` as JSON with sorted keys and `<`, `>` and `&` as `\u003c`…, so `</script>` (or
    /// `<!--`) cannot occur in it.
    public static func text(_ value: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        var out = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Where a locale's social cards are in its folder.
public enum SocialCardPaths {
    /// `cards/<chapter>.png`, or `cards/index.png` for the home page (nil).
    public static func card(chapter: String?) -> String { "cards/" + (chapter ?? "index") + ".png" }
}

extension LocaleContext {
    /// The meta of a page of this locale; `card` is the chapter whose card it shows (nil: the home page's).
    func meta(page: String, title: String, type: String, description: String, card: String?, jsonLD: [String: Any]?) -> PageMeta {
        let image = course.cards.contains(locale) ? course.config.baseURL.map { $0 + SitePaths.page(SocialCardPaths.card(chapter: card), in: locale) } : nil
        // A page without words of its own (a course without a description) is described by its title.
        return PageMeta(title: title, description: description.isEmpty ? title : description, type: type, siteName: courseTitle, locale: locale.openGraphLocale,
                        alternateLocales: course.locales.filter { $0 != locale }.map { OpenGraphLocale(locale: $0.openGraphLocale) },
                        url: canonical(page: page), image: image, imageAlt: image == nil ? nil : cardAlt(chapter: card),
                        jsonLD: jsonLD.map(JSONLD.text))
    }

    /// What the card shows, as its alt text: "Chapter 3: Memory · iOS Programming in Swift".
    func cardAlt(chapter id: String?) -> String {
        guard let id, let page = pages.first(where: { $0.id == id }) else { return courseTitle }
        return strings.labeledTitle(page.numbering.label, page.title) + " · " + courseTitle
    }

    /// The course's description in this locale (empty when it has none).
    var courseDescription: String {
        let config = course.config
        return config.description.isEmpty ? "" : PageDescription.cut(config.description.text(for: locale, source: config.sourceLocale))
    }

    /// A page's address in JSON-LD: absolute with `base_url`, else relative to a page of the locale's folder.
    func address(_ page: String) -> String { course.config.baseURL.map { $0 + SitePaths.page(page, in: locale) } ?? page }
}
