import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { buildDocx, buildDocxBomb, buildPdf, buildPdfBomb, buildPng } from './test-files';
import { makeTestApp, type TestApp } from '../../testing/harness';

const RESUME_LINES = [
  'Ada Lovelace',
  'https://ada.dev',
  'Summary',
  'Full-stack developer with eight years of experience.',
  'Experience',
  'Senior Engineer, Analytical Engines Ltd (2019-2024)',
  'Skills',
  'TypeScript, React, Node.js',
  'Education',
  'BSc Mathematics, University of London',
  'Languages',
  'English, French',
];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let app: TestApp['app'];
beforeEach(() => {
  t = makeTestApp();
  app = t.app;
});
afterEach(() => t.close());

async function send(method: string, url: string, token: string | undefined, body?: FormData | object) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await app.request(url, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

const form = (bytes: Uint8Array, name: string, type: string) => {
  const data = new FormData();
  data.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return data;
};
const upload = (userId: string, token: string, bytes: Uint8Array, name = 'cv.pdf', type = 'application/pdf') =>
  send('POST', `/api/users/${userId}/resume`, token, form(bytes, name, type));

const storedResume = (userId: string) => {
  const { resumes } = tablesOf(t.db);
  return first(t.db.select().from(resumes).where(eq(resumes.userId, userId)));
};
const profileOf = async (userId: string) => {
  const { users } = tablesOf(t.db);
  return (await first(t.db.select().from(users).where(eq(users.id, userId))))!;
};

describe('POST /api/users/{id}/resume', () => {
  it('reads a PDF, stores its text and details, and fills the profile in one logged change', async () => {
    const { changeLog } = tablesOf(t.db);
    const { token, user } = await t.signup();
    await t.call('PUT', `/api/users/${user.id}`, { skills: ['react', 'Figma'] }, t.auth(token));
    const res = await upload(user.id, token, buildPdf(RESUME_LINES), 'C:\\fakepath\\Ada CV.pdf');
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.data.status).toMatchObject({ hasResume: true, fileName: 'Ada CV.pdf' });
    expect(res.json.data.details).toMatchObject({
      summary: 'Full-stack developer with eight years of experience.',
      workHistory: 'Senior Engineer, Analytical Engines Ltd (2019-2024)',
      skills: ['TypeScript', 'React', 'Node.js'],
      education: 'BSc Mathematics, University of London',
      languages: 'English, French',
      links: ['https://ada.dev/'],
    });
    const row = (await storedResume(user.id))!;
    expect(row.text).toContain('Full-stack developer with eight years of experience.');
    expect(row.mimeType).toBe('application/pdf');
    const profile = await profileOf(user.id);
    // The user's own skills first, the résumé's added without duplicates ("React" = "react").
    expect(profile.skills).toEqual(['react', 'Figma', 'TypeScript', 'Node.js']);
    expect(profile.portfolioLinks).toEqual(['https://ada.dev/']);
    // The summary and work history fill the empty overview and work history of the one profile.
    expect(profile.profileOverview).toBe('Full-stack developer with eight years of experience.');
    expect(profile.workHistory).toBe('Senior Engineer, Analytical Engines Ltd (2019-2024)');
    expect(profile.version).toBe(3);
    const change = await t.db.select().from(changeLog).where(eq(changeLog.entityId, user.id));
    expect(change.map((entry) => entry.entity)).toContain('profile');

    const status = await send('GET', `/api/users/${user.id}/resume-status`, token);
    expect(status.json).toEqual({ hasResume: true, fileName: 'Ada CV.pdf', uploadedAt: t.clock.now().toISOString(), size: row.size });
    const details = await send('GET', `/api/users/${user.id}/resume-details`, token);
    expect(details.json.data).toEqual(res.json.data.details);
  });

  it('never overwrites the overview or work history the user wrote', async () => {
    const { token, user } = await t.signup();
    await t.call('PUT', `/api/users/${user.id}`, { profileOverview: 'My own words.', workHistory: 'My own history.' }, t.auth(token));
    expect((await upload(user.id, token, buildPdf(RESUME_LINES))).status).toBe(200);
    expect(await profileOf(user.id)).toMatchObject({ profileOverview: 'My own words.', workHistory: 'My own history.' });
  });

  it('reads a Word document (past the 256 KB JSON limit) and replaces the earlier résumé', async () => {
    const { token, user } = await t.signup();
    expect((await upload(user.id, token, buildPdf(RESUME_LINES))).status).toBe(200);
    // Random filler barely compresses, so the file is well over the global 256 KB body limit.
    const padding = Array.from({ length: 4000 }, (_, i) => `Filler ${i} ${randomBytes(75).toString('base64')}`);
    const docx = buildDocx(['Skills', 'Go; Rust', 'Certifications', 'CKA (2023)', 'Interests', ...padding]);
    expect(docx.length).toBeGreaterThan(300 * 1024);
    const res = await upload(user.id, token, docx, 'cv.docx', 'application/octet-stream');
    expect(res.status).toBe(200);
    expect(res.json.data.details).toMatchObject({ skills: ['Go', 'Rust'], certifications: 'CKA (2023)', summary: '' });
    const row = (await storedResume(user.id))!;
    expect(row.fileName).toBe('cv.docx');
    expect(row.size).toBe(docx.length);
    expect(row.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    // The text kept is bounded.
    expect(row.text).toContain('Filler 0 ');
    expect(row.text.length).toBe(100_000);
    expect((await profileOf(user.id)).skills).toEqual(['TypeScript', 'React', 'Node.js', 'Go', 'Rust']);
  });

  it('passes a body over the global 256 KB limit through to its own 5 MB limit', async () => {
    const { token, user } = await t.signup();
    const pdf = Buffer.concat([buildPdf(RESUME_LINES), Buffer.from(`%${'p'.repeat(400 * 1024)}\n`)]);
    const res = await upload(user.id, token, pdf);
    expect(res.status).toBe(200);
    expect(res.json.data.status.size).toBe(pdf.length);
  });

  it('refuses a picture renamed to .pdf, whatever type it declares, and stores nothing', async () => {
    const { token, user } = await t.signup();
    const res = await upload(user.id, token, buildPng(), 'cv.pdf', 'application/pdf');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Upload your résumé as a PDF or Word (.docx) file.');
    const zip = await upload(user.id, token, Buffer.from('PK\u0003\u0004 not really a zip'), 'cv.docx');
    expect(zip.status).toBe(400);
    const text = await upload(user.id, token, Buffer.from('Skills: TypeScript'), 'cv.txt', 'text/plain');
    expect(text.status).toBe(400);
    expect(await storedResume(user.id)).toBeUndefined();
    expect((await profileOf(user.id)).version).toBe(1);
  });

  it('refuses a 20 MB upload with 413 and stores nothing', async () => {
    const { token, user } = await t.signup();
    const huge = Buffer.concat([buildPdf(RESUME_LINES), Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const res = await upload(user.id, token, huge);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ message: 'Your résumé must be at most 5 MB.', code: 'payload_too_large' });
    expect(await storedResume(user.id)).toBeUndefined();
    expect((await profileOf(user.id)).skills).toEqual([]);
    // Just over 5 MB of file is refused too, even though the multipart envelope allows a little more.
    const over = Buffer.concat([buildPdf(RESUME_LINES), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    expect((await upload(user.id, token, over)).status).toBe(413);
    expect(await storedResume(user.id)).toBeUndefined();
  });

  it('answers 422 for a PDF it cannot read and 400 when no file is chosen', async () => {
    const { token, user } = await t.signup();
    const broken = await upload(user.id, token, Buffer.from('%PDF-1.4\nthis is not a real pdf\n%%EOF\n'));
    expect(broken.status).toBe(422);
    expect(broken.json.message).toBe('We could not read text from this file.');
    const empty = new FormData();
    empty.set('note', 'no file here');
    const missing = await send('POST', `/api/users/${user.id}/resume`, token, empty);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Choose a file to upload.');
    const json = await send('POST', `/api/users/${user.id}/resume`, token, { file: 'cv.pdf' });
    expect(json.status).toBe(400);
    expect(json.json.message).toBe('Choose a file to upload.');
    expect(await storedResume(user.id)).toBeUndefined();
  });
});

describe('zip bombs and upload limits', () => {
  it('refuses a Word file whose directory says it unpacks past 10 MB, without unpacking it', async () => {
    const { token, user } = await t.signup();
    // 200 KB that unpack to 200 MB: what took the server to 3.2 GB four at a time.
    const bomb = await buildDocxBomb(200);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const res = await upload(user.id, token, bomb, 'cv.docx', DOCX);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/more than 10 MB/) });
    expect(await storedResume(user.id)).toBeUndefined();
  });

  it('stops unpacking a Word file that lies about its sizes as soon as it passes them', async () => {
    const { token, user } = await t.signup();
    const liar = await buildDocxBomb(60, 2000);
    const res = await upload(user.id, token, liar, 'cv.docx', DOCX);
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/more than 10 MB/);
    expect(await storedResume(user.id)).toBeUndefined();
  });

  it('refuses a PDF whose content stream inflates past 25 MB, and stores nothing', async () => {
    const { token, user } = await t.signup();
    // 200 KB of FlateDecode that inflate to 200 MB: 8-13 s of CPU and up to 870 MB for pdf.js.
    const bomb = await buildPdfBomb(200);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const res = await upload(user.id, token, bomb);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/PDF unpacks to more than 25 MB/) });
    expect(await storedResume(user.id)).toBeUndefined();
  });

  it('refuses a PDF bomb deflated twice, whose outer layer alone is small', async () => {
    const { token, user } = await t.signup();
    const bomb = await buildPdfBomb(60, { twice: true });
    const res = await upload(user.id, token, bomb);
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/more than 25 MB/);
    expect(await storedResume(user.id)).toBeUndefined();
  });

  it('still reads a PDF whose content stream is FlateDecode', async () => {
    const { token, user } = await t.signup();
    const res = await upload(user.id, token, buildPdf(RESUME_LINES, { compress: true }));
    expect(res.status).toBe(200);
    expect((await storedResume(user.id))?.text).toContain('Senior Engineer, Analytical Engines Ltd');
  });

  it('limits each user to ten uploads an hour', async () => {
    const { token, user } = await t.signup();
    const file = buildDocx(['Ada Lovelace', 'Skills', 'Go']);
    for (let i = 0; i < 10; i++) expect((await upload(user.id, token, file, 'cv.docx', DOCX)).status).toBe(200);
    const limited = await upload(user.id, token, file, 'cv.docx', DOCX);
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    // Another user is not affected.
    const grace = await t.signup('grace@yahoo.com');
    expect((await upload(grace.user.id, grace.token, file, 'cv.docx', DOCX)).status).toBe(200);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await upload(user.id, token, file, 'cv.docx', DOCX)).status).toBe(200);
  });
});

