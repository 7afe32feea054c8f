/**
 * A port: what one module needs from a module registered after it (a freed seat reaching the waiting
 * lists, a certificate PDF reaching a mail). The DEPENDING module declares the interface and the port,
 * and calls `port.use`; the answering module fills it once, when it registers. So no module imports
 * the one it merely calls back, and a wiring mistake fails at start-up (`assertFilled`, run by the
 * declaring module's onReady hook) rather than on the first call.
 */
export interface Port<T extends object> {
  /** Forwards each method to the filling implementation. */
  readonly use: T;
  fill(implementation: T): void;
  assertFilled(): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any method signature is forwarded as is
type Methods<T> = { [K in keyof T]: T[K] extends (...args: any[]) => unknown ? K : never }[keyof T];

export function createPort<T extends object>(name: string, methods: readonly Methods<T>[]): Port<T> {
  let implementation: T | undefined;
  const use = Object.fromEntries(
    methods.map((method) => [
      method,
      (...args: unknown[]) => {
        if (!implementation) throw new Error(`port ${name} is not filled: its module is not registered`);
        return (implementation[method] as (...args: unknown[]) => unknown).apply(implementation, args);
      },
    ]),
  ) as T;
  return {
    use,
    fill(next) {
      if (implementation) throw new Error(`port ${name} is filled twice`);
      implementation = next;
    },
    assertFilled() {
      if (!implementation) throw new Error(`port ${name} is not filled: its module is not registered`);
    },
  };
}
