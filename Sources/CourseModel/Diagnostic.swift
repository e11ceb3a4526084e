/// A place in a source file. Lines and columns are 1-based; 0 means "unknown".
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 0, column: Int = 0) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String {
        guard line > 0 else { return path }
        return "\(path):\(line):\(max(column, 1))"
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// The one type for every problem a user can act on: where, what, and what to do.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible, Codable {
    public enum Severity: String, Sendable, Hashable, Codable { case error, warning }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    public var suggestion: String?
    /// Other places that matter (the first definition of a duplicate id, say).
    public var related: [SourceLocation]
    /// The kind of problem, printed after the message's first line (`[PRM023]`).
    public var code: DiagnosticCode?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil,
                suggestion: String? = nil, related: [SourceLocation] = [], code: DiagnosticCode? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.suggestion = suggestion
        self.related = related
        self.code = code
    }

    public static func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil,
                             suggestion: String? = nil, related: [SourceLocation] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, suggestion: suggestion, related: related, code: code)
    }

    public static func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil,
                               suggestion: String? = nil, related: [SourceLocation] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, suggestion: suggestion, related: related, code: code)
    }

    public var isError: Bool { severity == .error }

    /// `path:line:col: error: message`, the form editors and terminals can jump to.
    public var description: String {
        var text = location.map { "\($0): " } ?? "primer: "
        text += "\(severity.rawValue): "
        if let code {
            // After the first line: a diff or a program's stderr may follow.
            var end = message.utf8.firstIndex(of: 0x0A) ?? message.endIndex  // bytes: no grapheme breaking
            if end > message.startIndex, message.utf8[message.utf8.index(before: end)] == 0x0D { end = message.utf8.index(before: end) }
            text += message[..<end] + " [\(code.rawValue)]" + message[end...]
        } else {
            text += message
        }
        for place in related { text += "\n\(place): note: first defined here" }
        if let suggestion { text += "\n    \(suggestion)" }
        return text
    }
}

public extension Array where Element == Diagnostic {
    var hasErrors: Bool { contains(where: \.isError) }

    /// Errors first, then by place, so output is stable however work was scheduled.
    func sortedForDisplay() -> [Diagnostic] {
        sorted { a, b in
            if a.severity != b.severity { return a.severity == .error }
            let la = a.location ?? SourceLocation(path: ""), lb = b.location ?? SourceLocation(path: "")
            if la != lb { return la < lb }
            return a.message < b.message
        }
    }
}

/// Thrown by a stage that cannot go on; carries everything found so far.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
