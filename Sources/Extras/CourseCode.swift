import ContentCache
import CourseModel

extension Extras {
    /// What the course's own code says about names, read once for the API index: the names it
    /// declares (its samples, Swift blocks, inline code such as `struct Album { … }`, and its
    /// Objective-C), which are never API, and the names some code uses after a value or a type,
    /// or calls where the compiler checked the call (`known`): what an unsure use (an inline word,
    /// an implicit member, a bare call in a listing-only excerpt) must be to count.
    struct CourseCode: Sendable {
        var declared = Set<String>()
        var known = Set<String>()
        /// Each distinct Swift block's names, by its text.
        var scanned: [ByteKey: APINames.Found] = [:]
        /// The samples that are listings only: their code is not compiled.
        var listingOnlySamples = Set<String>()

        init(_ pages: [PageInput], package: SamplesPackage?, added: [String]) {
            known = Set(added)
            for target in package?.targets.values.map({ $0 }) ?? [] {
                let compiled = target.kind != .listingOnly
                if !compiled { listingOnlySamples.insert(target.name) }
                for file in target.files {
                    let found = APINames.scan(file.text)
                    declared.formUnion(found.declared)
                    known.formUnion(compiled ? found.used.subtracting(found.implicitMembers) : found.named)
                }
            }
            declared.formUnion(package?.targets.keys.map { $0 } ?? [])
            // Every distinct piece of code is parsed once, in parallel.
            var codes = Set<ByteKey>(), checkedCodes = Set<ByteKey>(), spans = Set<ByteKey>(), objC = Set<ByteKey>()
            for page in pages {
                for item in page.code.items {
                    let text = ByteKey(item.text)
                    if item.objC {
                        objC.insert(text)
                    } else if item.isBlock {
                        codes.insert(text)
                        if isChecked(item) { checkedCodes.insert(text) }
                    } else if item.inParagraph && item.text.utf8.contains(0x20) {
                        spans.insert(text)
                    }
                }
            }
            let texts = Array(codes) + Array(spans.subtracting(codes))
            let results = parallelMap(texts) { APINames.scan($0.text) }
            for (text, found) in zip(texts, results) {
                declared.formUnion(found.declared)
                guard codes.contains(text) else { continue }
                scanned[text] = found
                known.formUnion(checkedCodes.contains(text) ? found.used.subtracting(found.implicitMembers) : found.named)
            }
            for text in objC {
                let found = ObjCNames.scan(text.text)
                declared.formUnion(found.declared)
                known.formUnion(found.used)
            }
        }

        func isChecked(_ item: PageCode.Item) -> Bool {
            item.checked && !(item.sample.map(listingOnlySamples.contains) ?? false)
        }

        /// The names a Swift block uses as API: what it names after a value or a type, its bare
        /// calls where the compiler checked them (elsewhere, when checked code makes them too),
        /// and its implicit members, but a plain word (`.system`, `.success`) only when some code
        /// names it after a value or a type: alone it says nothing a reader could look up.
        func names(in item: PageCode.Item, found: APINames.Found) -> Set<String> {
            var names = found.named
            names.formUnion(isChecked(item) ? found.calls : found.calls.intersection(known))
            names.formUnion(found.implicitMembers.filter { !Extras.isWord($0) || known.contains($0) })
            return names
        }
    }
}
