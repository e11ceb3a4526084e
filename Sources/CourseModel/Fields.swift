/// The caches' own text form: records of fields, fields separated by tabs and records by
/// newlines, a tab, newline or backslash inside a field escaped. Read and written byte by byte:
/// Foundation's JSON coders took 40–50 ms for each of a 1,000-page course's two manifests,
/// which is most of what an incremental build has to spend.
public enum Fields {
    public static func decode(_ bytes: [UInt8]) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var escaped = false
        for byte in bytes {
            if escaped {
                field.append(byte == 116 ? 9 : byte == 110 ? 10 : byte)
                escaped = false
                continue
            }
            switch byte {
            case 92: escaped = true
            case 9:
                record.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true)
            case 10:
                record.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true)
                records.append(record); record = []
            default: field.append(byte)
            }
        }
        return records
    }

    /// Reads fields in order; a missing or malformed one makes the reader `failed` (the caller then ignores the cache).
    public struct Reader {
        public let fields: [String]
        public var index: Int
        public var failed = false
        public init(_ fields: [String], from index: Int = 1) { self.fields = fields; self.index = index }

        public var atEnd: Bool { index >= fields.count }

        public mutating func string() -> String {
            guard index < fields.count else { failed = true; return "" }
            index += 1
            return fields[index - 1]
        }

        /// A string written by `Writer.optional`: "-" for none, "+" before a value.
        public mutating func optional() -> String? {
            let field = string()
            guard field != "-" else { return nil }
            guard field.hasPrefix("+") else { failed = true; return nil }
            return String(field.dropFirst())
        }

        public mutating func int() -> Int {
            guard let value = Int(string()) else { failed = true; return 0 }
            return value
        }

        public mutating func bool() -> Bool { string() == "1" }
    }

    /// Writes records straight into bytes: `record(kind)` starts one, `add` appends a field.
    public struct Writer {
        private var bytes: [UInt8] = []
        private var open = false

        public init() {}

        public mutating func record(_ kind: String) {
            if open { bytes.append(10) }
            open = false
            add(kind)
        }

        public mutating func add(_ value: String) {
            if open { bytes.append(9) }
            open = true
            var value = value
            value.withUTF8 { utf8 in
                for byte in utf8 {
                    switch byte {
                    case 9: bytes += [92, 116]
                    case 10: bytes += [92, 110]
                    case 92: bytes += [92, 92]
                    default: bytes.append(byte)
                    }
                }
            }
        }

        public mutating func add(_ value: Int) { add(String(value)) }
        public mutating func add(_ value: Bool) { add(value ? "1" : "0") }
        public mutating func optional(_ value: String?) { add(value.map { "+" + $0 } ?? "-") }

        /// The records written, each ended by a newline.
        public var encoded: [UInt8] { open ? bytes + [10] : bytes }
    }

    // MARK: Diagnostics

    public static func write(_ diagnostic: Diagnostic, into writer: inout Writer) {
        writer.add(diagnostic.severity.rawValue)
        writer.optional(diagnostic.code?.rawValue)
        writer.optional(diagnostic.location.map { "\($0.line):\($0.column):\($0.path)" })
        writer.add(diagnostic.message)
        writer.optional(diagnostic.suggestion)
        writer.add(diagnostic.related.count)
        for place in diagnostic.related { writer.add("\(place.line):\(place.column):\(place.path)") }
    }

    public static func readDiagnostic(_ reader: inout Reader) -> Diagnostic? {
        guard let severity = Diagnostic.Severity(rawValue: reader.string()) else { return nil }
        let code = reader.optional()
        let location = reader.optional()
        let message = reader.string()
        let suggestion = reader.optional()
        let count = reader.int()
        guard count >= 0, count < 10_000 else { return nil }
        var related: [SourceLocation] = []
        for _ in 0..<count {
            guard let place = place(reader.string()) else { return nil }
            related.append(place)
        }
        var diagnostic = Diagnostic(severity, message, at: nil, suggestion: suggestion, related: related,
                                    code: code.flatMap(DiagnosticCode.init(rawValue:)))
        if let location {
            guard let place = place(location) else { return nil }
            diagnostic.location = place
        }
        guard !reader.failed, code == nil || diagnostic.code != nil else { return nil }
        return diagnostic
    }

    /// "line:column:path".
    public static func place(_ field: String) -> SourceLocation? {
        let parts = field.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return SourceLocation(path: String(parts[2]), line: line, column: column)
    }
}
