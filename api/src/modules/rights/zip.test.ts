import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zipEntryNames } from '../resume';
import { checkZipExpansion } from '../resume/zip';
import { buildZip, readZip } from './zip';

describe('the export archive (zip)', () => {
  const entries = [
    { name: 'README.txt', data: Buffer.from('What this archive holds.\n'.repeat(40)) },
    { name: 'profile.json', data: Buffer.from(JSON.stringify({ name: 'Zoë Ðorđević', city: 'القاهرة' })) },
    // Random bytes do not deflate: stored as they are.
    { name: 'resume/résumé.bin', data: crypto.randomBytes(2048) },
    { name: 'empty.json', data: Buffer.alloc(0) },
  ];

  it('holds every file byte for byte, under its UTF-8 name', () => {
    const archive = buildZip(entries, new Date('2026-03-04T05:06:08Z'));
    const files = readZip(archive);
    expect([...files.keys()]).toEqual(entries.map((entry) => entry.name));
    for (const entry of entries) expect(files.get(entry.name)!.equals(Buffer.from(entry.data))).toBe(true);
  });

  it('is a well-formed zip to another reader (the résumé module’s), compressed where it helps', async () => {
    const archive = buildZip(entries, new Date('2026-03-04T05:06:08Z'));
    expect(zipEntryNames(archive)).toEqual(entries.map((entry) => entry.name));
    await expect(checkZipExpansion(archive, { maxTotal: 10_000_000, maxEntries: 10 })).resolves.toBeUndefined();
    const total = entries.reduce((sum, entry) => sum + entry.data.length, 0);
    expect(archive.length).toBeLessThan(total);
  });
});
