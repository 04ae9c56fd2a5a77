import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTRACT_BASELINE, CONTRACTIONS, type Contraction } from './migration-contracts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default?: unknown;
}
interface Snapshot {
  tables: Record<string, { columns: Record<string, Column> }>;
}

/** What a migration did to the tables and columns the previous schema had, that the previous release's code may still use. */
function destructiveChanges(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  const bare = (name: string) => name.replace(/^public\./, '');
  const afterTables = new Map(Object.entries(after.tables).map(([name, table]) => [bare(name), table]));
  for (const [qualified, table] of Object.entries(before.tables)) {
    const name = bare(qualified);
    const next = afterTables.get(name);
    if (!next) {
      out.push(`${name}: dropped or renamed`);
      continue;
    }
    for (const column of Object.values(table.columns)) {
      const now = next.columns[column.name];
      if (!now) out.push(`${name}.${column.name}: dropped or renamed`);
      else if (now.type !== column.type) out.push(`${name}.${column.name}: type ${column.type} -> ${now.type}`);
      else if (now.notNull && !column.notNull) out.push(`${name}.${column.name}: made NOT NULL`);
    }
    for (const column of Object.values(next.columns)) {
      if (!table.columns[column.name] && column.notNull && column.default === undefined)
        out.push(`${name}.${column.name}: added NOT NULL without a default`);
    }
  }
  return out;
}

const compareVersions = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
};

describe('migrations expand, then contract', () => {
  it('finds what would break the previous release’s code', () => {
    const table = (columns: Column[]) => ({ columns: Object.fromEntries(columns.map((c) => [c.name, c])) });
    const id: Column = { name: 'id', type: 'text', notNull: true };
    const note: Column = { name: 'note', type: 'text', notNull: false };
    const before: Snapshot = { tables: { agents: table([id, note]), old: table([id]) } };
    expect(destructiveChanges(before, before)).toEqual([]);
    // Expanding is fine: a new table, a nullable column, a NOT NULL column with a default.
    const expanded: Snapshot = {
      tables: {
        agents: table([
          id,
          note,
          { name: 'extra', type: 'text', notNull: false },
          { name: 'n', type: 'integer', notNull: true, default: 0 },
        ]),
        old: table([id]),
        added: table([id]),
      },
    };
    expect(destructiveChanges(before, expanded)).toEqual([]);
    const contracted: Snapshot = {
      tables: { agents: table([id, { ...note, notNull: true }, { name: 'must', type: 'text', notNull: true }]) },
    };
    expect(destructiveChanges(before, contracted)).toEqual([
      'agents.note: made NOT NULL',
      'agents.must: added NOT NULL without a default',
      'old: dropped or renamed',
    ]);
    expect(destructiveChanges(before, { tables: { agents: table([id]), old: table([{ ...id, type: 'integer' }]) } })).toEqual([
      'agents.note: dropped or renamed',
      'old.id: type text -> integer',
    ]);
  });

  it('every product migration after 0.1.0 only expands, or contracts what an earlier release stopped using', () => {
    const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    const released = (v: string) => new RegExp(`^## \\[?${v.replace(/\./g, '\\.')}\\]?`, 'm').test(changelog);
    for (const folder of Object.keys(CONTRACT_BASELINE) as Array<Contraction['folder']>) {
      const journal = JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'meta/_journal.json'), 'utf8')) as {
        entries: Array<{ idx: number; tag: string }>;
      };
      const baseline = journal.entries.findIndex((entry) => entry.tag === CONTRACT_BASELINE[folder]);
      expect(baseline, `${folder} has ${CONTRACT_BASELINE[folder]}`).toBeGreaterThanOrEqual(0);
      const snapshot = (idx: number) =>
        JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`), 'utf8')) as Snapshot;
      for (const entry of journal.entries.slice(baseline + 1)) {
        const listed = CONTRACTIONS.filter((c) => c.folder === folder && c.migration === entry.tag);
        for (const change of destructiveChanges(snapshot(entry.idx - 1), snapshot(entry.idx))) {
          const target = change.slice(0, change.indexOf(':'));
          const contraction = listed.find((c) => c.target === target || target.startsWith(`${c.target}.`));
          expect(
            contraction,
            `${folder}/${entry.tag}: ${change} (expand first; drop in a later release: migration-contracts.ts)`,
          ).toBeDefined();
          expect(compareVersions(contraction!.unusedSince, contraction!.release), `${entry.tag}: unusedSince before release`).toBeLessThan(
            0,
          );
          expect(
            compareVersions(contraction!.release, version),
            `${entry.tag}: ships in this version or an earlier one`,
          ).toBeLessThanOrEqual(0);
          expect(released(contraction!.unusedSince), `CHANGELOG.md has ${contraction!.unusedSince}`).toBe(true);
        }
      }
    }
  });
});
