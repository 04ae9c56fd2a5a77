import { describe, expect, it } from 'vitest';
import { detectResumeKind, zipEntryNames } from './detect';
import { extractResumeText, normalizeText, ResumeReadError } from './extract';
import { buildDocx, buildDocxBomb, buildPdf, buildPng, buildZip } from './test-files';
import { checkZipExpansion, ZipTooLarge, ZipUnreadable } from './zip';

describe('detectResumeKind', () => {
  it('judges by the bytes, not the name', () => {
    expect(detectResumeKind(buildPdf(['Hi']))).toBe('pdf');
    expect(detectResumeKind(buildDocx(['Hi']))).toBe('docx');
    expect(detectResumeKind(buildPng())).toBeUndefined();
    expect(detectResumeKind(buildZip({ 'xl/workbook.xml': '<x/>' }))).toBeUndefined();
    expect(detectResumeKind(new Uint8Array())).toBeUndefined();
    expect(detectResumeKind(Buffer.from('PK\u0003\u0004garbage that is long enough to look at'))).toBeUndefined();
  });

  it('lists the entries of a ZIP from its central directory', () => {
    expect(zipEntryNames(buildDocx(['x']))).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
  });
});

describe('extractResumeText', () => {
  it('reads the text of a PDF and of a Word document', async () => {
    expect(await extractResumeText(buildPdf(['Ada Lovelace', 'Skills: Go (expert), C\\C++']), 'pdf')).toBe(
      'Ada Lovelace\nSkills: Go (expert), C\\C++',
    );
    expect(await extractResumeText(buildDocx(['Ada & <Co>', 'Skills: Go']), 'docx')).toBe('Ada & <Co>\n\nSkills: Go');
  });

  it('fails cleanly on a broken file, an empty page, or a file that takes too long', async () => {
    await expect(extractResumeText(Buffer.from('%PDF-1.7\nnonsense'), 'pdf')).rejects.toBeInstanceOf(ResumeReadError);
    await expect(extractResumeText(buildPdf([]), 'pdf')).rejects.toBeInstanceOf(ResumeReadError);
    await expect(extractResumeText(buildZip({ 'word/document.xml': '<not-closed' }), 'docx')).rejects.toBeInstanceOf(ResumeReadError);
    await expect(extractResumeText(buildPdf(['Ada']), 'pdf', { timeoutMs: 1 })).rejects.toThrow('too long');
  });

  it('normalises the text', () => {
    expect(normalizeText('a \r\nb\u0000\n\n\n\nc  ')).toBe('a\nb\n\nc');
    // A broken character (an unpaired surrogate a PDF's text may hold) becomes U+FFFD; a pair stays.
    expect(normalizeText('x\ud800y \udc00z 😀')).toBe('x\ufffdy \ufffdz 😀');
  });
});

describe('checkZipExpansion', () => {
  const limits = { maxTotal: 10 * 1024 * 1024, maxEntries: 100 };

  it('passes a real Word file and refuses bombs by their directory or, when it lies, by their data', async () => {
    await expect(checkZipExpansion(buildDocx(['Ada']), limits)).resolves.toBeUndefined();
    await expect(checkZipExpansion(await buildDocxBomb(20), limits)).rejects.toBeInstanceOf(ZipTooLarge);
    await expect(checkZipExpansion(await buildDocxBomb(20, 100), limits)).rejects.toBeInstanceOf(ZipTooLarge);
  });

  it('refuses too many entries, a cut-off file and data that does not match the directory', async () => {
    const many = buildZip(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}.xml`, '<x/>'])));
    await expect(checkZipExpansion(many, limits)).rejects.toBeInstanceOf(ZipTooLarge);
    const docx = buildDocx(['Ada Lovelace']);
    await expect(checkZipExpansion(docx.subarray(0, docx.length - 30), limits)).rejects.toBeInstanceOf(ZipUnreadable);
    const shrunk = await buildDocxBomb(1, 1024 * 1024 + 10);
    await expect(checkZipExpansion(shrunk, limits)).rejects.toBeInstanceOf(ZipUnreadable);
  });
});
