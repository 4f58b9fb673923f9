/**
 * Submits per second for one bind. The burst is kept small (20 ms worth of tokens by default):
 * timers fire at ~1 ms granularity, so a burst of one would cap high rates near 1000/s, while a
 * large burst would let any one-second window at the SMSC exceed the contracted TPS.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  readonly capacity: number;

  constructor(
    readonly ratePerSecond: number,
    capacity = Math.max(1, Math.ceil(ratePerSecond / 50)),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.capacity = capacity;
    this.tokens = capacity;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.last) * this.ratePerSecond) / 1000);
    this.last = t;
  }

  /** Takes a token when one is available. */
  tryTake(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until the next token. */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 1000) / this.ratePerSecond);
  }
}
