import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLocalesDir } from './lib/locales';

/** `npm run locales:check`: every key of en in every language, same placeholders, really translated. */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const problems = checkLocalesDir(dir);
if (problems.length > 0) {
  console.error(`locales:check found ${problems.length} problem(s):`);
  for (const problem of problems.slice(0, 200)) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('locales:check: all ten languages have every key, with matching placeholders.');
