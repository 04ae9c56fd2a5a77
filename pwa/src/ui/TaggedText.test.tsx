import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { Trans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/languages';
import { TaggedText } from './TaggedText';

const tags = { terms: <a href="/service" className="link" />, privacy: <a href="/privacy" className="link" /> };

describe('TaggedText', () => {
  it.each(LANGUAGES.map((language) => [language]))(
    'renders the sign-up agreement in %s as react-i18next’s <Trans> does',
    async (language) => {
      const strings = JSON.parse(readFileSync(new URL(`../../../locales/${language}.json`, import.meta.url), 'utf8')) as {
        auth: { register: { agree: string } };
      };
      const i18n = createInstance();
      await i18n.init({ lng: language, resources: { [language]: { translation: strings } } });
      const trans = renderToStaticMarkup(<Trans i18n={i18n} i18nKey="auth.register.agree" components={tags} />);
      const tagged = renderToStaticMarkup(<TaggedText text={strings.auth.register.agree} tags={tags} />);
      expect(tagged).toBe(trans);
      expect(tagged).toContain('<a href="/privacy" class="link">');
    },
  );

  it('keeps text as text, and shows a tag without an element as its text', () => {
    expect(renderToStaticMarkup(<TaggedText text="a <b>x</b> <img src=x onerror=alert(1)> <c>y</c>" tags={{ c: <em /> }} />)).toBe(
      'a x &lt;img src=x onerror=alert(1)&gt; <em>y</em>',
    );
  });
});
