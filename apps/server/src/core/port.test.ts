import { describe, expect, it } from 'vitest';
import { createPort } from './port.ts';

interface Greeter {
  greet(name: string): Promise<string>;
}

describe('createPort', () => {
  it('forwards each call to the module that filled it', async () => {
    const port = createPort<Greeter>('greeter', ['greet']);
    port.fill({
      prefix: 'hello',
      async greet(name) {
        return `${this.prefix} ${name}`;
      },
    } as Greeter & { prefix: string });
    port.assertFilled();
    await expect(port.use.greet('Ana')).resolves.toBe('hello Ana');
  });

  it('refuses to be filled twice, and says so when called or started unfilled', () => {
    const port = createPort<Greeter>('greeter', ['greet']);
    expect(() => port.use.greet('Ana')).toThrow('port greeter is not filled');
    expect(() => port.assertFilled()).toThrow('port greeter is not filled');
    port.fill({ greet: async (name) => name });
    expect(() => port.fill({ greet: async (name) => name })).toThrow('port greeter is filled twice');
  });
});
