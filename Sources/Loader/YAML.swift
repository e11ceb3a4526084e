import CourseModel
import Yams

/// YAML read with positions, so every complaint about it can point at a line and column.
enum YAML {
    static func compose(_ text: String, path: String, lineOffset: Int = 0) -> Result<Node?, Diagnostic> {
        do {
            return .success(try Yams.compose(yaml: text))
        } catch let error as YamlError {
            var message = "\(error)"
            var location = SourceLocation(path: path, line: 1 + lineOffset, column: 1)
            switch error {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                 .composer(let context, let problem, let mark, _):
                message = "malformed YAML: " + problem + (context.map { " (\($0.text))" } ?? "")
                location = SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column)
            case .duplicatedKeysInMapping(let duplicates, let context):
                message = "duplicate key in YAML: " + duplicates.joined(separator: ", ")
                location = SourceLocation(path: path, line: context.mark.line + lineOffset, column: context.mark.column)
            case .reader(let problem, _, _, _):
                message = "malformed YAML: " + problem
            default:
                break
            }
            return .failure(.error(.yamlSyntax, message, at: location))
        } catch {
            return .failure(.error(.yamlSyntax, "malformed YAML: \(error)", at: SourceLocation(path: path, line: 1 + lineOffset, column: 1)))
        }
    }

    static func location(_ node: Node?, path: String, lineOffset: Int = 0) -> SourceLocation {
        guard let mark = node?.mark else { return SourceLocation(path: path, line: 1 + lineOffset, column: 1) }
        return SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column)
    }

    /// The mapping's keys and values in file order, with each key node (for locations).
    static func entries(_ node: Node) -> [(key: String, keyNode: Node, value: Node)] {
        guard let mapping = node.mapping else { return [] }
        return mapping.map { (key: $0.key.string ?? "", keyNode: $0.key, value: $0.value) }
    }
}
