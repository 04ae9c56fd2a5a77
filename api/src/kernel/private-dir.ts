import fs from 'node:fs';

/**
 * A folder only the owner can enter (0700), created if needed. A shared folder such as /tmp (sticky
 * bit) is left as it is.
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dir);
  if ((stat.mode & 0o1000) === 0 && (stat.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
}
