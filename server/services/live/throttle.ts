/**
 * At most one call per key every `ms`: the first at once, later ones within the interval merged into
 * one trailing call with the merged value.
 */
export class KeyedThrottle<K, V> {
  private readonly state = new Map<
    K,
    { last: number; pending: V | null; timer: ReturnType<typeof setTimeout> | null }
  >();

  constructor(
    private readonly ms: number,
    private readonly run: (key: K, value: V) => void,
    private readonly merge: (older: V, newer: V) => V = (_o, n) => n,
  ) {}

  push(key: K, value: V): void {
    const now = Date.now();
    let s = this.state.get(key);
    if (!s) {
      s = { last: 0, pending: null, timer: null };
      this.state.set(key, s);
    }
    if (s.timer) {
      s.pending = s.pending === null ? value : this.merge(s.pending, value);
      return;
    }
    const wait = s.last + this.ms - now;
    if (wait <= 0) {
      s.last = now;
      this.run(key, value);
      this.sweep(now);
      return;
    }
    s.pending = value;
    s.timer = setTimeout(() => this.flush(key), wait);
    s.timer.unref?.();
  }

  private flush(key: K): void {
    const s = this.state.get(key);
    if (!s) return;
    s.timer = null;
    const value = s.pending;
    s.pending = null;
    if (value === null) return;
    s.last = Date.now();
    this.run(key, value);
  }

  /** Keys idle past the interval are dropped now and then, so the map holds only recent keys. */
  private sweep(now: number): void {
    if (this.state.size < 256) return;
    for (const [key, s] of this.state) if (!s.timer && now - s.last >= this.ms) this.state.delete(key);
  }

  clear(): void {
    for (const s of this.state.values()) if (s.timer) clearTimeout(s.timer);
    this.state.clear();
  }
}
