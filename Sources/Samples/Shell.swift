import Foundation

/// Runs a tool (swift build, swift package dump-package) and collects what it printed.
public struct Shell {
    public struct Output: Sendable { public var status: Int32; public var stdout: String; public var stderr: String }

    public static func run(_ arguments: [String], in directory: String? = nil) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return Output(status: -1, stdout: "", stderr: "cannot start \(arguments.joined(separator: " ")): \(error.localizedDescription)")
        }
        // Read both pipes concurrently so neither fills up and blocks the tool.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `swift --version`, once per process: part of every cache key.
    static let toolchainVersion: String = {
        let output = run(["swift", "--version"])
        return (output.stdout + output.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
    }()
}
