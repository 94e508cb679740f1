// The throwaway PostgreSQL server lives in its own target, shared with catalog-bench.
@_exported import ThrowawayPostgres
