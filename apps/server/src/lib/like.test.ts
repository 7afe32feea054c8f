import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, prefixPattern } from './like.ts';

describe('LIKE patterns', () => {
  it('matches wildcards and the escape character literally', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containsPattern('Chan_Tai%')).toBe('%chan\\_tai\\%%');
    expect(prefixPattern('10.0.')).toBe('10.0.%');
  });
});