describe('résumé details, status and delete', () => {
  it('saves validated corrections and deletes the résumé', async () => {
    const { token, user } = await t.signup();
    const none = await send('PUT', `/api/users/${user.id}/resume-details`, token, {
      summary: '',
      skills: [],
      workHistory: '',
      education: '',
      certifications: '',
      languages: '',
      links: [],
    });
    expect(none.status).toBe(404);
    await upload(user.id, token, buildPdf(RESUME_LINES));
    const corrected = {
      summary: 'Builder of web apps.',
      skills: ['TypeScript', ' typescript ', 'Go'],
      workHistory: 'Acme',
      education: '',
      certifications: '',
      languages: 'English',
      links: ['https://ada.dev/'],
    };
    const put = await send('PUT', `/api/users/${user.id}/resume-details`, token, corrected);
    expect(put.status).toBe(200);
    expect(put.json.data.skills).toEqual(['TypeScript', 'Go']);
    expect((await send('GET', `/api/users/${user.id}/resume-details`, token)).json.data.summary).toBe('Builder of web apps.');
    const bad = await send('PUT', `/api/users/${user.id}/resume-details`, token, { ...corrected, links: ['not a link'], extra: 1 });
    expect(bad.status).toBe(400);

    const del = await send('DELETE', `/api/users/${user.id}/resume`, token);
    expect(del).toEqual({ status: 200, json: { success: true } });
    expect(await storedResume(user.id)).toBeUndefined();
    expect((await send('GET', `/api/users/${user.id}/resume-status`, token)).json).toEqual({ hasResume: false });
    expect((await send('GET', `/api/users/${user.id}/resume-details`, token)).json).toEqual({ data: null });
    // The skills the résumé added stay on the profile.
    expect((await profileOf(user.id)).skills).toContain('TypeScript');
  });

  it("answers 404 for another user's id on every call and changes nothing; 401 when signed out", async () => {
    const ada = await t.signup('ada@gmail.com');
    const grace = await t.signup('grace@yahoo.com');
    await upload(grace.user.id, grace.token, buildPdf(RESUME_LINES));
    const before = (await storedResume(grace.user.id))!;
    const id = grace.user.id;
    const details = { summary: 'Hacked', skills: [], workHistory: '', education: '', certifications: '', languages: '', links: [] };
    const calls = [
      await upload(id, ada.token, buildPdf(['Skills', 'Hacking'])),
      await upload(id, ada.token, Buffer.alloc(20 * 1024 * 1024)),
      await send('GET', `/api/users/${id}/resume-status`, ada.token),
      await send('GET', `/api/users/${id}/resume-details`, ada.token),
      await send('PUT', `/api/users/${id}/resume-details`, ada.token, details),
      await send('DELETE', `/api/users/${id}/resume`, ada.token),
    ];
    for (const res of calls) expect(res.status).toBe(404);
    expect(await storedResume(id)).toEqual(before);
    expect((await profileOf(id)).skills).toEqual(['TypeScript', 'React', 'Node.js']);
    expect(await storedResume(ada.user.id)).toBeUndefined();
    expect((await upload(id, '', buildPdf(RESUME_LINES))).status).toBe(401);
    expect((await send('GET', `/api/users/${id}/resume-status`, undefined)).status).toBe(401);
  });

  it('describes the upload as multipart/form-data with a binary file in the OpenAPI document', async () => {
    const doc = (await send('GET', '/api/openapi.json', undefined)).json;
    const body = doc.paths['/users/{id}/resume'].post.requestBody.content['multipart/form-data'].schema;
    expect(body.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/users/{id}/resume-status', '/users/{id}/resume-details']));
  });
});
