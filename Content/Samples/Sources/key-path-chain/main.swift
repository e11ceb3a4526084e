// Key paths in place of key-value coding: reading, composing, optional
// chains, writing through a key path, and string keys mapped to typed paths.

struct Address {
    var city: String
    var postcode: String
}

struct Employee {
    var name: String
    var title: String
    var address: Address
}

final class Department {
    var name: String
    var head: Employee?
    var staff: [Employee]

    init(name: String, head: Employee?, staff: [Employee]) {
        self.name = name
        self.head = head
        self.staff = staff
    }
}

let lena = Employee(name: "Lena Marsh", title: "Lead",
                    address: Address(city: "Tallinn", postcode: "10111"))
let omar = Employee(name: "Omar Quist", title: "Engineer",
                    address: Address(city: "Riga", postcode: "1050"))
let design = Department(name: "Design", head: lena, staff: [lena, omar])
let archive = Department(name: "Archive", head: nil, staff: [])

// 1. Reading: a key path is a value; the subscript applies it.
let toAddress = \Employee.address
let city = toAddress.appending(path: \Address.city)
print("1.", city, "->", omar[keyPath: city], "| same path:", city == \Employee.address.city)

// Printed, a subscript or computed step shows an address that changes from
// run to run; it is masked here so that the output is the same every time.
func masked(_ path: AnyKeyPath) -> String {
    "\(path)".replacing(/0x[0-9a-f]+/, with: "0x…")
}
print("  ", masked(\Department.staff[1].name))

// 2. Optional chains: the value type becomes optional.
let headCity = \Department.head?.address.city
let headCityType = type(of: headCity)
print("2.", headCityType)
for department in [design, archive] {
    print("  ", department.name, "->", department[keyPath: headCity] ?? "no head")
}

// 3. Writing: WritableKeyPath on a var, ReferenceWritableKeyPath on a class.
var moved = omar
moved[keyPath: \.address.city] = "Vilnius"
design[keyPath: \.staff[1].title] = "Senior Engineer"
print("3.", moved.address.city, "|", design.staff[1].title, "|", omar.title)

// `?` makes a path read-only; `!` keeps it writable (and traps on nil).
let headCityForced = \Department.head!.address.city
design[keyPath: headCityForced] = "Narva"
print("  ", type(of: headCityForced), "->", design.head?.address.city ?? "no head")

// 4. String keys, as in setValue:forKeyPath:, mapped to typed paths once.
let editable: [String: WritableKeyPath<Employee, String>] = [
    "name": \.name,
    "title": \.title,
    "address.city": \.address.city,
    "address.postcode": \.address.postcode,
]

func apply(_ form: [String: String], to employee: inout Employee,
           fields: [String: WritableKeyPath<Employee, String>]) -> [String] {
    var unknown: [String] = []
    for (key, value) in form.sorted(by: { $0.key < $1.key }) {
        guard let path = fields[key] else {
            unknown.append(key)
            continue
        }
        employee[keyPath: path] = value
    }
    return unknown
}

var edited = lena
let rejected = apply(["address.city": "Tartu", "title": "Director", "salary": "9000"],
                     to: &edited, fields: editable)
print("4.", edited.name, "/", edited.title, "/", edited.address.city,
      "| rejected:", rejected)

// 5. Key paths as functions and as data: a small table renderer.
let columns: [(String, KeyPath<Employee, String>)] = [
    ("Name", \.name), ("City", \.address.city), ("Title", \.title),
]
print("5.", columns.map(\.0).joined(separator: " | "))
for employee in design.staff.sorted(by: { $0.name < $1.name }) {
    print("  ", columns.map { employee[keyPath: $0.1] }.joined(separator: " | "))
}
