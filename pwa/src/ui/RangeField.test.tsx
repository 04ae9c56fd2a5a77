import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { RangeField } from './RangeField';

const strings = JSON.parse(readFileSync(new URL('../../../locales/es.json', import.meta.url), 'utf8')) as {
  common: { noMaximum: string; noMaximumHint: string };
};

async function render(value: [number, number], openMax = true) {
  const i18n = createInstance();
  await i18n.init({ lng: 'es', resources: { es: { translation: strings } } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RangeField
        legend="Presupuesto"
        minLabel="Mínimo"
        maxLabel="Máximo"
        bounds={{ min: 0, max: 5000, step: 100 }}
        value={value}
        onChange={() => {}}
        openMax={openMax}
      />
    </I18nextProvider>,
  );
}

const escaped = (text: string) => renderToStaticMarkup(<>{text}</>);

describe('RangeField', () => {
  it('says in the user’s language that the top of the slider is no maximum, tied to the maximum input', async () => {
    const open = await render([0, 5000]);
    expect(open).toContain(escaped(strings.common.noMaximum));
    const note = /<p id="([^"]+)"[^>]*>/.exec(open)![1]!;
    expect(open).toMatch(new RegExp(`aria-describedby="${note}"[^>]*value="5000"|value="5000"[^>]*aria-describedby="${note}"`));
    const capped = await render([0, 1000]);
    expect(capped).toContain(escaped(strings.common.noMaximumHint));
    expect(capped).not.toContain(escaped(strings.common.noMaximum) + '<');
  });

  it('says nothing of it when the range has no open end', async () => {
    const plain = await render([0, 5000], false);
    expect(plain).not.toContain(escaped(strings.common.noMaximum));
    expect(plain).not.toContain('aria-describedby');
  });
});
