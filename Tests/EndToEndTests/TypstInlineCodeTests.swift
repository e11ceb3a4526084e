import Editions
import Testing

extension TypstTests {
    /// Inline code in the PDF breaks where a reader expects (after `(`, `:` and `,`, before `.`),
    /// and a name still too long for a table's narrow column also at its humps: before this,
    /// `dequeueReusableCellWithIdentifier:` ran over the next column of Table 9.1.
    @Test func longInlineNamesMayBreakAtTheirHumps() {
        let zw = "\u{200B}"
        #expect(TypstMarkup.inlineBreakable("dequeueReusableCellWithIdentifier:") == "dequeue\(zw)Reusable\(zw)CellWith\(zw)Identifier:\(zw)")
        #expect(TypstMarkup.inlineBreakable("UIGestureRecognizerSubclass") == "UIGesture\(zw)Recognizer\(zw)Subclass")
        // The places that broke before stay, except before a closing bracket; short parts keep their humps.
        #expect(TypstMarkup.inlineBreakable("prepare(for:sender:)") == "prepare(\(zw)for:\(zw)sender:)")
        #expect(TypstMarkup.inlineBreakable("tableView(_:cellForRowAt:)") == "tableView(\(zw)_:\(zw)cellForRowAt:)")
        // Never a line that starts with a closing bracket.
        #expect(TypstMarkup.inlineBreakable("[NSIndexPath indexPathForRow:inSection:]") == "[NSIndexPath indexPathForRow:\(zw)inSection:]")
        #expect(TypstMarkup.inlineBreakable("navigationController?.pushViewController") == "navigation\(zw)Controller?\(zw).pushViewController")
        // Short code is left alone; a part of 20 characters or fewer keeps its humps; a piece never
        // shrinks below six characters.
        #expect(TypstMarkup.inlineBreakable("viewDidLoad()") == "viewDidLoad()")
        #expect(TypstMarkup.inlineBreakable("aVeryLongNameOfAThingX") == "aVeryLong\(zw)NameOf\(zw)AThingX")
    }
}
