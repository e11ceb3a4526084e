// task-group — structured concurrency with task groups. Child tasks finish in
// any order, so each returns its index with its result and the parent puts
// the results back in input order. A throwing group stops at the first error
// and cancels the children still running; each child records how it ended,
// and the record is printed sorted by name.
import Synchronization

struct Station: Sendable { let name: String; let readings: [Double] }

let stations = [
    Station(name: "Pier", readings: [14.5, 15.0, 15.5]),
    Station(name: "Ridge", readings: [9.0, 11.0]),
    Station(name: "Marsh", readings: [17.5]),
    Station(name: "Quarry", readings: [12.0, 12.5, 13.0, 13.5]),
]

/// Work that takes a while: the mean of a station's readings.
func mean(of station: Station) async -> Double {
    await Task.yield()
    return station.readings.reduce(0, +) / Double(station.readings.count)
}

// snippet.ordered
func means(of stations: [Station]) async -> [Double] {
    await withTaskGroup(of: (Int, Double).self) { group in
        for (index, station) in stations.enumerated() {
            group.addTask { (index, await mean(of: station)) }
        }
        var results = [Double](repeating: 0, count: stations.count)
        for await (index, value) in group {         // in the order they finish
            results[index] = value                  // back in input order
        }
        return results
    }
}
// snippet.end

// snippet.throwing
enum UploadError: Error { case rejected(String) }
let outcomes = Mutex([String: String]())

func upload(_ station: Station) async throws -> String {
    if station.readings.count == 1 {                // the server refuses this one at once
        throw UploadError.rejected(station.name)
    }
    do {
        try await Task.sleep(for: .seconds(10))     // the others take a long time
        outcomes.withLock { $0[station.name] = "uploaded" }
        return station.name
    } catch {
        outcomes.withLock { $0[station.name] = "cancelled" }
        throw error
    }
}

func uploadAll(_ stations: [Station]) async throws -> [String] {
    try await withThrowingTaskGroup(of: String.self) { group in
        for station in stations {
            group.addTask { try await upload(station) }
        }
        var names: [String] = []
        for try await name in group { names.append(name) }   // rethrows the first error
        return names.sorted()
    }
}
// snippet.end

let results = await means(of: stations)
for (station, value) in zip(stations, results) {
    print(station.name, value)
}

do {
    let uploaded = try await uploadAll(stations)
    print("uploaded:", uploaded)
} catch {
    print("group failed with:", error)
}
for (name, outcome) in outcomes.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
    print("  \(name): \(outcome)")
}
