import CourseModel
import Foundation
import PrimerTestSupport
import Testing

/// The README's lists made from the code: what each template can read (from the page models),
/// and the diagnostic codes (from `DiagnosticCode`).
@Suite struct ReadmeListsTests {
    func check(_ script: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestSupport.root.appendingPathComponent("Scripts/" + script).path, "--check"]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test func theReadmeListsWhatTheModelsOffer() throws {
        let (status, message) = try check("template-fields.py")
        #expect(status == 0, "\(message)")
    }

    @Test func theReadmeListsEveryDiagnosticCode() throws {
        let (status, message) = try check("diagnostic-codes.py")
        #expect(status == 0, "\(message)")
    }

    /// Every code is given somewhere (a code nothing uses is a stale line in the README).
    @Test func everyDiagnosticCodeIsUsed() throws {
        var sources = ""
        for path in FileTree.regularFiles(under: TestSupport.root.appendingPathComponent("Sources").path) where path.hasSuffix(".swift") && !path.hasSuffix("DiagnosticCode.swift") {
            sources += (try? String(contentsOf: TestSupport.root.appendingPathComponent("Sources/" + path), encoding: .utf8)) ?? ""
        }
        for code in DiagnosticCode.allCases {
            let name = String(describing: code)
            #expect(sources.contains(".\(name)"), "\(code.rawValue) (\(name)) is never used")
        }
        #expect(Set(DiagnosticCode.allCases.map(\.rawValue)).count == DiagnosticCode.allCases.count)
    }
}
