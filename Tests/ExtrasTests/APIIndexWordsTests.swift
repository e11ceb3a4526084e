import CourseModel
@testable import Extras
import PrimerTestSupport
import Testing

/// Issue 30, bug 7: words, the course's own names and made-up identifiers are not API.
@Suite struct APIIndexWordsTests {
    static let chapter = """
        # Bridging

        A function whose name has `Create` or `Copy` returns an object you own; `Get` one you do
        not. The format it found is `binary`, the `method` is `system`. The classic `DLog` macro
        became `NSLog`. Call `URLSession.shared` or `NSObject`; the `AsyncSequence` protocol;
        `isKnownUniquelyReferenced(_:)`. The keys go in `Info.plist` and `Package.swift`.

        ```objc {#lst-header title="FRCFormatter.h"}
        #define DLog(fmt, ...) NSLog(fmt, ##__VA_ARGS__)
        typedef NS_ENUM(NSInteger, FRCStyle) {
            FRCStylePlain,
            FRCStyleMixed,
        } NS_SWIFT_NAME(FractionStyle);
        @interface FRCFormatter : NSObject
        - (NSString *)stringFromNumerator:(NSInteger)n;
        @end
        ```

        `FRCStylePlain` becomes `.plain`.

        ```swift {#lst-restore title="Restore.swift" listing-only}
        final class Restorer: UIResponder {
            func restore(_ activity: NSUserActivity) {
                showNote(activity.title ?? "")
                let button = UIButton(type: .system)
                button.configuration = .filled()
                withAnimation { button.isHidden = true }
            }
        }
        ```

        ```swift {compile}
        let state = (entries: [String](), waves: [String: Int]())
        print(state.waves.count, [1].sorted(by: .orderedAscending))
        func debugLog(_ message: String) { print(message) }
        ```
        """

    func indexNames() -> Set<String> {
        let (course, diagnostics) = resolveCourse([("c", [en: Self.chapter])], locales: [en])
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        let entries = Extras.apiIndex(Extras.inputs(course), config: course.config, package: nil).0[en] ?? []
        return Set(entries.map(\.name))
    }

    @Test func wordsOfTheTextAreNotAPI() {
        let names = indexNames()
        #expect(names.isDisjoint(with: ["Create", "Copy", "Get", "binary", "method", "system", "DLog"]), "\(names.sorted())")
        #expect(names.isDisjoint(with: ["plist", "swift", "Info", "Package"]), "\(names.sorted())")
        #expect(names.isSuperset(of: ["URLSession", "shared", "NSObject", "AsyncSequence", "isKnownUniquelyReferenced", "NSLog"]),
                "\(names.sorted())")
    }

    @Test func theCoursesOwnNamesAreNotAPI() {
        let names = indexNames()
        // Declared by its Objective-C (an enum's constants, a macro, a class, a method, a Swift name)…
        #expect(names.isDisjoint(with: ["FRCStylePlain", "FRCStyle", "FractionStyle", "FRCFormatter", "stringFromNumerator"]),
                "\(names.sorted())")
        // …by its Swift (a tuple's labels, a function), or called on an implicit self in a listing-only excerpt.
        #expect(names.isDisjoint(with: ["waves", "entries", "debugLog", "showNote", "Restorer", "restore"]), "\(names.sorted())")
        // What the code uses from the frameworks stays, implicit members that are names too.
        #expect(names.isSuperset(of: ["UIResponder", "NSUserActivity", "UIButton", "isHidden", "configuration",
                                      "print", "sorted", "orderedAscending", "count"]), "\(names.sorted())")
    }

    @Test func objectiveCDeclarationsAreRead() {
        let found = ObjCNames.scan("""
            #import <Foundation/Foundation.h>
            // FRCCommented is only in a comment
            @class FRCParser, FRCToken;
            @protocol FRCDelegate <NSObject>
            @property (nonatomic, copy) NSString *title;
            @end
            NSString *FRCDescribe(NSInteger value) { return [NSString stringWithFormat:@"%ld FRCQuoted", (long)value]; }
            """)
        #expect(found.declared.isSuperset(of: ["FRCParser", "FRCToken", "FRCDelegate", "title", "FRCDescribe"]), "\(found.declared)")
        #expect(found.used.isSuperset(of: ["NSString", "NSInteger", "NSObject", "stringWithFormat"]), "\(found.used)")
        #expect(!found.used.contains("FRCCommented") && !found.used.contains("FRCQuoted"))
    }

    @Test func implicitMembersAndBareCallsAreMarked() {
        let found = APINames.scan("""
            let button = UIButton(type: .system)
            showNote(1)
            print(button.isHidden, [2, 1].sorted(by: .orderedAscending))
            """)
        #expect(found.implicitMembers == ["system", "orderedAscending"])
        #expect(found.calls == ["showNote", "print"])
        #expect(found.named.isSuperset(of: ["UIButton", "isHidden", "sorted"]))
    }
}
