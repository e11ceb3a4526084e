import CourseModel
import SwiftParser
import SwiftSyntax
import Synchronization

/// The Swift and Foundation names a piece of code uses, told apart from strings, comments
/// and the code's own declarations by swift-syntax.
public enum APINames {
    public struct Found: Sendable {
        /// Names the code declares itself (its own types, functions, variables).
        public var declared: Set<String> = []
        /// Types it refers to (`Date`, `JSONDecoder`), members it calls or reads (`sorted`,
        /// `isEmpty`) and free functions it calls (`print`, `isKnownUniquelyReferenced`).
        public var used: Set<String> = []
    }

    /// What earlier scans found, by source text, for the life of the process: a preview
    /// rebuilds the API index after every edit, and most of the course's code did not change.
    private static let memo = Mutex<[ByteKey: Found]>([:])

    public static func scan(_ source: String) -> Found {
        let key = ByteKey(source)
        if let known = memo.withLock({ $0[key] }) { return known }
        let found = scanning(source)
        memo.withLock { table in
            if table.count > 100_000 { table.removeAll() }
            table[key] = found
        }
        return found
    }

    static func scanning(_ source: String) -> Found {
        let tree = Parser.parse(source: source)
        let visitor = NameVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.found
    }

    final class NameVisitor: SyntaxVisitor {
        var found = Found()

        func declare(_ token: TokenSyntax) { found.declared.insert(token.text.trimmingCharacters(in: "`")) }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind { declare(node.identifier); return .visitChildren }
        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            declare(node.firstName)
            if let second = node.secondName { declare(second) }
            return .visitChildren
        }
        override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }
        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind { declare(node.firstName); return .visitChildren }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { found.used.insert(node.name.text); return .visitChildren }
        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { found.used.insert(node.name.text); return .visitChildren }
        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            found.used.insert(node.declName.baseName.text)
            return .visitChildren
        }
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.baseName.text
            // A capitalized reference is a type (`Date()`); a lowercase one counts when called (`print(…)`).
            if let first = name.first, first.isUppercase {
                found.used.insert(name)
            } else if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                found.used.insert(name)
            }
            return .visitChildren
        }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
