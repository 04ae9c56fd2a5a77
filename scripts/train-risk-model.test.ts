import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

describe('the learned red-flag model', () => {
  it('is what the trainer makes from the corpus and the tuning set (npm run train:risk after changing either)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/train-risk-model.ts', '--check'], {
      cwd: root,
      maxBuffer: 1 << 20,
    });
    // The trainer says what it chose: a threshold, and the recall and false alarms it gave out of fold.
    expect(stdout).toMatch(/threshold 0\.\d+: out-of-fold recall \d+/);
    // And the lower cut at which a post is held for the user's look, with what it holds out of fold.
    expect(stdout).toMatch(/held for a look from 0\.\d+: out-of-fold recall \d+/);
  }, 300_000);
});
