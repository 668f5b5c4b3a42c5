/**
 * The Node options the API server runs with wherever it is started: `npm start`, the browser tests' server and the
 * benchmarks import this list.
 *
 * - `--import tsx`: the server runs its TypeScript sources directly.
 * - `--max-semi-space-size=64` (MB; Node 20's default is 16): a young generation big enough for the answers in flight.
 *   A list page allocates a few hundred KB (rows, the validated answer, its JSON), and at 50 concurrent requests the
 *   default young generation filled so fast that live answers were promoted and collected by full collections: 9 % of
 *   the server's CPU went to the collector, 2.5 % with this. Per list request ~15 % less CPU and a p99 ~25 % lower
 *   (bench/README.md › User list); the young generation may take up to 3 × 64 MB, used only under such load.
 */
export const serverNodeArgs = ['--max-semi-space-size=64', '--import', 'tsx'];
