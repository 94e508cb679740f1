// The store's users (the library, the benchmarks, the tests) see the backend protocols and write
// rules the SQLite store is built on, as before they moved to their own target.
@_exported import CatalogStoreCore
