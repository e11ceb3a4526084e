import CourseModel
import Foundation
import Samples

/// The site's search index, made by Pagefind (https://pagefind.app) over the finished pages:
/// one index per language, from each page's `<html lang>`. Optional: without Pagefind the build
/// warns once and the site works without search.
public enum SearchIndex {
    /// The folder Pagefind writes inside the site.
    public static let folder = "pagefind/"

    /// How to run Pagefind: `$PRIMER_PAGEFIND` (a path, or empty to switch search off), the
    /// `pagefind_extended` or `pagefind` binary on the PATH, or PyPI's `python3 -m pagefind`.
    static let command: [String]? = {
        if let given = ProcessInfo.processInfo.environment["PRIMER_PAGEFIND"], !given.isEmpty { return [given] }
        for name in ["pagefind_extended", "pagefind"] where Shell.which(name) != nil { return [name] }
        return Shell.run(["python3", "-m", "pagefind", "--version"], timeout: 60).status == 0 ? ["python3", "-m", "pagefind"] : nil
    }()

    /// `PRIMER_PAGEFIND=` (set but empty) switches indexing off without a warning (the tests use it).
    public static let switchedOff = ProcessInfo.processInfo.environment["PRIMER_PAGEFIND"] == ""

    /// Indexes the site in `site` (its `pagefind/` folder is made anew). A warning when it could not,
    /// placed at `shownAs` (the output folder the reader knows, not the staging folder).
    /// `background`: Pagefind runs at a low priority (`nice`), so the preview's next rebuild
    /// is not slowed by the index of the last one. `stopMark`: see `Shell.run`.
    public static func build(site: String, shownAs: String, background: Bool = false, stopMark: String? = nil) -> Diagnostic? {
        guard let command else {
            return .warning(.searchIndex, "the site has no search: Pagefind is not installed", at: SourceLocation(path: shownAs),
                            suggestion: "run `make search-deps` or `pip install 'pagefind[extended]'`, then build again")
        }
        try? FileManager.default.removeItem(atPath: site + "/" + folder)
        let nice = background && FileManager.default.isExecutableFile(atPath: "/usr/bin/nice") ? ["/usr/bin/nice", "-n", "15"] : []
        let output = Shell.run(nice + command + ["--site", site, "--output-subdir", String(folder.dropLast()), "--silent"], timeout: 600,
                               stopMark: stopMark)
        guard output.status == 0 else {
            let detail = (output.stderr + output.stdout).trimmingCharacters(in: .whitespacesAndNewlines)
            return .warning(.searchIndex, "the site has no search: Pagefind failed (exit status \(output.status)): \(detail.prefix(500))",
                            at: SourceLocation(path: shownAs), suggestion: "run `\(command.joined(separator: " ")) --site \(shownAs)` to see why")
        }
        return nil
    }

    /// Stops the indexing started with `stopMark`, if it is still running.
    public static func stop(_ stopMark: String) { Shell.stop(stopMark) }
}
