import { describe, expect, it } from 'vitest';
import { addSpanishOpeningMarks, polishTranslation } from './output-polish';

describe('polishTranslation', () => {
  it('collapses runs of spaces the source did not have, keeping line breaks', () => {
    expect(polishTranslation('Dónde   quieres ir?', 'Where do you want to go?', 'es')).toBe('¿Dónde quieres ir?');
    expect(polishTranslation('Hola  a todos\nAdiós', 'Hi all\nBye', 'es')).toBe('Hola a todos\nAdiós');
    // Spaces the writer typed on purpose stay.
    expect(polishTranslation('a    b', 'a    b', 'fr')).toBe('a    b');
  });

  it('removes a space before punctuation unless the source had one', () => {
    expect(polishTranslation('Je vois le chien .', 'I see the dog.', 'fr')).toBe('Je vois le chien.');
    expect(polishTranslation('Quoi ?', 'Quoi ?', 'fr')).toBe('Quoi ?');
  });

  it('leaves other languages without Spanish marks', () => {
    expect(polishTranslation('Where are you?', '¿Dónde estás?', 'en')).toBe('Where are you?');
    expect(polishTranslation('Onde você está?', 'Where are you?', 'pt')).toBe('Onde você está?');
  });
});

describe('addSpanishOpeningMarks', () => {
  it('opens each question and exclamation, sentence by sentence', () => {
    expect(addSpanishOpeningMarks('Hola Bruno!')).toBe('¡Hola Bruno!');
    expect(addSpanishOpeningMarks('Hola. Cómo estás? Muy bien!')).toBe('Hola. ¿Cómo estás? ¡Muy bien!');
    expect(addSpanishOpeningMarks('Qué?!')).toBe('¿Qué?!');
  });

  it('opens a question at its question word after a greeting or a name', () => {
    expect(addSpanishOpeningMarks('Buenos días, cómo estás?')).toBe('Buenos días, ¿cómo estás?');
    expect(addSpanishOpeningMarks('Ana, por qué no vienes?')).toBe('Ana, ¿por qué no vienes?');
    // Without a question word after the comma, the whole sentence is the question.
    expect(addSpanishOpeningMarks('Si llueve, vienes?')).toBe('¿Si llueve, vienes?');
  });

  it('never doubles a mark the engine kept', () => {
    expect(addSpanishOpeningMarks('¿Dónde estás?')).toBe('¿Dónde estás?');
    expect(addSpanishOpeningMarks('¡Hola! ¿Qué tal?')).toBe('¡Hola! ¿Qué tal?');
  });

  it('puts the mark before the first word, after a leading emoji or mention, and leaves a link alone', () => {
    expect(addSpanishOpeningMarks('👋 Hola!')).toBe('👋 ¡Hola!');
    expect(addSpanishOpeningMarks('Mira https://tolk.example/a?b=1 vale?')).toBe(
      '¿Mira https://tolk.example/a?b=1 vale?',
    );
    expect(addSpanishOpeningMarks('Vienes mañana? 🙂')).toBe('¿Vienes mañana? 🙂');
  });

  it('treats each line on its own', () => {
    expect(addSpanishOpeningMarks('Hola\nQué tal?')).toBe('Hola\n¿Qué tal?');
  });
});
