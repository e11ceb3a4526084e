import Foundation
let words = ["en": "Hello", "ru": "Привет"]
print(words[ProcessInfo.processInfo.environment["PRIMER_LOCALE"] ?? "en"] ?? "?")
