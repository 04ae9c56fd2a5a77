import { describe, expect, it } from 'vitest';
import { detectLanguage, detectPostLanguage } from './language';

const POLISH =
  'Szukamy programisty ankiet w Confirmit do badania konsumenckiego FMCG. Ankieta jest po polsku, kwoty i logika są w specyfikacji, dane do SPSS.';
const ITALIAN =
  'Cerchiamo un rigger per il nostro personaggio principale: è un progetto per una serie animata e abbiamo bisogno anche della rig facciale.';
const DUTCH =
  'Wij zoeken een ontwikkelaar voor onze webshop. Het is een klein project en we hebben ook hulp nodig met de koppeling naar ons boekhoudpakket.';
const PORTUGUESE =
  'Precisamos de um programador para o nosso questionário no Qualtrics, com cotas e lógica de salto. Não é um projeto grande.';
const SPANISH =
  'Necesitamos un programador para la encuesta de nuestro cliente en México, con cuotas por región y la lógica del cuestionario.';

describe('the language of a text', () => {
  it('tells a post in Polish, Italian or Dutch from its neighbours, which it used to be read as', () => {
    expect(detectPostLanguage(POLISH)).toBe('pl');
    expect(detectPostLanguage(ITALIAN)).toBe('it');
    expect(detectPostLanguage(DUTCH)).toBe('nl');
    expect(detectPostLanguage(PORTUGUESE)).toBe('pt');
    expect(detectPostLanguage(SPANISH)).toBe('es');
  });

  it('tells an Italian post by its articles and prepositions, not only by the words its neighbours lack', () => {
    // Each of these read as no language at all: "la", "di", "per", "e" vote for Spanish, Portuguese or French too.
    expect(
      detectPostLanguage(
        'Revisione dei testi di un negozio online di arredamento: le schede sono già tradotte dalla agenzia, serve una rilettura attenta prima della pubblicazione.',
      ),
    ).toBe('it');
    expect(
      detectPostLanguage(
        'Traduzione in italiano delle condizioni di vendita e della informativa sulla privacy per una app di consegne. Ci servono entro venerdì.',
      ),
    ).toBe('it');
    expect(
      detectPostLanguage(
        'Cerco traduttrice per la newsletter e i social di un marchio di moda, con tono vivace. Collaborazione continuativa, ogni mese.',
      ),
    ).toBe('it');
  });

  it('says nothing of a letter in a language the product does not write in (no false "wrong language")', () => {
    expect(detectLanguage(POLISH)).toBeNull();
    expect(detectLanguage(ITALIAN)).toBeNull();
    expect(detectLanguage(PORTUGUESE)).toBe('pt');
    expect(detectLanguage('We need a survey programmer for our tracker study and you will work with our team.')).toBe('en');
  });
});
