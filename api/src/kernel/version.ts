import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function readVersion(): string {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
