/**
 * Submits per second for one bind. The burst is kept small (20 ms worth of tokens by default):
 * timers fire at ~1 ms granularity, so a burst of one would cap high rates near 1000/s, while a
 * large burst would let any one-second window at the SMSC exceed the contracted TPS.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private rate: number;
  capacity: number;

  constructor(
    ratePerSecond: number,
    capacity = burstFor(ratePerSecond),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.rate = ratePerSecond;
    this.capacity = capacity;
    this.tokens = capacity;
    this.last = now();
  }

  get ratePerSecond(): number {
    return this.rate;
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.last) * this.rate) / 1000);
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
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 1000) / this.rate);
  }

  /** A new rate from now on (tokens earned so far are kept, up to the new burst). */
  setRate(ratePerSecond: number): void {
    this.refill();
    this.rate = ratePerSecond;
    this.capacity = burstFor(ratePerSecond);
    this.tokens = Math.min(this.tokens, this.capacity);
  }

  /** Drops the tokens saved up: the next one comes a full interval from now. */
  empty(): void {
    this.refill();
    this.tokens = 0;
  }
}

function burstFor(ratePerSecond: number): number {
  return Math.max(1, Math.ceil(ratePerSecond / 50));
}
