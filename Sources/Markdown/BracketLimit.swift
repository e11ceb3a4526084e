import CourseModel

/// cmark-gfm 0.29 (Debian's) walks every earlier `[` of a paragraph each time a link closes
/// inside it, so a paragraph of `![[]()` repeated takes time that grows with the square of its
/// brackets: 40,000 took 13 s, 160,000 over five minutes. Primer refuses a block with more
/// than `maximumBrackets` before cmark sees it (no prose holds that many), which bounds that
/// walk to about a third of a second.
let maximumBrackets = 5_000

/// The first line of a block (lines up to a blank line, a bullet item or a fence) that holds
/// more than `maximumBrackets` `[`, found in one pass over the bytes; nil for any real text.
/// Fenced code at the margin is not counted (cmark does not read links in it); everything
/// else is, so a block that only looks like something else is never let through.
func blockWithTooManyBrackets(_ utf8: [UInt8]) -> Int? {
    var line = 1, blockStart = 1, brackets = 0
    var fence: (byte: UInt8, count: Int)?
    var index = 0
    let end = utf8.count
    while index < end {
        var lineEnd = index
        while lineEnd < end && utf8[lineEnd] != 0x0A { lineEnd += 1 }
        // Leading spaces, then the first byte and how many times it repeats.
        var first = index
        while first < lineEnd && utf8[first] == 0x20 { first += 1 }
        let indent = first - index
        var run = first
        if first < lineEnd { while run < lineEnd && utf8[run] == utf8[first] { run += 1 } }
        let marker = first < lineEnd ? utf8[first] : 0
        let isFenceLine = (marker == 0x60 || marker == 0x7E) && run - first >= 3
        if let open = fence {
            // A closing fence: the same character, at least as many, nothing after but spaces.
            if indent <= 3, isFenceLine, marker == open.byte, run - first >= open.count,
               utf8[run..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
                fence = nil
                blockStart = line + 1
            }
        } else if indent == 0, isFenceLine, marker == 0x7E || !utf8[run..<lineEnd].contains(0x60) {
            fence = (marker, run - first)
            brackets = 0
        } else if utf8[first..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            brackets = 0
            blockStart = line + 1
        } else {
            if (marker == 0x2D || marker == 0x2A || marker == 0x2B) && run == first + 1 && run < lineEnd && utf8[run] == 0x20 {
                brackets = 0
                blockStart = line
            }
            for byte in utf8[first..<lineEnd] where byte == 0x5B { brackets += 1 }
            if brackets > maximumBrackets { return blockStart }
        }
        line += 1
        index = lineEnd + 1
    }
    return nil
}
