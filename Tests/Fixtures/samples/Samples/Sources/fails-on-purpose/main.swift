import Foundation
print("about to fail")
exit(3)
