import ContentCache
import CourseModel
import Foundation

extension Extras {
    /// Everything the gallery and the API index read from one page: the page as a place to link
    /// to, and what its document shows (`PageCode`). Both are computed from these values alone,
    /// and `key` is the hash of the whole value, so pages with equal keys give the gallery and the
    /// API index the same contents (the command line's page cache compares them).
    public struct PageInput: Sendable, Equatable, Encodable {
        var chapterID: String
        var chapterNumber: Int
        /// `ChapterLabel.field`.
        var chapterLabel: String
        var chapterTitle: String
        public var code: PageCode

        /// `code` is what `code(in:)` found in the page's document, given when the page comes
        /// without it (a streamed chapter's; see `Resolver.streamed`); `terms` finds the subject
        /// index's terms in it.
        public init(_ page: ChapterPage, code: PageCode? = nil, terms: SubjectMatcher? = nil) {
            chapterID = page.id
            chapterNumber = page.number
            chapterLabel = page.numbering.label.field
            chapterTitle = page.title
            self.code = code ?? Extras.code(in: page.document, terms: terms)
        }

        /// The input of a page of `config`'s course.
        public init(_ page: ChapterPage, config: CourseConfig) {
            self.init(page, terms: Extras.subjectMatcher(config, locale: page.locale))
        }

        public var key: String { ContentKey("extras-page-input-v3", encoding: self).hex }

        /// A section of the page as a place to link to.
        func place(in section: Section) -> SamplePlace {
            SamplePlace(chapterID: chapterID, chapterNumber: chapterNumber, chapterLabel: ChapterLabel(field: chapterLabel),
                        chapterTitle: chapterTitle, section: section.head?.number?.numbering.dotted, sectionID: section.head?.id,
                        sectionTitle: section.head?.title, listingID: nil, listingNumber: nil)
        }
    }

    /// Every page's input, by locale in table-of-contents order, made in parallel; `code` holds,
    /// by chapter file, the code of the chapters whose pages come without their documents.
    /// `kept` gives the input an earlier build made of the same page (the preview's: matching the
    /// subject index's terms in every page on every edit took a quarter of a second).
    public static func inputs(_ course: ResolvedCourse, code: [String: PageCode] = [:],
                              kept: @Sendable (ChapterPage) -> PageInput? = { _ in nil }) -> [LocaleTag: [PageInput]] {
        let locales = course.pages.keys.sorted { $0.rawValue < $1.rawValue }
        let pages = locales.flatMap { locale in (course.pages[locale] ?? []).map { (locale, $0) } }
        let matchers = Dictionary(uniqueKeysWithValues: locales.map { ($0, subjectMatcher(course.config, locale: $0)) })
        let made = parallelMap(pages) { locale, page in
            kept(page) ?? PageInput(page, code: code[page.sourcePath], terms: matchers[locale] ?? nil)
        }
        var inputs: [LocaleTag: [PageInput]] = [:]
        for ((locale, _), input) in zip(pages, made) { inputs[locale, default: []].append(input) }
        return inputs
    }

    /// A number as the inputs keep it: `Numbering`'s parts and chapter label (`ChapterLabel.field`).
    struct Number: Sendable, Equatable, Encodable {
        var parts: [Int]
        var chapter: String?

        init(_ numbering: Numbering) {
            parts = numbering.parts
            chapter = numbering.chapter?.field
        }

        var numbering: Numbering { Numbering(parts, chapter: chapter.flatMap(ChapterLabel.init(field:))) }
    }

    /// A top-level heading as a place: its id, number and title as plain text.
    struct SectionHead: Sendable, Equatable, Encodable {
        var id: String
        var number: Number?
        var title: String
    }

    /// Where a block is on its page: after which top-level heading (`head` nil and `index` -1
    /// before the first one).
    struct Section: Sendable {
        var index = -1
        var head: SectionHead?
    }

