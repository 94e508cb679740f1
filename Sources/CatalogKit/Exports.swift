// `import CatalogKit` is all a client needs: the model and store types are part of its API.
@_exported import CatalogModel
@_exported import CatalogStore
@_exported import CatalogEngine
@_exported import CatalogExport
