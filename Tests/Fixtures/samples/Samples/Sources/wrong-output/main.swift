print("one")
print("two (new)")
print("three")