    /// The code and the samples a chapter's document shows, in order: Swift blocks and samples,
    /// inline code in paragraphs, tables and headings, the listings of samples' code and the
    /// figures runs drew, each with the section it is in. Small: a big course keeps it for every
    /// chapter whose document it lets go (see `Resolver.streamed`, which keeps only chapters
    /// whose headings have no links, since linking changes nothing else this reads).
    public struct PageCode: Sendable, Equatable, Encodable {
        struct Item: Sendable, Equatable, Encodable {
            var text: String
            var isBlock: Bool
            var inParagraph = false
            /// A block the build compiles (a `{run}` or `{compile}` snippet; a sample's listing
            /// unless the sample is listing-only), so its calls name real functions.
            var checked = false
            /// The sample whose code a block shows.
            var sample: String?
            /// An Objective-C or C block: read for the names it declares and uses, not indexed.
            var objC = false
            /// Its section: an index into `sections` (-1: before the first heading).
            var section: Int32
            /// A block's listing: an index into `listings` (-1: none).
            var listing: Int32 = -1
        }
        struct Listing: Sendable, Equatable, Encodable {
            var id: String?
            var number: Number?
        }
        /// A block that shows a sample: a listing of its code, or a figure one of its runs drew.
        struct Shown: Sendable, Equatable, Encodable {
            var sample: String
            var id: String?
            var number: Number?
            var isFigure: Bool
            var section: Int32
        }
        var items: [Item] = []
        /// The top-level headings, in order.
        var sections: [SectionHead] = []
        var listings: [Listing] = []
        var shown: [Shown] = []
        /// Where the page names the subject index's terms.
        var subjects: [SubjectHit] = []
        /// What its `{fails}` snippets quote, for the index of compiler errors.
        var errors: [QuotedErrors] = []

        /// A `{fails}` snippet's ```error block: its error lines as written, the plain text of the
        /// paragraph before the snippet (in its container, else around it; "" when the section
        /// has none before it) and its section.
        struct QuotedErrors: Sendable, Equatable, Encodable {
            var lines: [String]
            var explanation: String
            var section: Int32
        }

        func section(_ index: Int32) -> Section {
            index < 0 ? Section() : Section(index: Int(index), head: sections[Int(index)])
        }

        func listing(of item: Item) -> Listing {
            item.listing < 0 ? Listing() : listings[Int(item.listing)]
        }
    }

    public static func code(in document: Document, terms: SubjectMatcher? = nil) -> PageCode {
        var code = PageCode()
        code.subjects = terms?.hits(in: document) ?? []
        var current: Int32 = -1
        func spans(_ inlines: [Inline], inParagraph: Bool) {
            codeSpans(inlines) { code.items.append(PageCode.Item(text: $0, isBlock: false, inParagraph: inParagraph, section: current)) }
        }
        // By depth, the last paragraph of the container being walked there, in this section.
        var paragraphs: [String?] = []
        func quoted(_ text: String, depth: Int) {
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { Extras.errorMessage($0) != nil }
            guard !lines.isEmpty else { return }
            let explanation = paragraphs[...depth].reversed().lazy.compactMap { $0 }.first ?? ""
            code.errors.append(PageCode.QuotedErrors(lines: lines, explanation: explanation, section: current))
        }
        document.blocks.walk { block, depth in
            if paragraphs.count > depth + 1 { paragraphs.removeSubrange((depth + 1)...) }
            while paragraphs.count < depth + 1 { paragraphs.append(nil) }
            switch block {
            case .heading(let heading):
                if depth == 0 {
                    code.sections.append(SectionHead(id: heading.id, number: heading.number.map(Number.init), title: heading.content.plainText))
                    current = Int32(code.sections.count - 1)
                    paragraphs = [nil]
                }
                spans(heading.content, inParagraph: false)
            case .paragraph(let inlines, _):
                spans(inlines, inParagraph: true)
                let text = inlines.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { paragraphs[depth] = text }
            // A resolved page shows a snippet's errors as an output block after its code; a
            // streamed chapter's document still has the snippet.
            case .output(let output) where output.kind == .compilerErrors: quoted(output.text, depth: depth)
            case .snippet(_, let snippet) where snippet.mode == .fails && !snippet.hidden && snippet.question == nil: quoted(snippet.expected ?? "", depth: depth)
            case .table: for cell in block.inlineRuns { spans(cell, inParagraph: true) }
            case .code(let block):
                if let sample = block.sample {
                    code.shown.append(PageCode.Shown(sample: sample, id: block.id, number: block.number.map(Number.init), isFigure: false,
                                                     section: current))
                }
                if ObjCNames.languages.contains(block.language.lowercased()) {
                    code.items.append(PageCode.Item(text: block.code, isBlock: true, objC: true, section: current))
                    break
                }
                guard block.sample != nil || block.language == "swift" else { break }
                var item = PageCode.Item(text: block.code, isBlock: true, section: current)
                item.sample = block.sample
                item.checked = block.sample != nil || block.attributes.classes.contains { $0 == "run" || $0 == "compile" }
                if block.isListing, block.id != nil || block.number != nil {
                    item.listing = Int32(code.listings.count)
                    code.listings.append(PageCode.Listing(id: block.id, number: block.number.map(Number.init)))
                }
                code.items.append(item)
            case .figure(let figure):
                guard let drawn = figure.drawn else { break }
                code.shown.append(PageCode.Shown(sample: drawn.run.name, id: figure.id, number: figure.number.map(Number.init), isFigure: true,
                                                 section: current))
            default: break
            }
        }
        return code
    }
}
