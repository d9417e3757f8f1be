import { Metrics, MAX_OPERATION_NAMES } from './metrics.registry';
import { instrumentJobs } from './job-metrics.middleware';

describe('Metrics', () => {
  it('keeps operation names bounded: malformed and names past the cap count as "other", none as "anonymous"', () => {
    const metrics = new Metrics();
    expect(metrics.operationLabel(undefined)).toBe('anonymous');
    expect(metrics.operationLabel('bad name; DROP')).toBe('other');
    for (let i = 0; i < MAX_OPERATION_NAMES; i++) expect(metrics.operationLabel(`Op${i}`)).toBe(`Op${i}`);
    expect(metrics.operationLabel('OneTooMany')).toBe('other');
    expect(metrics.operationLabel('Op7')).toBe('Op7');
  });

  it('times job runs and counts failures by queue and job name', async () => {
    const metrics = new Metrics();
    const [ok, failing] = instrumentJobs(
      [
        { queue: 'q', name: 'fine', process: async () => 'done' },
        { queue: 'q', name: 'broken', process: async () => Promise.reject(new Error('boom')) },
      ],
      metrics,
    );
    await expect(ok.process({}, undefined as never)).resolves.toBe('done');
    await expect(failing.process({}, undefined as never)).rejects.toThrow('boom');
    const text = await metrics.text();
    expect(text).toMatch(/safiri_job_duration_seconds_count\{queue="q",job="fine",outcome="completed"\} 1/);
    expect(text).toMatch(/safiri_job_duration_seconds_count\{queue="q",job="broken",outcome="failed"\} 1/);
    expect(text).toMatch(/safiri_job_failures_total\{queue="q",job="broken"\} 1/);
  });

  it('a scrape-time collector that hangs is skipped for that scrape and counted, so the scrape still answers', async () => {
    const metrics = new Metrics();
    metrics.gaugeOnScrape('probe_hanging', 'never answers', [], () => new Promise<void>(() => undefined));
    metrics.gaugeOnScrape('probe_fine', 'answers', ['state'], async (set) => set({ state: 'x' }, 3));
    const text = await metrics.text();
    expect(text).toMatch(/probe_fine\{state="x"\} 3/);
    // NaN (prom-client writes "Nan"): unknown, where 0 would pass for a reading.
    expect(text).toMatch(/^probe_hanging nan$/im);
    // Collectors run side by side, so the count shows from the next scrape on.
    expect(await metrics.text()).toMatch(/safiri_metrics_collect_failures_total\{collector="probe_hanging"\} [12]/);
  });
});
