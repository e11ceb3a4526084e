import CourseModel
import Foundation

/// The pages' JSON-LD (schema.org): the home page is a `Course` with its chapters as parts; a
/// chapter is a `LearningResource` of that course, with a `BreadcrumbList` from the home page. Only
/// what the course says is given: its `authors` as the course's, and no provider or publisher.
extension LocaleContext {
    /// The course as the home page describes it.
    func courseJSONLD() -> [String: Any] {
        var course = courseReference()
        course["@context"] = "https://schema.org"
        course["inLanguage"] = locale.rawValue
        if self.course.cards.contains(locale), let image = cardURL(chapter: nil) { course["image"] = image }
        if let license = self.course.config.license?.url { course["license"] = license }
        let authors = self.course.config.authors
        if !authors.isEmpty { course["author"] = authors.map { ["@type": "Person", "name": $0] } }
        course["hasPart"] = pages.enumerated().map { index, page -> [String: Any] in
            ["@type": "LearningResource", "name": page.title, "url": address(SitePaths.chapter(page.id)), "position": index + 1,
             "learningResourceType": "chapter", "inLanguage": page.contentLocale.rawValue]
        }
        return course
    }

    /// The chapter at `index` (its page `page`, with its document) and its breadcrumbs.
    func chapterJSONLD(index: Int, page: ChapterPage, description: String) -> [String: Any] {
        var resource: [String: Any] = [
            "@type": "LearningResource", "name": page.title, "learningResourceType": "chapter", "position": index + 1,
            "inLanguage": page.contentLocale.rawValue, "url": address(SitePaths.chapter(page.id)), "isPartOf": courseReference(),
        ]
        if !description.isEmpty { resource["description"] = description }
        if let updated = page.updated { resource["dateModified"] = updated }
        if course.cards.contains(locale), let image = cardURL(chapter: page.id) { resource["image"] = image }
        return ["@context": "https://schema.org", "@graph": [resource, breadcrumbs(page)]]
    }

    /// The course's name, description and home page: what a chapter says it is part of.
    private func courseReference() -> [String: Any] {
        var course: [String: Any] = ["@type": "Course", "name": courseTitle, "url": address(SitePaths.home)]
        if !courseDescription.isEmpty { course["description"] = courseDescription }
        return course
    }

    /// Home page → the chapter's part (at its first chapter), when the part has a title → the chapter.
    private func breadcrumbs(_ page: ChapterPage) -> [String: Any] {
        var items: [(name: String, page: String)] = [(courseTitle, SitePaths.home)]
        if let part = toc.first(where: { $0.chapters.contains { $0.href == SitePaths.chapter(page.id) } }), !part.title.isEmpty {
            items.append((part.title, part.firstHref))
        }
        items.append((page.title, SitePaths.chapter(page.id)))
        return ["@type": "BreadcrumbList", "itemListElement": items.enumerated().map { position, item -> [String: Any] in
            ["@type": "ListItem", "position": position + 1, "name": item.name, "item": address(item.page)]
        }]
    }

    private func cardURL(chapter: String?) -> String? {
        course.config.baseURL.map { $0 + SitePaths.page(SocialCardPaths.card(chapter: chapter), in: locale) }
    }
}
