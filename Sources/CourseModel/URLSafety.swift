/// URLs that would run script (or open local files) when a reader follows them. The same rule
/// as cmark-gfm's safe mode, which GitHub uses: `javascript:`, `vbscript:`, `file:` and `data:`
/// are refused, except `data:image/png`, `gif`, `jpeg` and `webp`. Browsers ignore tabs and
/// line breaks inside a URL and spaces and control characters before it, so those are
/// ignored here too (`java&#9;script:` is still `javascript:`).
public enum URLSafety {
    public static func isDangerous(_ url: String) -> Bool {
        var scalars = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        let lowered = String(String.UnicodeScalarView(scalars.prefix(20))).lowercased()
        if lowered.hasPrefix("javascript:") || lowered.hasPrefix("vbscript:") || lowered.hasPrefix("file:") { return true }
        if lowered.hasPrefix("data:") {
            return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { lowered.hasPrefix($0) }
        }
        return false
    }

    /// The scheme named in a message ("javascript:").
    public static func scheme(_ url: String) -> String {
        let trimmed = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value > 0x20 }))
        return (trimmed.split(separator: ":", maxSplits: 1).first.map { String($0).lowercased() } ?? trimmed) + ":"
    }
}
