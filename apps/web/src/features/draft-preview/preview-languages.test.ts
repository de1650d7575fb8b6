import { describe, expect, it } from 'vitest';
import { previewLanguages } from './preview-languages';

describe('previewLanguages', () => {
  const group = [
    { language: 'fr' },
    { language: 'es' },
    { language: 'de', readsWithout: ['en'] },
    { language: 'es-MX' },
    { language: 'en' },
  ];

  it('asks each language once, most readers first, and never the draft’s own', () => {
    expect(previewLanguages(group, 'en')).toEqual(['es', 'fr']);
    expect(previewLanguages(group, 'es')).toEqual(['fr', 'de', 'en']);
  });

  it('leaves out a language whose readers all read the draft as written', () => {
    expect(previewLanguages([{ language: 'de', readsWithout: ['en'] }, { language: 'de' }], 'en')).toEqual(['de']);
    expect(previewLanguages([{ language: 'de', readsWithout: ['en-GB'] }], 'en')).toEqual([]);
  });

  it('keeps every reader’s language while the draft’s language is still to be detected', () => {
    expect(previewLanguages(group)).toEqual(['es', 'fr', 'de', 'en']);
  });

  it('asks nothing when nobody else is there', () => {
    expect(previewLanguages([], 'en')).toEqual([]);
  });
});
