import { describe, expect, it } from 'vitest';
import { analyseJob } from './analyse';
import { makeJob } from './job-fixture';
import { onSiteQuote } from './onsite';
import { compileProfile } from './profile';
import { scoreAnalysedJob } from './score';

describe('work on site', () => {
  it.each([
    ['Android tablets for our hotel', 'On-site tech: set up 40 Android tablets in kiosk mode at our Dubai hotel.', 'On-site tech'],
    ['Executive assistant', 'Assistant for our CEO, Toronto office, in person three days a week.', 'in person'],
    ['Técnico', 'Conserto de placas eletrônicas de TV (presencial), em Campinas.', 'presencial'],
    ['Conference', 'Videographer to film our conference in Chicago (on site, 2 days).', 'on site'],
    ['Installer', 'Install 16 cameras and an NVR in our warehouse, on-site.', 'on-site'],
    ['Veri merkezi kurulumu (İstanbul, yerinde)', 'Sunucu rack montajı ve kablolama, iki gün.', 'yerinde'],
    ['Teknisyen', 'Ankara ofiste haftada üç gün çalışacak bir destek teknisyeni arıyoruz.', 'ofiste'],
    ['فني شبكات', 'مطلوب فني لتركيب الكاميرات، العمل حضوري في الرياض لمدة يومين.', 'حضوري'],
    ['网络布线', '需要在上海现场安装服务器机柜和布线，两天。', '现场'],
  ])('is read with its words: %s', (title, description, words) => {
    expect(onSiteQuote(title, description)).toContain(words);
  });

  it.each([
    ['SEO', 'On-site SEO for our store: titles, internal links and schema.'],
    ['Pentest', 'Internal network pentest, on-site or remote over our VPN, your choice.'],
    ['Remote', 'Fully remote; no on-site visits are needed.'],
    ['Search', 'Improve the onsite search of our Shopify store with Algolia.'],
    ['Developer', 'Build a React dashboard for our sales team.'],
    ['Web sitesi', 'Yerinde bir karar: sitemizi React ile yeniden yazalım, tamamen uzaktan.'],
    ['موقع', 'تحسين السرعة في الموقع الإلكتروني لشركتنا، العمل عن بعد.'],
    ['直播', '为我们的现场直播制作字幕，远程工作。'],
  ])('remote work is not: %s', (title, description) => {
    expect(onSiteQuote(title, description)).toBeNull();
  });

  it('costs a match its points and says why, in the post’s words', () => {
    const profile = compileProfile({ title: 'Android developer', skills: ['Android', 'Kotlin'] });
    const remote = analyseJob(
      makeJob({
        id: 'a',
        title: 'Android kiosk app',
        description: 'Kotlin app for our 40 hotel tablets, kiosk mode.',
        skills: ['Android', 'Kotlin'],
      }),
    );
    const onSite = analyseJob(
      makeJob({
        id: 'b',
        title: 'Android kiosk tablets',
        description: 'Set up our 40 hotel tablets in kiosk mode, on-site in Dubai.',
        skills: ['Android', 'Kotlin'],
      }),
    );
    const a = scoreAnalysedJob(remote, profile);
    const b = scoreAnalysedJob(onSite, profile);
    expect(b.factors).toContainEqual({ code: 'onSite', quote: expect.stringContaining('on-site in Dubai'), points: -30 });
    expect(a.score - b.score).toBeGreaterThanOrEqual(20);
  });
});
