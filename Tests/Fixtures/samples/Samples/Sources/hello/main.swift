import Greeting
print(greeting("world"))
