import Foundation
print(Date().timeIntervalSince1970)
