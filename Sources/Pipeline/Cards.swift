import ContentCache
import CourseModel
import Editions
import Foundation
import Renderer

extension BuildRun {
    /// What the social cards stage made: the PNGs, and the locales that have them (their pages'
    /// `og:image`).
    struct CardsMade {
        var files: [SiteFile] = []
        var locales: Set<LocaleTag> = []
    }

    /// Everything one card's PNG is made from: the cards' preamble, its page's markup (its words,
    /// language and fonts), and which Typst and fonts draw it (`TypstCompiler.identity`). Its key is
    /// the card's cache key.
    struct CardKeyInput: Encodable {
        var preamble: String
        var page: String
        var typst: String
    }

    /// The social cards of every locale built (a one-shot `primer build` of a course with a
    /// `base_url`, as the `social cards` format asks): one per chapter and one for the home page,
    /// `<locale>/cards/<chapter>.png` and `cards/index.png`, the missing ones drawn by Typst in
    /// one run. Each is cached in `.primer-cache/cards/` by its `CardKeyInput`, so a second build
    /// draws nothing. Without Typst or its fonts: a warning, and no cards (nor `og:image`).
    ///
    /// A card shows only its page's header (title, number) and the course's title. An edit that
    /// changes a page's header is never incremental (`resolveEdited` compares each edited page's
    /// exports, its header among them, with the last build's), so the incremental build keeps the
    /// cards (the format is `.unchanged`) and only asks the cache which locales have them all.
    mutating func cards(_ course: ResolvedCourse, _ policy: BuildPolicy) -> CardsMade {
        guard options.writes, options.formats.makesCards(course.config), let baseURL = course.config.baseURL else { return CardsMade() }
        let folder = cache.folder + "/cards"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = ContentCache(folder: folder, suffix: ".png")
        let typst = TypstCompiler.identity(remembering: folder + "/typst-identity")
        let cards = course.locales.flatMap { locale in Self.cards(course, locale: locale, site: baseURL).map { (locale, $0.path, $0.card) } }
        let keys = cards.map { locale, _, card in
            ContentKey("social-card-v1", encoding: CardKeyInput(preamble: SocialCards.preamble, page: SocialCards.page(card, locale: locale), typst: typst))
        }
        var pngs = keys.map { store.bytes(for: $0) }
        let missing = pngs.indices.filter { pngs[$0] == nil }
        var made = CardsMade()
        if policy.reuse != nil {  // the site keeps its cards
            made.locales = missing.isEmpty ? Set(course.locales) : []
            return made
        }
        if !missing.isEmpty {
            let drawn = SocialCards.draw(missing.map { (cards[$0].2, cards[$0].0) })
            guard let images = drawn.pngs else {
                result.diagnostics += drawn.diagnostics.map { problem in
                    guard problem.severity == .error else { return problem }
                    let message = "the social cards were not drawn: " + problem.message
                    // The site is still right, only without pictures in its link previews.
                    return .warning(.typesetting, message, suggestion: drawn.missingTools ? problem.suggestion : nil)
                }
                lap("social cards")
                return made
            }
            for (index, png) in zip(missing, images) {
                pngs[index] = png
                store.store(png, for: keys[index])
            }
        }
        keys.forEach(store.touch)
        made.locales = Set(course.locales)
        made.files = zip(cards, pngs).map { card, png in SiteFile(path: SitePaths.page(card.1, in: card.0), contents: .bytes(png ?? [])) }
        store.removeUnused(olderThan: 7 * 24 * 3600)
        lap(missing.isEmpty ? "social cards (kept)" : "social cards: \(missing.count) drawn")
        return made
    }

    /// A locale's cards, the home page's first: its path in the locale's folder and what it shows.
    static func cards(_ course: ResolvedCourse, locale: LocaleTag, site: String) -> [(path: String, card: SocialCard)] {
        let config = course.config, strings = course.strings[locale] ?? UIStrings(locale: locale, entries: [:])
        let courseTitle = config.title.text(for: locale, source: config.sourceLocale)
        // The home page's card names the site where a chapter's names the course.
        let address = site.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
        let home = SocialCard(title: courseTitle, label: nil, footer: address.hasSuffix("/") ? String(address.dropLast()) : address)
        return [(SocialCardPaths.card(chapter: nil), home)] + (course.pages[locale] ?? []).map { page in
            (SocialCardPaths.card(chapter: page.id),
             SocialCard(title: page.title, label: strings.chapterLabel(page.numbering.label), footer: courseTitle))
        }
    }
}
