import Foundation
import Samples
import Synchronization

/// Samples progress: a bar on a terminal, plain lines in CI logs.
final class SampleProgressDisplay: Sendable {
    struct State { var total = 0, cached = 0, ran = 0, failed = 0, building: String?, active = false, done = false }
    let interactive: Bool
    let state = Mutex(State())

    init(interactive: Bool) { self.interactive = interactive }

    func update(_ event: SamplesStage.Progress) {
        state.withLock { state in
            switch event {
            case .planned(let total, let cached):
                state.total = total; state.cached = cached; state.active = total > cached
                if !interactive && state.active { emit("primer: \(total) samples and snippets, \(cached) cached, \(total - cached) to check") }
            case .waiting(let message):
                if interactive && state.active { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
                emit("primer: \(message)")
            case .building(let what):
                state.building = what
                if !interactive { emit("primer: building \(what)") }
            case .ran(let id, let failed):
                state.building = nil
                state.ran += 1
                if failed { state.failed += 1 }
                if !interactive { emit("primer: ran \(id)\(failed ? " (failed)" : "")") }
            case .checked(let count, let failed):
                state.building = nil
                state.ran += count
                state.failed += failed
                if !interactive { emit("primer: checked \(count) snippet\(count == 1 ? "" : "s") with the compiler\(failed > 0 ? " (\(failed) failed)" : "")") }
            }
            if interactive && state.active { draw(state) }
        }
    }

    func draw(_ state: State) {
        let width = 24
        let done = state.cached + state.ran
        let filled = state.total == 0 ? width : width * done / state.total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        var line = "\r\u{1B}[2K\(bar) \(done)/\(state.total) samples · ran \(state.ran) · cached \(state.cached) · failed \(state.failed)"
        if let building = state.building { line += " · building \(building)…" }
        FileHandle.standardError.write(Data(line.utf8))
    }

    func emit(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

    func finish() {
        state.withLock { state in
            if interactive && state.active && !state.done { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            state.done = true
        }
    }
}
