// frame-bounds — a view's frame, bounds and center as plain arithmetic.
//
// A view stores its bounds (its own coordinate system), its center (in the
// superview's system) and a transform about that center; the frame is computed
// from the three, as UIKit documents it. Converting a point walks up to the
// root view and back down.
import Foundation
import Geometry

final class View {
    let name: String
    var bounds: CGRect
    var center: CGPoint
    var transform = Transform.identity
    private(set) weak var superview: View?
    private(set) var subviews: [View] = []

    init(_ name: String, frame: CGRect) {
        self.name = name
        bounds = CGRect(origin: .zero, size: frame.size)
        center = CGPoint(x: frame.midX, y: frame.midY)
    }

    func addSubview(_ view: View) {
        subviews.append(view)
        view.superview = self
    }

    /// This view's coordinates → the superview's: about the bounds' middle, then to the center.
    var toSuperview: Transform {
        Transform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(Transform(translationX: center.x, y: center.y))
    }

    /// The bounds as the superview sees them; with a rotation, only a bounding box.
    var frame: CGRect { bounds.boundingBox(toSuperview) }

    func convert(_ point: CGPoint, to other: View) -> CGPoint {
        other.fromRoot(toRoot(point))
    }

    private func toRoot(_ point: CGPoint) -> CGPoint {
        let up = point.applying(toSuperview)
        return superview?.toRoot(up) ?? up
    }

    private func fromRoot(_ point: CGPoint) -> CGPoint {
        let here = superview?.fromRoot(point) ?? point
        guard let back = toSuperview.inverted() else { return here }
        return here.applying(back)
    }
}

func show(_ step: String, _ view: View) {
    print(step)
    print("  frame  \(fmt(view.frame))")
    print("  bounds \(fmt(view.bounds))")
    print("  center \(fmt(view.center))")
}

let screen = View("screen", frame: CGRect(x: 0, y: 0, width: 360, height: 640))
let card = View("card", frame: CGRect(x: 20, y: 40, width: 200, height: 120))
let badge = View("badge", frame: CGRect(x: 10, y: 10, width: 80, height: 20))
screen.addSubview(card)
card.addSubview(badge)

show("1. card placed by its frame", card)
print("  badge's origin on screen \(fmt(badge.convert(.zero, to: screen)))")

card.bounds.origin.y = 30                      // scroll the card's content up
show("2. bounds.origin.y = 30", card)
print("  badge's origin on screen \(fmt(badge.convert(.zero, to: screen)))")
card.bounds.origin.y = 0

card.transform = Transform(rotationDegrees: 90)
show("3. transform = rotation by 90°", card)
print("  badge's origin on screen \(fmt(badge.convert(.zero, to: screen)))")

card.transform = Transform(scaleX: 1.5, y: 1.5)
show("4. transform = scale by 1.5", card)
let tap = CGPoint(x: 120, y: 100)              // a touch at the center of the screen's card
print("  screen \(fmt(tap)) is card \(fmt(screen.convert(tap, to: card)))")
