// Moves into its parent's process group (out of reach of a kill aimed at its own group),
// then never ends.
#if canImport(Glibc)
import Glibc
#endif

_ = setpgid(0, getpgid(getppid()))
print("moved")
while true { sleep(1) }
