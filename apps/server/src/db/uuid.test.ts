import { describe, expect, it } from 'vitest';
import { isUuid, uuidArray } from './uuid';

describe('uuids from outside', () => {
  it('takes a uuid in either case and nothing else', () => {
    expect(isUuid('0b5e2c1a-6f1d-4c3e-9a7b-2d4f6e8a0c1b')).toBe(true);
    expect(isUuid('0B5E2C1A-6F1D-4C3E-9A7B-2D4F6E8A0C1B')).toBe(true);
    expect(isUuid('0b5e2c1a-6f1d-4c3e-9a7b-2d4f6e8a0c1')).toBe(false);
    expect(isUuid("0b5e2c1a-6f1d-4c3e-9a7b-2d4f6e8a0c1b' or 1=1")).toBe(false);
  });

  it('writes checked uuids as one array literal, and refuses anything else', () => {
    expect(uuidArray(['0b5e2c1a-6f1d-4c3e-9a7b-2d4f6e8a0c1b', '1c6f3d2b-7a2e-4d4f-8b8c-3e5a7f9b1d2c'])).toBe(
      '{0b5e2c1a-6f1d-4c3e-9a7b-2d4f6e8a0c1b,1c6f3d2b-7a2e-4d4f-8b8c-3e5a7f9b1d2c}',
    );
    expect(uuidArray([])).toBe('{}');
    expect(() => uuidArray(['a,b}'])).toThrow(/checked uuids/);
  });
});
