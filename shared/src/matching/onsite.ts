import { lowerText, once } from './risk/pattern';
import { quoteAround, sentenceEnd, sentenceStart } from './risk/quote';

/**
 * Work that needs the freelancer in a place: on site, in person, in a named city, at the client's
 * office. Freelancers on these marketplaces work remotely, so such a post is another trade's for
 * nearly every profile (an electrician's, a technician's, an event crew's) whatever its keywords;
 * the score costs it `ON_SITE_PENALTY` (score.ts) and says why. Remote work mentioned beside it
 * ("on site or remote", "no on-site visits") is not.
 */

const ON_SITE = [
  // Not the web's "on-site SEO", "on-site search", "onsite chat".
  String.raw`\bon[- ]?site\b(?! or remote| or online| or vpn|\/remote| (?:vpn|seo|optimi|search|content|chat|analytics|messag|reviews?|engagement|conversion|personali|banners?|pop-?ups?|widgets?|experience|tracking|copy|links?|pages?|blog|metrics|events?))`,
  String.raw`\bin[- ]person\b`,
  String.raw`\bphysically (?:in|present|on|at)\b`,
  String.raw`\blocal (?:job|jobs|only|candidates?|technicians?|freelancers?)\b`,
  String.raw`\bcome to (?:our|my) (?:office|home|house|studio|shop|store|warehouse|site|venue|clinic|restaurant|place)\b`,
  String.raw`\b(?:install|mount|wire|repair)\w* (?:\w+ ){0,3}(?:at|in) (?:our|my|the) (?:office|home|house|warehouse|shop|store|premises|building|venue)\b`,
  String.raw`\bpresencial\b|\bpresencialmente\b|\bvor ort\b|\bsur place\b|\ben pr[ée]sentiel|на месте|в офисе|\bdi lokasi\b|\bdatang ke\b|\bin sede\b`,
  // Turkish ("yerinde" only as a place: "(İstanbul, yerinde)", "yerinde kurulum"; not "yerinde bir karar"),
  // Arabic ("in person", "at the office"; not "في الموقع", which is also "on the website"), Chinese ("on site",
  // not "现场直播", a live stream).
  String.raw`\byerinde(?=\)|,|\.| (?:çalış|kurulum|montaj|destek|hizmet|olarak|servis))|\bofiste\b|\bsahada\b|حضوري|في مقر|في المكتب|现场(?!直播|演出|版|录)|到岗|坐班|驻场`,
];

/** Said beside it, the place is optional or not the freelancer's. */
const REMOTE_TOO = String.raw`\b(?:no|not|without|never)\b[^.!?\n]{0,20}$|\bremote(?:ly)? or\b[^.!?\n]{0,15}$|\bnot (?:required|needed|necessary)\b|\bor remote(?:ly)?\b|\bremote (?:is )?(?:fine|ok|possible)\b`;

/** A cheap test first: nearly every post holds none of these, and the patterns do not run on it. */
const GATE =
  /on[- ]?site|in[- ]person|physically|local (?:j|o|c|t|f)|come to |install|mount|wire|repair|presencial|vor ort|sur place|pr[ée]sentiel|на месте|в офисе|di lokasi|datang ke|in sede|yerinde|ofiste|sahada|حضوري|في مقر|في المكتب|现场|到岗|坐班|驻场/;

// English words with JavaScript's ASCII `\b` (a boundary in any script costs a lookbehind at every place).
const patterns = once(() => ({ onSite: new RegExp(ON_SITE.map((s) => `(?:${s})`).join('|'), 'gu'), remote: new RegExp(REMOTE_TOO, 'u') }));

/** The post's words that ask for the freelancer on site, or null. */
export function onSiteQuote(title: string, description: string): string | null {
  const text = `${title}\n${description}`;
  const lower = lowerText(text);
  if (!GATE.test(lower)) return null;
  const { onSite, remote } = patterns();
  onSite.lastIndex = 0;
  for (let hit = onSite.exec(lower); hit; hit = onSite.exec(lower)) {
    const before = lower.slice(sentenceStart(lower, hit.index), hit.index);
    const after = lower.slice(hit.index + hit[0].length, sentenceEnd(lower, hit.index + hit[0].length));
    if (remote.test(before) || remote.test(after)) continue;
    return quoteAround(text, hit.index, hit[0].length);
  }
  return null;
}
