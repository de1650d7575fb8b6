import { describe, expect, it } from 'vitest';
import { chrF } from './chrf';

describe('chrF', () => {
  it('is 100 for identical text and 0 for text sharing no character', () => {
    expect(chrF(['¿Dónde estás?'], ['¿Dónde estás?'])).toBeCloseTo(100);
    expect(chrF(['xyz'], ['abc'])).toBe(0);
  });

  it('ignores whitespace and rewards closer output', () => {
    expect(chrF(['Dónde   quieres ir?'], ['Dónde quieres ir?'])).toBeCloseTo(100);
    const far = chrF(['Donde quiere ir'], ['¿Dónde quieres ir?']);
    const near = chrF(['¿Dónde quieres ir?'.slice(1)], ['¿Dónde quieres ir?']);
    expect(near).toBeGreaterThan(far);
    expect(near).toBeLessThan(100);
  });
});
