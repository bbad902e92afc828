/**
 * Imported first by the benchmarks that render pages: React (and React DOM's server renderer) pick
 * their production or development build from `NODE_ENV` when they are first loaded, and a deployed
 * site runs with `NODE_ENV=production` (docs/operations.md). Without this, a benchmark started
 * without `NODE_ENV` would measure React's development build, which checks and records far more per
 * element (its share of a rendered page: bench/README.md, "Web benchmark") and which production never runs.
 * The server's own settings are given to it explicitly by each benchmark, never read from
 * `NODE_ENV`, so nothing else changes.
 */
process.env.NODE_ENV ??= "production";
