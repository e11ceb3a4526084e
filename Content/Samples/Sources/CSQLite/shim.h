// The C API of SQLite, as the system's libsqlite3-dev installs it.
#include <sqlite3.h>
