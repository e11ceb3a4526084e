extension ContentKey {
    /// The key of a stage's input given as one value: every stored property of `value` goes into
    /// the key (through its `Encodable` conformance, which the compiler writes), so a field the
    /// stage reads cannot be left out of its key.
    public init(_ purpose: String, encoding value: some Encodable) {
        let encoder = FieldEncoder(ContentKey(purpose))
        try? value.encode(to: encoder)  // nothing here throws
        self = encoder.key
    }
}

/// Feeds a value to a key as its `Encodable` conformance walks it: each field as a token of its
/// depth and kind, then its name (in a keyed container) or its value. A walk in order with every
/// node's depth gives back the tree, so two different values never give the same tokens; and no
/// text is made on the way (a page cache's keys cover every page of a course).
final class FieldEncoder: Encoder {
    var key: ContentKey
    var depth = 0
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    init(_ key: ContentKey) { self.key = key }

    func token(_ kind: UInt8, at depth: Int) {
        withUnsafeBytes(of: (UInt64(depth) << 8 | UInt64(kind)).littleEndian) { key.add($0) }
    }

    func add(_ text: String, at depth: Int) { token(UInt8(ascii: "s"), at: depth); key.add(text) }
    func add(_ number: Int64, at depth: Int) { token(UInt8(ascii: "i"), at: depth); withUnsafeBytes(of: number.littleEndian) { key.add($0) } }
    func add(_ number: UInt64, at depth: Int) { token(UInt8(ascii: "u"), at: depth); withUnsafeBytes(of: number.littleEndian) { key.add($0) } }
    func add(_ flag: Bool, at depth: Int) { token(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"), at: depth) }
    func add(_ number: Double, at depth: Int) { add(number.bitPattern, at: depth) }

    /// A nested value, its tokens one level down.
    func add(_ value: some Encodable, at depth: Int) throws {
        let outer = self.depth
        self.depth = depth
        defer { self.depth = outer }
        try value.encode(to: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        token(UInt8(ascii: "{"), at: depth)
        return KeyedEncodingContainer(Keyed(encoder: self, depth: depth + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        token(UInt8(ascii: "["), at: depth)
        return Unkeyed(encoder: self, depth: depth + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self, depth: depth) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: FieldEncoder
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        func name(_ key: Key) { encoder.token(UInt8(ascii: "k"), at: depth); encoder.key.add(key.stringValue) }
        mutating func encodeNil(forKey key: Key) { name(key); encoder.token(UInt8(ascii: "n"), at: depth) }
        mutating func encode(_ value: Bool, forKey key: Key) { name(key); encoder.add(value, at: depth) }
        mutating func encode(_ value: String, forKey key: Key) { name(key); encoder.add(value, at: depth) }
        mutating func encode(_ value: Int, forKey key: Key) { name(key); encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int8, forKey key: Key) { name(key); encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int16, forKey key: Key) { name(key); encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int32, forKey key: Key) { name(key); encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int64, forKey key: Key) { name(key); encoder.add(value, at: depth) }
        mutating func encode(_ value: UInt, forKey key: Key) { name(key); encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt8, forKey key: Key) { name(key); encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt16, forKey key: Key) { name(key); encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt32, forKey key: Key) { name(key); encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt64, forKey key: Key) { name(key); encoder.add(value, at: depth) }
        mutating func encode(_ value: Double, forKey key: Key) { name(key); encoder.add(value, at: depth) }
        mutating func encode(_ value: Float, forKey key: Key) { name(key); encoder.add(Double(value), at: depth) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws { name(key); try encoder.add(value, at: depth) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            name(key)
            encoder.token(UInt8(ascii: "{"), at: depth)
            return KeyedEncodingContainer(Keyed<NestedKey>(encoder: encoder, depth: depth + 1))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            name(key)
            encoder.token(UInt8(ascii: "["), at: depth)
            return Unkeyed(encoder: encoder, depth: depth + 1)
        }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { name(key); return encoder }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: FieldEncoder
        let depth: Int
        var count = 0
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { count += 1; encoder.token(UInt8(ascii: "n"), at: depth) }
        mutating func encode(_ value: Bool) { count += 1; encoder.add(value, at: depth) }
        mutating func encode(_ value: String) { count += 1; encoder.add(value, at: depth) }
        mutating func encode(_ value: Int) { count += 1; encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int8) { count += 1; encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int16) { count += 1; encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int32) { count += 1; encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int64) { count += 1; encoder.add(value, at: depth) }
        mutating func encode(_ value: UInt) { count += 1; encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt8) { count += 1; encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt16) { count += 1; encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt32) { count += 1; encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt64) { count += 1; encoder.add(value, at: depth) }
        mutating func encode(_ value: Double) { count += 1; encoder.add(value, at: depth) }
        mutating func encode(_ value: Float) { count += 1; encoder.add(Double(value), at: depth) }
        mutating func encode(_ value: some Encodable) throws { count += 1; try encoder.add(value, at: depth) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            encoder.token(UInt8(ascii: "{"), at: depth)
            return KeyedEncodingContainer(Keyed<NestedKey>(encoder: encoder, depth: depth + 1))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            encoder.token(UInt8(ascii: "["), at: depth)
            return Unkeyed(encoder: encoder, depth: depth + 1)
        }
        mutating func superEncoder() -> any Encoder { encoder }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: FieldEncoder
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { encoder.token(UInt8(ascii: "n"), at: depth) }
        mutating func encode(_ value: Bool) { encoder.add(value, at: depth) }
        mutating func encode(_ value: String) { encoder.add(value, at: depth) }
        mutating func encode(_ value: Int) { encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int8) { encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int16) { encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int32) { encoder.add(Int64(value), at: depth) }
        mutating func encode(_ value: Int64) { encoder.add(value, at: depth) }
        mutating func encode(_ value: UInt) { encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt8) { encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt16) { encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt32) { encoder.add(UInt64(value), at: depth) }
        mutating func encode(_ value: UInt64) { encoder.add(value, at: depth) }
        mutating func encode(_ value: Double) { encoder.add(value, at: depth) }
        mutating func encode(_ value: Float) { encoder.add(Double(value), at: depth) }
        mutating func encode(_ value: some Encodable) throws { try encoder.add(value, at: depth) }
    }
}
