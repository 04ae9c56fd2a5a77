import { describe, expect, it } from 'vitest';
import { detectResumeKind, zipEntryNames } from './detect';
import { extractResumeText, normalizeText, ResumeReadError } from './extract';
import { buildDocx, buildPdf, buildPng, buildZip } from './test-files';

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
    expect(await extractResumeText(buildPdf(['Ada Lovelace', 'Skills: Go (expert), C\\C++'], ), 'pdf')).toBe('Ada Lovelace\nSkills: Go (expert), C\\C++');
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
  });
});
