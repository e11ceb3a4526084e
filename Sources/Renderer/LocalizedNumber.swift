import CourseModel

/// A number a template can print (`{{chapter_count}}`, the locale's digits) or pass to a
/// counted string (`{{ part_chapter_count(chapter_count) }}`: the catalog entry in the plural
/// form the number needs).
struct LocalizedNumber: TemplateTransformable, CustomStringConvertible, Sendable {
    let value: Int
    let strings: UIStrings
    var description: String { strings.number(value) }
    func transform(_ name: String) -> Any? { strings.format(name, count: value) }
}
