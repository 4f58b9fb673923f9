/**
 * Routes (issue 26 point 2): ordered rules that pick the SMSC connection of each message by its
 * recipient's prefix (directly, or through an operator's number ranges kept as data), its purpose,
 * its organization and its sender. The first enabled rule whose every condition holds wins; a rule
 * without conditions is a default route. Each rule names its connection and an ordered failover
 * list. A message no rule takes goes to the enabled connections in their own order (how the engine
 * sent before routes existed).
 */

/** What a message is sent for, as routes see it: an OTP, or its send's declared purpose. */
export const ROUTE_PURPOSES = ["otp", "marketing", "debt_collection", "general"] as const;
export type RoutePurpose = (typeof ROUTE_PURPOSES)[number];

/** A recipient prefix: the 66 form's leading digits ("66", "6681", "668123"). */
export const ROUTE_PREFIX = /^66\d{0,9}$/;

export interface RouteRule {
  id: number;
  /** Lower first. */
  position: number;
  enabled: boolean;
  /** Any of these purposes; null: any purpose. */
  purposes: readonly RoutePurpose[] | null;
  /** Only this organization's messages; null: any. */
  organizationId: number | null;
  /** Only this sender name (exact); null: any. */
  sender: string | null;
  /** Recipients starting with one of these (66 form); null: any. */
  prefixes: readonly string[] | null;
  /** Recipients in one of this operator's ranges (operator prefixes); null: any. */
  operator: string | null;
  connectionId: number;
  /** Tried in order when the connection cannot take work. */
  failover: readonly number[];
}

/** One operator number range: recipients starting with `prefix` (66 form) belong to `operator`. */
export interface OperatorPrefix {
  prefix: string;
  operator: string;
}

export interface RoutedMessage {
  /** 66 form. */
  recipient: string;
  purpose: RoutePurpose;
  organizationId: number;
  sender: string;
}

export interface RouteDecision {
  /** The rule that took the message; null when none did (the connections' own order). */
  routeId: number | null;
  /** The connections to try, in order: the rule's connection, then its failover list. */
  connections: readonly number[];
}

/** A set of prefixes matched by the recipient's leading digits, one lookup per distinct length. */
class PrefixSet {
  readonly #byLength = new Map<number, Set<string>>();

  constructor(prefixes: Iterable<string>) {
    for (const prefix of prefixes) {
      let set = this.#byLength.get(prefix.length);
      if (!set) {
        set = new Set();
        this.#byLength.set(prefix.length, set);
      }
      set.add(prefix);
    }
  }

  get empty(): boolean {
    return this.#byLength.size === 0;
  }

  has(recipient: string): boolean {
    for (const [length, set] of this.#byLength) {
      if (recipient.length >= length && set.has(recipient.slice(0, length))) return true;
    }
    return false;
  }
}

/**
 * The operator of a recipient: the operator of its longest matching range (a ported block inside
 * another operator's range is written as a longer prefix), or null.
 */
export function operatorOf(recipient: string, ranges: readonly OperatorPrefix[]): string | null {
  let best: OperatorPrefix | null = null;
  for (const range of ranges) {
    if (recipient.startsWith(range.prefix) && (!best || range.prefix.length > best.prefix.length))
      best = range;
  }
  return best?.operator ?? null;
}

const BLOCK = 8;

interface CompiledRule {
  rule: RouteRule;
  purposes: ReadonlySet<RoutePurpose> | null;
  prefixes: PrefixSet | null;
  connections: readonly number[];
}

/** Routes compiled once per change of the rules: `route` runs per message on the send path. */
export class Router {
  readonly #rules: readonly CompiledRule[];
  readonly #ranges: readonly OperatorPrefix[];
  readonly #fallback: readonly number[];
  readonly #operators = new Map<string, string | null>();
  readonly #perNumber: boolean;

  /**
   * `fallback`: the enabled connections in their own order, for a message no rule takes. Rules of
   * a disabled state are skipped; duplicate connections in a failover list are tried once.
   */
  constructor(rules: readonly RouteRule[], ranges: readonly OperatorPrefix[], fallback: readonly number[]) {
    this.#ranges = [...ranges];
    this.#fallback = [...fallback];
    this.#perNumber = ranges.some((range) => range.prefix.length > BLOCK);
    this.#rules = rules
      .filter((rule) => rule.enabled)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((rule) => ({
        rule,
        purposes: rule.purposes ? new Set(rule.purposes) : null,
        prefixes: rule.prefixes ? new PrefixSet(rule.prefixes) : null,
        connections: [...new Set([rule.connectionId, ...rule.failover])],
      }));
  }

  route(message: RoutedMessage): RouteDecision {
    for (const compiled of this.#rules) {
      if (this.#matches(compiled, message)) {
        return { routeId: compiled.rule.id, connections: compiled.connections };
      }
    }
    return { routeId: null, connections: this.#fallback };
  }

  #matches({ rule, purposes, prefixes }: CompiledRule, message: RoutedMessage): boolean {
    if (purposes && !purposes.has(message.purpose)) return false;
    if (rule.organizationId !== null && rule.organizationId !== message.organizationId) return false;
    if (rule.sender !== null && rule.sender !== message.sender) return false;
    if (prefixes && !prefixes.has(message.recipient)) return false;
    if (rule.operator !== null && this.#operatorOf(message.recipient) !== rule.operator) return false;
    return true;
  }

  #operatorOf(recipient: string): string | null {
    // A recipient's operator is looked up once per 8-digit block (6681234…), unless some range is
    // longer than a block: then per number.
    if (this.#perNumber) return operatorOf(recipient, this.#ranges);
    const block = recipient.slice(0, BLOCK);
    let operator = this.#operators.get(block);
    if (operator === undefined) {
      operator = operatorOf(block, this.#ranges);
      if (this.#operators.size > 100_000) this.#operators.clear();
      this.#operators.set(block, operator);
    }
    return operator;
  }
}
