// `import CatalogKit` is all a client needs: the model (definitions, values, the records the
// catalog returns and its errors), the engine and the exports are part of its API. The store is
// not: a program reaches it only through `Catalog`, so the store can change under the library.
@_exported import CatalogModel
@_exported import CatalogEngine
@_exported import CatalogFormats
