import CourseModel
import Foundation

/// `<locale>/samples.html`, and the links to where samples and names are used.
extension SiteRenderer {
    /// "Listing 2.3", "Section 2.1", "Ch. 7 › Discussion" or "Chapter 2", linking to the place.
    func link(to place: SamplePlace, _ locale: LocaleContext) -> LabeledLink {
        let strings = locale.strings
        let label: String
        let anchor: String?
        if let number = place.listingNumber {
            label = number.label(strings[place.isFigure ? "ref_figure_start" : "ref_listing_start"])
            anchor = place.listingID
        } else {
            label = place.sectionLabel(strings)
            anchor = place.sectionID
        }
        return LabeledLink(href: SitePaths.chapter(place.chapterID) + (anchor.map { "#" + $0 } ?? ""), label: label)
    }

    /// The frame of a locale page that is not a chapter (gallery, API index).
    func pageFrame(_ locale: LocaleContext, page: String, titleKey: String) -> Frame {
        var frame = locale.frame(page: page, title: locale.strings[titleKey] + " · " + locale.courseTitle)
        frame.tocHTML = locale.tocHTML
        // The page's own intro (`gallery_intro` beside `gallery_title`) describes it.
        let intro = titleKey.replacingOccurrences(of: "_title", with: "_intro")
        frame.meta = locale.meta(page: page, title: locale.strings[titleKey], type: "website",
                                 description: PageDescription.cut(locale.strings[intro]), card: nil, jsonLD: nil)
        return frame
    }

    func renderGallery(_ locale: LocaleContext) -> String {
        let course = locale.course
        let und = LocaleTag("und")!
        let samples = course.samples.map { sample -> GallerySample in
            // "Chapter 2. Memory and value semantics · Section 2.4.2 · Listing 2.4", each linked.
            let places = (sample.places[locale.locale] ?? []).flatMap { place -> [LabeledLink] in
                var links = [LabeledLink(href: SitePaths.chapter(place.chapterID),
                                         label: locale.strings.labeledTitle(place.chapterLabel, place.chapterTitle))]
                if let sectionID = place.sectionID {
                    links.append(LabeledLink(href: SitePaths.chapter(place.chapterID) + "#" + sectionID,
                                             label: place.section.map { locale.strings.format("ref_section_start", $0) } ?? place.sectionTitle ?? ""))
                }
                links.append(link(to: place, locale))
                return links
            }
            return GallerySample(
                name: sample.name, listingOnly: sample.listingOnly,
                platform: locale.strings[sample.listingOnly ? "gallery_listing_only" : "gallery_runs_on_linux"], places: places,
                description: sample.description[locale.locale] ?? sample.description[und]
                    ?? locale.locale.fallbackChain(source: course.config.sourceLocale).lazy.compactMap { sample.description[$0] }.first,
                output: sample.output[locale.locale] ?? sample.output[nil] ?? nil,
                fullOutput: sample.fullOutput[locale.locale] ?? sample.fullOutput[nil] ?? nil,
                download: sample.listingOnly ? nil : SitePaths.sampleDownload(sample.name),
                downloadLabel: sample.listingOnly ? nil : locale.strings.format("sample_download", sample.name + ".zip"))
        }
        let chapters = locale.pages.filter { page in course.samples.contains { $0.places[locale.locale]?.contains { $0.chapterID == page.id } == true && !$0.listingOnly } }
        let downloads = chapters.map { page in
            LabeledLink(href: SitePaths.chapterDownload(page.id), label: locale.strings.format("gallery_download_chapter", page.numbering.label.head ?? page.title))
        }
        var model = GalleryPage(frame: pageFrame(locale, page: SitePaths.gallery, titleKey: "gallery_title"), samples: samples, chapterDownloads: downloads)
        model.chapters = galleryChapters(samples, course.samples, locale).map { chapter in
            var chapter = chapter
            if let index = chapters.firstIndex(where: { "chapter-" + $0.id == chapter.anchor }) { chapter.download = downloads[index] }
            return chapter
        }
        return renderRemembering(model, template: "gallery")
    }

    /// The gallery's samples under the chapter that shows each first, in the chapters' order;
    /// the samples no chapter of the locale shows come last, under their own heading.
    func galleryChapters(_ shown: [GallerySample], _ summaries: [SampleSummary], _ locale: LocaleContext) -> [GalleryChapter] {
        var chapters: [GalleryChapter] = locale.pages.map { page in
            let heading = locale.strings.labeledTitle(page.numbering.label, page.title)
            return GalleryChapter(heading: heading, anchor: "chapter-" + page.id, href: SitePaths.chapter(page.id), samples: [])
        }
        var others = GalleryChapter(heading: locale.strings["gallery_other_samples"], anchor: "chapter-none", href: nil, samples: [])
        for (sample, summary) in zip(shown, summaries) {
            if let first = summary.places[locale.locale]?.first, let index = locale.pages.firstIndex(where: { $0.id == first.chapterID }) {
                chapters[index].samples.append(sample)
            } else {
                others.samples.append(sample)
            }
        }
        return (chapters + [others]).filter { !$0.samples.isEmpty }
    }
}
