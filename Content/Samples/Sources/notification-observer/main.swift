// notification-observer — a cart announces changes; observers it does not know react to them.
import Foundation

extension Notification.Name {
    /// Posted by a Cart after it changes; userInfo holds "item" (String) and "count" (Int).
    static let cartDidChange = Notification.Name("CartDidChange")
}

/// A typed message (Foundation in Swift 6.2 and later; iOS 26 and later on Apple platforms).
struct CartCheckedOut: NotificationCenter.MainActorMessage {
    typealias Subject = Cart
    let cart: String
    let total: Int
}

extension NotificationCenter.MessageIdentifier
    where Self == NotificationCenter.BaseMessageIdentifier<CartCheckedOut> {
    static var cartCheckedOut: Self { .init() }
}

@MainActor
final class Cart {
    let name: String
    private let center: NotificationCenter
    private var prices: [String: Int] = [:]

    init(name: String, center: NotificationCenter) {
        self.name = name
        self.center = center
    }

    var count: Int { prices.count }

    func add(_ item: String, price: Int) {
        prices[item] = price
        center.post(name: .cartDidChange, object: self,
                    userInfo: ["item": item, "count": prices.count])
    }

    func checkOut() {
        center.post(CartCheckedOut(cart: name, total: prices.values.reduce(0, +)), subject: self)
        prices.removeAll()
    }
}

/// Shows how many items one cart holds, like a badge on a tab.
@MainActor
final class Badge {
    private let center: NotificationCenter
    private var token: (any NSObjectProtocol)?

    init(watching cart: Cart, center: NotificationCenter) {
        self.center = center
        // object: cart — notifications from other carts are not delivered here.
        token = center.addObserver(forName: .cartDidChange, object: cart, queue: nil) {
            [weak self] note in
            let item = note.userInfo?["item"] as? String ?? "?"
            let count = note.userInfo?["count"] as? Int ?? 0
            MainActor.assumeIsolated { self?.show(count, after: item) }
        }
    }

    private func show(_ count: Int, after item: String) {
        print("badge: \(count) after adding \(item)")
    }

    isolated deinit {
        if let token { center.removeObserver(token) }
        print("badge: deinit, observer removed")
    }
}

/// Prints a receipt whenever a cart checks out.
@MainActor
final class ReceiptPrinter {
    private var token: NotificationCenter.ObservationToken?

    init(center: NotificationCenter) {
        token = center.addObserver(of: Cart.self, for: .cartCheckedOut) { message in
            print("receipt: \(message.cart) cart, total \(message.total)")
        }
    }
}

let center = NotificationCenter()          // a private center; apps mostly use .default
let kitchen = Cart(name: "kitchen", center: center)
let garden = Cart(name: "garden", center: center)
var badge: Badge? = Badge(watching: kitchen, center: center)
let printer = ReceiptPrinter(center: center)
_ = center.addObserver(of: Cart.self, for: .cartCheckedOut) { message in
    print("dropped token: \(message.cart)")  // the token is gone, and the observation with it
}

kitchen.add("kettle", price: 30)
garden.add("rake", price: 12)              // not the badge's cart: no output
kitchen.add("teapot", price: 18)
kitchen.checkOut()
garden.checkOut()
badge = nil
kitchen.add("mug", price: 6)               // nobody observes it now
print("kitchen cart holds \(kitchen.count) item")
