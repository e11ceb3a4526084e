import Foundation

extension URL {
    /// This path, after making its parent folder.
    public func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
