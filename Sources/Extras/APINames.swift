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
        /// Of `used`, the lowercase functions it only calls without a base (`print`): API in
        /// code the compiler checked, but maybe the course's own method called on an implicit
        /// `self` in code it did not (a listing-only excerpt).
        public var calls: Set<String> = []
        /// Of `used`, the members it only names without their type (`.system`, `.success`): the
        /// name alone does not say whose it is, so it counts where the course also names it
        /// after a value or a type.
        public var implicitMembers: Set<String> = []
        /// `used` less `calls` and `implicitMembers`.
        public var named: Set<String> { used.subtracting(calls).subtracting(implicitMembers) }
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
        var found = visitor.found
        found.calls.subtract(visitor.named)
        found.implicitMembers.subtract(visitor.named)
        found.implicitMembers.subtract(found.calls)
        return found
    }

    final class NameVisitor: SyntaxVisitor {
        var found = Found()
        /// The names used other than as a bare call or an implicit member.
        var named = Set<String>()

        func use(_ name: String) { found.used.insert(name); named.insert(name) }

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

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { use(node.name.text); return .visitChildren }
        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { use(node.name.text); return .visitChildren }
        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.declName.baseName.text
            if node.base == nil {
                found.used.insert(name)
                found.implicitMembers.insert(name)
            } else {
                use(name)
            }
            return .visitChildren
        }
        /// A tuple's labels are the code's own names (`(entries: [], waves: [:])`, then `s.waves`).
        override func visit(_ node: TupleTypeElementSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.firstName { declare(name) }
            return .visitChildren
        }
        override func visit(_ node: TupleExprSyntax) -> SyntaxVisitorContinueKind {
            for element in node.elements { if let label = element.label { declare(label) } }
            return .visitChildren
        }
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.baseName.text
            // A capitalized reference is a type (`Date()`); a lowercase one counts when called (`print(…)`).
            if let first = name.first, first.isUppercase {
                use(name)
            } else if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                found.used.insert(name)
                found.calls.insert(name)
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
