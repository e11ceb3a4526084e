import CourseModel
import Foundation

/// The sizes of the course's images (see `ImageSize.read`), read in parallel.
enum ImageSizes {
    static let extensions: Set<String> = ["png", "gif", "jpg", "jpeg", "webp", "svg"]

    static func read(_ files: Set<String>, in folder: String) -> [String: ImageSize] {
        let images = files.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        let sizes = parallelMap(images) { path -> ImageSize? in
            guard let handle = FileHandle(forReadingAtPath: folder + "/" + path) else { return nil }
            defer { try? handle.close() }
            // A JPEG's size can come after its metadata; 256 KB covers what cameras write.
            let head = [UInt8]((try? handle.read(upToCount: path.lowercased().hasSuffix("svg") ? 4096 : 262_144)) ?? Data())
            return size(of: head, svg: path.lowercased().hasSuffix(".svg"))
        }
        var result: [String: ImageSize] = [:]
        for (path, size) in zip(images, sizes) { if let size { result[path] = size } }
        return result
    }

    static func size(of bytes: [UInt8], svg: Bool) -> ImageSize? { ImageSize.read(bytes, svg: svg) }
}
