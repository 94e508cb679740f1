// `import CatalogKit` is all a client needs: the model (definitions, values, the records the
// catalog returns and its errors) and the import options of the formats are part of its API.
// The engine is re-exported for the package's own targets only (it declares nothing public),
// and the store not at all: a program reaches both only through `Catalog`, so either can change
// under the library (`.ci/api-baseline.txt` holds what is public).
@_exported import CatalogModel
@_exported import CatalogEngine
@_exported import CatalogFormats
