import CourseModel
import Foundation
import Pipeline
import PrimerTestSupport
import Renderer
import Testing

/// What readers and hosts get besides the chapters: the one-page print version, publishing
/// files, the page chrome (theme, drawer, search) and the search index.
@Suite(.serialized) struct ReaderTests {
    func build(_ folder: URL, search: Bool = false) throws -> Build.Result {
        var options = Build.Options(content: folder.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(search: search)
        return try Build.run(options)
    }

    /// Every `id="…"` of a page, and every same-page `href="#…"`.
    func ids(_ html: String) -> [String] { attributes("id", in: html) }
    func attributes(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func thePrintPageHoldsTheWholeCourseWithLinksWithinThePage() throws {
        let folder = try TestSupport.copyFixture("basic")
        let result = try build(folder)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        for locale in ["en", "ru", "zh-Hans"] {
            let page = TestSupport.read(folder.appendingPathComponent("site/\(locale)/print.html"))
            #expect(page.contains("<section class=\"print-chapter chapter\" id=\"intro\""))
            #expect(page.contains("<section class=\"print-chapter chapter\" id=\"details\""))
            let all = ids(page)
            #expect(Set(all).count == all.count, "duplicate ids in \(locale)/print.html")
            // Every in-page link lands on an element of the page; none leads to a chapter page.
            for href in attributes("href", in: page) where href.hasPrefix("#") {
                #expect(all.contains(String(href.dropFirst()).removingPercentEncoding ?? ""), "\(locale)/print.html: \(href) has no target")
            }
            #expect(!page.contains("href=\"details.html") && !page.contains("href=\"intro.html"))
        }
        let en = TestSupport.read(folder.appendingPathComponent("site/en/print.html"))
        #expect(en.contains("<a href=\"#details\" class=\"xref\">Chapter 2</a>"))
        #expect(en.contains("<a href=\"#details--deep\" class=\"xref\">Section 2.1</a>"))
        #expect(en.contains("<a href=\"#intro--lst-hello\" class=\"xref\">Listing 1.1</a>"))
        #expect(en.contains("<title>Fixture Course (printable version)</title>"))
        let home = TestSupport.read(folder.appendingPathComponent("site/ru/index.html"))
        #expect(home.contains("<a href=\"print.html\">Весь курс на одной странице, для печати из браузера</a>"))
    }

    /// Templates escape values byte-wise (`escapeHTML(_:apostrophes:)`): the same five characters
    /// and entities as swift-mustache's escaping, and `{{{…}}}` still leaves HTML alone.
    @Test func templateValuesAreEscapedAsMustacheEscapesThem() throws {
        let folder = try TestSupport.copyFixture("basic")
        let intro = folder.appendingPathComponent("Content/en/intro.md")
        try TestSupport.write(TestSupport.read(intro).replacingOccurrences(of: "title: Introduction", with: "title: Tom's <Intro> & \"more\" — ещё"),
                              to: intro)
        let result = try build(folder)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let page = TestSupport.read(folder.appendingPathComponent("site/en/intro.html"))
        #expect(page.contains("<h1>Tom&#39;s &lt;Intro&gt; &amp; &quot;more&quot; — ещё</h1>"))
        #expect(page.contains("<title>Tom&#39;s &lt;Intro&gt; &amp; &quot;more&quot; — ещё · "))
        #expect(!page.contains("PRIMER_HTML") && page.hasPrefix("<!DOCTYPE html>\n"))
        // The next page's pager names it the same way.
        #expect(TestSupport.read(folder.appendingPathComponent("site/en/details.html")).contains("Tom&#39;s &lt;Intro&gt;"))
    }

    @Test func printableRewritesIdsAndLinksBetweenChapters() {
        let html = ##"<h2 id="a">A <a class="anchor" href="#a">#</a></h2><p><a href="b.html#x" class="xref">B</a> "##
            + ##"<a href="b.html">B</a> <a href="samples.html#s">S</a> <a href="https://e.org/b.html">E</a> <img src="../i.png" alt="x=&quot;1&quot;"></p>"##
        let out = SiteRenderer.printable(html, chapter: "a1", chapters: ["a1", "b"])
        #expect(out == ##"<h2 id="a1--a">A <a class="anchor" href="#a1--a">#</a></h2><p><a href="#b--x" class="xref">B</a> "##
            + ##"<a href="#b">B</a> <a href="samples.html#s">S</a> <a href="https://e.org/b.html">E</a> <img src="../i.png" alt="x=&quot;1&quot;"></p>"##)
    }

    @Test func publishingFilesAndTheEditLink() throws {
        let folder = try TestSupport.copyFixture("basic")
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(config) + "edit_url: https://github.com/acme/course/edit/main/Content/{path}\n", to: config)
        let result = try build(folder)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let site = folder.appendingPathComponent("site")
        #expect(TestSupport.read(site.appendingPathComponent("robots.txt"))
                == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/course/sitemap.xml\n")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(".nojekyll").path))
        let ruIntro = TestSupport.read(site.appendingPathComponent("ru/intro.html"))
        #expect(ruIntro.contains("<a href=\"https://github.com/acme/course/edit/main/Content/ru/intro.md\">Редактировать страницу</a>"))
        // A missing translation is edited where its text comes from.
        let ruDetails = TestSupport.read(site.appendingPathComponent("ru/details.html"))
        #expect(ruDetails.contains("Content/en/details.md\">Редактировать страницу</a>"))
        // The 404 page is served at any depth, so with a base URL its links are absolute.
        let notFound = TestSupport.read(site.appendingPathComponent("404.html"))
        #expect(notFound.contains("href=\"https://example.org/course/assets/style.css\""))
    }

    /// The home page tells a newcomer who the course is for, its licence and each chapter's
    /// reading time; a chapter links to its file in the repository and to a new issue about it;
    /// an `.unlisted` heading stays out of "On this page".
    @Test func theHomePageIntroducesTheCourseAndChaptersLinkToTheirRepository() throws {
        let folder = try TestSupport.copyFixture("basic")
        let config = folder.appendingPathComponent("Content/course.yml")
        let planned = TestSupport.read(config).replacingOccurrences(
            of: "    chapters: [intro, details]\n", with: "    chapters: [intro, details]\n    planned: [{ en: Testing, ru: Тестирование }, Tools]\n")
        try TestSupport.write(planned + """
            description: { en: For people who read Objective-C., ru: Для тех, кто читает Objective-C. }
            repository: https://github.com/acme/course.git
            license: { name: { en: CC BY-SA 4.0, zh-Hans: 知识共享 署名-相同方式共享 4.0 }, url: https://creativecommons.org/licenses/by-sa/4.0/ }

            """, to: config)
        let details = folder.appendingPathComponent("Content/en/details.md")
        try TestSupport.write(TestSupport.read(details) + "\n### Problem {#details-problem .unnumbered .unlisted}\n\nText.\n", to: details)
        let zhIntro = folder.appendingPathComponent("Content/zh-Hans/intro.md")
        try TestSupport.write(TestSupport.read(zhIntro).replacingOccurrences(of: "title: ", with: "title: 面向 Objective-C 程序员的"), to: zhIntro)
        let result = try build(folder)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let site = folder.appendingPathComponent("site")
        // A Chinese title's hyphenated Latin word is never split after its hyphen.
        let zhIntroPage = TestSupport.read(site.appendingPathComponent("zh-Hans/intro.html"))
        #expect(zhIntroPage.contains("<h1>面向 Objective\u{2011}C 程序员的"))
        #expect(zhIntroPage.contains("<title>面向 Objective-C 程序员的"))
        let enHome = TestSupport.read(site.appendingPathComponent("en/index.html"))
        #expect(enHome.contains("<p class=\"course-description\">For people who read Objective-C.</p>"))
        #expect(enHome.contains("<p class=\"course-license\">License: <a rel=\"license\" href=\"https://creativecommons.org/licenses/by-sa/4.0/\">CC BY-SA 4.0</a></p>"))
        #expect(enHome.contains("<p class=\"chapter-facts\">1 min read"))
        #expect(enHome.contains("<p class=\"start-reading\"><a href=\"intro.html\">Start reading</a></p>"))
        // What is planned follows what is written, unnumbered, and the part counts it.
        #expect(enHome.contains("<p class=\"part-count\">2 chapters · 2 planned</p>"))
        #expect(enHome.contains("<li class=\"planned\"><span class=\"chapter-title\">Testing</span> <span class=\"planned-badge\">planned</span></li>"))
        let ruHome = TestSupport.read(site.appendingPathComponent("ru/index.html"))
        #expect(ruHome.contains("ещё 2 в планах") && ruHome.contains(">Тестирование</span>") && ruHome.contains(">Tools</span>"))
        // A locale without its own description or licence name reads the source's.
        let zhHome = TestSupport.read(site.appendingPathComponent("zh-Hans/index.html"))
        #expect(zhHome.contains(">知识共享 署名-相同方式共享 4.0</a>") && zhHome.contains("For people who read Objective-C."))
        #expect(zhHome.contains("阅读约 1 分钟"))
        let ruIntro = TestSupport.read(site.appendingPathComponent("ru/intro.html"))
        #expect(ruIntro.contains("<a href=\"https://github.com/acme/course/edit/main/Content/ru/intro.md\">Редактировать страницу</a>"))
        #expect(ruIntro.contains("<a href=\"https://github.com/acme/course/issues/new?title=") && ruIntro.contains("Сообщить об ошибке</a>"))
        #expect(ruIntro.contains("1 мин чтения</p>"))
        let enDetails = TestSupport.read(site.appendingPathComponent("en/details.html"))
        #expect(enDetails.contains("<h3 id=\"details-problem\">") && !enDetails.contains("<a href=\"#details-problem\">"))
        #expect(enDetails.contains("<a href=\"#deep\">"))
    }

    /// Without a base URL, the 404 page finds the site's root from the address a host serves it
    /// at (a locale folder in it) before it asks for its style sheet and script; the browser
    /// check serves it at /ru/… and deeper.
    @Test func withoutABaseURLThe404PageFindsTheRootItself() throws {
        let folder = try TestSupport.copyFixture("basic")
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(config).replacingOccurrences(of: "base_url: https://example.org/course/\n", with: ""), to: config)
        _ = try build(folder)
        let notFound = TestSupport.read(folder.appendingPathComponent("site/404.html"))
        #expect(notFound.contains("<script data-locales=\"en ru zh-Hans\">"))
        #expect(notFound.contains("<noscript><link rel=\"stylesheet\" href=\"assets/style.css\"></noscript>"))
        #expect(notFound.components(separatedBy: "<link rel=\"stylesheet\"").count == 2, "only the noscript one is static")
        let chapter = TestSupport.read(folder.appendingPathComponent("site/en/intro.html"))
        #expect(!chapter.contains("data-locales") && chapter.contains("<link rel=\"stylesheet\" href=\"../assets/style.css\">"))
    }

