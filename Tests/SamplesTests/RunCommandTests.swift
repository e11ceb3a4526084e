import CourseModel
import Foundation
import PrimerTestSupport
@testable import Resolver
@testable import Samples
import Testing

/// The command a page prints under a sample's output reproduces the run the page shows.
@Suite struct RunCommandTests {
    @Test func aPerLocaleSampleWithArgumentsAndInputIsRunAsTheBuildRanIt() {
        var settings = SampleSettings()
        settings.perLocale = true
        settings.arguments = ["--verbose", "two words", "it's"]
        settings.stdin = "Inputs/reader.txt"
        let command = RunCommand(packageRoot: "Content/Samples", sample: "reader", settings: settings, locale: LocaleTag("zh-Hans")!)
        #expect(command.text(inPackage: false)
                == "PRIMER_LOCALE=zh-Hans LANG=zh_Hans.UTF-8 swift run --package-path Content/Samples reader --verbose 'two words' 'it'\\''s' < Content/Samples/Inputs/reader.txt")
        #expect(command.text(inPackage: true) == "PRIMER_LOCALE=zh-Hans LANG=zh_Hans.UTF-8 swift run reader --verbose 'two words' 'it'\\''s' < Inputs/reader.txt")
        // A sample that runs once: no locale, whatever page shows it.
        let plain = RunCommand(packageRoot: "Content/Samples", sample: "fraction", settings: SampleSettings(), locale: LocaleTag("ru")!)
        #expect(plain.text(inPackage: false) == "swift run --package-path Content/Samples fraction")
    }
}
