/**
 * A set of device ids read from the database (the devices some automation or data exchange
 * listens to), kept until `invalidate` and at most `refreshMs` (other instances' changes). Once
 * loaded it answers synchronously: telemetry listeners dismiss the devices nobody listens to, which
 * is almost every message, without a promise or a database read.
 */
export class DeviceSet {
  private current: Set<string> | null = null;
  private loading: Promise<Set<string>> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly load: () => Promise<Iterable<string>>,
    refreshMs: number,
  ) {
    this.timer = setInterval(() => this.invalidate(), refreshMs);
    this.timer.unref();
  }

  /** True or false once loaded; undefined while unknown (then call `get`). */
  has(id: string): boolean | undefined {
    return this.current ? this.current.has(id) : undefined;
  }

  get(): Promise<Set<string>> {
    if (this.current) return Promise.resolve(this.current);
    if (!this.loading) {
      const loading = this.load().then(
        (ids) => {
          const set = new Set(ids);
          // A change while loading makes this answer stale: keep it for this caller only.
          if (this.loading === loading) this.current = set;
          return set;
        },
        () => {
          if (this.loading === loading) this.loading = null;
          return new Set<string>();
        },
      );
      this.loading = loading;
    }
    return this.loading;
  }

  /** Whether `id` is in the set, loading it if needed. */
  async includes(id: string): Promise<boolean> {
    return this.has(id) ?? (await this.get()).has(id);
  }

  invalidate(): void {
    this.current = null;
    this.loading = null;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
