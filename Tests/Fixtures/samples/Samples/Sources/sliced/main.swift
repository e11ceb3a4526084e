// snippet.hide
let setup = [1, 2, 3]
// snippet.show
func total(_ values: [Int]) -> Int {
    // snippet.core
    let sum = values.reduce(0, +)
    return sum
    // snippet.end
}
print(total(setup))
