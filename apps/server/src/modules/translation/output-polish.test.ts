import { describe, expect, it } from 'vitest';
import { addSpanishOpeningMarks, polishTranslation } from './output-polish';

const toSpanish = (source: string) => ({ source, from: 'en', to: 'es' });

describe('polishTranslation', () => {
  it('collapses runs of spaces, keeping line breaks', () => {
    expect(polishTranslation('Dónde   quieres ir?', toSpanish('Where do you want to go?'))).toBe('¿Dónde quieres ir?');
    expect(polishTranslation('Tengo 3 gatos,  sabes?', toSpanish('I have 3 cats, you know?'))).toBe(
      '¿Tengo 3 gatos, sabes?',
    );
    expect(polishTranslation('Hola  a todos\nAdiós', toSpanish('Hi all\nBye'))).toBe('Hola a todos\nAdiós');
  });

  it('collapses the engine’s runs even when protected code holds a run of its own', () => {
    expect(polishTranslation('Mira `a  b`   ahora', toSpanish('Look at `a  b` now'))).toBe('Mira `a  b` ahora');
    expect(polishTranslation('```\nx  =  1\n```  vale', toSpanish('```\nx  =  1\n``` ok'))).toBe(
      '```\nx  =  1\n``` vale',
    );
  });

  it('removes a space before punctuation unless the source had one', () => {
    expect(polishTranslation('Je vois le chien .', { source: 'I see the dog.', from: 'en', to: 'fr' })).toBe(
      'Je vois le chien.',
    );
    expect(polishTranslation('Bueno , vale', toSpanish('Well , ok'))).toBe('Bueno , vale');
    // An emoticon is not punctuation.
    expect(polishTranslation('Te quiero :)', toSpanish('I love you :)'))).toBe('Te quiero :)');
  });

  it('does not carry French typographic spaces into another language, and keeps them in French', () => {
    expect(polishTranslation('Vienes esta tarde ?', { source: 'Tu viens ce soir ?', from: 'fr', to: 'es' })).toBe(
      '¿Vienes esta tarde?',
    );
    expect(polishTranslation('Hola Bruno !', { source: 'Salut Bruno !', from: 'fr', to: 'es' })).toBe('¡Hola Bruno!');
    expect(polishTranslation('Tu viens ?', { source: '¿Vienes?', from: 'es', to: 'fr' })).toBe('Tu viens ?');
  });

  it('leaves other languages without Spanish marks', () => {
    expect(polishTranslation('Where are you?', { source: '¿Dónde estás?', from: 'es', to: 'en' })).toBe(
      'Where are you?',
    );
    expect(polishTranslation('Onde você está?', { source: '¿Dónde estás?', from: 'es', to: 'pt' })).toBe(
      'Onde você está?',
    );
    expect(polishTranslation('Olá Bruno!', { source: '¡Hola Bruno!', from: 'es', to: 'pt' })).toBe('Olá Bruno!');
  });

  it('keeps links, addresses and mentions exactly as written', () => {
    expect(
      polishTranslation(
        'Mira  https://tolk.example/a?b=1  ahora ,  vale?',
        toSpanish('Look https://tolk.example/a?b=1 now, ok?'),
      ),
    ).toBe('¿Mira https://tolk.example/a?b=1 ahora, vale?');
    expect(polishTranslation('Escribe a ana@x.example !', toSpanish('Write to ana@x.example!'))).toBe(
      '¡Escribe a ana@x.example!',
    );
  });
});

describe('addSpanishOpeningMarks', () => {
  it('opens each question and exclamation, sentence by sentence', () => {
    expect(addSpanishOpeningMarks('Hola Bruno!')).toBe('¡Hola Bruno!');
    expect(addSpanishOpeningMarks('Hola. Cómo estás?')).toBe('Hola. ¿Cómo estás?');
    expect(addSpanishOpeningMarks('Hola. Cómo estás? Muy bien!')).toBe('Hola. ¿Cómo estás? ¡Muy bien!');
    expect(addSpanishOpeningMarks('Hola!!! Qué tal??')).toBe('¡Hola!!! ¿Qué tal??');
    expect(addSpanishOpeningMarks('Qué?!')).toBe('¿Qué?!');
    expect(addSpanishOpeningMarks('Son las 5. Vienes?')).toBe('Son las 5. ¿Vienes?');
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
    expect(addSpanishOpeningMarks('Hola, ¿cómo estás?')).toBe('Hola, ¿cómo estás?');
    expect(addSpanishOpeningMarks('¡Qué bien!')).toBe('¡Qué bien!');
  });

  it('puts the mark after a leading emoji, mention or hashtag, before a number', () => {
    expect(addSpanishOpeningMarks('👋 Hola!')).toBe('👋 ¡Hola!');
    expect(addSpanishOpeningMarks('@ana vienes?')).toBe('@ana ¿vienes?');
    expect(addSpanishOpeningMarks('@ana, vienes?')).toBe('@ana, ¿vienes?');
    expect(addSpanishOpeningMarks('#fiesta Esta noche!')).toBe('#fiesta ¡Esta noche!');
    expect(addSpanishOpeningMarks('3 personas vienen?')).toBe('¿3 personas vienen?');
  });

  it('ends sentences before a trailing emoji or link, and never marks inside one', () => {
    expect(addSpanishOpeningMarks('Vienes mañana? 🙂')).toBe('¿Vienes mañana? 🙂');
    expect(addSpanishOpeningMarks('Vienes mañana?🙂 Genial!')).toBe('¿Vienes mañana?🙂 ¡Genial!');
    expect(addSpanishOpeningMarks('Lo viste? https://tolk.example/a?b=1')).toBe(
      '¿Lo viste? https://tolk.example/a?b=1',
    );
    expect(addSpanishOpeningMarks('Mira https://tolk.example/a?b=1 vale?')).toBe(
      '¿Mira https://tolk.example/a?b=1 vale?',
    );
    expect(addSpanishOpeningMarks('Ejecuta `npm test? sí` ahora!')).toBe('¡Ejecuta `npm test? sí` ahora!');
  });

  it('treats each line on its own', () => {
    expect(addSpanishOpeningMarks('Hola\nQué tal?')).toBe('Hola\n¿Qué tal?');
  });
});
