import Foundation

/// Width and height of an image from the first bytes of its file, so pages can reserve the
/// space an image takes before it loads: PNG, GIF, JPEG, WebP and SVG (its `width`/`height`
/// in pixels, or its `viewBox`).
extension ImageSize {
    /// The size a PNG, GIF, JPEG, WebP or SVG file gives in its first bytes.
    public static func read(_ bytes: [UInt8], svg: Bool) -> ImageSize? {
        if svg { return svgSize(String(decoding: bytes, as: UTF8.self)) }
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func le24(_ i: Int) -> Int { le16(i) | Int(bytes[i + 2]) << 16 }
        func valid(_ w: Int, _ h: Int) -> ImageSize? { w > 0 && h > 0 ? Self(width: w, height: h) : nil }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return valid(be32(16), be32(20)) }
        if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) { return valid(le16(6), le16(8)) }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            switch String(decoding: bytes[12..<16], as: UTF8.self) {
            case "VP8 ": return valid(le16(26) & 0x3FFF, le16(28) & 0x3FFF)
            case "VP8L": let b = bytes[21...24].map(Int.init)
                return valid(1 + (b[0] | (b[1] & 0x3F) << 8), 1 + (b[1] >> 6 | b[2] << 2 | (b[3] & 0x0F) << 10))
            case "VP8X": return valid(1 + le24(24), 1 + le24(27))
            default: return nil
            }
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                // Start of frame (any but DHT, JPG and DAC): height, then width.
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return valid(be16(i + 7), be16(i + 5)) }
                i += 2 + be16(i + 2)
            }
        }
        return nil
    }

    /// The root element's `width` and `height` when both are plain numbers or pixels, else its `viewBox`.
    public static func svgSize(_ text: String) -> ImageSize? {
        guard let start = text.range(of: "<svg"), let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = String(text[start.upperBound..<end])
        func attribute(_ name: String) -> String? {
            guard let r = tag.range(of: "(^|\\s)\(name)\\s*=\\s*(\"[^\"]*\"|'[^']*')", options: .regularExpression) else { return nil }
            let match = tag[r]
            let quoted = match[match.index(after: match.firstIndex { $0 == "\"" || $0 == "'" }!)...].dropLast()
            return String(quoted).trimmingCharacters(in: .whitespaces)
        }
        func pixels(_ value: String?) -> Double? {
            guard var v = value else { return nil }
            if v.hasSuffix("px") { v.removeLast(2) }
            return Double(v)
        }
        if let w = pixels(attribute("width")), let h = pixels(attribute("height")), w > 0, h > 0 {
            return Self(width: Int(w.rounded()), height: Int(h.rounded()))
        }
        let box = (attribute("viewBox") ?? "").split { $0 == " " || $0 == "," }.compactMap { Double($0) }
        if box.count == 4, box[2] > 0, box[3] > 0 { return Self(width: Int(box[2].rounded()), height: Int(box[3].rounded())) }
        return nil
    }
}
