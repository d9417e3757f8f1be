import { subgraphPlugins } from './subgraph.server';
import { Metrics } from '../metrics/metrics.registry';

describe('subgraph Apollo plugins', () => {
  it("turn off Apollo's implicit cache-control plugin (a hook on every resolved field) and the landing page", () => {
    const ids = subgraphPlugins('flight', new Metrics()).map((p) => (p as { __internal_plugin_id__?: string }).__internal_plugin_id__);
    expect(ids).toEqual(expect.arrayContaining(['CacheControl', 'LandingPageDisabled']));
  });
});
