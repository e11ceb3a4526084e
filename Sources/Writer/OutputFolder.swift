import CourseModel
import Foundation

/// What `primer build` may write over. The writer replaces its output folder whole, so it only
/// ever replaces a folder that a Primer build wrote (it carries the `.primer-site` marker), an
/// empty one, or none; and never a folder that is, holds, or sits inside the course's sources.
public enum OutputFolder {
    /// The marker a build leaves at the top of the site (and in its staging folder from the start).
    public static let markerName = ".primer-site"
    static let markerText = "This folder was written by Primer (primer build), which replaces it whole on every build.\n"

    /// Problems with writing the site to `output`, none when it is safe. `protected` are the
    /// folders the build reads (content, templates) with the names they were given.
    public static func problems(_ output: String, protecting protected: [String] = []) -> [Diagnostic] {
        let place = SourceLocation(path: output)
        let fm = FileManager.default
        var info = stat()
        let exists = lstat(output, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFLNK {
            return [.error(.outputFolder, "the output '\(output)' is a symbolic link; Primer replaces its output folder whole and will not follow a link to do it",
                           at: place, suggestion: "give the folder the link points to as --output, or a new folder")]
        }
        if exists && (info.st_mode & S_IFMT) != S_IFDIR {
            return [.error(.outputFolder, "the output '\(output)' is a file, not a folder; the site was not written and the file was left as it is",
                           at: place, suggestion: "choose a folder for --output (the default is site)")]
        }
        let target = canonical(output)
        for folder in protected {
            let source = canonical(folder)
            if target == source || target.hasPrefix(source + "/") {
                return [.error(.outputFolder, "the output '\(output)' is \(target == source ? "" : "inside ")the course folder '\(folder)'; building there would replace the course with the site",
                               at: place, suggestion: "write the site outside '\(folder)' (the default is site)")]
            }
            if source.hasPrefix(target == "/" ? "/" : target + "/") {
                return [.error(.outputFolder, "the output '\(output)' holds the course folder '\(folder)'; building there would replace the course with the site",
                               at: place, suggestion: "choose a folder of its own for --output (the default is site)")]
            }
        }
        guard exists else { return [] }
        let entries = (try? fm.contentsOfDirectory(atPath: output)) ?? []
        if entries.isEmpty || entries.contains(markerName) || isEarlierSite(output, entries: entries) { return [] }
        let shown = entries.sorted().prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
        return [.error(.outputFolder, "the output '\(output)' was not written by Primer (it holds \(shown) and no \(markerName) marker); a build replaces its output folder whole, so Primer only replaces a folder it wrote itself",
                       at: place, suggestion: "choose a new or empty folder for --output, or move this one away yourself")]
    }

    /// A site that a Primer from before the marker wrote: its own script, the page it always makes
    /// and the file it always leaves for GitHub Pages, at the top of the folder.
    static func isEarlierSite(_ output: String, entries: [String]) -> Bool {
        entries.contains("index.html") && entries.contains(".nojekyll")
            && FileManager.default.fileExists(atPath: output + "/assets/primer.js")
    }

    /// Whether `folder` is one a build made (the staging or previous-site folders of a killed build).
    static func isOurs(_ folder: String) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.isEmpty || entries.contains(markerName)
    }

    /// The absolute path with `.`, `..` and symbolic links resolved, as far as the path exists
    /// (a folder not made yet is resolved through its nearest existing parent).
    static func canonical(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var missing: [String] = []
        while url.path != "/" {
            if let resolved = realpath(url.path, nil) {
                defer { free(resolved) }
                var result = String(cString: resolved)
                for name in missing.reversed() { result += (result == "/" ? "" : "/") + name }
                return result
            }
            missing.append(url.lastPathComponent)
            url = url.deletingLastPathComponent()
        }
        return "/" + missing.reversed().joined(separator: "/")
    }
}
