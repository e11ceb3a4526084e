import Archives

/// The EPUB's container: `mimetype` first and stored (no compression, no extra field, as the
/// OCF spec wants it), then every file deflated in the order given, so the same files give the
/// same bytes.
enum EPUBZip {
    static func archive(_ files: [(path: String, bytes: [UInt8])]) -> [UInt8] {
        do {
            let zip = try ReproducibleZip()
            try zip.addFile("mimetype", Array("application/epub+zip".utf8), compressed: false)
            for file in files { try zip.addFile(file.path, file.bytes) }
            return zip.bytes
        } catch {
            // An in-memory archive has no disk to fail on; this is a bug, not a user's problem.
            fatalError("EPUB archive: \(error)")
        }
    }
}