    @Test func aBadEditURLIsAnErrorAtItsLine() throws {
        let folder = try TestSupport.copyFixture("basic")
        let config = folder.appendingPathComponent("Content/course.yml")
        try TestSupport.write(TestSupport.read(config) + "edit_url: github.com/acme/course\n", to: config)
        let result = try build(folder)
        let error = result.diagnostics.first { $0.isError }
        #expect(error?.message.contains("'edit_url' must be an absolute http(s) URL containing {path}") == true)
        #expect(error?.location?.line == 11 && error?.location?.column == 11)
        #expect(error?.suggestion?.contains("{path}") == true)
    }

    @Test func everyPageHasTheReaderChromeAndNoRequestLeavesTheSite() throws {
        let folder = try TestSupport.copyFixture("basic")
        _ = try build(folder)
        let site = folder.appendingPathComponent("site")
        for (path, data) in TestSupport.snapshot(site) where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(html.contains("localStorage.getItem(\"primer-theme\")"), "\(path): no early theme script")
            #expect(html.contains("<button id=\"theme-toggle\""), "\(path): no theme toggle")
            #expect(html.contains("<input id=\"search-input\""), "\(path): no search field")
            // Scripts, styles, images and icons come from the site itself.
            for attribute in ["src", "href"] {
                for value in attributes(attribute, in: html) where value.hasPrefix("//") || value.hasPrefix("http") {
                    let isLink = html.contains("<a href=\"\(value)\"") || html.contains("<link rel=\"canonical\" href=\"\(value)\"")
                        || html.contains("<link rel=\"alternate\" hreflang=") && value.hasPrefix("https://example.org/")
                        || path == "404.html" && value.hasPrefix("https://example.org/course/")
                    #expect(isLink, "\(path) loads \(value) from elsewhere")
                }
            }
        }
        let chapter = TestSupport.read(site.appendingPathComponent("en/intro.html"))
        #expect(chapter.contains("<button id=\"toc-toggle\" class=\"icon-button toc-toggle\" type=\"button\" aria-controls=\"toc\" aria-expanded=\"false\">"))
        #expect(chapter.contains("<nav id=\"toc\" class=\"toc\""))
        #expect(chapter.contains("<article class=\"chapter\" lang=\"en\" data-chapter=\"intro\" data-pagefind-body>"))
        #expect(chapter.contains("data-copy=\"Copy\" data-copied=\"Copied\""))
        let zh = TestSupport.read(site.appendingPathComponent("zh-Hans/intro.html"))
        #expect(zh.contains("placeholder=\"搜索课程\"") && zh.contains("data-copy=\"复制\""))
    }

    /// What a file weighs on the wire from a host that gzips it (as the site checks count it).
    static func compressedSize(_ path: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-6", "-n", "-c", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data.count
    }

    @Test func theRealCoursesChapterPagesWeighUnder64KBCompressed() throws {
        let folder = TestSupport.scratch("primer-weight")
        var options = Build.Options(content: TestSupport.root.appendingPathComponent("Content").path, templates: TestSupport.templates,
                                    output: folder.appendingPathComponent("site").path)
        options.product = .site(reuse: false)
        let result = try Build.run(options)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let site = folder.appendingPathComponent("site")
        let assets = try ["assets/style.css", "assets/primer.js"].reduce(0) { $0 + (try Self.compressedSize(site.appendingPathComponent($1).path)) }
        for locale in ["en", "ru", "zh-Hans"] {
            for chapter in ["swift-for-objc", "memory", "errors", "collections", "key-paths", "app-lifecycle", "design-patterns"] {
                let html = try Self.compressedSize(site.appendingPathComponent("\(locale)/\(chapter).html").path)
                #expect(html > 5_000 && html + assets < 64_000, "\(locale)/\(chapter).html weighs \(html + assets) bytes compressed")
            }
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["PATH"].map { _ in
        Process.canRun(["python3", "-m", "pagefind", "--version"]) } ?? false))
    func theSearchIndexIsBuiltPerLanguageBeforeTheSwap() throws {
        let folder = try TestSupport.copyFixture("basic")
        let result = try build(folder, search: true)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(result.timings.contains { $0.stage == "search" })
        let index = folder.appendingPathComponent("site/pagefind")
        #expect(FileManager.default.fileExists(atPath: index.appendingPathComponent("pagefind.js").path))
        let entry = TestSupport.read(index.appendingPathComponent("pagefind-entry.json"))
        for language in ["\"en\"", "\"ru\"", "\"zh-hans\""] { #expect(entry.contains(language), "no \(language) index: \(entry)") }
        // A rebuild with a changed chapter makes a new index (the entry names the index by its hash).
        let chapter = folder.appendingPathComponent("Content/en/intro.md")
        try TestSupport.write(TestSupport.read(chapter) + "\nZyzzyvaword.\n", to: chapter)
        _ = try build(folder, search: true)
        let newEntry = TestSupport.read(index.appendingPathComponent("pagefind-entry.json"))
        #expect(newEntry != entry && newEntry.contains("\"ru\""))
    }

    @Test func withoutPagefindTheBuildWarnsAndTheSiteWorks() throws {
        let folder = try TestSupport.copyFixture("basic")
        let run = try TestSupport.run(["build", "--templates", TestSupport.templates], in: folder, environment: ["PRIMER_PAGEFIND": "/nonexistent/pagefind"])
        #expect(run.status == 0, "\(run.output)")
        // Placed at the output folder the author knows, not the staging folder it was made in.
        #expect(run.output.contains("site: warning: the site has no search: Pagefind failed"), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/en/intro.html").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/pagefind").path))
    }
}

extension Process {
    /// Whether a command runs and exits with status 0.
    static func canRun(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
