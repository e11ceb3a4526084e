import CourseModel

/// Chapter pages kept from one render for the next (the preview's rebuilds): a page whose
/// resolved content is what it was is not rendered again, for its own file or for the print
/// version. The keeper answers only while everything around the pages is unchanged.
public protocol PageMemo: Sendable {
    /// The page at `path` as it was rendered from `page`, if it was.
    func rendered(path: String, page: ChapterPage) -> RenderedPage?
    /// Keeps a page just rendered.
    func keep(_ rendered: RenderedPage, path: String, page: ChapterPage)
}

/// A chapter page as rendered: its file and its body made ready for the print version.
public struct RenderedPage: Sendable {
    public var html: String
    public var printable: [UInt8]

    public init(html: String, printable: [UInt8]) {
        self.html = html; self.printable = printable
    }
}
